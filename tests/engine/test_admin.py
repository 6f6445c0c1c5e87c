"""Staff corrections and voiding (issue: disputes): folded like decisions, Gold conserved."""
import pytest

from games.engine import IllegalDecision, clone, correct, prompts, state_hash, void
from games.engine.core.invariants import total_gold

from .helpers import game, position


def test_a_gold_correction_comes_from_the_inn_and_folds_the_same_twice():
    st = game(first_seat=0)
    gold = total_gold(st)
    other = clone(st)
    _, fx = correct(st, {"seat": 2, "gold": 3, "reason": "lost to a fault at seq 14"})
    correct(other, {"seat": 2, "gold": 3, "reason": "lost to a fault at seq 14"})
    assert st.seats[2].gold == 13 and st.inn == -3 and total_gold(st) == gold
    assert state_hash(st) == state_hash(other)
    assert fx[0]["type"] == "gold" and fx[0]["note"] == "lost to a fault at seq 14"


def test_corrections_clamp_and_can_push_a_seat_into_its_last_chance():
    st = position([{"character": "deirdre", "alcohol": 10, "fortitude": 12, "hand": ["my-goddess-heals-me"]},
                   {"character": "gerki", "hand": ["tip-the-wench"]}], phase="action")
    correct(st, {"seat": 0, "alcohol": 5, "fortitude": 30})
    assert (st.seats[0].alcohol, st.seats[0].fortitude) == (15, 20)
    correct(st, {"seat": 0, "gold": -50})
    assert st.seats[0].gold == 0
    assert prompts(st)[0].kind == "respond" and st.stack[-1]["f"] == "last_chance"


@pytest.mark.parametrize("bad", [None, {"seat": 9, "gold": 1}, {"seat": 0}, {"seat": 0, "gold": "1"},
                                 {"seat": 0, "gold": 1000}, {"seat": True, "gold": 1}])
def test_malformed_corrections_are_refused(bad):
    st = game()
    with pytest.raises(IllegalDecision) as e:
        correct(st, bad)
    assert e.value.code == "malformed_correction"


def test_void_ends_the_game_with_no_winner():
    st = game()
    void(st, "abuse")
    assert st.over and st.winners == [] and prompts(st) == []
    with pytest.raises(IllegalDecision):
        void(st)
