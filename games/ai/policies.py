"""Policies over the whole state: ``policy(state, prompts, rng) -> decision``, for simulation,
the property tests and the benchmarks (games/simulation.py), which see everything the engine
holds. They only ever pick among the decisions a prompt enumerates, so they never play an
illegal move.

- ``random_policy``: uniform over the prompts, then over the decisions (``random_decision``,
  also the ``random`` bot's choice from a seat's view, games/ai/__init__.py);
- ``greedy_policy``: a small rule of thumb bot, better than random.

The seat bots (``heuristic``, ``mcts``) decide from one seat's view instead; games/simulation.py
makes each a policy by its name.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from games import engine
from games.engine.core.prompt import COUNT, subset_decision

Decision = dict
Policy = Callable[[Any, list, random.Random], Decision]


def random_policy(state, prompts: list, rng: random.Random) -> Decision:
    """Uniform over prompts, then uniform over that prompt's decisions and subset offers (a
    subset offer, e.g. the discard, counts as one choice and then takes each card with
    probability 1/2)."""
    prompt = prompts[rng.randrange(len(prompts))] if len(prompts) > 1 else prompts[0]
    return random_decision(prompt, rng)


def random_decision(prompt, rng: random.Random) -> Decision:
    subsets = getattr(prompt, "subsets", None) or []
    k = rng.randrange(len(prompt.decisions) + len(subsets))
    if k < len(prompt.decisions):
        return prompt.decisions[k]
    offer = subsets[k - len(prompt.decisions)]
    if offer.get(COUNT) is not None:      # exactly that many (a Dungeon Event's discard)
        return subset_decision(offer, rng.sample(offer["cards"], offer[COUNT]))
    return {**offer, "cards": [c for c in offer["cards"] if rng.random() < 0.5]}


_PASS_WORDS = ("pass", "decline", "skip", "no_response", "done", "fold")
_DAMAGE_EFFECTS = {"damage": 3, "damage_each": 2}
_DRINK_DODGE_EFFECTS = {"ignore_drink", "leave_or_ignore_drink", "ignore_card_or_drink", "pass_drink"}


def _is_pass(decision: Decision) -> bool:
    kind = str(decision.get("type", "")).lower()
    return any(word in kind for word in _PASS_WORDS)


def _card_id(decision: Decision):
    for key in ("card", "card_id", "instance"):
        if key in decision and isinstance(decision[key], int):
            return decision[key]
    return None


def _target(decision: Decision):
    for key in ("target", "target_seat", "to"):
        value = decision.get(key)
        if isinstance(value, int):
            return value
    return None


def _card_catalogue_entry(state, card_id):
    """The catalogue Card of an instance id, or None. Uses the engine's catalogue through the
    state's instance table when the engine exposes one (``state.cards``)."""
    table = getattr(state, "cards", None)
    catalogue = engine.content_of(getattr(state, "content", "")).cards
    key = None
    if isinstance(table, dict):
        key = table.get(card_id, table.get(str(card_id)))
    elif isinstance(table, list) and isinstance(card_id, int) and 0 <= card_id < len(table):
        key = table[card_id]
    if isinstance(key, dict):
        key = key.get("key")
    if not isinstance(key, str):
        return None
    return catalogue.get(key)


def _weakness(seat) -> int:
    """How close a seat is to being out: lower is weaker (Fortitude minus Alcohol, and Gold)."""
    return (seat.fortitude - seat.alcohol) * 2 + seat.gold


def _pending_drink(state, me: int) -> int | None:
    """Alcohol the drink waiting on the stack would give seat `me` (None if no drink waits for it).
    Reads the engine's stack frames; any shape it does not know counts as "no drink"."""
    try:
        for frame in reversed(state.stack):
            if frame.get("f") == "drink":
                mine = [r for r in frame.get("reveals", []) if r.get("seat") == me]
                return sum(r.get("printed", 0) + r.get("mods", 0) for r in mine) if mine else None
    except (AttributeError, TypeError):
        pass
    return None


