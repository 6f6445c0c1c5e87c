"""``mcts@13``: determinized Monte Carlo search with a budget, rolling out with the heuristic bot.

For each decision with more than one choice:

1. **Candidates**: the decisions on offer, only the ``MAX_CANDIDATES`` the heuristic bot rates
   best when there are many. A discard offers every subset of the hand, and the heuristic
   names one; the search also weighs each discard that keeps or throws back one card otherwise
   (``_candidates``).
2. **Determinize** (games/ai/determinize.py): each sample is a full state consistent with the
   seat's view — other hands, every deck order, the Drink Me! piles and the Drink Deck dealt
   at random from the cards not seen in public.
3. **Sequential halving on common samples**: the iteration budget is split into rounds; in
   each round every candidate still in the race is applied to the *same* fresh samples (with
   the same rollout stream), and the worse half of the challengers is dropped (the heuristic's
   choice always stays in). Comparing candidates on the same imagined deals cancels most of
   the luck of the deal, which is what decides a search of a few dozen rollouts.
4. **Roll out**: every seat plays like the heuristic bot (``heuristic.rollout_decide``) on its
   own view of the sample, up to the start of the turn after next (``ROLLOUT_TURNS``), so that
   every candidate's rollout stops at the same point of the game (a count of decisions would
   stop a card played, which adds its answer windows, earlier in the turn than a pass). The
   opponent being modelled is usually that bot, so the rollouts predict it closely; short
   rollouts measure what the decision changes now with less noise from what comes later, and
   leave time for more samples.
5. **Evaluate**: 1 for a win, 0 for being out, else the seat's chance to win from there,
   fitted on heuristic self-play: boosted trees reading both seats side by side, hands,
   characters and the Drinks waiting included (games/ai/trees.py).
6. **Give up early**: every ``CHECK_EVERY`` samples, when the best challenger left trails the
   heuristic's choice by ``GIVE_UP`` standard errors of the paired difference (or ties it on
   every sample: the choice changes nothing), stop and play the heuristic's choice. Most
   decisions stop there after a dozen samples, so a close decision can be given a budget of
   ``ITERATIONS`` at the same mean time, and four times that when two seats are in play
   (``Settings.budget``); at bigger tables a rollout is longer and a decision already takes
   about as long.
7. Return the heuristic's choice unless the best challenger left beats it, on the samples
   both were played on, by more than ``CONFIDENCE`` standard errors (``_choice``).

The budget is a number of iterations (``ITERATIONS``, one rollout each), so the same view and
seed always give the same decision; ``MAX_SECONDS`` caps the wall time counted from the moment
``decide`` is called (the bot then decides on what it has, and only then can two runs differ).
When a view cannot be determinized it decides like the heuristic bot.

``Settings`` holds what a search variant can change; the laboratory (lab/, never imported here)
builds variants with ``searcher``.
"""
from __future__ import annotations

import json
import math
import os
import random
import time
from dataclasses import dataclass
from typing import Callable

from games import engine
from games.ai import heuristic
from games.ai.common import Decision, rng_for
from games.ai.determinize import Skeleton, Unsupported
from games.ai.trees import TREES

NAME, VERSION = "mcts", 13
ITERATIONS = int(os.environ.get("RDI_MCTS_ITERATIONS", "240"))
MAX_SECONDS = float(os.environ.get("RDI_MCTS_SECONDS", "0.6"))
MAX_CANDIDATES = 8
#: Rollouts stop at the start of the turn this many turns after the decision's (the turn after
#: next: about 11 decisions at two seats), within `TURNS_CAP` decisions.
ROLLOUT_TURNS = int(os.environ.get("RDI_MCTS_TURNS", "2"))
TURNS_CAP = 60
MIN_SAMPLES = 6
CONFIDENCE = float(os.environ.get("RDI_MCTS_CONFIDENCE", "2.0"))
#: Every this many samples, a decision whose challengers all trail by ``GIVE_UP`` standard
#: errors stops (``_hopeless``).
CHECK_EVERY = 6
GIVE_UP = float(os.environ.get("RDI_MCTS_GIVE_UP", "1.0"))


@dataclass(frozen=True)
class Settings:
    """What a search variant changes: where a rollout stops, how the position is judged there,
    the heuristic's tuning that ranks the candidates and plays the rollouts, whether it also
    weighs the discards one card away from the heuristic's, and how many rollouts it spends.

    A rollout stops after `depth` decisions, or (`turns`) at the start of the turn that many
    turns after the decision's, with `depth` as a cap. A fixed count of decisions stops the
    candidates of one decision at different points of the game: a card played adds its answer
    windows, so its rollout ends earlier in the turn than a pass's and may not reach a Drink the
    pass's reaches. Stopping every candidate at the same turn's start compares like with like."""
    value: Callable
    depth: int
    tuning: heuristic.Tuning = heuristic.TUNING
    other_discards: bool = False
    turns: int = 0
    #: A close decision's rollouts as a multiple of ``ITERATIONS``, for a table of this many
    #: seats still in play. A rollout at a bigger table is longer (every seat may answer every
    #: card), so mcts@13 spends four times the budget only when two seats are in play.
    budget: Callable[[int], float] = lambda seats: 1.0


