"""Setup (digest §2): Gold by player count, hands, Drink Me! piles, seeded shuffles."""
import pytest

from games.engine import IllegalDecision, new_game, state_hash
from games.engine.core.invariants import card_locations
from games.engine.core.rng import shuffle
from games.engine.core.setup import starting_gold

from .helpers import game


@pytest.mark.parametrize("players,gold", [(2, 8), (3, 10), (6, 10), (7, 12), (8, 12)])
def test_starting_gold_by_player_count(players, gold):
    assert starting_gold(players) == gold
    st = game(("zot",) * players)
    assert [s.gold for s in st.seats] == [gold] * players


def test_everyone_starts_at_20_fortitude_0_alcohol_7_cards_and_one_drink():
    st = game()
    for s in st.seats:
        assert (s.fortitude, s.alcohol, len(s.hand), len(s.drink_me)) == (20, 0, 7, 1)
        assert len(s.deck) == 33
    assert len(st.drink_deck) == 30 - 4
    assert len(card_locations(st)) == 4 * 40 + 30


def test_same_seed_same_game_and_different_seed_different_deal():
    a, b, c = game(seed="x"), game(seed="x"), game(seed="y")
    assert state_hash(a) == state_hash(b)
    assert state_hash(a) != state_hash(c)


def test_first_seat_can_be_chosen():
    assert game(first_seat=2).active == 2


def test_shuffle_streams_are_independent_per_deck_and_number():
    base = list(range(30))
    one, two, other = list(base), list(base), list(base)
    shuffle(one, "seed", "drink", 1)
    shuffle(two, "seed", "drink", 2)
    shuffle(other, "seed", "seat0", 1)
    assert sorted(one) == base and one != two and one != other
    again = list(base)
    shuffle(again, "seed", "drink", 1)
    assert again == one


@pytest.mark.parametrize("setup,fragment", [
    ({"seats": [{"character": "zot"}], "seed": "s"}, "2 to 8 seats"),
    ({"seats": [{"character": "zot"}] * 9, "seed": "s"}, "2 to 8 seats"),
    ({"seats": [{"character": "eve"}, {"character": "zot"}], "seed": "s"}, "character"),
    ({"seats": [{"character": "zot"}, {"character": "zot"}]}, "seed"),
])
def test_bad_setups_are_refused_with_a_reason(setup, fragment):
    with pytest.raises(IllegalDecision) as e:
        new_game(setup)
    assert e.value.code == "bad_setup" and fragment in e.value.message
