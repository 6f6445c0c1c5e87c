"""Sleeping through the others' turns: Vlazlo's "Bat nap" [001:939, 1678-1681].

`nap` (a card's step) lays the card in its player's `nap` zone (in play, face up) and ends
that player's turn at once: the phases left are skipped, but the turn still ends normally
(its `turn_end` hooks run; a Dungeon Event counter is still removed, [001:939]). While the
card lies there its player Ignores every effect (a Fortitude, Alcohol or Gold change lands
on it as Ignored, a Drink it would drink is Ignored, tokens pass it by) and plays no cards
(`seating.napping`, read by changes, drinks and responses). `wake` (a `turn_start` hook of the
character) puts it in the discard pile when its player's next turn begins.
"""
from ..core import primitives, variants
from ..core.ops import discard_card, emit
from ..core.seating import NAP
from ..core.interpreter import behaviour
from ..core.words import says

primitives.register("nap", "The played card stays in front of its player, whose turn ends now; until the player's "
                    "next turn (`wake`) it Ignores all effects and plays no cards (\"Bat nap\").")
primitives.register("wake", "The player's cards lying in its `nap` zone go to its discard pile (a turn_start hook).")


def _run_nap(state, fr, step):
    seat, cid = fr["seat"], fr["card"]
    pile = state.seats[seat].discard
    if cid in pile:
        pile.remove(cid)
        state.seats[seat].zones.setdefault(NAP, []).append(cid)
    emit(state, "napping", seat=seat, card=cid)
    variants.of(state).leave_turn(state, seat)


def _run_wake(state, fr, step):
    seat = fr["seat"]
    lying = state.seats[seat].zones.get(NAP)
    if lying:
        state.seats[seat].zones[NAP] = []
        for cid in lying:
            discard_card(state, cid)
        emit(state, "woke", seat=seat)


behaviour("nap", run=_run_nap)
behaviour("wake", run=_run_wake)


# --- words (core/words.py) ---

@says("napping")
def _napping(fx, s, t):
    return f"{s} fell asleep: the turn ends, and until their next turn they ignore everything and play no cards."


@says("woke")
def _woke(fx, s, t):
    return f"{s} woke up."
