"""Spyke and Flower's Treasure (digest §14.10 [002:235-266, 496-514]).

- A shared Treasure deck (a character zone with `"shared": true`, e.g. `treasure`, with its
  `treasure:discard` pile) and, per seat, an **equipment** zone (a character zone with
  `"equip": true`, public): the Treasure it has equipped. Treasure is never kept anywhere
  else ("no stockpiling" [002:241]).
- A Treasure card carries `treasure: {"slot", "level"}` (`SLOTS`; `TreasureFacts`). Slots: one Headgear,
  one Footgear, one Armor, two Hands (two "1 hand" or one "2 hand"); "special" takes no slot
  [002:237-239]. A seat's **Level** is the sum of its equipped Treasure's levels [002:243].
- A Treasure whose type is a subtype (Action, Sometimes, Anytime, Cheating) may be played
  from the equipment zone as though from the hand (`"playable": true` on the zone,
  zones.held), then it is discarded [002:245]. Not while Treasure is being got:
  only responses to a Curse from elsewhere (the hand) are played then [002:254].
- **Get Treasure** (`get_treasure` step; the sampler runs it at `turn_start`, R-TREASURE-WHEN):
  reveal the top card; a Curse (type `Curse`) is followed at once — played as a card of the
  seat's with its own window, so non-Treasure responses may answer it — and discarded;
  otherwise a `treasure` frame asks the seat to equip it (dropping what no longer fits, its
  choice of which) or discard it [002:247-254]. An empty deck is reshuffled from its discard
  unless the step says `"reshuffle": false` (R-TREASURE-RESHUFFLE).
- **Level-dependent effects** (`at_level` step): the branch is chosen by the player's Level
  when the card resolves, never by choice [002:260-266].
"""
from dataclasses import dataclass

from ..core import decks, extensions
from ..core.content import FACETS, KINDS, NO_FACTS, Card, Facts, of
from ..core.frames import pop, push
from ..core.ops import card, emit
from ..core.prompt import Prompt
from ..core.state import State
from ..core.interpreter import BEHAVIOUR, behaviour, step_args
from ..core.primitives import NESTED, SUMMARY_AS, boolean, check_steps, nat, register, short_name, steps_list
from ..core.words import SEAT_SERIES, SERIES, asks, labels, says, shows

TREASURE = "Treasure"      # a Treasure with no subtype: only equipped
CURSE = "Curse"            # a Treasure-deck Curse: followed at once when revealed
#: The slots a Treasure is equipped in (digest §14.10 [002:237-243]).
SLOTS = ("headgear", "footgear", "armor", "1 hand", "2 hand", "special")
HANDS = ("1 hand", "2 hand")


@dataclass(frozen=True)
class TreasureFacts(Facts):
    """A card of the Treasure deck: the slot it is equipped in and its Level, or a Curse."""
    slot: str = ""
    level: int = 0
    curse: bool = False

    def shown(self) -> dict:
        return {"treasure": {"curse": True} if self.curse else {"slot": self.slot, "level": self.level}}


def _facts(c, bad):
    t = c.get("treasure")
    if (isinstance(t, dict) and t.get("slot") in SLOTS and isinstance(t.get("level", 0), int)
            and not isinstance(t.get("level", 0), bool) and t.get("level", 0) >= 0):
        return TreasureFacts(t["slot"], t.get("level", 0))
    bad("treasure", f"A Treasure names its \"slot\" ({', '.join(SLOTS)}) and its \"level\" (a whole number).")
    return None


def _load_treasure(c, common, bad):
    facts = _facts(c, bad)
    return None if facts is None else Card(**common, facts=facts)


def _load_curse(c, common, bad):
    for msg, fld in check_steps(c.get("steps"), "steps"):
        bad(fld, msg)
    return Card(**common, steps=tuple(c.get("steps") or ()), facts=TreasureFacts(curse=True))


KINDS[TREASURE] = _load_treasure
KINDS[CURSE] = _load_curse
#: a Treasure with a subtype (Action, Sometimes, Anytime, Cheating) is played as its subtype
FACETS.append((("treasure",), lambda c, bad: _facts(c, bad) or NO_FACTS))


def equip_zone(state: State, seat: int):
    """The name of the seat's equipment zone, or None (it can't hold Treasure)."""
    zones = of(state).characters[state.seats[seat].character].zones
    for name, z in zones.items():
        if z.get("equip"):
            return name
    return None


