"""A character's own mechanic is shown and played from its own module alone (issue 39): the
fixture Grudge-Keeper's words, counter, chart and bot hints are registered in
tests/mechanics/grudges.py beside its rules, and the log, the board, the replay's charts and
the heuristic bot use them without naming it (tests/engine/test_fixture_mechanic.py checks
that nothing under games/ does)."""
import copy
import json
import random
from pathlib import Path

import tests.mechanics.grudges  # noqa: F401  (registers the fixture mechanic, its words and its hints)
from games.ai import heuristic
from games.ai.policies import random_decision
from games.engine import BASE_PACK, apply, content_of, new_game, prompts, view, words
from games.presentation import board
from replay import charts

ROOT = Path(__file__).resolve().parents[2]
PACK = json.loads((ROOT / "tests" / "packs" / "fixture-mechanic" / "grudge-keeper.json").read_text())
NAMES = ["Mira", "Gerki", "Zot"]


def _game(seed: int, pack=PACK):
    return new_game({"content": [BASE_PACK, pack], "seed": f"grudge-words-{seed}",
                     "seats": [{"character": "fixture-grudge-keeper"}, {"character": "gerki"}, {"character": "zot"}]})


def _to_vendetta(seed: int):
    """Random play until the Grudge-Keeper is asked which Vendetta card to keep, with the
    log of every Effect told on the way."""
    state, rng, told = _game(seed), random.Random(seed), []
    teller = words.Teller(state, NAMES, None, over=True)
    for _ in range(3000):
        p = prompts(state)[0]
        if p.kind == "vendetta" or state.over:
            return state, told
        _, effects = apply(state, random_decision(p, rng))
        told += [(fx["type"], teller.line(fx)) for fx in effects]
    raise AssertionError("no Vendetta in 3000 decisions")


def test_the_log_tells_its_effects_in_its_own_words():
    _, told = _to_vendetta(1)
    lines = [line for t, line in told if t in ("vendetta", "token") and line]
    assert any("settles a Vendetta: 2 cards revealed to them." in line for line in lines), lines
    assert any(line.startswith("Mira's Grudges rose by") for line in lines), lines
    assert not [line for t, line in told if line and line.endswith(f": {t.replace('_', ' ')}.")]


def test_the_board_asks_labels_and_counts_in_its_words():
    state, _ = _to_vendetta(2)
    v = view(state, 0)
    decisions = v["prompt"]["decisions"]
    assert board.headline(v, NAMES).endswith("· Vendetta")
    assert board.prompt_words(v, decisions, NAMES, 0).startswith("Your grudges are settled: keep one")
    titles = {c["id"]: f"“{c['title']}”" for fr in v["stack"] for c in fr.get("cards") or [] if isinstance(c, dict)}
    titles |= {cid: f"“{content_of(v['content']).cards[state.cards[cid]].title}”" for cid in state.stack[-1]["cards"]}
    labels = [board.label(d, "vendetta", NAMES, v["stack"], {}, titles) for d in decisions]
    assert all(label.startswith("Keep “[test fixture]") for label in labels), labels
    assert board._frame(v["stack"][-1], NAMES)["title"] == "Mira settles a Vendetta"
    mat = board._counters({"tokens": {"grudge": 2}, "zones": {}}, character=content_of(v["content"]).characters[
        "fixture-grudge-keeper"])
    assert mat["extras"] == [{"name": "Grudges", "text": "2 / 3 · at 3 a Vendetta is settled", "key": "grudge",
                              "meter": {"value": 2, "max": 3}}]


def test_the_counter_reads_the_threshold_from_the_pack():
    """An owner's pack that settles at 5 shows 5, with no change to the mechanic's module."""
    pack = copy.deepcopy(PACK)
    pack["characters"][0]["tokens"]["grudge"]["max"] = 5
    pack["characters"][0]["hooks"][0]["equals"] = 5
    character = content_of(view(_game(0, pack), "spectator")["content"]).characters["fixture-grudge-keeper"]
    assert board._counters({"tokens": {"grudge": 4}, "zones": {}}, character=character)["extras"][0]["text"] == \
        "4 / 5 · at 5 a Vendetta is settled"


def test_the_replay_charts_it_under_its_title():
    data = {"names": NAMES, "teams": [], "series": [[[20, 0, 10]] * 3] * 3, "last": 2, "eliminations": [],
            "resources": [[{"grudge": 0}, {}, {}], [{"grudge": 2}, {}, {}], [{"grudge": 0}, {}, {}]]}
    drawn = {c["stat"]: c for c in charts.charts(data)}
    assert drawn["grudge"]["title"] == "Grudges (the Grudge-Keeper)"
    assert drawn["grudge"]["svg"].count("<polyline") == 1          # only the seat that held grudges


def test_the_heuristic_keeps_the_best_vendetta_card_and_forgives_when_hurt():
    kept = 0
    for seed in range(3):
        state, _ = _to_vendetta(seed)
        if state.over:
            continue
        v = view(state, 0)
        t = heuristic.Scoring(v)
        worth = {d["card"]: heuristic.KIT.keep(t, getattr(t.card(d["card"]), "effect", "")) for d in v["prompt"]["decisions"]}
        choice = heuristic.decide(v, seed=f"s{seed}")
        assert choice["type"] == "keep_vendetta" and worth[choice["card"]] == max(worth.values())
        kept += 1
    assert kept
    # forgiving is worth most to a hurt Grudge-Keeper holding grudges
    state = _game(5)
    t = heuristic.Scoring(view(state, 0))
    t.mine["tokens"] = {"grudge": 3}
    hurt_then_well = []
    for fortitude in (4, 18):
        t.mine["fortitude"] = fortitude
        hurt_then_well.append(tests.mechanics.grudges._forgive_hint(t, {"seat": 0, "type": "forgive"}, heuristic.KIT))
    assert hurt_then_well[0] > hurt_then_well[1]
