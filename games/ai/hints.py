"""Bot hints beside each mechanic: how the heuristic bot values what a mechanic adds to the
game, registered by the module of games/ai/ that holds that mechanic's bot knowledge and keyed
by the names the engine gives the mechanic's things (docs/ai.md "Bot hints beside each
mechanic"). The heuristic and the search look a name up here and never compare one, so a new
mechanic's hints are one entry each, in a module of its own; games/ai/__init__.py imports every
such module, in one place, before any bot decides.

Each table, and what its entries are:

- ``DECISIONS[type]``: a decision type beyond the core's (pass, drink, order, split, discard,
  pick, play), ``fn(t, d, kit) -> float``. A type with no entry scores -0.5.
- ``PICKS[kind]``: a ``pick`` prompt's kind (games/engine/core/choices.py), each option
  ``fn(t, d, kit) -> float``. A kind with no entry scores every option 0 (the seeded stream picks).
- ``CARDS[effect]``: a card by its effect word (``Card.effect``) when it is played,
  ``fn(t, card, d, kit) -> float``; ``KEEP[effect]`` is what such a card is worth kept in hand
  (the discard weighs it). A word with neither is a pack card the heuristic judges by its aim.
- ``TARGETS[name]``: a card aimed at a participant who is no seat (Otto): the play's score,
  ``fn(t, card, d, kit) -> float``, whatever the card.
- ``BONUSES[key]``: a key a mechanic adds to a card play (Glare's ``"glare"``): what it adds
  to the card's score, ``fn(t, d, kit) -> float``. Added in the order of their names.
- ``PLAYS[name]``: a card play the mechanic scores whole, before the card's effect is read (an
  Item that ends the turn, a won Prize), ``fn(t, d, kit) -> float``, or None when the play is
  not its own. Tried in the order of their names.
- ``DEALT[option]``: the cards a table option deals at set-up that the search must imagine
  (games/ai/determinize.py), ``fn(content, options) -> (card keys, owner)``, asked in the
  order the engine deals them (its options' ``order``).

``t`` is the deciding seat's view (``heuristic.Scoring``), ``d`` the decision, and ``kit`` what
the heuristic lends its hints (``Kit``), so a hint module never imports the bot.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Kit:
    """The heuristic's own measures, for hints to build on (heuristic.KIT)."""
    #: keep(t, effect): what a card with this effect word is worth kept in hand.
    keep: Callable
    #: play(t, d, c=None): the score of playing card `c` (else the decision's card) as `d` aims it.
    play: Callable
    #: drink_gain(t, effect, params, args): what that change to a Drink portion gains me, or None.
    drink_gain: Callable
    #: hits(frame, seat): whether a card frame on the stack would hurt that seat.
    hits: Callable
    #: Gold it keeps back before paying for extras.
    spare_gold: int


DECISIONS: dict[str, Callable] = {}
PICKS: dict[str, Callable] = {}
CARDS: dict[str, Callable] = {}
KEEP: dict[str, float] = {}
TARGETS: dict[str, Callable] = {}
BONUSES: dict[str, Callable] = {}
PLAYS: dict[str, Callable] = {}
DEALT: dict[str, Callable] = {}


def _register(table: dict, names, in_name_order: bool = False):
    def wrap(fn):
        for name in names:
            if name in table:
                raise ValueError(f"{name!r} has a bot hint already: {table[name].__module__}.{table[name].__name__}")
            table[name] = fn
        if in_name_order:       # entries that run one after another run in the order of their names
            entries = sorted(table.items())
            table.clear()
            table.update(entries)
        return fn
    return wrap


def decision(*types: str):
    """Register the hint of these decision types."""
    return _register(DECISIONS, types)


def pick(*kinds: str):
    """Register the hint of these ``pick`` prompt kinds."""
    return _register(PICKS, kinds)


def card(effect: str, *, keep: float):
    """Register the hint of playing a card with this effect word, and its keep-worth."""
    def wrap(fn):
        _register(CARDS, (effect,))(fn)
        KEEP[effect] = keep
        return fn
    return wrap


def target(name: str):
    """Register the hint of a card aimed at this participant."""
    return _register(TARGETS, (name,))


def bonus(key: str):
    """Register what a card play's key adds to the card's score."""
    return _register(BONUSES, (key,), in_name_order=True)


def play(name: str):
    """Register a hint that scores some card plays whole (None for the others)."""
    return _register(PLAYS, (name,), in_name_order=True)


def dealt(option: str):
    """Register the cards this table option deals at set-up."""
    return _register(DEALT, (option,))
