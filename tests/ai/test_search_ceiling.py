"""tools/search_ceiling.py: the search told what it cannot see (docs/ai.md, "Where the gap is")."""
import importlib.util
import random
from pathlib import Path

from games import engine
from games.ai import heuristic, mcts
from games.ai.common import decision_seed
from games.ai.determinize import Skeleton

_spec = importlib.util.spec_from_file_location("search_ceiling", Path(__file__).parents[2] / "tools/search_ceiling.py")
search_ceiling = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(search_ceiling)


def _position(decisions=25):
    """A two-seat game some way in, asking a seat with a choice to make."""
    state = engine.new_game({"seats": [{"character": "deirdre"}, {"character": "zot"}], "seed": "ceiling-1"})
    for seq in range(decisions):
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        state, _ = engine.apply(state, heuristic.decide(view, seed=decision_seed(secret="s", seq=seq, seat=prompt.seat)))
    while len(engine.prompts(state)[0].decisions) < 2:
        prompt = engine.prompts(state)[0]
        state, _ = engine.apply(state, prompt.decisions[0])
    return state


def test_told_hands_every_sample_deals_the_opponents_true_hand():
    state = _position()
    me = engine.prompts(state)[0].seat
    view = search_ceiling._told(engine.view(state, me), state, "hands")
    skeleton = Skeleton(view)
    for k in range(5):
        sample = skeleton.sample(random.Random(k))
        assert [s.hand for s in sample.seats] == [s.hand for s in state.seats]


def test_told_nothing_the_view_keeps_the_opponents_hand_hidden():
    state = _position()
    me = engine.prompts(state)[0].seat
    view = search_ceiling._told(engine.view(state, me), state, "nothing")
    assert "hand" not in view["seats"][1 - me]


def test_knowing_everything_searches_the_true_state_and_puts_the_sampler_back():
    state = _position()
    prompt = engine.prompts(state)[0]
    seen = []
    real = mcts._play

    def spy(skeleton, candidate, sample_seed, me, leaf):
        seen.append(skeleton.sample(random.Random(sample_seed)))
        return real(skeleton, candidate, sample_seed, me, leaf)

    mcts._play = spy
    try:
        decision = search_ceiling._search(engine.view(state, prompt.seat), state, "seed", "everything")
    finally:
        mcts._play = real
    assert decision in [dict(d) for d in prompt.decisions]
    assert seen and all(s.to_dict() == state.to_dict() for s in seen)
    assert mcts.Skeleton is Skeleton
