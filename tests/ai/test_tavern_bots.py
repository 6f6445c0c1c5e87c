"""Bots at tables with the tavern table options (Bar Deck, Prize, Pub Crawl): every bot
finishes games with only offered decisions (the new prompts `prize` and `crawl` included), the
search bot's imagined states keep the hidden Bar Deck and Tavern decks and the face-up Prizes
and taverns, and the heuristic chooses sensibly."""
import json
from collections import Counter
from pathlib import Path

import pytest

from games import engine
from games.ai import default_decision, get_bot, heuristic, mcts
from games.engine.core.scenario import setup_from
from tests.ai.play import play_legally

ROOT = Path(__file__).parents[2]
PACKS = {name: json.loads((ROOT / "packs" / f"{name}.json").read_text()) for name in ("bar-drinks", "prizes", "taverns")}
FIXTURES = json.loads((ROOT / "tests" / "packs" / "prize" / "fixtures.json").read_text())
TAVERN_DRINKS = json.loads((ROOT / "tests" / "packs" / "pub-crawl" / "fixtures.json").read_text())
CONTENT = [engine.BASE_PACK, PACKS["bar-drinks"], PACKS["prizes"], FIXTURES, PACKS["taverns"], TAVERN_DRINKS]
BASE = ["deirdre", "fiona", "gerki", "zot"]
OPTIONS = {"bar_deck": True, "prize": True, "pub_crawl": True}


def _game(seed: int, players: int = 3, variant: str = "base"):
    seats = [{"character": BASE[(seed + i) % 4]} for i in range(players)]
    return engine.new_game({"seats": seats, "seed": f"tavern-bots:{seed}", "variant": variant,
                            "options": OPTIONS, "content": CONTENT})


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_finish_tavern_games_legally(name):
    bot = get_bot(name)
    asked = Counter()
    for seed in range(8):     # a Prize is asked for only when a Round starts: not in every game
        asked += play_legally(_game(seed, players=2 + seed % 4), lambda view, s: bot.decide(view, seed=s))
    assert asked["prize"] > 0 and asked["crawl"] > 0


def test_bots_finish_team_tavern_games_legally():
    bot = get_bot("heuristic")
    play_legally(_game(7, players=4, variant="two-headed-dragon"), lambda view, s: bot.decide(view, seed=s))


def test_the_timeout_default_answers_the_new_prompts():
    play_legally(_game(3, players=3), lambda view, s: default_decision(view))


def test_the_search_bot_finishes_a_tavern_game_legally():
    play_legally(_game(1, players=3), lambda view, s: mcts.decide(view, seed=s, iterations=8, max_seconds=20))


def _view_after(spec: dict, steps: list[dict], seat: int) -> dict:
    state = engine.new_game(setup_from(spec, ROOT / "tests" / "scenarios" / "prize"))
    for d in steps:
        state, _ = engine.apply(state, d)
    return engine.view(state, seat)


PK = ["../../../packs/prizes.json", "../../packs/prize/fixtures.json"]


def test_the_heuristic_uses_the_talisman_on_a_drink_with_alcohol_and_keeps_it_for_water():
    def spec(drink):
        return {"packs": PK, "options": {"prize": True}, "prizes": {"held": {"0": ["talisman-of-liquid-courage"]}},
                "seats": [{"character": "zot", "hand": [], "drink_me": [drink]}, {"character": "gerki", "hand": []}],
                "active": 0, "phase": "drink"}
    strong = _view_after(spec("dragon-breath-ale"), [{"seat": 0, "type": "drink"}], 0)
    assert heuristic.decide(strong, seed="x")["type"] == "play"
    water = _view_after(spec("water"), [{"seat": 0, "type": "drink"}], 0)
    assert heuristic.decide(water, seed="x")["type"] == "pass"


def test_the_heuristic_puts_the_prize_it_wants_most_in_the_pot():
    spec = {"packs": PK, "options": {"prize": True}, "prizes": {"held": {"1": ["talisman-of-liquid-courage"]}},
            "seats": [{"character": "zot", "hand": ["gambling-im-in"]}, {"character": "gerki", "hand": ["i-raise"]}],
            "active": 0, "phase": "action"}
    state = engine.new_game(setup_from(spec, ROOT / "tests" / "scenarios" / "prize"))
    state, _ = engine.apply(state, {"seat": 0, "type": "play", "card": state.seats[0].hand[0]})
    view = engine.view(state, 0)
    assert view["prompt"]["kind"] == "prize"
    chosen = heuristic.decide(view, seed="x")
    assert state.cards[chosen["card"]] == "prize-test/fixture-charm"      # 2 Fortitude beats 2 Gold


def test_the_heuristic_crawls_to_the_tavern_with_most_drinks_left():
    spec = {"packs": ["../../../packs/taverns.json", "../../packs/pub-crawl/fixtures.json"], "options": {"pub_crawl": True},
            "seats": [{"character": "zot", "hand": [], "drink_me": ["light-ale-with-a-chaser", "water"]},
                      {"character": "gerki", "hand": []}],
            "pub_crawl": {"decks": {"startusks": ["startusk-ale"], "the-scurvy-dog": ["dog-ale"],
                                    "black-dragon-depths": ["depths-ale"], "the-harmonious-cup": ["cup-ale", "cup-spirit"]}},
            "active": 0, "phase": "drink"}
    state = engine.new_game(setup_from(spec, ROOT / "tests" / "scenarios" / "pub-crawl"))
    state, _ = engine.apply(state, {"seat": 0, "type": "drink"})
    view = engine.view(state, 0)
    assert view["prompt"]["kind"] == "crawl"
    assert state.cards[heuristic.decide(view, seed="x")["tavern"]] == "tavern/luckys-rolling-barrel"   # 6 left
