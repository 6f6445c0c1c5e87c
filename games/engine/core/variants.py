"""Named points where a variant plugs into the game (`setup["variant"]`).

`Variant` gives the individual game's answer at every point; a variant subclasses it and
overrides what its rules change, and the core calls `of(state).<point>(...)` where it names
that point — never `if variant == ...`. Registered variants: `VARIANTS` (the base game and
the team variants of `team_play.py`, registered when `games.engine` is imported).

    check_seats(n)                  a sentence if the variant can't be played with n seats
    check_character(i, n, ch)       a sentence if seat i of n may not play character `ch`
    team_label(i, n)                what the lobby calls seat i's team ("" in an individual game)
    team_name(t)                    what the table calls team t ("Team A")
    lobby, about, offered           the lobby's words for it: its name, what it is, its place
    needs_villains                  whether some seat must be a villain (a Boss): such a table plays
                                    the villains' packs
    boss_seat(i, n)                 whether seat i of n is a Boss, cast from the villains
    every_seat_a_boss(n)            whether no seat of n is open to a hero (from boss_seat)
    cast(n, pool, taken)            characters for n seats from `pool`, keeping those `taken`
    owner_seat(n, ch)               where a table's owner playing `ch` sits (None: the first free)
    value(state, seat, name)        the variant's hand size / Actions / Drinks per turn, or None
    mat_of(seat, n)                 which mat a seat plays with (a team shares one)
    starting_gold(n), setup(state)  Gold on each mat; anything else the variant deals
    first_active(state, seat)       who begins the game's first turn
    finish_part(state, nxt)         the asked seat finished its part of this phase
    leave_turn(state, seat)         a seat whose turn it is stops playing it (asleep)
    drawing(state, seat)            who refills now that `seat` discarded
    turn_seats(state)               whose turn_start / turn_end hooks run
    next_active(state)              who takes the next turn
    phase_extras(state, seat, ph)   decisions the variant adds to a phase prompt
    decorate(state, prompt)         decisions it adds to any real prompt (Potions)
    window_extras(state, seat, fr)  decisions that make a seat worth asking in a window
    champions(state, fr, seat)      push a Champion choice for `fr` (True) or not (False)
    table_view(state)               what the whole table sees of it in a view (each Boss's hand size)
    prompt(state, frame)            the prompt for a frame kind the variant added
    execute(state, decision, ctx)   carry out a decision type the variant added
"""
from itertools import cycle

from .seating import napping, next_living
from .state import State

#: The phase after each phase of a turn.
NEXT_PHASE = {"discard": "action", "action": "order", "order": "drink", "drink": "end"}


class Variant:
    """The individual game."""
    name = "base"
    #: the lobby's words for it (its Game select): its name there, what it is, and where it stands
    lobby, about, offered = "Everyone for themselves", "", 0
    frames = frozenset()          # frame kinds the variant adds (flow asks `prompt` for them)
    decisions = frozenset()       # decision types the variant adds (flow hands them to `execute`)

    def check_seats(self, n: int):
        return None

    def check_character(self, seat: int, n: int, character) -> str | None:
        return None

    def team_label(self, seat: int, n: int) -> str:
        return ""

    def team_name(self, team: int) -> str:
        return f"Team {'ABCD'[team % 4]}"

    #: Whether some seat must be a villain (a Boss): the base game has none, so a table of
    #: the variant plays the installed villains' packs (games/bosses.py).
    needs_villains = False

    def boss_seat(self, seat: int, n: int) -> bool:
        """Whether seat `seat` of `n` is a Boss, cast from the villains."""
        return False

    def every_seat_a_boss(self, n: int) -> bool:
        """Whether no seat of `n` is open to a hero."""
        return all(self.boss_seat(i, n) for i in range(n))

    def cast(self, n: int, pool, taken: dict[int, str] | None = None) -> list[str]:
        """Characters for `n` seats from `pool` (Character objects, in the order given): the
        seats in `taken` (seat -> character id) keep theirs, the others take the characters
        not taken in pool order, from the start again once each has a seat."""
        taken = taken or {}
        ids = [c.id for c in pool]
        free = cycle([c for c in ids if c not in taken.values()] or ids)
        return [taken[i] if i in taken else next(free) for i in range(n)]

    def owner_seat(self, n: int, character) -> int | None:
        """Where the owner of a table playing `character` sits; None: the first free seat."""
        return None

    def value(self, state: State, seat: int, name: str) -> int | None:
        """The number a value hook point (`hooks.DEFAULTS`) starts from for this seat, where the
        variant changes it (a Boss's hand of 8-10); None keeps the individual game's."""
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

    def leave_turn(self, state: State, seat: int) -> None:
        """`seat` plays no more of this turn ("your turn ends now", "Bat nap"; digest §15.8):
        with nobody else awake to play it the turn ends now, otherwise (a team's shared turn)
        its teammates play the phases left [001:1559-1574]."""
        if seat not in self.turn_seats(state) or state.counts.get("end_done"):
            return
        if not any(s != seat and not napping(state, s) for s in self.turn_seats(state)):
            state.phase = "end"
            self.finish_part(state, "done")
        elif state.active == seat:
            self.finish_part(state, NEXT_PHASE[state.phase])

    def drawing(self, state: State, seat: int) -> list[int]:
        return [seat]

    def discarding(self, state: State) -> bool:
        """True while the turn's Discard and Draw is under way (someone has discarded and the
        refill has not come): no card may be played then [000:55; 001:1050-1051]. One
        player's discard and draw is one decision, so only a shared turn has such a moment."""
        return False

    def turn_seats(self, state: State) -> list[int]:
        return [state.active]

    def next_active(self, state: State) -> int:
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

    def table_view(self, state: State) -> dict:
        return {}

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
    """The variant's rules; asked several times per decision, so kept on the state (never
    serialised) for as long as the state names the same variant."""
    v = state._rules
    if v is not None and v.name == state.variant:
        return v
    v = VARIANTS.get(state.variant)
    if v is None:
        return BASE
    state._rules = v
    return v
