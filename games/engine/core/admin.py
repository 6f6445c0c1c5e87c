"""Staff corrections: the only changes to a game that are not a seat's decision.

They are folded like decisions (the store records them as `admin_*` events), so
a game with corrections still re-folds to the same hashes. They never touch
cards, only the numbers a proven fault may have cost someone, and Gold always
comes from or goes to the Inn so the total stays the same.
"""
from .errors import IllegalDecision
from .flow import advance
from .ops import change_alcohol, change_fortitude, emit
from .state import State

ADJUSTABLE = ("gold", "fortitude", "alcohol")


def correct(state: State, correction: dict) -> tuple[State, list]:
    """{"seat": 2, "gold": 3, "fortitude": 0, "alcohol": -1, "reason": "..."} -> (state, effects)."""
    seat = correction.get("seat") if isinstance(correction, dict) else None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.seats):
        raise IllegalDecision("malformed_correction", "A correction names a seat of this game by number.")
    deltas = {k: correction.get(k, 0) for k in ADJUSTABLE}
    if any(not isinstance(v, int) or isinstance(v, bool) or abs(v) > 100 for v in deltas.values()) \
            or not any(deltas.values()):
        raise IllegalDecision("malformed_correction",
                              "A correction changes gold, fortitude and/or alcohol by whole numbers (at most 100).")
    if state.seats[seat].out:
        raise IllegalDecision("seat_out", f"Seat {seat} is out of the game; its numbers can't be corrected.")
    state._fx = []
    why = {"reason": "correction", "note": str(correction.get("reason", ""))[:500]}
    if deltas["gold"]:
        moved = max(deltas["gold"], -state.seats[seat].gold)
        state.seats[seat].gold += moved
        state.inn -= moved
        emit(state, "gold", seat="inn" if moved > 0 else seat, to=seat if moved > 0 else "inn",
             amount=abs(moved), asked=abs(deltas["gold"]), by_inn=False, **why)
    if deltas["fortitude"]:
        change_fortitude(state, seat, deltas["fortitude"], **why)
    if deltas["alcohol"]:
        change_alcohol(state, seat, deltas["alcohol"], **why)
    state._prompt = None
    advance(state)
    fx, state._fx = state._fx, []
    return state, fx


def void(state: State, reason: str = "") -> tuple[State, list]:
    """Staff void the game: it ends with no winner."""
    if state.over:
        raise IllegalDecision("game_over", "The game is already over.")
    state.over, state.winners, state._prompt = True, [], None
    return state, [{"type": "game_voided", "reason": str(reason)[:500]}]
