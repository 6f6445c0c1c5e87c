"""A value for non-terminal positions fitted on self-play (the leaf evaluation of mcts@5 and later).

The search bot's rollouts stop after a few turns; what a position is worth then is the chance
the seat goes on to win. ``win_chance`` estimates it with a logistic model over the difference
between the seat's features and its strongest opponent's (``features``): antisymmetric by
construction, so in a two-seat game the two seats' chances add up to one.

The weights are fitted by ``tools/fit_evaluation.py`` on heuristic-against-heuristic games
(the play the rollouts simulate); the command and its seed are in ``FITTED``.

mcts@11's value (``HANDS``) also reads each seat's hand by kind of card (``KINDS``) and whose
turn is starting, and is fitted on the positions its rollouts stop at: the start of a turn.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from games import engine

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


def judge(state, me: int, chance: Callable[[int, int], float]) -> float:
    """Seat `me`'s chance to win: certain at the end, when it is out or has no opponent left,
    else `chance(mine, theirs)` of its team's strongest seat against its strongest opponent."""
    if state.over:
        return 1.0 if me in state.winners else 0.0
    if state.seats[me].out:
        return 0.0
    mat = state.seats[me].mat                # a teammate shares my mat: not an opponent
    mine = max((i for i, s in enumerate(state.seats) if s.mat == mat and not s.out),
               key=lambda i: strength(state.seats[i]))
    others = [i for i, s in enumerate(state.seats) if s.mat != mat and not s.out]
    if not others:
        return 1.0
    return chance(mine, max(others, key=lambda i: strength(state.seats[i])))


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


#: mcts@5 to mcts@10's value: margins and Gold (and the hand's and the Drink Me! pile's sizes).
win_chance = Value(lambda state, i: features(state.seats[i]), WEIGHTS, FITTED)


#: The kinds of card a hand is read by (mcts@11's value): what a card in hand can still do
#: beyond a rollout's end (a Drink kept off, a Fortitude healed, a hit...). Cards of other
#: effect words (and pack cards) are counted only in the hand's size.
KINDS = {
    "savers": ("ignore_drink", "pass_drink", "leave_or_ignore_drink", "ignore_card_or_drink", "split_drink",
               "courage"),
    "heals": ("heal_self", "mass_heal", "heal_target_pay"),
    "attacks": ("damage", "damage_each", "force_drink", "hit_back"),
    "steals": ("steal_one", "steal_each", "tip_wench"),
    "answers": ("ignore_card", "negate_sometimes", "negate_drink_change"),
    "control": ("raise", "winning_hand", "control", "force_out", "take_pot"),
    "drink_mods": ("drink_mod", "extra_drink", "order_extra"),
}
_KIND_OF = {effect: i for i, effects in enumerate(KINDS.values()) for effect in effects}


def _kind_counts(state, seat) -> list[int]:
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


#: mcts@11's value (tools/fit_evaluation.py --value hands --at turns; see its `fitted`). A Drink
#: saver or an answer in hand counts for the seat, an attack, a steal, a heal or a card for
#: Gambling a little against: correlations in the heuristic's games (a hand still holding attacks
#: at a turn's start drew nothing better), not what the cards do.
HANDS = Value(
    hand_features,
    (0.0519, -3.5737, -0.0016, -2.0860, -0.0362, 0.0626, -0.0538,
     0.0441, -0.0327, -0.0420, -0.0394, 0.0247, -0.0828, -0.0098, 0.1603),
    "python tools/fit_evaluation.py --value hands --at turns --games 12000 --seed 3303: 186,674 training rows, "
    "189,724 held out (each turn's start); held-out log-loss 0.6152 (mcts@10's weights 0.6218 on the same rows, "
    "a constant 0.6931), accuracy 64.1 %")
