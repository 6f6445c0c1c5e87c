"""A value for non-terminal positions fitted on self-play (the leaf evaluation of mcts@5 to mcts@10).

The search bot's rollouts stop after a few turns; what a position is worth then is the chance
the seat goes on to win. ``win_chance`` estimates it with a logistic model over the difference
between the seat's features and its strongest opponent's (``features``): antisymmetric by
construction, so in a two-seat game the two seats' chances add up to one.

The weights are fitted by ``tools/fit_evaluation.py`` on heuristic-against-heuristic games
(the play the rollouts simulate); the command and its seed are in ``FITTED``.
"""
from __future__ import annotations

import math

#: What a team's Potion held is worth in margin (docs/teams.md): rollouts end long before the
#: last chance where it is drunk, so without it the search would drink Potions at once.
POTION_WORTH = 4


def features(seat) -> list[float]:
    """A seat's numbers the model weighs (a state's `Seat`, or a team's best seat). Margin and
    Gold each enter plainly and through a decaying term: a point counts more near zero,
    where the seat leaves the game."""
    margin = seat.fortitude - seat.alcohol + POTION_WORTH * seat.tokens.get("potions", 0)
    gold = seat.gold
    return [margin, 0.85 ** max(margin, 0), gold, 0.7 ** max(gold, 0), seat.alcohol,
            len(seat.hand), len(seat.drink_me)]


NAMES = ("margin", "margin_danger", "gold", "gold_danger", "alcohol", "hand", "drink_me")

#: Fitted weights (tools/fit_evaluation.py; see FITTED), one per entry of NAMES.
WEIGHTS = (0.1147, -2.0902, 0.0087, -1.0799, -0.0426, 0.0147, -0.0559)
FITTED = ("python tools/fit_evaluation.py --games 4000 --seed 2026: 127,880 training rows, 130,936 held out; "
          "held-out log-loss 0.6251 (a constant 0.6931), accuracy 63.8 %")


def strength(seat) -> float:
    """Who the strongest opponent is: the one furthest from leaving the game."""
    return (min(seat.fortitude - seat.alcohol, 2 * seat.gold) + 0.1 * (seat.fortitude - seat.alcohol + seat.gold)
            + POTION_WORTH * seat.tokens.get("potions", 0))


def logit(mine: list[float], theirs: list[float], weights=WEIGHTS) -> float:
    return sum(w * (a - b) for w, a, b in zip(weights, mine, theirs))


def win_chance(state, me: int, weights=WEIGHTS) -> float:
    if state.over:
        return 1.0 if me in state.winners else 0.0
    if state.seats[me].out:
        return 0.0
    mat = state.seats[me].mat                # a teammate shares my mat: not an opponent
    mine = max((s for s in state.seats if s.mat == mat and not s.out), key=strength)
    others = [s for s in state.seats if s.mat != mat and not s.out]
    if not others:
        return 1.0
    x = logit(features(mine), features(max(others, key=strength)), weights)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))
