"""Bots at tables with Dungeon Events on and The Wench Dares You... in the Drink Deck: every
bot finishes games with only offered decisions (the new prompts `dungeon` and `dares`
included), the heuristic chooses sensibly, and the search bot's imagined states keep the
Dungeon Event Deck (hidden order, public counters) as the view shows it."""
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from games import engine
from games.ai import default_decision, get_bot, mcts
from games.ai.determinize import Skeleton
from games.ai.policies import random_decision
from games.engine.core.invariants import check, total_gold
from tests.ai.play import play_legally

ROOT = Path(__file__).parents[2]
CONTENT = [engine.BASE_PACK] + [json.loads((ROOT / "packs" / f"{p}.json").read_text())
                                for p in ("dungeon-events", "wench-dares-you")] \
    + [json.loads((ROOT / "tests" / "packs" / "dungeon-fixtures.json").read_text())]
BASE = ["deirdre", "fiona", "gerki", "zot", "fixture-villain"]


def _game(seed: int, players: int = 3, variant: str = "base"):
    seats = [{"character": BASE[(seed + i) % 5]} for i in range(players)]
    return engine.new_game({"seats": seats, "seed": f"dungeon-bots:{seed}", "variant": variant,
                            "options": {"dungeon_events": True}, "content": CONTENT})


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_finish_dungeon_games_legally(name):
    bot = get_bot(name)
    asked = Counter()
    for seed in range(4):
        asked += play_legally(_game(seed, players=2 + seed % 4), lambda view, s: bot.decide(view, seed=s))
    assert asked["dungeon"] > 0


def test_bots_finish_team_dungeon_games_legally():
    bot = get_bot("heuristic")
    play_legally(_game(7, players=4, variant="two-headed-dragon"), lambda view, s: bot.decide(view, seed=s))


def test_the_timeout_default_answers_the_new_prompts():
    play_legally(_game(3, players=3), lambda view, s: default_decision(view))


def test_the_search_bot_finishes_a_dungeon_game_legally():
    play_legally(_game(1, players=3), lambda view, s: mcts.decide(view, seed=s, iterations=8, max_seconds=20))


def _dungeon_view(hand_effects_cheap: bool, fortitude: int, alcohol: int):
    """A Drink or Meet Your Doom! choice for seat 1 (scenario position)."""
    from games.engine.core.scenario import setup_from
    hand = ["gambling-im-in", "i-raise", "winning-hand", "hide-in-shadows"] if hand_effects_cheap else \
        ["hide-in-shadows", "dump-it-on-the-floor", "i-dont-think-so"]
    spec = {"packs": ["../packs/dungeon-events.json"], "options": {"dungeon_events": True},
            "seats": [{"character": "zot"}, {"character": "gerki", "hand": hand, "fortitude": fortitude,
                                                                   "alcohol": alcohol}],
            "dungeon": {"deck": ["drink-or-meet-your-doom"], "progress": 1}, "active": 1, "phase": "drink"}
    state = engine.new_game(setup_from(spec, ROOT / "tests"))
    state, _ = engine.apply(state, {"seat": 1, "type": "drink"})
    prompt = engine.prompts(state)[0]
    assert prompt.kind == "dungeon" and prompt.seat == 1
    return engine.view(state, 1)


def test_the_heuristic_discards_cheap_cards_when_a_drink_is_dangerous_and_drinks_when_it_is_not():
    bot = get_bot("heuristic")
    near = bot.decide(_dungeon_view(True, fortitude=6, alcohol=4), seed="x")
    assert near["mode"] == "discard" and "hide-in-shadows" not in str(near)
    view = _dungeon_view(True, fortitude=6, alcohol=4)
    kept = {c["id"] for c in view["seats"][1]["hand"] if c["key"] == "gerki/hide-in-shadows"}
    assert not kept & set(near["cards"]), "it threw away its defence instead of its gambling cards"
    safe = bot.decide(_dungeon_view(False, fortitude=20, alcohol=0), seed="x")
    assert safe["mode"] == "drink"


def test_determinized_dungeon_states_agree_with_the_view():
    rng = random.Random(3)
    state = _game(2, players=3)
    samples = dungeon = 0
    while not state.over and samples < 300:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        skeleton = Skeleton(view)
        sample = skeleton.sample(rng)
        skeleton.check(sample)
        check(sample, total_gold(sample))
        assert sample.tokens == view["tokens"]
        assert {n: len(ids) for n, ids in sample.zones.items()} == {n: z["count"] for n, z in view["zones"].items()}
        dungeon += prompt.kind == "dungeon"
        samples += 1
        state, _ = engine.apply(state, random_decision(prompt, rng))
    assert samples > 50


def test_every_bot_answers_a_counted_discard_offer_with_exactly_n_cards_of_the_hand():
    """"Discard 3 cards" is one subset offer with `"count": 3` (docs/decisions.md), not one
    decision per 3-card set: each bot builds its own legal set from the offer."""
    view = _dungeon_view(True, fortitude=6, alcohol=4)
    offer = view["prompt"]["subsets"][0]
    assert offer["count"] == 3 and len(offer["cards"]) == 4
    assert all("cards" not in d for d in view["prompt"]["decisions"])
    gambling = sorted(c["id"] for c in view["seats"][1]["hand"] if c["key"] != "gerki/hide-in-shadows")
    assert get_bot("heuristic").decide(view, seed="x")["cards"] == gambling
    picks = [get_bot("random").decide(view, seed=str(s)) for s in range(20)]
    picks += [default_decision(view), mcts.decide(view, seed="x", iterations=8, max_seconds=20)]
    for d in picks:
        assert "count" not in d
        if d["mode"] == "discard":
            assert len(d["cards"]) == 3 and d["cards"] == sorted(set(d["cards"])) and set(d["cards"]) <= set(offer["cards"])
    assert {d["mode"] for d in picks} == {"drink", "discard"}
