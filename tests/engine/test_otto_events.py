"""Otto's part in a Dungeon Event or a Tavern Event (games/engine/otto_events.py, R-OTTO-EVENTS);
the scenarios are in tests/scenarios/otto/ (dungeon-event-*, tavern-event-*)."""
from games.engine.otto_events import choice

LOSE_2_ALCOHOL = [{"do": "lose", "stat": "alcohol", "amount": 2}]


def test_the_first_option_when_he_declines_none():
    # as the rulebook's "Staring Contest": its first option, lose 2 Alcohol Content [002:456]
    assert choice({"stare": LOSE_2_ALCOHOL, "drink": [{"do": "reveal_drink"}]}) == "stare"


def test_he_declines_paying_discarding_losing_fortitude_and_gaining_alcohol():
    for declined in ([{"do": "pay", "amount": 1}], [{"do": "discard", "amount": 3}],
                     [{"do": "lose", "stat": "fortitude", "amount": 1}],
                     [{"do": "gain", "stat": "alcohol", "amount": 1}]):
        assert choice({"no": declined, "yes": LOSE_2_ALCOHOL}) == "yes"


def test_the_first_option_when_he_declines_them_all():
    assert choice({"lose_fortitude": [{"do": "lose", "stat": "fortitude", "amount": 1}],
                   "discard": [{"do": "discard", "amount": 1}]}) == "lose_fortitude"
