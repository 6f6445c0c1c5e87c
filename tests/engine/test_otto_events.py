"""Otto's part in a Dungeon Event or a Tavern Event (games/engine/options/otto/events.py, R-OTTO-EVENTS);
the scenarios are in tests/scenarios/otto/ (dungeon-event-*, tavern-event-*)."""
import json
import random
from pathlib import Path

from games.engine import BASE_PACK
from games.engine.options.otto.events import choice
from tests.engine.helpers import random_play

HERE = Path(__file__).parents[1]
TAVERN_EVENTS = json.loads((HERE / "packs" / "pub-crawl" / "tavern-events.json").read_text())
DUNGEON_EVENTS = json.loads((HERE.parent / "packs" / "dungeon-events.json").read_text())
OTTO_CARDS = json.loads((HERE / "packs" / "otto" / "fixtures.json").read_text())

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


def test_random_play_with_otto_reaches_his_part_in_tavern_and_dungeon_events():
    """Random play with Otto, the fixture taverns' Events and the Dungeon Events keeps every
    invariant, and the events reach his tracks and make him choose."""
    seen = set()

    def on_fx(state, fx):
        seen.update(f"{f['type']}:{f.get('reason')}" for f in fx if f["type"] == "otto_track")
        seen.update(f["type"] for f in fx if f["type"] == "otto_event_choice")

    for seed in range(4):
        rng = random.Random(700 + seed)
        seats = [{"character": c} for c in ("zot", "gerki", "fiona", "deirdre")[: 2 + seed % 3]]
        random_play({"seats": seats, "seed": f"otto-events:{seed}", "variant": "base",
                     "options": {"otto": True, "pub_crawl": True, "dungeon_events": True},
                     "content": [BASE_PACK, TAVERN_EVENTS, DUNGEON_EVENTS, OTTO_CARDS]}, rng, on_fx=on_fx)
    assert {"otto_track:tavern_event", "otto_track:dungeon_event", "otto_event_choice"} <= seen
