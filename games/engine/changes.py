"""Pending changes: a Fortitude, Alcohol or Gold change that has not landed yet.

A change carries its source seat, its target, the stat, the amount and the card type it
counts as (`as_type`: Scarab damage counts as an Action played by Amundyr). A card's own
changes are answered through the card (Ignore and "the Inn pays" answer the card frame, and
its steps honour them when it resolves, digest §7-§8). A change that comes from no card —
a hook's, "as though" from a card — becomes a `change` frame on the stack, so the seat it
hits can answer it (Ignore it, as it could the card it counts as) before it lands; its
`no_hitback` and `no_redirect` say what the rules forbid for it. The frame is only pushed
when its target holds something it could play in that window, so changes nobody can answer
land at once.
"""
from .frames import pop, push
from .ops import change_alcohol, change_fortitude, emit, pay
from .state import State


def pending(state: State, *, source: int, target: int, stat: str, amount: int, as_type: str,
            hitback: bool = False, redirect: bool = False, reason: str = "") -> None:
    ch = {"f": "change", "source": source, "target": target, "stat": stat, "amount": amount, "type": as_type,
          "ignored": [], "no_hitback": not hitback, "no_redirect": not redirect, "reason": reason}
    from .responses import card_options
    if not state.seats[target].out and card_options(state, target, ("window", ch)):
        push(state, ch, poll_from=target, only=[target])
        return
    land(state, ch)


def resolve_change(state: State, fr: dict) -> None:
    pop(state)
    land(state, fr)


def land(state: State, ch: dict) -> None:
    t = ch["target"]
    if state.seats[t].out:
        return
    why = {"by": ch["source"], "reason": ch["reason"]}
    if t in ch["ignored"]:
        emit(state, "ignored", seat=t, change=ch["reason"])
        return
    if ch["stat"] == "gold":
        pay(state, t, ch["amount"], "inn", **why)
        return
    change = change_fortitude if ch["stat"] == "fortitude" else change_alcohol
    actual = change(state, t, -ch["amount"], **why)
    if actual < 0 and ch["stat"] == "fortitude" and not ch["no_hitback"] and ch["source"] != t:
        push(state, {"f": "hitback", "victims": [t], "source": ch["source"], "card": None},
             poll_from=state.active, only=[t])
