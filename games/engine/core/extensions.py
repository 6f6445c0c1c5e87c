"""The core's plug-in points: table options, mechanics, and the frames and decisions plug-ins add.

A **table option** is a rule a table switches on in `setup["options"]` (`{"dungeon_events":
true}`) that combines with any variant, so it cannot be a variant itself. It subclasses
`TableOption`, overrides the points its rules change and registers in `OPTIONS`; the core
calls the functions below where it names those points, never `if options[...]`:

    values                  in words, what a table may set it to ("true or false")
    accepts(value)          whether `value` is one of them, as exact JSON (true is not 1)
    check(table, value)     a sentence, or (code, sentence), when it can't be played at this
                            table (`table_setup.Table`: players, variant, content): the pack it
                            needs is missing, too many players... (games/engine/core/table_setup.py)
    setup(state)            anything it deals (a shared deck, table counters)
    place(state, position)  a scenario position's say on what it dealt
    position_of(view)       and that say written back from an omniscient view (a fork)
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

An option may bring a **participant** of its own who is no seat (Otto): `participants` names
them, and the core hands such a one to the option that owns him (`participant(state, who)`):

    targets(state, seat, card)      more "other player"s a seat's card may pick
    struck(state, fr, step, stat, delta)   a card's step whose selector names "each (other) player"
                                    (primitives.EVERYONE), or that picked him
    toast(state, card_fr, fr)       a card makes everyone drink from the Drink Deck: his portion
    drink_portion(state, fr, p)     he drinks his portion of a Drink
    start_event(state, fr_event)    a Drink Event he turned over starts
    contest_reveal(state, fr)       he reveals in a Drinking Contest round
    contest_pays(state, payer, winner)   1 Gold between him and the other of a contest's pair
    portion_pays(state, fr, amount)      a card makes him, holding a Drink portion, pay its player
    in_round(state, rnd)            him, if he is one more in this Round of Gambling, else None
    event_part(state, fr, steps, drink, why)   an Event that happens to every player (a Dungeon or
                                    Tavern Event, frame `fr`) happens to him too

`PUBLIC_ZONES` names the shared zones (and `<name>:...` ones) every seat sees face up.

A module that adds a **frame kind** with its own prompt registers `FRAMES[kind] = prompt`
(`prompt(state, frame) -> Prompt | None`; None: nothing to ask, look again), and one that
adds a **decision type** registers `DECISIONS[type] = execute` (`execute(state, decision,
frame)`, the frame being the top of the stack, or the phase for a decision offered in a phase
prompt). `flow.py` asks them for those kinds only. This is the one registry of every
mechanic's frames and decisions (Treasure, Drunken Chi, `pick` choices, Dungeon Events, ...);
while such a frame carries a response window (`poll`), flow runs the window first. A frame
kind that holds cards while it waits registers which (`FRAME_CARDS[kind] = fn(frame) -> ids`),
so the bookkeeping checks find every card; `PASSES[prompt kind] = fn(state, frame)` is what a
`pass` does at a plug-in's prompt.
"""
from .state import State


class TableOption:
    name = ""
    values = "true or false"
    order = 0                   # where it comes among the options at every point: lower first
    participants = frozenset()

    def accepts(self, value) -> bool:
        return type(value) is bool

    def check(self, table, value):
        return None

    def setup(self, state: State) -> None:
        pass

    def place(self, state: State, position: dict) -> None:
        pass

    def position_of(self, view: dict) -> dict:
        """`place`'s inverse: the option's say in the scenario position written from an
        omniscient view (a fork's, replay/fork.py)."""
        return {}

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

    def targets(self, state: State, seat: int, card) -> list:
        return []

    def struck(self, state: State, fr: dict, step: dict, stat: str, delta: int) -> None:
        pass

    def toast(self, state: State, card_fr: dict, fr: dict) -> None:
        pass

    def event_part(self, state: State, fr: dict, steps, drink: dict, why: dict) -> None:
        pass

    def in_round(self, state: State, rnd: dict):
        return None

    # Asked only of the option that owns the participant (`participant`), so an option with
    # participants answers each of these.
    def drink_portion(self, state: State, fr: dict, p: dict) -> None:
        raise NotImplementedError(f"{self.name} brings a participant and must say how he drinks")

    def start_event(self, state: State, fr_event: dict) -> None:
        raise NotImplementedError(f"{self.name} brings a participant and must say how his Drink Event starts")

    def contest_reveal(self, state: State, fr: dict) -> None:
        raise NotImplementedError(f"{self.name} brings a participant and must say how he reveals in a contest")

    def contest_pays(self, state: State, payer, winner) -> None:
        raise NotImplementedError(f"{self.name} brings a participant and must say how he pays a contest")

    def portion_pays(self, state: State, fr: dict, amount: int) -> None:
        raise NotImplementedError(f"{self.name} brings a participant and must say how he pays for his portion")


