"""Minions (Torglesnarf's, [001:1129-1217]): cards that stay in play in a seat's `minions`
zone, act once during each of their owner's Action phases, and cost Wages when hurt.

- A Minion card's steps put it in play (`move_card` to `minions`); its `activate` (a target
  selector and steps) is offered as an `activate` decision once per Action phase, before or
  after the turn's Action card, and resolves like an Action of its owner's (it can be
  Ignored; it is never discarded).
- A card that makes another player lose Fortitude may target a Minion instead
  (`target_minion`); a card that makes each other player lose Fortitude hits every other
  seat's Minions too, and a redirection by another player may pick one. A Minion that loses
  Fortitude asks its owner (prompt `wages`) to pay its `wages` in Gold to the Inn (a pending
  Gold change: "the Inn pays" takes 1 off) or discard it; no player loses Fortitude from
  that hit, and nothing else the card does touches the Minion.
- A seat hurt by a Minion's activation may hit back at the Minion instead of its owner.
"""
from dataclasses import dataclass

from ..core import extensions
from ..core.changes import change, submit
from ..core.content import FACETS, TARGETS, Facts, of
from ..core.frames import pop, push
from ..core.ops import INN, discard_card, emit
from ..core.prompt import Prompt
from ..core.responses import TARGET
from ..core.primitives import check_steps
from ..core.state import State
from ..core.words import CHARTED_ZONES, GOLD_REASONS, SERIES, asks, labels, says, shows

ZONE = "minions"


@dataclass(frozen=True)
class MinionFacts(Facts):
    """A Minion: the Gold it costs to keep it in play when it loses Fortitude, and what it
    does when it acts (`activate`: {"target", "steps"}, usable once per Action phase)."""
    wages: int
    activate: dict


def _facts(c, bad) -> MinionFacts:
    activate = c.get("activate") or {}
    if activate:
        if activate.get("target", "none") not in TARGETS:
            bad("activate.target", f"Unknown target {activate.get('target')!r}; one of: {', '.join(TARGETS)}.")
        for msg, fld in check_steps(activate.get("steps"), "activate.steps"):
            bad(fld, msg)
    wages = c.get("wages", 0)
    if not isinstance(wages, int) or isinstance(wages, bool) or wages < 0:
        bad("wages", "A Minion's wages are a whole number of Gold, 0 or more.")
        wages = 0
    return MinionFacts(wages, dict(activate))


FACETS.append((("wages", "activate"), _facts))


def _activation(c) -> dict:
    """What a card does when it acts: {} unless it is a Minion that can."""
    return getattr(c.facts, "activate", None) or {}


def in_play(state: State, seat: int) -> list[int]:
    return state.seats[seat].zones.get(ZONE) or []


def targets(state: State, seat: int) -> list[int]:
    """Minions another seat's card may hit instead of a player."""
    return [cid for s in state.living() if s != seat for cid in in_play(state, s)]


def hurts_target(c) -> bool:
    got = c.__dict__.get("_hurts")      # on the card, like responses._profile, never keyed by id()
    if got is None:
        got = c.__dict__["_hurts"] = any((st["do"] == "lose" and st["stat"] == "fortitude" and st["who"] == "target")
                                         or st["do"] == "redirect_change" for st in c.steps)
    return got


def unused(state: State, seat: int, exclude=None) -> list[int]:
    """The seat's Minions in play that may still act this Action phase (a Minion just being
    played counts: it may act on the turn it comes into play)."""
    cards, keys = of(state).cards, state.cards
    done = state.counts.get("activated", ())
    out = [cid for cid in in_play(state, seat) if cid not in done and _activation(cards[keys[cid]])]
    if exclude is not None and _activation(cards[keys[exclude]]) and exclude not in done:
        out.append(exclude)
    return out


def still_acting(state: State, seat: int, cid: int) -> bool:
    """Whether a Minion of the seat may still act this Action phase after card `cid` is played."""
    return bool(unused(state, seat, exclude=cid))


def activations(state: State, seat: int) -> list[dict]:
    out = []
    cards, keys = of(state).cards, state.cards
    for cid in in_play(state, seat):
        if cid in state.counts.get("activated", ()):
            continue
        act = _activation(cards[keys[cid]])
        if act:
            for t in TARGET[act.get("target", "none")](state, seat, ("phase", "action")):
                out.append({"seat": seat, "type": "activate", "card": cid, **t})
    return out


