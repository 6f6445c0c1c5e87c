"""Buying cards from a seat's side decks with a token (Vlazlo's form cards [001:1013-1042]).

An `offer_purchase` step pushes an `offer` frame: its seat is asked, one purchase at a
time, which of the named zones to buy the top card of for `cost` of `token`, or to stop;
a bought card goes to the hand. Nobody may play cards meanwhile (the frame has no window).
"""
from .frames import push
from .ops import change_token, emit
from .state import State


def offer(state: State, seat: int, zones: list, token: str, cost: int) -> None:
    push(state, {"f": "offer", "seat": seat, "zones": list(zones), "token": token, "cost": cost})


def options(state: State, fr: dict) -> list[dict]:
    s = state.seats[fr["seat"]]
    if s.out or s.tokens.get(fr["token"], 0) < fr["cost"]:
        return []
    return [{"seat": fr["seat"], "type": "buy", "zone": z} for z in fr["zones"] if s.zones.get(z)]


def buy(state: State, fr: dict, zone: str) -> None:
    seat = fr["seat"]
    change_token(state, seat, fr["token"], -fr["cost"], reason="purchase")
    cid = state.seats[seat].zones[zone].pop()
    state.seats[seat].hand.append(cid)
    emit(state, "bought", seat=seat, zone=zone, card=cid)