def equipped(state: State, seat: int) -> list[int]:
    z = equip_zone(state, seat)
    return list(state.seats[seat].zones.get(z) or []) if z else []


def level(state: State, seat: int) -> int:
    """The sum of the Levels of the seat's equipped Treasure [002:243]."""
    cards = of(state).cards
    return sum(cards[state.cards[cid]].facts.level for cid in equipped(state, seat))


def busy(state: State) -> bool:
    """Treasure is being got: equipped Treasure can't be played [002:254]."""
    return any(fr["f"] == "treasure" or fr.get("as") == "curse" for fr in state.stack)


# --- Get Treasure ------------------------------------------------------------------------

def get(state: State, seat: int, zone: str = "treasure", reshuffle: bool = True) -> None:
    """Reveal the top Treasure for `seat` (steps 1-2; the `treasure` frame does steps 3-4)."""
    if state.seats[seat].out or equip_zone(state, seat) is None:
        return
    if not (decks.refill(state, zone) if reshuffle else state.zones.get(zone)):
        emit(state, "no_treasure", seat=seat)
        return
    cid = state.zones[zone].pop()
    c = card(state, cid)
    emit(state, "revealed", seat=seat, card=cid, title=c.title, source=zone)
    if c.type == CURSE:
        # Followed at once, as a card of the seat's (its own window: a non-Treasure card may
        # answer it [002:254]); then discarded to the Treasure discard pile.
        push(state, {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "type": CURSE, "args": {},
                     "ignored": [], "inn_pays": [], "leavers": [], "as": "curse"}, poll_from=seat)
        return
    push(state, {"f": "treasure", "seat": seat, "card": cid})


def room(state: State, seat: int, cid: int) -> list[list[int]]:
    """Every way to make room for Treasure `cid`: the equipped cards to drop with it."""
    cards = of(state).cards
    slot = cards[state.cards[cid]].facts.slot
    mine = [(x, cards[state.cards[x]].facts.slot) for x in equipped(state, seat)]
    if slot == "special":
        return [[]]
    if slot not in HANDS:
        return [sorted(x for x, s in mine if s == slot)]
    hands = [(x, s) for x, s in mine if s in HANDS]
    if slot == "2 hand" or any(s == "2 hand" for _, s in hands):
        return [sorted(x for x, _ in hands)]
    if len(hands) < 2:
        return [[]]
    return [[x] for x, _ in sorted(hands)]        # two 1-hand items: the seat picks which goes


def prompt(state: State, fr: dict):
    """Steps 3-4: keep it (dropping what it displaces) or discard it."""
    seat = fr["seat"]
    opts = [{"seat": seat, "type": "equip", "drop": drop} for drop in room(state, seat, fr["card"])]
    return Prompt(seat, "treasure", opts + [{"seat": seat, "type": "discard_treasure"}])


def equip(state: State, d: dict, fr: dict) -> None:
    pop(state)
    seat, cid = fr["seat"], fr["card"]
    zone = equip_zone(state, seat)
    have = state.seats[seat].zones.setdefault(zone, [])
    for x in d["drop"]:
        have.remove(x)
        _discard(state, x)
    have.append(cid)
    emit(state, "equipped", seat=seat, card=cid, dropped=list(d["drop"]), level=level(state, seat))


def discard_revealed(state: State, d: dict, fr: dict) -> None:
    pop(state)
    _discard(state, fr["card"])
    emit(state, "unequipped", seat=fr["seat"], card=fr["card"])


def _discard(state: State, cid: int) -> None:
    state.zones.setdefault(state.owner[cid] + ":discard", []).append(cid)


def drop_all(state: State, seat: int) -> None:
    """A seat leaving the game puts its equipped Treasure on the Treasure discard pile (the
    sampler's `on_elimination` hook runs for any seat, `whose: any`: the leaving seat's own
    hooks no longer run once it is out)."""
    z = equip_zone(state, seat)
    if z:
        for cid in state.seats[seat].zones.get(z) or []:
            _discard(state, cid)
        state.seats[seat].zones[z] = []


# --- Level-dependent effects -------------------------------------------------------------

def branch(state: State, fr: dict, step: dict) -> list:
    """The steps an `at_level` step runs: `then` at Level `level` or more, else `else`."""
    return step["then"] if level(state, fr["seat"]) >= step["level"] else step.get("else", [])


# --- the steps of its cards ----------------------------------------------------------------

