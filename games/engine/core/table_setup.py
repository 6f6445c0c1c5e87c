"""The one validation of a table's setup (docs/api.md, "Table setup"): the player count, the
variant, the table options with their values and the packs they need, and the timers.

The service runs `check_table` when a table is created (API, lobby form, rematch, fork), so a
setup the engine won't play never gets a table nor a seat; `new_game` runs the same checks on
the seats it is given, so a setup that got past (a table stored before these checks) is refused
with the same sentence instead of being played, and a worker never retries it. A refusal is a
`SetupError`: a stable `reason` code, a `field` and a sentence a person can act on.

Each table option declares its own values and needs beside its rules
(`extensions.TableOption.values` / `accepts` / `check`); this module names none of them.
Numbers are JSON integers exactly: not true, not 3.0, not "3".
"""
from __future__ import annotations

from dataclasses import dataclass

from . import extensions, variants
from .content import Content
from .errors import SetupError

MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: A timer is 1 second to 1 day, or none (None).
MIN_TIMER, MAX_TIMER = 1, 86_400
TIMERS = {"turn_seconds": "turn timer", "window_seconds": "response-window timer"}


@dataclass(frozen=True)
class Table:
    """What an option's `check` may look at: the seats, the variant and the content it plays."""
    players: int
    variant: str
    content: Content


def shown(value) -> str:
    """A value a request sent, quoted for a message and cut short (it may be anything)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_int(value) -> bool:
    """A JSON integer: `True` is not 1, 3.0 is not 3, "3" is not 3."""
    return type(value) is int


def check_players(players) -> None:
    if not is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError("invalid_player_count", f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} seats: choose a "
                                                 f"player count from {MIN_PLAYERS} to {MAX_PLAYERS}.", "player_count")


def check_variant(name, players: int) -> variants.Variant:
    """The variant's rules, once it exists and can be played with `players` seats."""
    rules = variants.VARIANTS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise SetupError("unknown_variant", f"There is no variant {shown(name)}; choose one of: "
                                            f"{', '.join(variants.VARIANTS)}.", "variant")
    problem = rules.check_seats(players)
    if problem:
        raise SetupError("invalid_player_count", problem, "player_count")
    return rules


def check_object(options) -> None:
    if not isinstance(options, dict):
        raise SetupError("invalid_option", "options is an object of table options (docs/api.md, \"Table setup\").",
                         "options")


def check_options(options, table: Table, *, unknown: bool = True) -> None:
    """Every option's value is one it accepts, then each option can be played at `table`
    (the packs it needs, the players and variant it allows). `unknown=False` lets keys no
    option declares through: `new_game` ignores them, as it did for games created before
    tables refused them, so those games still fold."""
    check_object(options)
    if unknown:
        for name in options:
            if name not in extensions.OPTIONS:
                raise SetupError("unknown_option", f"There is no table option {shown(name)}; the table options are: "
                                                   f"{', '.join(extensions.OPTIONS)} (docs/api.md).", "options")
    chosen = [(name, option, options[name]) for name, option in extensions.OPTIONS.items() if name in options]
    for name, option, value in chosen:
        if not option.accepts(value):
            raise SetupError("invalid_option", f"The {name} option is {option.values}.", f"options.{name}")
    for name, option, value in chosen:
        problem = option.check(table, value)
        if problem:
            reason, message = problem if isinstance(problem, tuple) else ("invalid_option", problem)
            raise SetupError(reason, message, f"options.{name}")


def check_timer(name: str, seconds) -> None:
    """`turn_seconds` / `window_seconds`: None (no timer) or whole seconds, 1 to a day."""
    if seconds is None:
        return
    if not is_int(seconds) or not MIN_TIMER <= seconds <= MAX_TIMER:
        raise SetupError("invalid_timer", f"The {TIMERS[name]} ({name}) is a whole number of seconds from "
                                          f"{MIN_TIMER} to {MAX_TIMER} (one day), or none.", name)


def check_table(*, players, variant, options, content: Content, timers: dict | None = None) -> None:
    """The whole setup of a new table, before anyone sits down; raises the first SetupError."""
    check_players(players)
    check_variant(variant, players)
    check_options(options, Table(players, variant, content))
    for name, seconds in (timers or {}).items():
        check_timer(name, seconds)


def values() -> dict[str, str]:
    """Each table option and, in words, the values it takes (docs, the API schema)."""
    return {name: option.values for name, option in extensions.OPTIONS.items()}