class Mechanic:
    """A mechanic of a character's (a token, a zone, a kind of card) that adds to what the core
    itself asks, shows and checks. It subclasses this, overrides the points its rules change and
    registers with `register_mechanic`; the core calls the functions below, which ask only the
    mechanics that override that point:

        drunkenness(state, mat)          what counts towards Total Drunkenness beyond Alcohol
                                         Content on a mat (Drunken Chi); 0 for most
        counts_drunkenness(state)        whether `drunkenness` can be more than 0 in this game
        offered(state)                   whether `options` can offer anything in this game
        options(state, seat, ctx)        decisions it adds to a phase prompt or a window
        actions(state, seat)             decisions it adds to the Action phase (a Minion's)
        still_acting(state, seat, cid)   True while something of the seat's may still act this
                                         Action phase after card `cid` (a Minion): the phase
                                         goes on after the seat's last Action
        stand_ins(state, seat)           cards in play that another seat's card may hit instead
                                         of a player (`target_minion`: Minions)
        stands_in(card)                  whether a card may pick a stand-in for its target
        stand_in_hurt(state, seat, cid)  a stand-in `seat`'s card hit lost Fortitude
        seat_view(state, seat)           what a seat's view adds (Level, Total Drunkenness)
        zone_closed(state, zone)         a playable zone (its definition) whose cards can't be
                                         played now (equipped Treasure while Treasure is got)
    """
    POINTS = ("drunkenness", "counts_drunkenness", "offered", "options", "actions", "still_acting", "stand_ins", "stands_in",
              "stand_in_hurt", "seat_view", "zone_closed")

    def drunkenness(self, state: State, mat: int) -> int:
        return 0

    def counts_drunkenness(self, state: State) -> bool:
        return False

    def offered(self, state: State) -> bool:
        return False

    def options(self, state: State, seat: int, ctx) -> list:
        return []

    def actions(self, state: State, seat: int) -> list:
        return []

    def still_acting(self, state: State, seat: int, cid: int) -> bool:
        return False

    def stand_ins(self, state: State, seat: int) -> list:
        return []

    def stands_in(self, card) -> bool:
        return False

    def stand_in_hurt(self, state: State, seat: int, cid: int) -> None:
        pass

    def seat_view(self, state: State, seat: int) -> dict:
        return {}

    def zone_closed(self, state: State, zone: dict) -> bool:
        return False


OPTIONS: dict[str, TableOption] = {}
MECHANICS: list[Mechanic] = []
_AT: dict[str, list] = {point: [] for point in Mechanic.POINTS}   # point -> the overriding mechanics' functions
FRAMES: dict = {}
DECISIONS: dict = {}
PASSES: dict = {}
FRAME_CARDS: dict = {}      # frame kind -> fn(frame) -> the card ids such a frame holds (invariants.py)
PUBLIC_ZONES: set = set()


def register_mechanic(mechanic: Mechanic) -> Mechanic:
    MECHANICS.append(mechanic)
    for point in Mechanic.POINTS:
        if getattr(type(mechanic), point) is not getattr(Mechanic, point):
            _AT[point].append(getattr(mechanic, point))
    return mechanic


# The points' lists, bound once: the loops below run at every prompt and safe point, so they
# are plain loops rather than generator expressions (issue 38's instruction counts).
(_DRUNKENNESS, _COUNTS_DRUNKENNESS, _OFFERED, _OPTIONS, _ACTIONS, _STILL_ACTING, _STAND_INS, _STANDS_IN,
 _STAND_IN_HURT, _SEAT_VIEW, _ZONE_CLOSED) = (_AT[point] for point in Mechanic.POINTS)


def drunkenness(state: State, mat: int) -> int:
    total = 0
    for f in _DRUNKENNESS:
        total += f(state, mat)
    return total


def counts_drunkenness(state: State) -> bool:
    """Whether anything beyond Alcohol Content can pass a seat out in this game."""
    for f in _COUNTS_DRUNKENNESS:
        if f(state):
            return True
    return False


def mechanic_options(state: State, seat: int, ctx) -> list:
    out = []
    for f in _OPTIONS:
        out += f(state, seat, ctx)
    return out


def offered(state: State) -> bool:
    for f in _OFFERED:
        if f(state):
            return True
    return False


def actions(state: State, seat: int) -> list:
    out = []
    for f in _ACTIONS:
        out += f(state, seat)
    return out


def still_acting(state: State, seat: int, cid: int) -> bool:
    for f in _STILL_ACTING:
        if f(state, seat, cid):
            return True
    return False


def stand_ins(state: State, seat: int) -> list:
    out = []
    for f in _STAND_INS:
        out += f(state, seat)
    return out


def stands_in(card) -> bool:
    for f in _STANDS_IN:
        if f(card):
            return True
    return False


def stand_in_hurt(state: State, seat: int, cid: int) -> None:
    for f in _STAND_IN_HURT:
        f(state, seat, cid)


def seat_view(state: State, seat: int) -> dict:
    out = {}
    for f in _SEAT_VIEW:
        out.update(f(state, seat))
    return out


def zone_closed(state: State, zone: dict) -> bool:
    for f in _ZONE_CLOSED:
        if f(state, zone):
            return True
    return False


def register_option(option: TableOption) -> TableOption:
    OPTIONS[option.name] = option
    ordered = sorted(OPTIONS.values(), key=lambda o: o.order)
    OPTIONS.clear()
    OPTIONS.update((o.name, o) for o in ordered)
    return option


def on(state: State) -> list[TableOption]:
    """The table options this game plays with, in their `order`."""
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


def participant(state: State, who):
    """The table option whose own participant `who` is (no seat number: Otto), else None."""
    if who.__class__ is int:
        return None
    for option in on(state):
        if who in option.participants:
            return option
    return None


def targets(state: State, seat: int, card) -> list:
    return [t for option in on(state) for t in option.targets(state, seat, card)]


def struck(state: State, fr: dict, step: dict, stat: str, delta: int) -> None:
    for option in on(state):
        option.struck(state, fr, step, stat, delta)


def toast(state: State, card_fr: dict, fr: dict) -> None:
    for option in on(state):
        option.toast(state, card_fr, fr)


def event_part(state: State, fr: dict, steps, drink: dict, why: dict) -> None:
    for option in on(state):
        option.event_part(state, fr, steps, drink, why)


def in_round(state: State, rnd: dict):
    for option in on(state):
        who = option.in_round(state, rnd)
        if who is not None:
            return who
    return None
