"""Named points where characters (and later variants) plug into the turn.

A character's `hooks` in its pack (docs/content-model.md, "Hooks") name a hook point and
either steps to run there, with the seat as their player, or a number for a value hook.
The core calls `run(state, seat, "turn_end")` / `value(state, seat, "hand_size", 7)` at
its named points and never asks which character a seat plays.
"""
from .content import of
from .state import State
from .steps import run_steps

DEFAULTS = {"hand_size": 7, "actions_per_turn": 1, "drinks_per_turn": 1}


def value(state: State, seat: int, name: str) -> int:
    for h in of(state).hooks(state.seats[seat].character, name):
        return h["value"]
    return DEFAULTS[name]


def run(state: State, seat: int, at: str, **context) -> None:
    """Run the seat's steps for hook point `at` (nothing for the base characters)."""
    hooks = of(state).hooks(state.seats[seat].character, at)
    if not hooks or state.seats[seat].out:
        return
    for h in hooks:
        # A hook acts "as though" from a card its seat played, with no card: Ignore cards
        # can't answer it (there is no card on the stack) and nobody hits back at oneself.
        fr = {"f": "hook", "card": None, "seat": seat, "args": dict(context), "ignored": [], "inn_pays": [],
              "leavers": [], "as": "hook", "at": at}
        run_steps(state, fr, h["steps"])
