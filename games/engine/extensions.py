"""Table options, and the frames and decisions that modules outside the core add.

A **table option** is a rule a table switches on in `setup["options"]` (`{"dungeon_events":
true}`) that combines with any variant, so it cannot be a variant itself. It subclasses
`TableOption`, overrides the points its rules change and registers in `OPTIONS`; the core
calls the functions below where it names those points, never `if options[...]`:

    values                  in words, what a table may set it to ("true or false")
    accepts(value)          whether `value` is one of them, as exact JSON (true is not 1)
    check(table, value)     a sentence, or (code, sentence), when it can't be played at this
                            table (`table_setup.Table`: players, variant, content): the pack it
                            needs is missing, too many players... (games/engine/table_setup.py)
    setup(state)            anything it deals (a shared deck, table counters)
    place(state, position)  a scenario position's say on what it dealt
    turn_end(state)         the last thing of a turn, after the turn_end hooks; True while it
                            has pushed something that must be finished first
    reserve(state)          Drink cards it holds for the Drink Deck beyond its discard pile
    refill_drinks(state)    the Drink Deck ran out and everyone has paid: True when it refilled
                            the deck itself (the Bar Deck's next 30) instead of the reshuffle
    held(state, seat)       cards the seat plays as though from its hand (a won Prize)
    take(state, seat, cid)  such a card is played: True when it took it from where it lay
    round_started(state, rnd, fr, everyone)   a Round of Gambling began: True when it will
                            have everyone ante itself (`gambling.ante_and_go`) after asking
    pot_taken(state, seat)  the pot went to that seat, or to the Inn (None)
    order_drink(state, seat)  the seat Orders a Drink: the card id it takes (a tavern's), or None
                            for the Drink Deck as usual
    pause_orders(state, seat, rest, card)  the seat has Ordered one Drink of several (a card's,
                            `rest` the piles still to get one): True when it pushed something to
                            do first and will Order `rest` itself (the Pub Crawl's Crawl)
    chaser_revealed(state, seat)  the seat revealed a Drink with a Chaser
    idle(state)             nothing is pending (the stack is empty, losses are settled): True
                            when it pushed something to do first (a Crawl)

`PUBLIC_ZONES` names the shared zones (and `<name>:...` ones) every seat sees face up.

A module that adds a **frame kind** with its own prompt registers `FRAMES[kind] = prompt`
(`prompt(state, frame) -> Prompt | None`; None: nothing to ask, look again), and one that
adds a **decision type** registers `DECISIONS[type] = execute` (`execute(state, decision,
frame)`, the frame being the top of the stack, or the phase for a decision offered in a phase
prompt). `flow.py` asks them for those kinds only. This is the one registry of every
mechanic's frames and decisions (Treasure, Drunken Chi, `pick` choices, Dungeon Events, ...);
while such a frame carries a response window (`poll`), flow runs the window first.
"""
from .state import State


class TableOption:
    name = ""
    values = "true or false"

    def accepts(self, value) -> bool:
        return type(value) is bool

    def check(self, table, value):
        return None

    def setup(self, state: State) -> None:
        pass

    def place(self, state: State, position: dict) -> None:
        pass

    def turn_end(self, state: State) -> bool:
        return False

    def reserve(self, state: State) -> int:
        return 0

    def refill_drinks(self, state: State) -> bool:
        return False

    def held(self, state: State, seat: int):
        return ()

    def take(self, state: State, seat: int, cid: int) -> bool:
        return False

    def round_started(self, state: State, rnd: dict, fr: dict, everyone: list) -> bool:
        return False

    def pot_taken(self, state: State, seat) -> None:
        pass

    def anted(self, state: State, rnd: dict, paid: bool) -> None:
        pass

    def round_turn(self, state: State, rnd: dict) -> bool:
        return False

    def order_drink(self, state: State, seat: int):
        return None

    def pause_orders(self, state: State, seat: int, rest: list, card) -> bool:
        return False

    def chaser_revealed(self, state: State, seat: int) -> None:
        pass

    def idle(self, state: State) -> bool:
        return False


OPTIONS: dict[str, TableOption] = {}
FRAMES: dict = {}
DECISIONS: dict = {}
PUBLIC_ZONES: set = set()


def register_option(option: TableOption) -> TableOption:
    OPTIONS[option.name] = option
    return option


def on(state: State) -> list[TableOption]:
    """The table options this game plays with, in a fixed order (their registration)."""
    if not state.options:
        return []
    return [o for name, o in OPTIONS.items() if state.options.get(name)]


def setup(state: State) -> None:
    for option in on(state):
        option.setup(state)


def place(state: State, position: dict) -> None:
    for option in on(state):
        option.place(state, position)


def turn_end(state: State) -> bool:
    """Run the options' end-of-turn steps; True while one of them waits on the stack."""
    for option in on(state):
        if option.turn_end(state):
            return True
    return False


def reserve(state: State) -> int:
    """Drink cards the options keep for the Drink Deck, beyond its discard pile (the Bar Deck)."""
    return sum(option.reserve(state) for option in on(state))


def refill_drinks(state: State) -> bool:
    """True when an option refilled the empty Drink Deck (after the payments) its own way."""
    return any(option.refill_drinks(state) for option in on(state))


def held(state: State, seat: int) -> list:
    return [cid for option in on(state) for cid in option.held(state, seat)]


def take(state: State, seat: int, cid: int) -> bool:
    return any(option.take(state, seat, cid) for option in on(state))


def round_started(state: State, rnd: dict, fr: dict, everyone: list) -> bool:
    return any(option.round_started(state, rnd, fr, everyone) for option in on(state))


def pot_taken(state: State, seat) -> None:
    for option in on(state):
        option.pot_taken(state, seat)


def anted(state: State, rnd: dict, paid: bool) -> None:
    """The players in a Round just anted (its start or "I raise!"; `paid` False: nobody did, the
    card's player having no Gold): a table option's own participant antes too (Otto, from the Inn)."""
    for option in on(state):
        option.anted(state, rnd, paid)


def round_turn(state: State, rnd: dict) -> bool:
    """Before the Round's next gambling turn: True if an option played one of its own (Otto's)."""
    return any(option.round_turn(state, rnd) for option in on(state))


def public(name: str) -> bool:
    """Whether a shared zone is face up (an option's PUBLIC_ZONES, or any discard pile)."""
    return name.endswith(":discard") or name.split(":", 1)[0] in PUBLIC_ZONES


def order_drink(state: State, seat: int):
    for option in on(state):
        cid = option.order_drink(state, seat)
        if cid is not None:
            return cid
    return None


def pause_orders(state: State, seat: int, rest: list, card) -> bool:
    return any(option.pause_orders(state, seat, rest, card) for option in on(state))


def chaser_revealed(state: State, seat: int) -> None:
    for option in on(state):
        option.chaser_revealed(state, seat)


def idle(state: State) -> bool:
    return any(option.idle(state) for option in on(state))
