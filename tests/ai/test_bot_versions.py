"""Today's bots decide as pinned: a change that makes one decide otherwise on these games fails
here, and must bump that bot's version (its ``VERSION``, so its label and its decisions' actor)
and re-pin, so that a version names one way of deciding.

Each hash is of every decision over the same games and seeds; all three were taken at 0ea10e2
(tag ``bots-before-lab``), where older versions were still in the service. mcts@13's, at an
explicit budget, equals mcts@12's pin of that time: with the same iterations the two searched
alike (mcts@13 only spends more of them at two seats, tests/ai/test_mcts_budget.py)."""
import hashlib
import json

from games import engine
from games.ai import get_bot
from games.ai.common import decision_seed


def _decisions_hash(label: str, games: int, cap: int, get=get_bot, **budget) -> str:
    bot = get(label)
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


def test_random_1_decides_as_pinned():
    assert _decisions_hash("random@1", 20, 3000) == "90a15909ec2b630d"


def test_heuristic_9_decides_as_pinned():
    assert _decisions_hash("heuristic@9", 20, 3000) == "344aa318be430356"


def test_mcts_13_decides_as_pinned():
    # a fixed budget and no time cap: the search is then deterministic
    assert _decisions_hash("mcts@13", 2, 60, iterations=96, max_seconds=1000) == "6991be07f58e6c5b"
