"""Bots play games of content packs: every test pack's character (tests/packs/) beside base
characters, to the end, with only offered decisions; the search bot imagines the hidden side
decks, shared decks and tokens of such games instead of giving up on them."""
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from games import engine
from games.ai import decision_seed, get_bot, mcts
from games.ai.determinize import Skeleton
from games.ai.policies import random_decision
from games.engine.core.invariants import check, total_gold

PACKS = Path(__file__).parents[1] / "packs"
NEW = {"vlazlo-blood": "vlazlo", "amundyr-scarabs": "amundyr", "samantha-brawl": "samantha",
       "torglesnarf-minions": "torglesnarf"}
BASE = ["deirdre", "fiona", "gerki", "zot"]


def _content(pack: str) -> list[dict]:
    return [engine.BASE_PACK, json.loads((PACKS / f"{pack}.json").read_text())]


def _game(pack: str, seed: int, players: int = 3):
    seats = [{"character": NEW[pack]}] + [{"character": BASE[(seed + i) % 4]} for i in range(players - 1)]
    return engine.new_game({"seats": seats, "seed": f"pack-bots:{pack}:{seed}", "content": _content(pack)})


def _play(state, decide) -> tuple:
    """Play to the end; every decision must be one the prompt offers. Returns the final state
    and what the pack's seat (seat 0) chose, by decision type and card key."""
    chosen = Counter()
    seq = 0
    while not state.over:
        assert seq < 3000, "the game did not end"
        prompt = engine.prompts(state)[0]
        decision = decide(engine.view(state, prompt.seat), decision_seed(secret=state.seed, seq=seq, seat=prompt.seat))
        assert prompt.offers(decision), decision
        if prompt.seat == 0:
            card = decision.get("card")
            chosen[(decision["type"], state.cards[card] if card is not None else None)] += 1
        state, _ = engine.apply(state, decision)
        seq += 1
    assert state.winners
    return state, chosen


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("pack", sorted(NEW))
def test_bots_finish_pack_games_legally(pack, name):
    bot = get_bot(name)
    for seed in range(3):
        _play(_game(pack, seed, players=2 + seed % 3), lambda view, s: bot.decide(view, seed=s))


@pytest.mark.parametrize("pack", sorted(NEW))
def test_the_search_bot_finishes_pack_games_legally(pack):
    _play(_game(pack, 1), lambda view, s: mcts.decide(view, seed=s, iterations=12, max_seconds=30))


def test_the_heuristic_bot_uses_the_packs_mechanics():
    """Judged from the cards' steps, not their names: it buys form cards with Blood, puts its
    Minion into play and has it act, and plays its Scarab and Brawl cards."""
    bot = get_bot("heuristic")
    used = Counter()
    for pack in NEW:
        for seed in range(2):
            _, chosen = _play(_game(pack, seed), lambda view, s: bot.decide(view, seed=s))
            used.update(chosen)
    assert used[("buy", None)] > 0
    assert used[("play", "torglesnarf/grunt-the-brawler")] > 0
    assert used[("activate", "torglesnarf/grunt-the-brawler")] > 0
    # either card that hands out Scarabs (the printed one does damage too, so it is often preferred)
    assert used[("play", "amundyr/fixture-scarabs")] + used[("play", "amundyr/i-see-youve-met-itsy-and-bitsy")] > 0
    assert used[("play", "samantha/fixture-start-a-brawl")] > 0


@pytest.mark.parametrize("pack", sorted(NEW))
def test_determinized_pack_states_agree_with_the_view(pack):
    """Every sample of a seat's view is a whole consistent state (every card somewhere,
    tokens and counts as shown) that asks the same seat the same question: the search bot
    really searches pack games."""
    rng = random.Random(5)
    state = _game(pack, 2, players=3)
    samples = 0
    while not state.over and samples < 150:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        skeleton = Skeleton(view)
        sample = skeleton.sample(rng)
        skeleton.check(sample)
        check(sample, total_gold(sample))
        mine = view["seats"][prompt.seat]
        assert [c["id"] for c in mine["hand"]] == sample.seats[prompt.seat].hand
        for i, s in enumerate(sample.seats):
            assert s.tokens == view["seats"][i]["tokens"]
            assert {n: len(ids) for n, ids in s.zones.items()} == \
                {n: z["count"] for n, z in (view["seats"][i].get("zones") or {}).items()}
        assert {n: len(ids) for n, ids in sample.zones.items()} == {n: z["count"] for n, z in view["zones"].items()}
        samples += 1
        state, _ = engine.apply(state, random_decision(prompt, rng))
    assert samples > 20