def activate(state: State, d: dict) -> None:
    seat, cid = d["seat"], d["card"]
    state.counts.setdefault("activated", []).append(cid)
    args = {k: v for k, v in d.items() if k not in ("seat", "type", "card")}
    fr = {"f": "card", "card": cid, "seat": seat, "effect": "activate", "type": "Action", "args": args,
          "ignored": [], "inn_pays": [], "leavers": [], "as": "activation"}
    emit(state, "activated", seat=seat, card=cid, args=args)
    push(state, fr, poll_from=seat)


def hurt(state: State, fr: dict, cid: int) -> None:
    """A Minion loses Fortitude: its owner pays its Wages or lets it go."""
    owner = state.owner[cid]
    if cid not in in_play(state, owner):
        return
    emit(state, "minion_hurt", seat=owner, card=cid, by=fr["seat"])
    push(state, {"f": "wages", "seat": owner, "card": cid, "wages": of(state).cards[state.cards[cid]].facts.wages})


def wages_options(state: State, fr: dict) -> list[dict]:
    seat = fr["seat"]
    opts = [{"seat": seat, "type": "wages", "pay": True}] if state.seats[seat].gold >= fr["wages"] else []
    return opts + [{"seat": seat, "type": "wages", "pay": False}]


def settle(state: State, fr: dict, paid: bool) -> None:
    pop(state)
    seat, cid = fr["seat"], fr["card"]
    if paid:
        # A pending Gold change from no card: "pay with Gold from the Inn" takes 1 off it, and
        # no Ignore-Gold card avoids it [001:1172-1174].
        submit(state, [change(None, seat, "gold", -fr["wages"], to=INN, reason="wages", inn_reduces=1)])
    else:
        state.seats[seat].zones[ZONE].remove(cid)
        discard_card(state, cid)
        emit(state, "minion_discarded", seat=seat, card=cid)


class Minions(extensions.Mechanic):
    # The points the core asks at every prompt are this module's functions themselves (no
    # method in between: docs/engine.md, "Speed").
    actions = staticmethod(activations)
    stand_ins = staticmethod(targets)
    stands_in = staticmethod(hurts_target)

    still_acting = staticmethod(still_acting)

    def stand_in_hurt(self, state: State, seat: int, cid: int) -> None:
        hurt(state, {"seat": seat}, cid)


extensions.register_mechanic(Minions())
extensions.FRAMES["wages"] = lambda state, fr: Prompt(fr["seat"], "wages", wages_options(state, fr))
extensions.DECISIONS["activate"] = lambda state, d, fr: activate(state, d)
extensions.DECISIONS["wages"] = lambda state, d, fr: settle(state, fr, d["pay"])


# --- words (core/words.py) ---

GOLD_REASONS["wages"] = " in Wages"


@says("activated")
def _activated(fx, s, t):
    args = fx.get("args") or {}
    at = f" at {t.who(args['target'])}" if args.get("target") is not None else ""
    return f"{s}'s Minion {t.title(fx.get('card'))} acted{at}."


@says("minion_hurt")
def _hurt(fx, s, t):
    return f"{t.who(fx.get('by'))} hurt {t.minion(fx.get('card'))}: {s} pays its Wages or lets it go."


@says("minion_discarded")
def _let_go(fx, s, t):
    return f"{s} let their Minion {t.title(fx.get('card'))} go."


asks("wages", "Your Minion was hurt: pay its Wages to keep it in play, or let it go.", "a Minion's Wages")
shows("wages")(lambda fr, who, names: {"title": f"{who}'s Minion was hurt: Wages or let it go"})
SERIES[ZONE] = "Minions in play"
CHARTED_ZONES.append(ZONE)


@labels("activate")
def _activate_label(d, a):
    who = a.in_play.get(d.get("card"), "Your Minion")
    return f"{who} acts" + (f" at {a.names[d['target']]}" if "target" in d else "")


@labels("wages")
def _wages_label(d, a):
    wages = a.top("wages").get("wages")
    if d.get("pay"):
        return "Pay the Minion's Wages" + (f" ({wages} Gold)" if wages is not None else "")
    return "Let the Minion go"
