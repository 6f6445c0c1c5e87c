"""The search's budget: the early give-up only ever keeps the heuristic's choice and saves
rollouts; mcts@13 spends more of them when two seats are in play."""
import random

from games import engine
from games.ai import heuristic, mcts
from games.ai.common import decision_seed


def test_hopeless_when_challengers_tie_on_every_sample_or_trail():
    same = [[0.5] * 12, [0.5] * 12]
    assert mcts._hopeless(same, [0, 1])
    rng = random.Random(1)
    base = [rng.random() for _ in range(12)]
    behind = [b - 0.1 - 0.01 * rng.random() for b in base]
    assert mcts._hopeless([base, behind], [0, 1])


def test_not_hopeless_while_a_challenger_leads_or_samples_are_few():
    rng = random.Random(2)
    base = [rng.random() for _ in range(12)]
    ahead = [b + 0.05 for b in base]
    assert not mcts._hopeless([base, ahead], [0, 1])
    assert not mcts._hopeless([base[:6], [b - 1 for b in base[:6]]], [0, 1])
    # the best challenger counts: one trailing badly and one ahead is not hopeless
    assert not mcts._hopeless([base, [b - 1 for b in base], ahead], [0, 1, 2])


def test_give_up_keeps_the_heuristic_choice_and_saves_rollouts(monkeypatch):
    """On many positions of real games: whenever the search gives up, the decision is the
    heuristic's first-ranked one, and the bot spends fewer rollouts than its full budget (a
    give-up at the last check, after the last sample, saves none)."""
    played, hopeless = [], []
    play, check = mcts._play, mcts._hopeless
    monkeypatch.setattr(mcts, "_play", lambda *a: played.append(1) or play(*a))
    monkeypatch.setattr(mcts, "_hopeless", lambda *a: hopeless.append(check(*a)) or hopeless[-1])
    gave_up = saved = full = 0
    for g in range(2):
        state = engine.new_game({"seats": [{"character": c} for c in ("deirdre", "gerki")], "seed": f"giveup-{g}"})
        seq = 0
        while not state.over and seq < 400:
            prompt = engine.prompts(state)[0]
            view = engine.view(state, prompt.seat)
            seed = decision_seed(secret=f"giveup-{g}", seq=seq, seat=prompt.seat)
            if len(prompt.decisions) > 1 and seq % 5 == 0:
                played.clear()
                hopeless.clear()
                decision = mcts.decide(view, seed=seed, iterations=48, max_seconds=60)
                assert prompt.offers(decision)
                if any(hopeless):
                    gave_up += 1
                    assert decision == [d for _, d in heuristic.ranked(view)][0]
                    assert len(played) <= 48
                    saved += len(played) < 48
                full += 1
            state, _ = engine.apply(state, heuristic.decide(view, seed=seed))
            seq += 1
    assert full > 10 and gave_up > 0 and saved > 0


def test_mcts_13_spends_four_times_the_budget_at_two_seats_and_the_budget_at_four(monkeypatch):
    """A close decision (no give-up, every rollout a tie) spends the whole budget: four times
    ``ITERATIONS`` at two seats and ``ITERATIONS`` at four, where a rollout is longer."""
    played = []
    monkeypatch.setattr(mcts, "_play", lambda *a: played.append(1) or 0.5)
    monkeypatch.setattr(mcts, "_hopeless", lambda *a: False)

    def spent(decide, view, **budget):
        played.clear()
        decide(view, seed="budget", max_seconds=60, **budget)
        return len(played)
    for characters, factor in ((("deirdre", "gerki"), 4), (("deirdre", "gerki", "fiona", "zot"), 1)):
        state = engine.new_game({"seats": [{"character": c} for c in characters], "seed": "budget"})
        while len(engine.prompts(state)[0].decisions) < 2:
            prompt = engine.prompts(state)[0]
            state, _ = engine.apply(state, heuristic.decide(engine.view(state, prompt.seat), seed="budget"))
        view = engine.view(state, engine.prompts(state)[0].seat)
        assert spent(mcts.decide, view) == spent(mcts.decide, view, iterations=factor * mcts.ITERATIONS) > 0
    assert mcts.SETTINGS.budget(2) == 4.0
    assert mcts.SETTINGS.budget(3) == 1.0 and mcts.SETTINGS.budget(6) == 1.0
