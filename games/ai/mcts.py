"""``mcts@1``: determinized Monte Carlo tree search with a budget.

For each decision with more than one choice:

1. **Candidates**: the decisions on offer; when there are many (a discard offers every subset
   of the hand) only the ``MAX_CANDIDATES`` the heuristic bot rates best.
2. **Determinize** (games/ai/determinize.py): each iteration samples a full state consistent
   with the seat's view — other hands, every deck order, the Drink Me! piles and the Drink
   Deck dealt at random from the cards not seen in public.
3. **Select** a candidate with UCB1 over the statistics gathered across all samples (the root
   of the tree is the bot's information set; one node per candidate), apply it to the sample,
   then **roll out**: every seat plays the fast greedy policy (on the sample, where everything
   is known) for at most ``ROLLOUT_DEPTH`` decisions.
4. **Evaluate**: 1 for a win, 0 for being out, else a score from Fortitude left and Gold of
   the seat against its best opponent; back it up into the candidate.
5. Return the candidate with the most visits (ties: the better mean).

The budget is a number of iterations (``ITERATIONS``), so the same view and seed always give
the same decision; ``MAX_SECONDS`` caps the wall time (the bot then decides on what it has,
and only then can two runs differ). When a view cannot be determinized it decides like the
heuristic bot.
"""
from __future__ import annotations

import math
import os
import time

from games import engine
from games.ai import heuristic
from games.ai.common import Decision, rng_for
from games.ai.determinize import Skeleton, Unsupported

NAME, VERSION = "mcts", 1
ITERATIONS = int(os.environ.get("RDI_MCTS_ITERATIONS", "300"))
MAX_SECONDS = float(os.environ.get("RDI_MCTS_SECONDS", "0.8"))
MAX_CANDIDATES = 8
ROLLOUT_DEPTH = 120
EXPLORATION = 0.7


def _strength(seat) -> float:
    return min(seat.fortitude - seat.alcohol, 2 * seat.gold) + 0.1 * (seat.fortitude - seat.alcohol + seat.gold)


def evaluate(state, me: int) -> float:
    if state.over:
        return 1.0 if me in state.winners else 0.0
    if state.seats[me].out:
        return 0.0
    mine = _strength(state.seats[me])
    others = [_strength(s) for i, s in enumerate(state.seats) if i != me and not s.out]
    if not others:
        return 1.0
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / 8)


def _rollout(state, me: int, rng) -> float:
    from games.simulation import greedy_policy

    for _ in range(ROLLOUT_DEPTH):
        if state.over:
            break
        prompts = engine.prompts(state)
        if not prompts:
            break
        state, _ = engine.apply(state, greedy_policy(state, prompts, rng))
    return evaluate(state, me)


def decide(view: dict, *, seed: str, iterations: int | None = None, max_seconds: float | None = None,
           options: dict | None = None) -> Decision:
    decisions = view["prompt"]["decisions"]
    if len(decisions) == 1:
        return dict(decisions[0])
    iterations = ITERATIONS if iterations is None else iterations
    max_seconds = MAX_SECONDS if max_seconds is None else max_seconds
    candidates = [d for _, d in heuristic.ranked(view)][:MAX_CANDIDATES]
    rng = rng_for(seed, NAME)
    try:
        skeleton = Skeleton(view, options)
        skeleton.check(skeleton.sample(rng))
    except Unsupported:
        return heuristic.decide(view, seed=seed)
    me = view["prompt"]["seat"]
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    deadline = time.perf_counter() + max_seconds
    for n in range(iterations):
        if n % 8 == 0 and time.perf_counter() > deadline:
            break
        if n < len(candidates):
            k = n
        else:
            log_n = math.log(n)
            k = max(range(len(candidates)),
                    key=lambda j: totals[j] / visits[j] + EXPLORATION * math.sqrt(log_n / visits[j]))
        state = skeleton.sample(rng)
        try:
            state, _ = engine.apply(state, dict(candidates[k]))
            value = _rollout(state, me, rng)
        except engine.IllegalDecision:
            value = 0.0
        visits[k] += 1
        totals[k] += value
    best = max(range(len(candidates)), key=lambda j: (visits[j], totals[j] / max(visits[j], 1), -j))
    return dict(candidates[best])
