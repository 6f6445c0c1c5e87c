"""Pending things on the stack, and the response window each one carries.

A frame is a dict with `f` (its kind) and an `id`. Frames that accept
responses carry a window: `poll` (seats in turn order, starting with the seat
that played or revealed the thing) and `i` (who is being asked). When a
response resolves, the frame below re-opens from the start (digest §6.2).

    card        a played card waiting to resolve
    drink       revealed Drinks (one or more portions) waiting to be drunk
    event       a revealed Drink Event waiting to start
    contest     a Drinking Contest between its rounds (no window)
    round       a Round of Gambling (no window; its own gambling turns)
    hitback     "after it happened": seats that just lost Fortitude to a card
    won         "after it happened": someone just won a Round of Gambling
    last_chance someone is out of Gold or passing out (digest §11.2)
    change      a pending change from no card, which its target may answer (changes.py)
    offer       a seat buying side-deck cards with a token, one at a time (purchases.py)
    then        the rest of a resolving card, waiting under its pending changes (resolve.resolve_change)
    pick        a seat choosing between a rule's named options (choices.py: Brews, Heat, Petrify)
"""
from .seating import order_from
from .state import State
from .teams import with_partners


def push(state: State, frame: dict, poll_from=None, only=None) -> dict:
    frame["id"] = state.frame_id()
    if poll_from is not None:
        order = order_from(state, poll_from)
        if only is not None:
            only = with_partners(state, only)     # a teammate may answer for them (§15.3)
            order = [s for s in order if s in only]
        frame["poll"] = order
        frame["i"] = 0
    state.stack.append(frame)
    return frame


def push_under(state: State, frame: dict) -> dict:
    """Put a frame (with no window) just under the top one."""
    frame["id"] = state.frame_id()
    state.stack.insert(len(state.stack) - 1, frame)
    return frame


def pop(state: State) -> dict:
    """Remove the top frame; the window below (if any) re-opens from its start."""
    frame = state.stack.pop()
    if state.stack and "poll" in state.stack[-1]:
        state.stack[-1]["i"] = 0
    return frame


def find(state: State, fid: int):
    for fr in reversed(state.stack):
        if fr["id"] == fid:
            return fr
    return None


def active_round(state: State):
    """The Round of Gambling in progress (not yet ended), if any."""
    for fr in reversed(state.stack):
        if fr["f"] == "round":
            return None if fr["ended"] else fr
    return None
