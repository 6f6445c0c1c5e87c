"""The step language: the one registry of the words everything that acts is written in.

A card's `steps` (and its riders, a Minion's activation, a character's hooks), a Dungeon or
Tavern Event's `each`, and the boxes of Otto's cards are all lists of steps `{"do": word,
...parameters}` from this one registry, checked by one validator (`check_steps`, every
problem located) and run by one interpreter (`interpreter.run_steps`).

- A **primitive** (`register`) is a word and its parameters, registered by the module that
  also registers what it does (`interpreter.behaviour`): the base game's in `steps.py`, a
  mechanic's, option's or variant's in its own module.
- A **box** (`register_box`) is a place steps are written: a card, an Event, Otto's Action or
  Sometimes box. It says which selectors its steps may name for `who`, which parameters it
  fixes (an Event's steps act on the player whose part it is: `who` is always "self"), what
  they may change, and any rule about how its steps stand together. A word is written in a
  box when something registered what it does there (`interpreter.behaviour_in`).
- **Selectors** (`WHO`): one vocabulary of whom a step acts on, resolved in one place
  (`steps.seats_of`).
"""
from dataclasses import dataclass, field, replace

STATS = ("fortitude", "alcohol", "gold")
#: The player(s) with the most / least of something.
EXTREMES = tuple(f"{end}_{what}" for what in ("fortitude", "alcohol", "gold", "cards") for end in ("most", "least"))
#: Who a step acts on, in every box (a box names the ones its steps may use).
WHO = {
    "target": "the decision's target",
    "self": "the card's player; in an Event, the player whose part it is",
    "others": "every other seat in the game (not your team)",
    "all": "every seat in the game (the Champions, in a team game)",
    "targets": "the decision's `targets`",
    "each": "each player in the game",
    **{w: "the living player(s) with the {} {}, all of them when tied".format(*w.split("_")) for w in EXTREMES},
    "player": "the player whose card or Drink the box answers (nobody for Otto's own Drink)",
}
#: The selectors of "each player" and "each other player": a table option's participant who is
#: no seat (Otto) is one of them (steps.py asks the option, `extensions.struck`).
EVERYONE = ("others", "all", "each")
#: When a card's rider runs: after the card resolved (not when Negated; Ignoring it does not stop it).
RIDER_WHEN = ("resolved",)


