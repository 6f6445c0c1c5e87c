"""A mechanic of its own costs one module (issue 38): the fixture Grudge-Keeper's grudges and
Vendetta deck (`tests/mechanics/grudges.py`, `tests/packs/fixture-mechanic/`) play through the
engine's points alone. Nothing under games/ names them, so the core did not change for them.
"""
import json
import random
from pathlib import Path

import pytest

import tests.mechanics.grudges  # noqa: F401  (registers the fixture mechanic with the engine's points)
from games.ai.policies import random_decision
from games.engine import BASE_PACK, apply, new_game, prompts, view
from games.engine.core.invariants import check, total_gold
from games.engine.core.scenario import run_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "fixture-mechanic").glob("*.json"))
PACK = json.loads((ROOT / "tests" / "packs" / "fixture-mechanic" / "grudge-keeper.json").read_text())


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_grudges_scenario(path):
    run_file(path)


def test_random_play_with_the_fixture_mechanic_reaches_it_and_keeps_the_invariants():
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game({"content": [BASE_PACK, PACK], "seed": f"grudges-{seed}",
                          "seats": [{"character": "fixture-grudge-keeper"}, {"character": "gerki"}, {"character": "zot"}]})
        gold = total_gold(state)
        for _ in range(3000):
            if state.over:
                break
            p = prompts(state)[0]
            d = random_decision(p, rng)
            seen |= {p.kind, d["type"]}
            apply(state, d)
            check(state, gold)
            for viewer in (1, 2, "spectator"):      # her Vendetta deck is hidden from the others
                assert "cards" not in view(state, viewer)["seats"][0].get("zones", {}).get("vendetta", {})
        assert state.over
    assert {"vendetta", "keep_vendetta", "forgive"} <= seen, seen


def test_nothing_outside_tests_names_the_fixture_mechanic():
    words = ("grudge", "vendetta", "forgive")
    found = [f"{p.relative_to(ROOT)}: {w}" for p in (ROOT / "games").rglob("*.py")
             for w in words if w in p.read_text().lower()]
    assert not found, found
