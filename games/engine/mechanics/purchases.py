"""Buying cards from a seat's side decks with a token (Vlazlo's form cards [001:1013-1042]).

An `offer_purchase` step pushes an `offer` frame: its seat is asked, one purchase at a
time, which of the named zones to buy the top card of for `cost` of `token`, or to stop;
a bought card goes to the hand. Nobody may play cards meanwhile (the frame has no window).
"""
from ..core import extensions
from ..core.frames import pop, push
from ..core.ops import change_token, emit, refill_hand
from ..core.prompt import Prompt
from ..core.state import State
from ..core.interpreter import behaviour
from ..core.primitives import boolean, nat, register, short_name, short_names
from ..core.words import REASONS, asks, labels, says, shows


def offer(state: State, seat: int, zones: list, token: str, cost: int, limit=None, must=False,
          then_draw=False) -> None:
    fr = {"f": "offer", "seat": seat, "zones": list(zones), "token": token, "cost": cost}
    if limit is not None:
        fr["left"] = limit
    if must:
        fr["must"] = True           # no stopping early (a free card the rules hand out)
    if then_draw:
        fr["then_draw"] = True      # the opening hand is drawn after the free pick [001:989-991]
    push(state, fr)


def close(state: State) -> None:
    """The seat stopped buying (or can buy no more)."""
    fr = pop(state)
    if fr.get("then_draw"):
        refill_hand(state, fr["seat"])


def options(state: State, fr: dict) -> list[dict]:
    s = state.seats[fr["seat"]]
    if s.out or s.tokens.get(fr["token"], 0) < fr["cost"] or fr.get("left", 1) < 1:
        return []
    return [{"seat": fr["seat"], "type": "buy", "zone": z} for z in fr["zones"] if s.zones.get(z)]


def buy(state: State, fr: dict, zone: str) -> None:
    seat = fr["seat"]
    if fr["cost"]:
        change_token(state, seat, fr["token"], -fr["cost"], reason="purchase")
    if "left" in fr:
        fr["left"] -= 1
    cid = state.seats[seat].zones[zone].pop()
    state.seats[seat].hand.append(cid)
    emit(state, "bought", seat=seat, zone=zone, card=cid)


def prompt(state: State, fr: dict):
    opts = options(state, fr)
    if not opts:
        close(state)      # nothing (more) it can buy
        return None
    stop = [] if fr.get("must") else [{"seat": fr["seat"], "type": "pass"}]
    return Prompt(fr["seat"], "buy", opts + stop)


extensions.FRAMES["offer"] = prompt
extensions.DECISIONS["buy"] = lambda state, d, fr: buy(state, fr, d["zone"])
extensions.PASSES["buy"] = lambda state, fr: close(state)
register("offer_purchase", "The player may buy the top card of any of its `zones` for `cost` of `token`, one at a "
         "time, into its hand (Vlazlo's form cards); `limit`: at most that many; `must`: it may not stop before; "
         "`then_draw`: afterwards it draws up to its hand size (Vlazlo's free form card at setup).",
         {"zones": short_names, "token": short_name, "cost": nat}, {"limit": nat, "must": boolean, "then_draw": boolean})
behaviour("offer_purchase", run=lambda s, fr, st: offer(s, fr["seat"], st["zones"], st["token"], st["cost"], st.get("limit"),
                                                        st.get("must", False), st.get("then_draw", False)))


# --- words (core/words.py) ---

REASONS["purchase"] = "purchase"


@says("bought")
def _bought(fx, s, t):
    """A card bought from a face-down side deck goes to a hand: its title is told only to its buyer."""
    told = t.over or fx.get("seat") == t.seat
    what = t.title(fx.get("card")) if told else "the top card"
    return f"{s} bought {what} of their {str(fx.get('zone', '')).replace('_', ' ')} deck."


asks("buy", "Buy the top card of one of your side decks with your tokens, one at a time, or stop.",
     "buying side-deck cards", "Stop buying")
shows("offer")(lambda fr, who, names: {"title": f"{who} buys side-deck cards"})


@labels("buy")
def _label(d, a):
    offer = a.top("offer")
    cost = offer.get("cost")
    price = " (free)" if cost == 0 else f" ({cost} {str(offer.get('token', '')).replace('_', ' ').capitalize()})" if cost else ""
    return f"Buy the top card of your {str(d.get('zone', '')).replace('_', ' ').capitalize()} deck{price}"
