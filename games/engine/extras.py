"""What the later boxes' mechanics (Treasure, Drunken Chi) add to the core's prompts and
views, so `responses` and `view` know them only by these names. (Their own frames and
decisions are in the one registry of `extensions.FRAMES` / `DECISIONS`.)

    options(state, seat, ctx)            decisions added to a phase prompt or a window
    seat_view(state, seat)               what a seat's view adds (Level, Total Drunkenness)
"""
from . import chi, treasure


def options(state, seat: int, ctx) -> list[dict]:
    return chi.options(state, seat, ctx)


def offered(state) -> bool:
    """Whether `options` can offer anything in this game (its content has Drunken Chi)."""
    return chi.counts(state)


def seat_view(state, seat: int) -> dict:
    out = {}
    if treasure.equip_zone(state, seat) is not None:
        out["level"] = treasure.level(state, seat)
    mat = state.seats[seat].mat
    if any(chi.tracks(state, s) for s, x in enumerate(state.seats) if x.mat == mat):
        out["drunkenness"] = chi.total(state, seat)
    return out
