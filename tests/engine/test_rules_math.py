"""The arithmetic rules, checked directly: splitting Drinks, splitting Gold, clamps."""
import pytest

from games.engine.core.drinks import _half
from games.engine.core.losses import eliminate
from games.engine.core.ops import change_alcohol, change_fortitude, pay

from .helpers import position


@pytest.mark.parametrize("x,half", [(3, 2), (4, 2), (5, 3), (1, 1), (0, 0), (-1, -1), (-2, -1), (-3, -2)])
def test_split_halves_round_their_size_up(x, half):
    assert _half(x) == half                       # R-SPLIT-ROUNDING, [000:291-301]


def _table(golds, alcohol=None):
    alcohol = alcohol or [0] * len(golds)
    st = position([{"character": "zot", "gold": g, "alcohol": a} for g, a in zip(golds, alcohol)])
    st._fx = []
    return st


@pytest.mark.parametrize("gold,inn,shares", [(9, 5 + 1, [1, 1, 1]), (10, 5 + 2, [1, 1, 1]), (7, 4 + 0, [1, 1, 1]),
                                             (1, 1, [0, 0, 0]), (0, 0, [0, 0, 0])])
def test_passing_out_sends_half_rounded_up_to_the_inn_and_splits_the_rest(gold, inn, shares):
    st = _table([gold, 5, 5, 5], alcohol=[20, 0, 0, 0])
    st.seats[0].fortitude = 20
    eliminate(st, [0])                            # R-SPLIT-GOLD, [004:184-186]
    assert st.inn == inn
    assert [s.gold - 5 for s in st.seats[1:]] == shares
    assert st.seats[0].out == "passed_out" and st.seats[0].gold == 0


def test_a_broke_player_is_saved_by_a_share_from_someone_passing_out():
    st = _table([6, 0, 4], alcohol=[20, 0, 0])
    eliminate(st, [0, 1])                         # [000:113]
    assert st.seats[1].out == "" and st.seats[1].gold == 1
    assert st.seats[0].out == "passed_out"


def test_everyone_left_losing_together_is_a_tie():
    st = _table([3, 2], alcohol=[20, 20])
    eliminate(st, [0, 1])
    assert st.over and st.winners == [0, 1]


def test_clamps_do_as_much_as_they_can():
    st = _table([1, 5])
    st.seats[0].fortitude = 19
    assert change_fortitude(st, 0, 3) == 1 and st.seats[0].fortitude == 20
    assert change_alcohol(st, 0, -2) == 0 and st.seats[0].alcohol == 0
    assert pay(st, 0, 2, 1) == 1 and st.seats[0].gold == 0 and st.seats[1].gold == 6
