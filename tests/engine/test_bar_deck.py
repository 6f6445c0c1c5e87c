"""The Bar Deck Variant (a table option, games/engine/options/bar_deck.py): its scenarios, its set-up
rules, and random legal play with the option on (alone, with teams, with Dungeon Events),
checking every invariant, hidden information and refolds after every decision."""
import json
import random
from pathlib import Path

import pytest

from games.engine import BASE_PACK, IllegalDecision, new_game, view
from games.engine.core.scenario import run_file
from tests.engine.helpers import random_play

HERE = Path(__file__).parent.parent
ROOT = HERE.parent
SCENARIOS = sorted((HERE / "scenarios" / "bar-deck").glob("*.json"))
BAR = json.loads((ROOT / "packs" / "bar-drinks.json").read_text())
DUNGEON = json.loads((ROOT / "packs" / "dungeon-events.json").read_text())
BASE_CHARACTERS = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_bar_deck_scenario(path):
    run_file(path)


def _setup(seats, seed, options=None, packs=(BAR,), variant="base"):
    return {"seats": [{"character": c} for c in seats], "seed": seed, "variant": variant,
            "options": {"bar_deck": True} if options is None else options,
            "content": [BASE_PACK, *packs]}


def test_the_option_needs_more_than_thirty_drinks():
    with pytest.raises(IllegalDecision, match="more than 30 Drink cards") as e:
        new_game(_setup(["zot", "gerki"], "x", packs=()))
    assert e.value.code == "bad_setup"
    with pytest.raises(IllegalDecision, match="true or false"):
        new_game(_setup(["zot", "gerki"], "x", options={"bar_deck": 1}))


def test_thirty_are_dealt_and_the_rest_wait_hidden_in_the_bar_deck():
    state = new_game(_setup(["zot", "gerki", "fiona"], "setup"))
    # 38 Drinks: 30 dealt as the Drink Deck, one of those to each Drink Me! pile
    assert len(state.zones["bar"]) == 8 and len(state.drink_deck) == 27
    assert sum(len(s.drink_me) for s in state.seats) == 3
    spectator = view(state, "spectator")
    assert spectator["zones"]["bar"] == {"count": 8}


def test_without_the_option_the_extra_drinks_are_one_drink_deck():
    state = new_game(_setup(["zot", "gerki"], "off", options={}))
    assert "bar" not in state.zones and len(state.drink_deck) == 36


def _play(setup, steps=2500, rng=None):
    return random_play(setup, rng or random.Random(setup["seed"]), steps)


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_the_bar_deck_keeps_the_invariants(seed):
    rng = random.Random(seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(2 + seed % 7)]
    _play(_setup(seats, f"bar:{seed}"), rng=rng)


def test_random_play_deals_from_the_bar_deck_and_refills_it_from_the_discards():
    seen = set()

    def note(state, fx):
        seen.update(f["type"] + ":" + str(f.get("deck", "")) for f in fx)

    for seed in range(6):
        rng = random.Random(50 + seed)
        random_play(_setup(["zot", "gerki", "fiona", "deirdre"], f"bar-long:{seed}"), rng, 4000, on_fx=note)
    assert {"drinks_ran_out:", "bar_dealt:", "reshuffled:bar"} <= seen
    assert "reshuffled:drink" not in seen          # the Drink Deck itself is never reshuffled


@pytest.mark.parametrize("seed", range(2))
def test_random_team_play_with_the_bar_deck_and_dungeon_events(seed):
    rng = random.Random(200 + seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(4)]
    _play(_setup(seats, f"bar-team:{seed}", options={"bar_deck": True, "dungeon_events": True},
                 packs=(BAR, DUNGEON), variant="two-headed-dragon"), rng=rng)
