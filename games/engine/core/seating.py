"""Who sits where, and who is in: seats in turn order, the next living seat, who is asleep,
who takes part in what a frame starts. Plain questions about the state that every rule asks,
with nothing below them but the state.
"""
from .state import State


def order_from(state: State, seat: int) -> list[int]:
    """All seats in turn order (clockwise = increasing index) starting at `seat`."""
    n = len(state.seats)
    return [*range(seat, n), *range(seat)]


def living_from(state: State, seat: int) -> list[int]:
    return [s for s in order_from(state, seat) if not state.seats[s].out]


def taking_part(state: State, fr: dict, seat: int) -> list[int]:
    """Living seats in turn order from `seat` that take part in what `fr` starts: everyone,
    or only the Champions a team game chose for it (`fr["champions"]`, digest §15.5). A seat
    asleep ("Bat nap") Ignores it and takes no part (naps.py)."""
    seats = [s for s in living_from(state, seat) if not napping(state, s)]
    champions = fr.get("champions")
    if fr.get("ignored_event"):                 # who Ignored the Event before it started (events.py)
        seats = [s for s in seats if s not in fr["ignored_event"]]
    return seats if champions is None else [s for s in seats if s in champions]


def next_living(state: State, seat: int) -> int:
    for s in order_from(state, seat)[1:]:
        if not state.seats[s].out:
            return s
    return seat


#: The zone a "Bat nap" card lies in while its player sleeps (naps.py).
NAP = "nap"


def napping(state: State, seat: int) -> bool:
    """Whether the seat is asleep: it Ignores every effect and plays no cards, until its next
    turn after a "Bat nap" [001:1678-1681] (naps.py), until the end of this turn after "your
    turn ends now" (items.py, `counts["asleep"]`)."""
    z = state.seats[seat].zones
    if z and z.get(NAP):
        return True
    asleep = state.counts.get("asleep")
    return bool(asleep) and seat in asleep
