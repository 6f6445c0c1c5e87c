"""Named points where characters (and later variants) plug into the turn.

A character's `hooks` in its pack (docs/content-model.md, "Hooks") name a hook point and
either steps to run there or a number for a value hook. A hook runs for its own seat, or
with `"whose": "any"` at that point of every seat's turn (Amundyr's Scarabs bite whoever
holds them at the end of their turn); its steps then have the hook's seat as their player
and the seat whose moment it is as `target`. A value hook may depend on a token
(`"if_token": {"brawl": 10}`: from 10 Brawls on). The core calls `run(state, seat, at)` /
`value(state, seat, name)` at its named points and never asks which character a seat plays.
"""
from . import variants
from .content import of
from .state import State
from .interpreter import run_steps

DEFAULTS = {"hand_size": 7, "actions_per_turn": 1, "drinks_per_turn": 1}


def value(state: State, seat: int, name: str) -> int:
    v = variants.of(state).value(state, seat, name)     # a variant's number replaces the default
    content = of(state)
    if not content.has_hooks:
        if v is not None:
            return v
        return DEFAULTS.get(name, DEFAULTS["hand_size"])
    s = state.seats[seat]
    for h in content.hooks(s.character, name):
        need = h.get("if_token")
        if not need or all(s.tokens.get(t, 0) >= n for t, n in need.items()):
            return h["value"]
    if name == "opening_hand":       # unless a character says otherwise, its hand size
        return value(state, seat, "hand_size")
    return DEFAULTS[name] if v is None else v


def run(state: State, seat: int, at: str, **context) -> None:
    """Run the hooks for point `at` of `seat`'s moment (nothing for the base characters)."""
    content = of(state)
    if not content.has_hooks:
        return
    if not state.seats[seat].out:
        for h in content.hooks(state.seats[seat].character, at):
            if h.get("whose", "self") == "self":
                _run(state, seat, h, {**context, "target": seat})
    if at in content.any_hooks:
        for owner, s in enumerate(state.seats):
            for h in content.hooks(s.character, at):
                if h.get("whose") == "any":
                    _run(state, owner, h, {**context, "target": seat})


def on_token(state: State, seat: int, token: str, now: int) -> None:
    """A seat's token count just changed to `now`: its `on_token` hooks for that number."""
    content = of(state)
    if not content.has_hooks:
        return
    for h in content.hooks(state.seats[seat].character, "on_token"):
        if h.get("token") == token and h.get("equals") == now:
            _run(state, seat, h, {"target": seat})


def _run(state, seat, h, args) -> None:
    # A hook acts "as though" from a card its seat played, with no card: Ignore cards can't
    # answer it as a card (only a pending change it makes) and nobody hits back at oneself.
    fr = {"f": "hook", "card": None, "seat": seat, "args": args, "ignored": [], "inn_pays": [],
          "leavers": [], "as": "hook", "at": h["at"]}
    run_steps(state, fr, h["steps"])

