"""What the search's leaf value reads of a seat, and whom it judges against whom (games/ai/trees.py).

The search bot's rollouts stop after a few turns; what a position is worth then is the chance
the seat goes on to win. ``judge`` settles the certain cases (the game over, the seat out, no
opponent left) and otherwise asks a fitted chance of the seat's team's strongest seat against
its strongest opponent (``strength``); ``features`` and ``KINDS`` are the numbers of a seat and
the kinds of card in its hand that the trees read.
"""
from __future__ import annotations

import math
from typing import Callable

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


def strength(seat) -> float:
    """Who the strongest opponent is: the one furthest from leaving the game."""
    return (min(seat.fortitude - seat.alcohol, 2 * seat.gold) + 0.1 * (seat.fortitude - seat.alcohol + seat.gold)
            + POTION_WORTH * seat.tokens.get("potions", 0))


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


#: The kinds of card a hand is read by: what a card in hand can still do beyond a rollout's end
#: (a Drink kept off, a Fortitude healed, a hit...).
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
