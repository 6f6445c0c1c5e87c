"""Named points where a variant plugs into the game (`setup["variant"]`).

`Variant` gives the individual game's answer at every point; a variant subclasses it and
overrides what its rules change, and the core calls `of(state).<point>(...)` where it names
that point — never `if variant == ...`. Registered variants: `VARIANTS` (the base game and
the team variants of `team_play.py`, registered when `games.engine` is imported).

    check_seats(n)                  a sentence if the variant can't be played with n seats
    mat_of(seat, n)                 which mat a seat plays with (a team shares one)
    starting_gold(n), setup(state)  Gold on each mat; anything else the variant deals
    first_active(state, seat)       who begins the game's first turn
    finish_part(state, nxt)         the asked seat finished its part of this phase
    drawing(state, seat)            who refills now that `seat` discarded
    turn_seats(state)               whose turn_start / turn_end hooks run
    next_active(state)              who takes the next turn
    phase_extras(state, seat, ph)   decisions the variant adds to a phase prompt
    decorate(state, prompt)         decisions it adds to any real prompt (Potions)
    window_extras(state, seat, fr)  decisions that make a seat worth asking in a window
    champions(state, fr, seat)      push a Champion choice for `fr` (True) or not (False)
    prompt(state, frame)            the prompt for a frame kind the variant added
    execute(state, decision, ctx)   carry out a decision type the variant added
"""
from .state import State


class Variant:
    """The individual game."""
    name = "base"
    frames = frozenset()          # frame kinds the variant adds (flow asks `prompt` for them)
    decisions = frozenset()       # decision types the variant adds (flow hands them to `execute`)

    def check_seats(self, n: int):
        return None

    def mat_of(self, seat: int, n: int) -> int:
        return seat

    def starting_gold(self, n: int) -> int:
        """10 Gold; 8 with two players; 12 with seven or more (digest §2.4)."""
        return 8 if n == 2 else 12 if n >= 7 else 10

    def setup(self, state: State) -> None:
        pass

    def first_active(self, state: State, seat: int) -> int:
        return seat

    def finish_part(self, state: State, nxt: str) -> None:
        """`nxt` is the phase that follows, or "done" when the turn is over."""
        if nxt == "done":
            state.counts["end_done"] = True
        else:
            state.phase = nxt

    def drawing(self, state: State, seat: int) -> list[int]:
        return [seat]

    def turn_seats(self, state: State) -> list[int]:
        return [state.active]

    def next_active(self, state: State) -> int:
        from .ops import next_living
        return next_living(state, state.active)

    def phase_extras(self, state: State, seat: int, phase: str) -> list[dict]:
        return []

    def decorate(self, state: State, prompt):
        return prompt

    #: (state, seat, frame) -> decisions a seat may make in a response window besides its
    #: cards; None when the variant has none (asked in every window, so not a call that says []).
    window_extras = None

    def champions(self, state: State, fr: dict, seat: int) -> bool:
        return False

    def prompt(self, state: State, frame: dict):
        raise AssertionError(f"frame without a rule: {frame['f']}")

    def execute(self, state: State, decision: dict, ctx) -> None:
        raise AssertionError(f"decision without a rule: {decision['type']}")


BASE = Variant()
VARIANTS: dict[str, Variant] = {"base": BASE}


def register(variant: Variant) -> Variant:
    VARIANTS[variant.name] = variant
    return variant


def of(state: State) -> Variant:
    v = VARIANTS.get(state.variant)
    return v if v is not None else BASE
