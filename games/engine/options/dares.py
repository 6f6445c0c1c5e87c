"""The Wench Dares You... (RDI 6 Drink Event; digest §13.11; [001:320-332, 2190-2218; 003:1081-1085]).

A Drink Card with `"event": "dares"` (it comes in a pack: the base Drink Deck has none).
Once its window has closed (nothing could Ignore it any more [001:2190-2194]) the revealer
reveals two Drinks from the Drink Deck, each with its Chasers, turning Drink Events over
and revealing again; the revealer drinks the one with the higher Alcohol Content and every
other player (the other Champions, in a team game [001:2199-2201]) a copy of the other. On a
tie the revealer chooses (prompt `dares`) [001:2202-2208]. Which is higher is judged with
the revealer's own numbers (R-DARES-COMPARE: a Drink whose numbers depend on the drinker, as
"Tomato Juice" for a Vampire, counts as the revealer would take it [001:2209-2218]); each
drinker then takes their own numbers. Everything poured is one `drink` frame (mode `dares`),
drunk at once after its window, where each may Ignore the Drink about to be drunk
[001:2195-2197].
"""
from ..core import extensions
from ..core.content import of
from ..core.drinks import EVENT_STARTS, announce, new_portion, reveal_from_deck
from ..core.prompt import Prompt
from ..core.frames import find, push
from ..core.ops import emit
from ..core.seating import taking_part
from ..core.state import State
from ..core.words import DRINK_MODES, asks, labels, says, shows

EVENT = "dares"


def numbers(state: State, reveal: dict, seat: int) -> tuple[int, int]:
    """(alcohol, fortitude) of a revealed Drink and its Chasers as `seat` would drink it: a
    card's per-race numbers (`drink.as`) for the seat's race, else its printed ones."""
    return _sum(state, reveal, of(state).characters[state.seats[seat].character].race)


def printed(state: State, reveal: dict) -> tuple[int, int]:
    return _sum(state, reveal, "")


def _sum(state: State, reveal: dict, race: str) -> tuple[int, int]:
    alcohol = fortitude = 0
    for cid in reveal["cards"]:
        c = of(state).cards[state.cards[cid]]
        if c.facts.event:                  # a Drink Event as a Chaser adds nothing (§13.3)
            continue
        n = c.facts.races.get(race) if race else None
        alcohol += n["alcohol"] if n else c.facts.alcohol
        fortitude += n["fortitude"] if n else c.facts.fortitude
    return alcohol, fortitude


def start(state: State, fr_event: dict, seat: int) -> None:
    if seat in fr_event.get("ignored_event", ()):
        # the revealer Ignored it: no Drinks are revealed and no one drinks [001:2192-2194]
        state.drink_discard.append(fr_event["card"])
        return
    drink = {"f": "drink", "mode": EVENT, "revealer": seat, "reveals": [], "portions": [], "extra": [],
             "mead": [], "event_card": fr_event["card"], "players": taking_part(state, fr_event, seat)}
    found = [k for k in (reveal_from_deck(state, seat, True, drink["reveals"]),
                         reveal_from_deck(state, seat, True, drink["reveals"])) if k is not None]
    if not found:                          # no Drink anywhere (R-NO-DRINK-LEFT): nothing to drink
        state.drink_discard.append(fr_event["card"])
        return
    if len(found) == 1:                    # only one Drink exists: the revealer drinks it (R-DARES-ONE)
        _pour(state, drink, found[0], None)
        push(state, drink, poll_from=seat)
        return
    a, b = (numbers(state, drink["reveals"][k], seat)[0] for k in found)
    emit(state, "dares", seat=seat, alcohol=[a, b])
    if a != b:
        _pour(state, drink, found[0] if a > b else found[1], found[1] if a > b else found[0])
        push(state, drink, poll_from=seat)
        return
    push(state, drink, poll_from=seat)     # a tie: the revealer chooses first (prompt "dares")
    push(state, {"f": EVENT, "seat": seat, "on": drink["id"]})


def _pour(state: State, drink: dict, mine: int, other) -> None:
    # Each portion holds the Drink's printed numbers: drinking applies a race's own numbers
    # to its drinker (drinks._for_race), so pouring them here would count them twice.
    revealer = drink["revealer"]
    for s in drink["players"]:
        k = mine if s == revealer else other
        if k is None:
            continue
        alcohol, fortitude = printed(state, drink["reveals"][k])
        drink["portions"].append(new_portion(s, alcohol, fortitude, k))
    announce(state, drink)


def prompt(state: State, fr: dict):
    drink = find(state, fr["on"])
    seat = fr["seat"]
    return Prompt(seat, EVENT, [{"seat": seat, "type": EVENT, "pick": r}
                                for r in range(len(drink["reveals"]))])


def execute(state: State, d: dict, fr: dict) -> None:
    state.stack.pop()                      # the Drinks' window below starts from its first seat
    drink = find(state, fr["on"])
    mine = d["pick"]
    emit(state, "dares_choice", seat=d["seat"], pick=mine, drink=drink["reveals"][mine]["cards"][0])
    _pour(state, drink, mine, 1 - mine)


EVENT_STARTS[EVENT] = start
extensions.FRAMES[EVENT] = prompt
extensions.DECISIONS[EVENT] = execute


# --- words (core/words.py) ---

@says("dares")
def _dares(fx, s, t):
    a, b = (fx.get("alcohol") or [0, 0])[:2]
    if a == b:
        return f"The Wench Dares You...: both Drinks are {a} Alcohol Content for {s}, who picks one."
    return f"The Wench Dares You...: {s} drinks the stronger Drink ({max(a, b)} against {min(a, b)}), " \
           "everyone else the other."


@says("dares_choice")
def _chosen(fx, s, t):
    return f"{s} chose to drink {t.title(fx.get('drink'))}; everyone else drinks the other one."


asks(EVENT, "The Wench Dares You... The two Drinks have the same Alcohol Content: choose the one you drink; "
     "everyone else drinks the other.", "The Wench Dares You...")
DRINK_MODES[EVENT] = " (The Wench Dares You...)"
shows(EVENT)(lambda fr, who, names: {"title": f"{who} chooses which Drink to drink"})


@labels(EVENT)
def _label(d, a):
    try:
        cards = a.top("drink")["reveals"][d["pick"]]["cards"]
        return "I drink " + " + ".join(c["title"] for c in cards)
    except (TypeError, KeyError, IndexError):
        return f"I drink Drink {d.get('pick', 0) + 1}"