def _rollout(state, me: int, rng, settings: Settings, turn: int) -> float:
    """Play on from `state` as `settings` says, from a decision taken in turn `turn`; the value there."""
    end = turn + settings.turns if settings.turns else None
    for _ in range(settings.depth):
        if state.over or (end is not None and state.turn >= end):
            break
        prompts = engine.prompts(state)
        if not prompts:
            break
        prompt = prompts[0]
        # A forced move needs no view: building one is a third of a rollout's time.
        if len(prompt.decisions) == 1 and not prompt.subsets:
            decision = prompt.decisions[0]
        else:
            decision = heuristic.rollout_decide(engine.view(state, prompt.seat), rng, settings.tuning)
        state, _ = engine.apply(state, decision)
    return settings.value(state, me)


def _play(skeleton: Skeleton, candidate: Decision, sample_seed: int, me: int, settings: Settings) -> float:
    """One rollout of `candidate` on the sample `sample_seed` names (same seed, same deal)."""
    rng = random.Random(sample_seed)
    state = skeleton.sample(rng)
    turn = state.turn              # before the candidate: one that ends the turn must not move the stop
    try:
        state, _ = engine.apply(state, dict(candidate))
    except engine.IllegalDecision:
        return 0.0
    return _rollout(state, me, rng, settings, turn)


#: What mcts@13 searches with: the trees' value, rollouts to the turn after next, the discards one
#: card away weighed too, and four times the rollouts when two seats are in play.
SETTINGS = Settings(TREES, TURNS_CAP, other_discards=True, turns=ROLLOUT_TURNS,
                    budget=lambda seats: 4.0 if seats == 2 else 1.0)


def searcher(settings: Settings) -> Callable[..., Decision]:
    """The search's ``decide`` with `settings`: the bot's own with ``SETTINGS``."""
    def decide(view: dict, *, seed: str, iterations: int | None = None, max_seconds: float | None = None,
               options: dict | None = None) -> Decision:
        return _search(view, seed, iterations, max_seconds, options, settings)
    return decide


decide = searcher(SETTINGS)


def _search(view: dict, seed: str, iterations: int | None, max_seconds: float | None, options: dict | None,
            settings: Settings) -> Decision:
    deadline = time.perf_counter() + (MAX_SECONDS if max_seconds is None else max_seconds)
    decisions = view["prompt"]["decisions"]
    if len(decisions) == 1 and not view["prompt"].get("subsets"):
        return dict(decisions[0])
    if iterations is None:
        iterations = round(ITERATIONS * settings.budget(sum(s["status"] == "in" for s in view["seats"])))
    candidates = _candidates(view, settings)
    if len(candidates) == 1:      # e.g. a discard where no subset beats keeping the hand
        return dict(candidates[0])
    rng = rng_for(seed, NAME)
    try:
        skeleton = Skeleton(view, options)
        skeleton.check(skeleton.sample(rng))
    except Unsupported:
        return heuristic.decide(view, seed=seed, tuning=settings.tuning)
    me = view["prompt"]["seat"]
    values: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    seeds: list[int] = []
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    for _ in range(rounds):
        per_candidate = max(1, iterations // rounds // len(alive))
        done = len(values[0])
        for i in range(done, done + per_candidate):
            seeds.append(rng.getrandbits(64))
            for j in alive:
                # Checked before every rollout: one can take tens of milliseconds.
                if time.perf_counter() > deadline:
                    return dict(candidates[_choice(values, alive)])
                values[j].append(_play(skeleton, candidates[j], seeds[i], me, settings))
            if (i + 1) % CHECK_EVERY == 0 and _hopeless(values, alive):
                return dict(candidates[0])
        if len(alive) <= 2:
            break
        # The heuristic's choice always stays in: it is what a challenger must beat.
        others = sorted(alive[1:], key=lambda j: (-sum(values[j]), j))
        alive = [0] + others[:max(1, len(alive) // 2 - 1)]
    return dict(candidates[_choice(values, alive)])


def _candidates(view: dict, settings: Settings) -> list[Decision]:
    """The heuristic's choice first, then the others it rates best. A discard is offered as
    "any subset of the hand", and the heuristic names one subset: the search also weighs the
    discards that keep or throw back other cards (the largest gain measured, docs/lab/ai-notes.md "mcts@8")."""
    ranked = heuristic.ranked(view, settings.tuning)
    if settings.other_discards and view["prompt"].get("kind") == "phase:discard":
        ranked += heuristic.discards_nearby(view, settings.tuning)
    out, seen = [], set()
    for _, d in ranked:
        key = json.dumps(d, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out[:MAX_CANDIDATES]


def _hopeless(values: list[list[float]], alive: list[int]) -> bool:
    """Whether no challenger left can still be shown better than the heuristic's choice: the
    best one trails it (or ties it on every sample: the choice changes nothing) by at least
    ``GIVE_UP`` standard errors. Most decisions end here early, and the time saved goes to
    the close ones (``ITERATIONS`` is the budget of a close decision)."""
    n = min(len(values[j]) for j in alive)
    if n < 2 * MIN_SAMPLES:
        return False
    best = max(alive[1:], key=lambda j: (sum(values[j][:n]), -j))
    diffs = [a - b for a, b in zip(values[best][:n], values[0][:n])]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean + GIVE_UP * spread <= 0


def _choice(values: list[list[float]], alive: list[int]) -> int:
    """The heuristic's choice (0) unless the best challenger beats it on the samples both
    were played on by more than ``CONFIDENCE`` standard errors of the paired difference: with
    a few dozen rollouts most gaps are luck, and the heuristic is a strong default."""
    n = min(len(values[j]) for j in alive)
    if n < MIN_SAMPLES:
        return 0
    best = max(alive[1:], key=lambda j: (sum(values[j][:n]), -j))
    diffs = [a - b for a, b in zip(values[best][:n], values[0][:n])]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return best if mean > CONFIDENCE * spread and mean > 0 else 0
