"""Where a rollout stops: at the start of the same turn for every candidate (docs/lab/ai-notes.md, "mcts@11")."""
import dataclasses

from games import engine
from games.ai import heuristic, mcts
from games.ai.common import decision_seed
from games.ai.determinize import Skeleton


def _choices(games: int = 2):
    """(view, decision's turn) at each choice of two-seat heuristic games, with a skeleton to
    sample from."""
    for g in range(games):
        secret = f"rollout-stop-{g}"
        state = engine.new_game({"seats": [{"character": c} for c in ("fiona", "zot")], "seed": secret})
        seq = 0
        while not state.over and seq < 300:
            prompt = engine.prompts(state)[0]
            view = engine.view(state, prompt.seat)
            seed = decision_seed(secret=secret, seq=seq, seat=prompt.seat)
            if len(prompt.decisions) > 1 or prompt.subsets:
                yield view, state.turn
            state, _ = engine.apply(state, heuristic.decide(view, seed=seed))
            seq += 1


def _leaves(view, settings) -> list[tuple]:
    """Where each candidate's rollout on one sample stops: (over, turn, the prompt's kind)."""
    seen = []

    def value(state, me):
        prompts = [] if state.over else engine.prompts(state)
        seen.append((state.over, state.turn, prompts[0].kind if prompts else None))
        return 0.5
    settings = dataclasses.replace(settings, value=value)
    skeleton = Skeleton(view)
    for candidate in mcts._candidates(view, settings):
        mcts._play(skeleton, candidate, 7, view["prompt"]["seat"], settings)
    return seen


def test_every_candidate_stops_at_the_start_of_the_turn_after_next():
    checked = 0
    for view, turn in _choices():
        for over, stop, kind in _leaves(view, mcts.SETTINGS):
            assert over or (stop == turn + mcts.ROLLOUT_TURNS and kind == "phase:discard"), (turn, stop, kind)
        checked += 1
    assert checked > 40


def test_a_count_of_decisions_stops_candidates_at_different_points():
    """Why: a count of decisions (mcts@10's 16) stops one decision's candidates at different turns
    and phases (a card played adds its answer windows), so their leaves are judged at different points."""
    count = dataclasses.replace(mcts.SETTINGS, depth=16, turns=0)
    apart = sum(len({leaf for leaf in _leaves(view, count) if not leaf[0]}) > 1
                for view, _ in _choices(1))
    assert apart > 5