def _run_at_level(state, fr, step):
    """Level is read as the card resolves [002:264]; the branch's steps run in order (a
    branch's pending changes wait with the card's later steps only if it is its last)."""
    out = None
    for st in branch(state, fr, step):
        out = BEHAVIOUR[st["do"]].run(state, fr, st)
    return out


def _args_at_level(state, seat, card, step, ctx, chosen):
    sub = branch(state, {"seat": seat}, step)
    return step_args(state, seat, card, sub, ctx, {}, chosen) if sub else [{}]


def _affects_at_level(state, fr, step, seat):
    out = set()
    for st in branch(state, fr, step):
        out |= BEHAVIOUR[st["do"]].affects(state, fr, st, seat)
    return out


def _payers_at_level(state, fr, step):
    out = []
    for st in branch(state, fr, step):
        out.extend(s for s in BEHAVIOUR[st["do"]].payers(state, fr, st) if s not in out)
    return out


class Treasure(extensions.Mechanic):
    def seat_view(self, state: State, seat: int) -> dict:
        return {"level": level(state, seat)} if equip_zone(state, seat) is not None else {}

    def zone_closed(self, state: State, zone: dict) -> bool:
        return bool(zone.get("equip")) and busy(state)


extensions.register_mechanic(Treasure())
extensions.FRAMES["treasure"] = prompt
extensions.FRAME_CARDS["treasure"] = lambda fr: [fr["card"]]     # the Treasure revealed
extensions.DECISIONS.update(equip=equip, discard_treasure=discard_revealed)
register("get_treasure", "The player Gets Treasure from shared zone `zone` (default treasure): reveal the top card; a "
         "Curse is followed at once, else the player equips it or discards it. `reshuffle` (default true): an empty "
         "deck is reshuffled from its discard pile first.", optional={"zone": short_name, "reshuffle": boolean})
register("at_level", "Level-dependent: `then` runs if the player's Level (its equipped Treasure) is `level` or more "
         "when the card resolves, else `else` (if given).", {"level": nat, "then": steps_list},
         {"else": steps_list})
register("drop_treasure", "The equipped Treasure of the hook's seat (the `target` of a hook for any seat, else the "
         "player) goes to the Treasure discard pile (when it leaves the game).")
NESTED["at_level"] = ("then", "else")
SUMMARY_AS["at_level"] = lambda step: step.get("else") or step["then"]      # read as its base effect, below the Level
behaviour("get_treasure", run=lambda s, fr, st: get(s, fr["seat"], st.get("zone", "treasure"), st.get("reshuffle", True)))
behaviour("at_level", run=_run_at_level, args=_args_at_level, affects=_affects_at_level, payers=_payers_at_level)
behaviour("drop_treasure", run=lambda s, fr, st: drop_all(s, fr["args"].get("target", fr["seat"])))


# --- words (core/words.py) ---

@says("equipped")
def _equipped(fx, s, t):
    dropped = [t.title(c) for c in fx.get("dropped", [])]
    gone = f", discarding {' and '.join(dropped)}" if dropped else ""
    return f"{s} equipped {t.title(fx.get('card'))}{gone}: Level {fx.get('level')}."


@says("unequipped")
def _unequipped(fx, s, t):
    return f"{s} discarded the Treasure {t.title(fx.get('card'))}."


@says("no_treasure")
def _none(fx, s, t):
    return f"{s} found no Treasure left to get."


asks("treasure", "Treasure! Equip it (anything it displaces from its slot goes to the Treasure discard) or discard it.",
     "getting Treasure")
shows("treasure")(lambda fr, who, names: {"title": f"{who} gets Treasure"})
SERIES["level"] = "Level (equipped Treasure)"


@SEAT_SERIES.append
def _charted(state, seat: int) -> dict:
    """The Level of what the seat holds in its zones (its equipped Treasure)."""
    cards = of(state).cards
    n = sum(getattr(cards[state.cards[c]].facts, "level", 0) for ids in state.seats[seat].zones.values() for c in ids)
    return {"level": n} if n else {}


@labels("equip", "discard_treasure")
def _label(d, a):
    top = a.top("treasure")
    name = (top.get("card") or {}).get("title", "the Treasure") if isinstance(top.get("card"), dict) else "the Treasure"
    if d["type"] == "discard_treasure":
        return f"Discard {name}"
    drop = [a.titles.get(x, "an item") for x in d.get("drop", [])]
    return f"Equip {name}" + (f", discarding {' and '.join(drop)}" if drop else "")
