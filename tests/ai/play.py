"""Playing a game to its end with a bot: checking that every decision is one on offer, or
looking at the positions a heuristic game passes through."""
from collections import Counter

from games import engine
from games.ai import decision_seed, heuristic


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


def heuristic_states(game_seed: str, characters, every: int, secret=None):
    """Every `every`-th state before a decision of a game between heuristic bots, then its end
    (the bots' decision seeds keyed with `secret`, the game's seed by default)."""
    secret = game_seed if secret is None else secret
    state = engine.new_game({"seats": [{"character": c} for c in characters], "seed": game_seed})
    seq = 0
    while not state.over:
        if seq % every == 0:
            yield state
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        state, _ = engine.apply(state, heuristic.decide(view, seed=decision_seed(secret=secret, seq=seq, seat=prompt.seat)))
        seq += 1
    yield state
