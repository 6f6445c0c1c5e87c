"""Losing the game (digest §11): last chance, Gold split, simultaneous losses, ties.

Checked only at safe points — when nothing is pending on the stack — so cards
in flight, a Round of Gambling and a Drinking Contest all finish first.
"""
from . import extensions, hooks
from .frames import pop, push
from .teams import one_per_team
from .ops import INN, emit, pay
from .state import State


#: content id -> whether anything beyond Alcohol Content can pass a seat out (a fact of the
#: content, asked at every safe point).
_COUNTS: dict = {}


def in_danger(state: State) -> list[int]:
    out = []
    drunk = _COUNTS.get(state.content)           # most games have no Drunken Chi: Alcohol Content alone
    if drunk is None:
        drunk = _COUNTS[state.content] = extensions.counts_drunkenness(state)
    for i, s in enumerate(state.seats):
        m = s.m
        if not s.out and ((passing_out(state, i) if drunk else m.alcohol >= m.fortitude) or m.gold <= 0):
            out.append(i)
    return out


def passing_out(state: State, seat: int) -> bool:
    """Alcohol Content — Total Drunkenness with Drunken Chi (chi.py) — at or above Fortitude."""
    m = state.seats[seat].m
    return m.alcohol + extensions.drunkenness(state, state.seats[seat].mat) >= m.fortitude


def check(state: State) -> bool:
    """At a safe point: open the last-chance window if anyone is going down."""
    danger = in_danger(state)
    if not danger:
        return False
    for s in danger:
        hooks.run(state, s, "loss_check")
    if state.stack:
        return True
    danger = in_danger(state)
    if not danger:
        return True
    emit(state, "in_danger", seats=danger)
    push(state, {"f": "last_chance", "danger": danger}, poll_from=state.active)
    return True


def resolve_last_chance(state: State, fr: dict) -> None:
    pop(state)
    danger = in_danger(state)
    if set(danger) - set(fr["danger"]):
        # Someone new went down during the last chance: they get one too.
        push(state, {"f": "last_chance", "danger": danger}, poll_from=state.active)
        return
    if danger:
        eliminate(state, danger)


def eliminate(state: State, seats: list[int]) -> None:
    """Everyone in `seats` loses together (digest §11.3, §11.5). A team's shared stash is split
    once, among the teams that stay, one share per team (R-TEAM-SPLIT)."""
    passing = [s for s in seats if passing_out(state, s)]
    stay = [s for s in state.living() if s not in passing]
    takers = one_per_team(state, stay)
    for s in one_per_team(state, passing):
        gold = state.seats[s].gold
        pay(state, s, (gold + 1) // 2, INN, reason="passed_out")
        pool = gold // 2
        share = pool // len(takers) if takers else 0
        for r in takers:
            pay(state, s, share, r, reason="passed_out_share")
        pay(state, s, pool - share * len(takers), INN, reason="passed_out_remainder")
    broke = [s for s in stay if state.seats[s].gold <= 0]
    losers = passing + broke
    for s in losers:
        seat = state.seats[s]
        seat.out = "passed_out" if s in passing else "broke"
        state.drink_discard.extend(seat.drink_me)
        seat.drink_me = []
        emit(state, "eliminated", seat=s, reason=seat.out)
        hooks.run(state, s, "on_elimination")
    living = state.living()
    if len(one_per_team(state, living)) <= 1:        # the last player, or the last team, standing
        state.over = True
        state.winners = living if living else sorted(losers)
        emit(state, "game_over", winners=state.winners, tie=len(state.winners) > 1)
    elif state.seats[state.active].out:
        state.phase = "end"
