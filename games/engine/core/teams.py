"""Who plays with whom: seats that share a mat are a team (digest §15.1).

A team shares Fortitude, Alcohol Content and Gold, so a team *is* the seats pointing at one
mat; in an individual game every seat has its own mat and is a team of one, and every
function here gives what the individual rules say (`team(s) == [s]`, the opponents are
everyone else). The core asks these questions wherever the rules say "another player",
"each other player", "you" (shared defence) or "each player" (one payment per team), so a
team variant changes who is who by its mats alone (docs/teams.md).
"""
from .state import State


def solo(state: State) -> bool:
    """Every seat has a mat of its own: an individual game, where the answers below are the
    individual rules'. They are asked on every legality check, so this short cut matters."""
    return len(state.mats) == len(state.seats)


def team(state: State, seat: int) -> list[int]:
    """The seat and its teammates, in seat order."""
    if solo(state):
        return [seat]
    seats = state.seats
    m = seats[seat].mat
    return [i for i, s in enumerate(seats) if s.mat == m]


def teammates(state: State, seat: int) -> list[int]:
    return [s for s in team(state, seat) if s != seat]


def same_team(state: State, a: int, b: int) -> bool:
    return state.seats[a].mat == state.seats[b].mat


def opponents(state: State, seat: int) -> list[int]:
    """Living seats not on `seat`'s team: whom "another player" and "each other player" may
    name [001:1481-1506]."""
    seats = state.seats
    m = seats[seat].mat
    return [i for i, s in enumerate(seats) if not s.out and s.mat != m]


def one_per_team(state: State, seats: list[int]) -> list[int]:
    """The first of `seats` from each team, in the order given: who pays or takes a share
    once for a whole team (a Drink Deck refill, a Gold split)."""
    seen, out = set(), []
    for s in seats:
        m = state.seats[s].mat
        if m not in seen:
            seen.add(m)
            out.append(s)
    return out


def with_partners(state: State, seats) -> list[int]:
    """`seats` and every teammate of theirs: who may answer for them (shared defence, §15.3)."""
    mats = {state.seats[s].mat for s in seats}
    return [i for i, s in enumerate(state.seats) if s.mat in mats]


def any_of(state: State, seat: int, seats) -> bool:
    """Whether `seat` or a teammate is among `seats` ("you or a teammate meet the conditions")."""
    if solo(state):
        return seat in seats
    m = state.seats[seat].mat
    return any(state.seats[s].mat == m for s in seats)


def member_in(state: State, seat: int, seats):
    """`seat` if it is among `seats`, else its first teammate who is, else None."""
    if seat in seats:
        return seat
    for s in teammates(state, seat):
        if s in seats:
            return s
    return None
