"""lab/search_ceiling.py: the search told what it cannot see (docs/lab/ai-notes.md, "Where the gap is")."""
import dataclasses
import random

from games import engine
from games.ai import heuristic, mcts, trees
from games.ai.common import decision_seed
from games.ai.determinize import Skeleton
from lab import evaluation, search_ceiling, variants


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
    """`--search margins-value` searches as that variant (mcts@10's logistic value after 16
    decisions), `--search mcts` as today's search: each rollout is judged by the value asked for."""
    monkeypatch.setattr(mcts, "MAX_SECONDS", 1000)     # a fixed budget: the same decision twice
    judged = []
    real = mcts._play
    monkeypatch.setattr(mcts, "_play", lambda skeleton, candidate, sample_seed, me, settings: judged.append(
        settings.value) or real(skeleton, candidate, sample_seed, me, settings))
    state = _position()
    prompt = engine.prompts(state)[0]
    view, seed = engine.view(state, prompt.seat), "ceiling-2"
    for name, value in (("margins-value", evaluation.win_chance), ("mcts", trees.TREES)):
        judged.clear()
        decision = search_ceiling._search(view, state, seed, "nothing", search=name)
        assert judged and set(map(id, judged)) == {id(value)}
        assert decision == variants.get(name).decide(view, seed=seed)


def test_paired_difference_over_the_deals_both_runs_played():
    n, mean, half = search_ceiling.paired({0: 1.0, 1: 0.0, 2: 1.0, 3: 0.5}, {0: 0.0, 1: 0.0, 2: 1.0, 9: 1.0})
    assert n == 3 and mean == 1 / 3
    assert abs(half - 1.96 * (1 / 3)) < 1e-9       # diffs 1, 0, 0: sd sqrt(1/3), over sqrt(3)


def test_the_opponent_is_the_version_asked_for(monkeypatch):
    """`--opponent heuristic@9` seats heuristic@9 across the table: each seat decides with the
    bot its label names (a cheap bot in the search's seat keeps the game quick)."""
    asked = []
    real = variants.get

    def spy(label):
        bot = real(label)
        return dataclasses.replace(bot, decide=lambda view, seed: asked.append(label) or bot.decide(view, seed=seed))
    monkeypatch.setattr(variants, "get", spy)
    won, _ = search_ceiling.play(0, 5, "nothing", search="random", opponent="heuristic@9")
    assert 0.0 <= won <= 1.0
    assert set(asked) == {"random", "heuristic@9"}
