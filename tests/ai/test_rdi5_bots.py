"""Bots with Spyke and Flower (Treasure) and the RDI 5 characters (Drunken Chi): whole games
legally, and the heuristic uses the mechanics sensibly (equips what raises its Level, gains
Chi only when its deck uses it, lowers Chi to survive its last chance)."""
import json
from pathlib import Path

import pytest

from games import engine
from games.ai import decision_seed, default_decision, get_bot
from games.ai.determinize import Skeleton
from games.engine.core.scenario import setup_from

ROOT = Path(__file__).parents[2]
SAMPLERS = [json.loads((ROOT / "packs" / f"{p}.json").read_text())
            for p in ("spyke-and-flower", "zakhan", "sera", "joran", "lizwick")]
CONTENT = [engine.BASE_PACK] + SAMPLERS


def _play(state, decide):
    seq, chosen = 0, set()
    while not state.over:
        assert seq < 4000, "the game did not end"
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        if prompt.kind in ("treasure", "token") or any(d["type"] == "calm" for d in prompt.decisions):
            Skeleton(view).check(Skeleton(view).sample(__import__("random").Random(seq)))
        decision = decide(view, decision_seed(secret=state.seed, seq=seq, seat=prompt.seat))
        assert prompt.offers(decision), decision
        chosen.add(decision["type"])
        state, _ = engine.apply(state, decision)
        seq += 1
    return state, chosen


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_finish_games_of_the_new_characters(name):
    bot = get_bot(name)
    seen = set()
    for seed in range(4):
        chars = ["spyke", "flower", "zakhan", "sera", "joran", "lizwick", "zot"][: 2 + seed]
        state = engine.new_game({"seats": [{"character": c} for c in chars], "seed": f"rdi5-bots:{seed}", "content": CONTENT})
        state, chosen = _play(state, lambda view, s: bot.decide(view, seed=s))
        assert state.winners
        seen |= chosen
    assert {"equip", "discard_treasure"} & seen


def test_search_bot_decides_a_treasure_prompt():
    state = engine.new_game({"seats": [{"character": "flower"}, {"character": "zakhan"}], "seed": "mcts-t",
                             "content": CONTENT, "first_seat": 0})
    prompt = engine.prompts(state)[0]
    assert prompt.kind == "treasure"
    d = get_bot("mcts").decide(engine.view(state, 0), seed="x", iterations=12, max_seconds=5)
    assert prompt.offers(d)


def _scenario(spec):
    return engine.new_game(setup_from(spec, ROOT / "tests" / "scenarios" / "rdi5"))


P = ["../../../packs/spyke-and-flower.json", "../../../packs/zakhan.json", "../../../packs/sera.json"]


def test_heuristic_equips_what_raises_its_level_and_keeps_the_better_armor():
    bot = get_bot("heuristic")
    st = _scenario({"packs": P, "seats": [{"character": "spyke"}, {"character": "flower", "zones": {"equipment": ["treasure/dwarven-elven-armor"]}}],
                    "zones": {"treasure": ["treasure/budget-armor"]}, "active": 0, "phase": "end"})
    assert bot.decide(engine.view(st, 1), seed="a")["type"] == "discard_treasure"
    st = _scenario({"packs": P, "seats": [{"character": "spyke"}, {"character": "flower", "zones": {"equipment": ["treasure/budget-armor"]}}],
                    "zones": {"treasure": ["treasure/dwarven-elven-armor"]}, "active": 0, "phase": "end"})
    assert bot.decide(engine.view(st, 1), seed="a")["type"] == "equip"
    assert default_decision(engine.view(st, 1))["type"] == "discard_treasure"


def test_heuristic_declines_chi_nothing_spends_and_lowers_it_to_survive():
    bot = get_bot("heuristic")
    st = _scenario({"packs": P, "seats": [{"character": "zakhan", "drink_me": ["wine"]}, {"character": "sera"}], "active": 0, "phase": "drink"})
    engine.apply(st, {"seat": 0, "type": "drink"})
    assert engine.prompts(st)[0].kind == "token"
    assert bot.decide(engine.view(st, 0), seed="a")["type"] == "decline"
    assert default_decision(engine.view(st, 0))["type"] == "decline"
    st = _scenario({"packs": P, "seats": [{"character": "zakhan", "fortitude": 10, "alcohol": 7, "tokens": {"chi": 2},
                                           "hand": ["i-raise", "im-not-as-think-as-you-drunk-i-am"], "drink_me": ["light-ale"]},
                                          {"character": "sera"}], "active": 0, "phase": "drink"})
    engine.apply(st, {"seat": 0, "type": "drink"})
    engine.apply(st, {"seat": 0, "type": "decline"})
    d = bot.decide(engine.view(st, 0), seed="a")
    assert d["type"] == "calm" and st.cards[d["card"]] == "zakhan/i-raise"      # the card it values least
    engine.apply(st, d)
    assert engine.view(st, 0)["seats"][0]["drunkenness"] == 9
