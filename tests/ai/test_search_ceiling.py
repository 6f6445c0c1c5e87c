"""tools/search_ceiling.py: the search told what it cannot see (docs/ai.md, "Where the gap is")."""
import dataclasses
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



def test_search_plays_the_version_asked_for(monkeypatch):
    """`--search mcts@7` searches as mcts@7: at a discard where the current search throws back otherwise."""
    monkeypatch.setattr(mcts, "MAX_SECONDS", 1000)     # a fixed budget: the same decision twice
    state = engine.new_game({"seats": [{"character": "fiona"}, {"character": "zot"}], "seed": "ceiling-2"})
    seq = differed = 0
    while not state.over and not differed:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        seed = decision_seed(secret="ceiling-2", seq=seq, seat=prompt.seat)
        if prompt.kind == "phase:discard":
            v7, v8 = (search_ceiling._search(view, state, seed, "nothing", search=s) for s in ("mcts@7", "mcts"))
            assert v7 == mcts.decide_v7(view, seed=seed) and v8 == mcts.decide(view, seed=seed)
            differed = v7 != v8
        state, _ = engine.apply(state, heuristic.decide(view, seed=seed))
        seq += 1
    assert differed


def test_paired_difference_over_the_deals_both_runs_played():
    n, mean, half = search_ceiling.paired({0: 1.0, 1: 0.0, 2: 1.0, 3: 0.5}, {0: 0.0, 1: 0.0, 2: 1.0, 9: 1.0})
    assert n == 3 and mean == 1 / 3
    assert abs(half - 1.96 * (1 / 3)) < 1e-9       # diffs 1, 0, 0: sd sqrt(1/3), over sqrt(3)


def test_the_opponent_is_the_version_asked_for(monkeypatch):
    """`--opponent heuristic@7` seats heuristic@7 across the table: each seat decides with the
    bot its label names (a cheap bot in the search's seat keeps the game quick)."""
    asked = []
    real = search_ceiling.get_bot

    def spy(label):
        bot = real(label)
        return dataclasses.replace(bot, decide=lambda view, seed: asked.append(label) or bot.decide(view, seed=seed))
    monkeypatch.setattr(search_ceiling, "get_bot", spy)
    won, _ = search_ceiling.play(0, 5, "nothing", search="random", opponent="heuristic@7")
    assert 0.0 <= won <= 1.0
    assert set(asked) == {"random", "heuristic@7"}
