"""Playing a game to its end with a bot, checking that every decision is one on offer."""
from collections import Counter

from games import engine
from games.ai import decision_seed


def play_legally(state, decide, limit: int = 4000) -> Counter:
    """Play `state` to the end with `decide(view, seed)`; the prompt kinds asked, counted.
    Fails when a decision is not on offer, the game runs past `limit` or ends with no winner."""
    asked = Counter()
    seq = 0
    while not state.over:
        assert seq < limit, "the game did not end"
        prompt = engine.prompts(state)[0]
        decision = decide(engine.view(state, prompt.seat), decision_seed(secret=state.seed, seq=seq, seat=prompt.seat))
        assert prompt.offers(decision), decision
        asked[prompt.kind] += 1
        state, _ = engine.apply(state, decision)
        seq += 1
    assert state.winners
    return asked
