"""Older bot versions stay what they were: recorded games name the version that decided.

The hashes were taken from the commit before heuristic@6 and mcts@6 (9f93511), where
`heuristic` was heuristic@5 and `mcts` was mcts@5, over the same games and seeds."""
import hashlib
import json

from games import engine
from games.ai import get_bot, heuristic
from games.ai.common import decision_seed


def _decisions_hash(label: str, games: int, cap: int, **budget) -> str:
    bot = get_bot(label)
    digest = hashlib.sha256()
    names = list(engine.CHARACTERS)
    for g in range(games):
        state = engine.new_game({"seats": [{"character": names[(g + i) % 4]} for i in range(2 + g % 3)],
                                 "seed": f"pin-{g}"})
        seq = 0
        while not state.over and seq < cap:
            prompt = engine.prompts(state)[0]
            decision = bot.decide(engine.view(state, prompt.seat),
                                  seed=decision_seed(secret=f"pin-{g}", seq=seq, seat=prompt.seat), **budget)
            digest.update(json.dumps(decision, sort_keys=True).encode())
            state, _ = engine.apply(state, decision)
            seq += 1
    return digest.hexdigest()[:16]


def test_heuristic_5_decides_as_it_did_before_heuristic_6():
    assert _decisions_hash("heuristic@5", 20, 3000) == "bdd2aae0f2958a63"


def test_mcts_5_decides_as_it_did_before_mcts_6():
    # a fixed budget and no time cap: the search is then deterministic
    assert _decisions_hash("mcts@5", 2, 40, iterations=24, max_seconds=1000) == "664b25a58a3329e8"


def test_heuristic_6_weighs_margins_by_its_own_curve():
    assert heuristic.CURVE != heuristic.CURVE_5
    assert _decisions_hash("heuristic@6", 20, 3000) != "bdd2aae0f2958a63"