_TAKE_CONTROL_EFFECTS = {"raise", "winning_hand", "control", "force_out", "take_pot"}
_DEFENCE_EFFECTS = {"hit_back", "ignore_card", "ignore_card_or_drink", "negate_sometimes", "inn_pays"}
# Cards worth keeping through the discard phase; the rest go back for fresh ones.
_KEEP_EFFECTS = (set(_DAMAGE_EFFECTS) | _DRINK_DODGE_EFFECTS | _TAKE_CONTROL_EFFECTS | _DEFENCE_EFFECTS
                 | {"heal_self", "gamble", "drink_mod"})


def _portion_holder(state, portion) -> int | None:
    """Who would drink portion `portion` of the drink on top of the stack (None if unknown)."""
    try:
        for frame in reversed(state.stack):
            if frame.get("f") == "drink":
                return frame["portions"][portion]["holder"]
    except (AttributeError, TypeError, KeyError, IndexError):
        pass
    return None


def greedy_policy(state, prompts: list, rng: random.Random) -> Decision:
    """A small heuristic bot, better than random and never illegal.

    - plays its biggest damaging Action card at the weakest-looking opponent;
    - dodges (ignores, passes, leaves) a drink that would make it pass out;
    - in a Round of Gambling, takes control whenever it can;
    - defends against cards aimed at it, heals when low;
    - orders drinks for the weakest-looking opponent; discards the cards it has no use for;
    - otherwise passes when it can, else picks at random among equally good decisions.
    """
    prompt = prompts[0]
    me = prompt.seat
    my_seat = state.seats[me]
    drink = _pending_drink(state, me)
    # dodge a drink that would put it out or within two points of passing out
    would_pass_out = drink is not None and my_seat.alcohol + drink >= my_seat.fortitude - 2
    controls = sum(getattr(_card_catalogue_entry(state, cid), "effect", None) in _TAKE_CONTROL_EFFECTS
                   for cid in my_seat.hand)
    junk = sorted(cid for cid in my_seat.hand
                  if getattr(_card_catalogue_entry(state, cid), "effect", None) not in _KEEP_EFFECTS)
    scored: list[tuple[float, Decision]] = []
    offered = list(prompt.decisions)
    for offer in getattr(prompt, "subsets", None) or []:
        if offer.get("type") == "discard" and junk:
            offered.append({**offer, "cards": [c for c in offer["cards"] if c in junk]})
        elif offer.get(COUNT) is not None:      # exactly N cards: the junk first
            cards = sorted(offer["cards"], key=lambda c: (c not in junk, c))
            offered.append(subset_decision(offer, cards[:offer[COUNT]]))
    for decision in offered:
        kind = decision.get("type")
        target = _target(decision)
        card = _card_catalogue_entry(state, _card_id(decision))
        score = 0.0
        if card is not None:
            if card.type.startswith("Action") and card.effect in _DAMAGE_EFFECTS:
                hit = card.params.get("fortitude", 1) * _DAMAGE_EFFECTS[card.effect]
                if target is not None and target != me:
                    score = 10 + hit - _weakness(state.seats[target]) / 100
                elif target is None:
                    score = 8 + hit
            elif card.effect in _DRINK_DODGE_EFFECTS:
                score = 20 if would_pass_out else -1
            elif card.effect == "drink_mod" and "portion" in decision:
                # stronger drinks for the others, weaker ones for itself
                holder = _portion_holder(state, decision["portion"])
                more = card.params.get("alcohol", 0) > 0
                score = 3 if holder is not None and (holder != me) == more else -1
            elif card.effect in _TAKE_CONTROL_EFFECTS:
                score = 4 if prompt.kind == "gamble" else -1
            elif card.effect == "gamble":
                # start a Round only holding two cards that take control; in a Round, take it
                score = 4 if prompt.kind == "gamble" else (2 if controls >= 2 else -1)
            elif card.effect in _DEFENCE_EFFECTS or (
                    card.effect == "heal_self" and my_seat.fortitude - my_seat.alcohol <= 6):
                score = 5
            else:
                score = -1  # keep other cards for later
        elif kind == "order" and target is not None:
            score = 1 - _weakness(state.seats[target]) / 100
        elif kind == "discard":
            score = 0.3 if sorted(decision.get("cards", [])) == junk else 0.0
        elif _is_pass(decision):
            score = 0.5
        scored.append((score, decision))
    top = max(score for score, _ in scored)
    choices = [decision for score, decision in scored if score == top]
    return choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]
