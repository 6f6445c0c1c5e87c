"""The Prize Variant (a table option, games/engine/options/prize.py): its scenarios, its set-up rules,
the team ruling, and random legal play with the option on (alone, with teams, with the Bar
Deck), checking every invariant, hidden information and refolds after every decision."""
import json
import random
from pathlib import Path

import pytest

from games.engine import BASE_PACK, IllegalDecision, new_game, view
from games.engine.core.responses import card_options
from games.engine.core.scenario import run_file
from games.engine.core.zones import held
from tests.engine.helpers import random_play

HERE = Path(__file__).parent.parent
ROOT = HERE.parent
SCENARIOS = sorted((HERE / "scenarios" / "prize").glob("*.json"))
PRIZES = json.loads((ROOT / "packs" / "prizes.json").read_text())
FIXTURES = json.loads((HERE / "packs" / "prize" / "fixtures.json").read_text())
BAR = json.loads((ROOT / "packs" / "bar-drinks.json").read_text())
BASE_CHARACTERS = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_prize_scenario(path):
    run_file(path)


def _setup(seats, seed, options=None, packs=(PRIZES, FIXTURES), variant="base"):
    return {"seats": [{"character": c} for c in seats], "seed": seed, "variant": variant,
            "options": {"prize": True} if options is None else options,
            "content": [BASE_PACK, *packs]}


def test_the_option_needs_prize_cards():
    with pytest.raises(IllegalDecision, match="Prize cards") as e:
        new_game(_setup(["zot", "gerki"], "x", packs=()))
    assert e.value.code == "bad_setup"
    with pytest.raises(IllegalDecision, match="true or false"):
        new_game(_setup(["zot", "gerki"], "x", options={"prize": "yes"}))


def test_every_prize_starts_in_the_inn_face_up():
    state = new_game(_setup(["zot", "gerki", "fiona"], "setup"))
    assert len(state.zones["prize"]) == 4 and state.zones["prize:discard"] == []
    spectator = view(state, "spectator")
    assert [c["title"] for c in spectator["zones"]["prize"]["cards"]] == [
        "Talisman of Liquid Courage", "Pub Crawl Map", "Fixture Purse", "Fixture Charm"]


def test_without_the_option_prize_cards_stay_out_of_the_game():
    state = new_game(_setup(["zot", "gerki"], "off", options={}))
    assert state.zones == {} and "prize" not in state.owner


def test_a_team_prize_is_only_its_winners():
    setup = _setup(["zot", "fiona", "gerki", "deirdre"], "team", variant="two-headed-dragon")
    setup["position"] = {"prizes": {"held": {"0": ["fixture-purse"]}}, "active": 0, "phase": "action",
                         "seats": [{"hand": []}, {"hand": []}, {"hand": []}, {"hand": []}]}
    state = new_game(setup)
    purse = state.zones["prize:0"][0]
    assert purse in held(state, 0) and purse not in held(state, 1)
    assert all(d.get("card") != purse for d in card_options(state, 1, ("phase", "action")))


def _play(setup, steps=2500, rng=None, on_fx=None):
    return random_play(setup, rng or random.Random(setup["seed"]), steps, on_fx=on_fx)


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_prizes_keeps_the_invariants(seed):
    rng = random.Random(seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(2 + seed % 7)]
    _play(_setup(seats, f"prize:{seed}"), rng=rng)


def test_random_play_reaches_every_part_of_the_prize_cycle():
    seen = set()
    for seed in range(8):
        rng = random.Random(30 + seed)
        _, kinds = _play(_setup(["zot", "gerki", "fiona", "deirdre"][: 2 + seed % 3], f"cycle:{seed}"), rng=rng)
        seen |= kinds
    assert {"prize", "prize_chosen", "prize_won", "prize_used", "prize_to_inn", "prizes_returned"} <= seen


@pytest.mark.parametrize("seed", range(2))
def test_random_team_play_with_prizes_and_the_bar_deck(seed):
    rng = random.Random(300 + seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(4 + 2 * seed)]
    _play(_setup(seats, f"prize-team:{seed}", options={"prize": True, "bar_deck": True},
                 packs=(PRIZES, FIXTURES, BAR), variant="two-headed-dragon"), rng=rng)
