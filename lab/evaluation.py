"""The leaf values of the older searches, fitted or hand-made: mcts@5 to mcts@10's logistic model
over margins and Gold (``win_chance``), mcts@11's that also reads the hands (``HANDS``), and
mcts@4's hand-made score (``handmade``). Today's search judges with boosted trees
(games/ai/trees.py); these stay for experiments (lab/variants.py) and for the scripts that fit
them or compare with them (lab/fit_evaluation.py, lab/fit_trees.py).

``win_chance`` and ``HANDS`` are logistic models over the difference between the seat's
features and its strongest opponent's (games/ai/evaluation.py's ``features``): antisymmetric by
construction, so in a two-seat game the two seats' chances add up to one. Their weights were
fitted by lab/fit_evaluation.py on heuristic-against-heuristic games; the command and its seed
are in each one's ``fitted``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from games import engine
from games.ai.evaluation import KINDS, NAMES, features, judge, sigmoid, strength

#: Fitted weights (lab/fit_evaluation.py; see FITTED), one per entry of NAMES.
WEIGHTS = (0.1147, -2.0902, 0.0087, -1.0799, -0.0426, 0.0147, -0.0559)
FITTED = ("python lab/fit_evaluation.py --games 4000 --seed 2026: 127,880 training rows, 130,936 held out; "
          "held-out log-loss 0.6251 (a constant 0.6931), accuracy 63.8 %")


def logit(mine: list[float], theirs: list[float], weights=WEIGHTS) -> float:
    return sum(w * (a - b) for w, a, b in zip(weights, mine, theirs))


@dataclass(frozen=True)
class Value:
    """A fitted value read from a whole state: the seat's chance to win, a logistic model over
    the difference between `features(state, seat)` of the seat (its team's strongest) and of its
    strongest opponent."""
    features: Callable
    weights: tuple
    fitted: str

    def __call__(self, state, me: int) -> float:
        return judge(state, me, lambda mine, theirs: sigmoid(
            logit(self.features(state, mine), self.features(state, theirs), self.weights)))


#: mcts@5 to mcts@10's value: margins and Gold (and the hand's and the Drink Me! pile's sizes).
win_chance = Value(lambda state, i: features(state.seats[i]), WEIGHTS, FITTED)

_KIND_OF = {effect: i for i, effects in enumerate(KINDS.values()) for effect in effects}


def _kind_counts(state, seat) -> list[int]:
    """The seat's hand by kind (`KINDS`); cards of other effect words (and pack cards) are
    counted only in the hand's size."""
    cards = engine.content_of(state.content).cards
    counts = [0] * len(KINDS)
    for cid in seat.hand:
        kind = _KIND_OF.get(cards[state.cards[cid]].effect)
        if kind is not None:
            counts[kind] += 1
    return counts


def hand_features(state, i: int) -> list[float]:
    """`features` of seat i, then its hand by kind (`KINDS`), then whether its turn is starting."""
    seat = state.seats[i]
    return features(seat) + _kind_counts(state, seat) + [1.0 if state.active == i else 0.0]


HAND_NAMES = NAMES + tuple(KINDS) + ("active",)


#: mcts@11's value (lab/fit_evaluation.py --value hands --at turns; see its `fitted`). A Drink
#: saver or an answer in hand counts for the seat, an attack, a steal, a heal or a card for
#: Gambling a little against: correlations in the heuristic's games (a hand still holding attacks
#: at a turn's start drew nothing better), not what the cards do.
HANDS = Value(
    hand_features,
    (0.0519, -3.5737, -0.0016, -2.0860, -0.0362, 0.0626, -0.0538,
     0.0441, -0.0327, -0.0420, -0.0394, 0.0247, -0.0828, -0.0098, 0.1603),
    "python lab/fit_evaluation.py --value hands --at turns --games 12000 --seed 3303: 186,674 training rows, "
    "189,724 held out (each turn's start); held-out log-loss 0.6152 (mcts@10's weights 0.6218 on the same rows, "
    "a constant 0.6931), accuracy 64.1 %")


def handmade(state, me: int) -> float:
    """mcts@4's hand-made value: the seat's strength against its best opponent's."""
    if state.over:
        return 1.0 if me in state.winners else 0.0
    if state.seats[me].out:
        return 0.0
    mat = state.seats[me].mat                # a teammate shares my mat: not an opponent
    # a team's Potions sit on its first seat: the strength of a team is its best seat's
    mine = max(strength(s) for s in state.seats if s.mat == mat)
    others = [strength(s) for s in state.seats if s.mat != mat and not s.out]
    if not others:
        return 1.0
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / 8)
