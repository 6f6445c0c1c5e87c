"""lab/hand_inference.py: deals that agree with the other seats' choices (an experiment of
lab/search_ceiling.py, docs/lab/ai-notes.md "Where the gap is")."""
import copy
import random

import pytest

from games import engine
from games.ai import heuristic, mcts
from games.ai.common import decision_seed
from games.ai.determinize import Skeleton
from games.engine.core.state import clone

from lab import search_ceiling
from lab.hand_inference import Inference, Seen

PAIRS = [("deirdre", "fiona"), ("gerki", "zot"), ("fiona", "gerki"), ("zot", "deirdre")]


def _positions(pair, seed):
    """Seat 0's positions with a choice in a heuristic game: (state, seat 0's view, the
    history of seat 1's decisions so far as seat 0 saw them)."""
    state = engine.new_game({"seats": [{"character": c} for c in pair], "seed": seed})
    history = []
    seq = 0
    while not state.over and seq < 2000:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        decision = heuristic.decide(view, seed=decision_seed(secret=seed, seq=seq, seat=prompt.seat))
        if prompt.seat == 0 and len(prompt.decisions) > 1:
            yield clone(state), copy.deepcopy(view), list(history)     # copies: later decisions change frames
        if prompt.seat == 1:
            history.append(Seen(copy.deepcopy(engine.view(state, 0)), decision))
        state, _ = engine.apply(state, decision)
        seq += 1


@pytest.mark.parametrize("pair", PAIRS)
def test_the_true_hand_always_agrees_and_random_deals_often_do_not(pair):
    """The rebuild of a past choice must never rule out the hand the seat really holds (its
    guards skip a choice made before a draw or a reshuffle); and it must tell something: some
    random deals are ruled out."""
    judged = agreed = rejected = tried = 0
    positions = [p for game in range(3) for p in _positions(pair, f"infer-{pair[0]}-{game}")]
    for state, view, history in positions:
        skeleton = Skeleton(view)
        inference = Inference(skeleton, history, 0, heuristic.TUNING)
        if not inference.choices:
            continue
        judged += 1
        agreed += inference.agrees(state)
        rng = random.Random(len(history))
        for _ in range(4):
            tried += 1
            rejected += not inference.agrees(skeleton.sample(rng))
    assert judged > 30
    assert agreed == judged
    assert 0 < rejected < tried


def test_the_search_told_the_history_plays_deals_that_agree(monkeypatch):
    """`search_ceiling --knows history`: the search rolls out on deals the history allows
    (the first of ``TRIES`` that agrees), decides legally and the same way twice, and puts
    the sampler back."""
    played, positions = [], 0
    real = mcts._play
    # a fixed budget decides the same way twice; the wall-time cap would not on a busy machine
    monkeypatch.setattr(mcts, "MAX_SECONDS", 1000)
    monkeypatch.setattr(mcts, "_play", lambda skeleton, c, s, me, leaf: played.append((skeleton, s)) or
                        real(skeleton, c, s, me, leaf))
    for state, view, history in _positions(PAIRS[0], "infer-search"):
        inference = Inference(Skeleton(view), history, 0, heuristic.TUNING)
        if not inference.choices or positions == 6:
            continue
        positions += 1
        played.clear()
        decision = search_ceiling._search(view, state, f"s{len(history)}", "history", history)
        assert engine.prompts(state)[0].offers(decision)
        assert decision == search_ceiling._search(view, state, f"s{len(history)}", "history", history)
        assert mcts.Skeleton is Skeleton
        samples = [skeleton.sample(random.Random(s)) for skeleton, s in played]
        # about one random deal in five agrees here, so all 16 tries fail for a few per cent
        assert samples and sum(map(inference.agrees, samples)) >= 0.9 * len(samples)
    assert positions == 6