def nat(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def integer(v):
    return isinstance(v, int) and not isinstance(v, bool)


def positive(v):
    return nat(v) and v > 0


def one_of(*allowed):
    def ok(v):
        return v in allowed
    ok.__doc__ = "one of " + ", ".join(map(str, allowed))
    return ok


def list_of(*allowed):
    def ok(v):
        return isinstance(v, list) and bool(v) and all(x in allowed for x in v)
    ok.__doc__ = "a list drawn from " + ", ".join(allowed)
    return ok


def short_name(v):
    return isinstance(v, str) and 0 < len(v) <= 40 and v.replace("-", "").replace("_", "").isalnum()


nat.__doc__ = "a whole number, 0 or more"
integer.__doc__ = "a whole number"
positive.__doc__ = "a whole number, 1 or more"
short_name.__doc__ = "a short name (letters, digits, - and _)"


def short_names(v):
    """a list of short names"""
    return isinstance(v, list) and bool(v) and all(short_name(x) for x in v)


def boolean(v):
    """true or false"""
    return isinstance(v, bool)


def steps_list(v):
    """a list of steps"""
    return isinstance(v, list) and all(isinstance(x, dict) for x in v)


def steps_dict(v):
    """an object of named options, each a list of steps"""
    return isinstance(v, dict) and bool(v) and all(short_name(k) and isinstance(s, list) for k, s in v.items())


def selector(v):
    """a selector its box allows"""
    return v in WHO           # (check_steps judges a `who` against its box's selectors)


@dataclass(frozen=True)
class Primitive:
    name: str
    doc: str
    required: dict = field(default_factory=dict)     # param -> validator
    optional: dict = field(default_factory=dict)
    boxes: frozenset = frozenset()                   # where it may be written (interpreter.behaviour_in)


PLAYED_TYPES = ("Action", "Action - Gambling", "Gambling", "Cheating", "Sometimes", "Anytime", "Curse")

PRIMITIVES: dict[str, Primitive] = {}


def register(name, doc, required=None, optional=None) -> Primitive:
    """A word of the language and its parameters, written in cards (`allow` adds other boxes)."""
    p = Primitive(name, doc, dict(required or {}), dict(optional or {}), frozenset({CARD}))
    PRIMITIVES[name] = p
    return p


def allow(name: str, box: str, doc: str = "", required=None, optional=None) -> None:
    """`name` may be written in `box` too (a word new to the language is registered with its
    parameters here, as `register` does)."""
    p = PRIMITIVES.get(name)
    if p is None:
        PRIMITIVES[name] = Primitive(name, doc, dict(required or {}), dict(optional or {}), frozenset({box}))
    else:
        PRIMITIVES[name] = replace(p, boxes=p.boxes | {box})


# --- boxes: where steps are written ---------------------------------------------------------

@dataclass(frozen=True)
class Box:
    name: str
    noun: str                       # what the author wrote ("a card", "an Event"), for messages
    who: tuple = ()                 # the selectors its steps may name
    fixed: dict = field(default_factory=dict)   # parameters its steps never name: their value here
    stats: tuple = STATS            # what its steps' `stat` may be
    empty: bool = False             # it may list no steps at all
    check: object = None            # (steps, where, within) -> (message, field)...: how its steps stand together


BOXES: dict[str, Box] = {}


def register_box(box: Box) -> Box:
    BOXES[box.name] = box
    return box


CARD = "card"
register_box(Box(CARD, "a card", who=("target", "self", "others", "all", "targets")))


#: Steps nested inside a step: primitive -> its parameters that hold lists of steps (registered
#: with the primitive: Treasure's `at_level`).
NESTED: dict[str, tuple] = {}

#: primitive -> fn(step) -> the steps a card that starts with it reads as for its one-word
#: summary (Treasure's `at_level`: its effect below the Level).
SUMMARY_AS: dict = {}

#: Steps that are a card's cost, paid as it is played (costs.py): not what the card does.
COSTS = ("spend_token",)

#: Primitives that answer a card's own pending changes: content with none of them lets a
#: card's changes land at once (changes.submit).
ANSWER_CHANGES = ("reduce_change", "redirect_change", "replace_change")


def check_steps(steps, where: str, box: str = CARD, within: tuple = ()):
    """(message, field) for every problem in a list of steps written in `box` (`within`: the
    words of the steps it is nested in)."""
    spot = BOXES[box]
    if not isinstance(steps, list) or not (steps or spot.empty):
        yield f"A list of steps is needed here (each {{\"do\": word, ...}}), in {spot.noun}.", where
        return
    for n, step in enumerate(steps):
        here = f"{where}.{n}"
        if not isinstance(step, dict) or "do" not in step:
            yield "A step is an object naming its word in \"do\".", here
            continue
        prim = PRIMITIVES.get(step["do"])
        if prim is None or box not in prim.boxes:
            words = sorted(p.name for p in PRIMITIVES.values() if box in p.boxes)
            yield f"Unknown step {step['do']!r} in {spot.noun}; it may say: {', '.join(words)}.", f"{here}.do"
            continue
        yield from _check_params(prim, step, here, spot)
        inside = within + (prim.name,)
        if prim.name == "choose" and steps_dict(step.get("options")):
            for mode, sub in step["options"].items():
                yield from check_steps(sub, f"{here}.options.{mode}", box, inside)
        for k in NESTED.get(prim.name, ()):
            if isinstance(step.get(k), list):
                yield from check_steps(step[k], f"{here}.{k}", box, inside)
    if spot.check is not None:
        yield from spot.check(steps, where, within)


def _check_params(prim, step, here, spot):
    for k, ok in prim.required.items():
        if k in spot.fixed:
            continue
        if k not in step:
            yield f"{prim.name} needs {k!r} ({ok.__doc__}).", f"{here}.{k}"
        elif not _fits(k, ok, step[k], spot):
            yield f"{prim.name}: {k!r} must be {_allowed(k, ok, spot)}.", f"{here}.{k}"
    for k, ok in prim.optional.items():
        if k in step and k not in spot.fixed and not _fits(k, ok, step[k], spot):
            yield f"{prim.name}: {k!r} must be {_allowed(k, ok, spot)}.", f"{here}.{k}"
    for k in step:
        if k in spot.fixed:
            yield f"{prim.name} names no {k!r} in {spot.noun}: there it is always {spot.fixed[k]!r}.", f"{here}.{k}"
        elif k != "do" and k not in prim.required and k not in prim.optional:
            yield f"{prim.name} takes no parameter {k!r}.", f"{here}.{k}"


def _fits(k, ok, v, spot) -> bool:
    if k == "who":
        return v in spot.who
    return ok(v) and (k != "stat" or v in spot.stats)


def _allowed(k, ok, spot) -> str:
    if k == "who":
        return "one of " + ", ".join(spot.who)
    return ok.__doc__ + (f" (in {spot.noun}: {', '.join(spot.stats)})" if k == "stat" and spot.stats != STATS else "")


# --- summaries derived from steps (hints for bots, timers and narration) ---------------------

def summary(card) -> str:
    """One word for what a card does, read from its steps and timing. Outside the engine
    bots and narration use it; the engine itself never branches on it."""
    event = getattr(card.facts, "event", "")      # a Drink Event's
    if event:
        return event
    steps = [s for s in card.steps if s["do"] not in COSTS] if any(s["do"] in COSTS for s in card.steps) else card.steps
    if not steps:
        return ""
    read_as = SUMMARY_AS.get(steps[0]["do"])
    if read_as is not None:
        return summary(replace(card, steps=tuple(read_as(steps[0])) + tuple(steps[1:])))
    dos = [s["do"] for s in steps]
    first = steps[0]
    if dos[0] == "lose":
        if "after_hurt" in card.timing:
            return "hit_back"
        return "damage_each" if first["who"] == "others" else "damage"
    if dos[0] == "gain":
        if first["who"] == "all":
            return "mass_heal"
        return "heal_target_pay" if first["who"] == "target" else "heal_self"
    if dos[0] == "pay":
        if "order_drinks" in dos:
            return "order_extra"
        if first["who"] == "others":
            return "steal_each"
        return "tip_wench" if first["to"] == "inn" else "steal_one"
    if dos[0] == "choose":
        modes = set(first["options"])
        return "ignore_card_or_drink" if "card" in modes else "leave_or_ignore_drink"
    if dos[0] == "take_control":
        if "ante" in dos:
            return "raise"
        if "force_out" in dos:
            return "force_out"
        return "winning_hand" if first.get("cheat_only") else "control"
    return _WORDS.get(dos[0], dos[0])


_WORDS = {"negate": "negate_sometimes", "reduce_change": "reduce", "redirect_change": "redirect",
          "replace_change": "replace", "modify_drink": "drink_mod", "catch_cheater": "anti_cheat",
          "end_round": "end_round_to_inn", "take_from_pot": "grab_coin"}


def numbers(card) -> dict:
    """The sizes a card's steps name, merged: fortitude/alcohol/gold amounts, a cost paid by
    the player, the attributes and types an Ignore covers."""
    out: dict = {}
    for step in flat(card.steps):
        do = step["do"]
        if do in ("lose", "gain"):
            out[step["stat"]] = step["amount"]
        elif do == "pay":
            out["cost" if step["who"] == "self" else "gold"] = step["amount"]
        elif do == "modify_drink":
            out["alcohol"] = step["alcohol"]
        elif do == "take_from_pot":
            out["gold"] = step["amount"]
        elif do == "ignore_card":
            out["attrs"], out["types"] = list(step["attrs"]), list(step["types"])
        elif do == "order_drinks":
            out["count"] = 2
        elif do == "reduce_change":
            out["reduce"] = step["amount"]
    return out


def flat(steps):
    """Every step, those inside `choose` options included."""
    for s in steps:
        yield s
        if s["do"] == "choose":
            for sub in s["options"].values():
                yield from flat(sub)
        for k in NESTED.get(s["do"], ()):
            yield from flat(s.get(k) or ())
