"""Dungeon Events (RDI 6; digest §18, [001:886-958]): a table option, `{"dungeon_events": true}`.

It combines with any variant and any characters [001:892-894]. The Dungeon Event Deck is a
shared zone (`state.zones["dungeon"]`, its discard pile `"dungeon:discard"`) of every card
of type "Dungeon Event" the game's packs hold; its Progress Counters are a table token
(`state.tokens["dungeon_progress"]`, 2 at the start [001:895-897]).

- At the end of every turn (a team's shared turn: one counter per turn), after the turn_end
  hooks (Amundyr's Scarab damage) have finished, one counter is removed [001:901-903,
  934-937]; also when the active player lost the game or the turn ended early [001:938-940].
- Removing the last one reveals the top event (the discard pile is shuffled into a new deck
  when it runs out [001:898-900]); its choices are asked in turn order starting with the
  player whose turn is ending [001:922-925], only options the player can take are offered
  [001:926-928]; then each player's part happens in that order, Drinks it has them reveal
  are drunk together at the end (one `drink` frame, mode `dungeon`); the card goes to the
  discard pile and its Encounter Level of counters goes back on the deck [001:903-906].
- In a team game every team, the revealing one included, chooses a Champion and only the
  Champions take part [001:1404-1406, 1432-1435].
- With Otto, his part follows the players' (otto/events.py, R-OTTO-EVENTS).
- Its Fortitude, Alcohol and Gold changes land as they are (R-DUNGEON-LANDS): no event we
  hold says it may be reduced or Ignored "as though an Action Card" [001:955-958].

A Dungeon Event card says what it does with `each` (what every player does), in this
module's small vocabulary (`STEPS`); `encounter_level` is its number. Packs can't carry code,
and a step no printed event needs is not here. The Pub Crawl's Tavern Events say what they do
in the same vocabulary and resolve through the same prompt (`tavern_event` frames,
pub_crawl.py): the decision and prompt kind is the frame's kind.
"""

from ..core import decks, extensions, variants
from ..core.content import DUNGEON_EVENT, KINDS, Card, of
from ..core.drinks import _announce, _from_deck, _portion
from ..core.flow import RESOLVE
from ..core.prompt import COUNT, Prompt
from ..core.frames import push
from ..core.ops import INN, change_alcohol, change_fortitude, discard_card, emit, pay, take_from_hand
from ..core.seating import taking_part
from ..core.state import State

OPTION = "dungeon_events"
DECK = "dungeon"                   # the shared zone; its cards are owned by "dungeon"
DISCARD = DECK + ":discard"
PROGRESS = "dungeon_progress"      # the table token: Progress Counters on the deck
START_COUNTERS = 2

#: step -> (parameters it must have, what it does for the player it is run for)
STEPS = {
    "pay": ({"amount"}, "pay that much Gold to the Inn (what you have, if less)"),
    "lose": ({"stat", "amount"}, "lose that much Fortitude or Alcohol Content"),
    "gain": ({"stat", "amount"}, "gain that much Fortitude or Alcohol Content"),
    "discard_drink_me": (set(), "discard the top card of your Drink Me! pile (not drunk)"),
    "reveal_drink": (set(), "reveal a Drink from the Drink Deck (Drink Events skipped) to drink; every "
                            "Drink the event reveals is drunk at once, after everyone's part"),
    "by_alignment": ({"hero", "villain"}, "a Hero runs `hero`, a Villain `villain` (§18.2)"),
    "choose": ({"options"}, "asked in turn order before anything happens: one of `options` "
                            "(mode -> steps) the player can take"),
    "discard": ({"amount"}, "(only in a `choose` option) discard that many cards of your choice from "
                            "your hand; not offered with fewer in hand"),
}
STATS = ("fortitude", "alcohol")


# --- the vocabulary: checked when a pack is loaded ------------------------------------------

def check_event(each, where="each", top=True, in_choice=False, noun="Dungeon Event"):
    """(message, field) for every problem of an event's `each` (a Dungeon Event's, a Tavern's)."""
    if not isinstance(each, list) or not each:
        yield f"A {noun} lists what each player does (\"each\": [steps]).", where
        return
    chooses = 0
    for n, step in enumerate(each):
        here = f"{where}.{n}"
        name = step.get("do") if isinstance(step, dict) else None
        if name not in STEPS:
            yield f"Unknown {noun} step {name!r}; one of: {', '.join(STEPS)}.", f"{here}.do"
            continue
        need, _ = STEPS[name]
        extra = set(step) - need - {"do"}
        missing = need - set(step)
        if missing or extra:
            yield (f"Step {name!r} takes exactly: {', '.join(sorted(need)) or 'nothing'}"
                   f"{' (missing ' + ', '.join(sorted(missing)) + ')' if missing else ''}"
                   f"{' (unknown ' + ', '.join(sorted(extra)) + ')' if extra else ''}."), here
            continue
        if "amount" in step and (not isinstance(step["amount"], int) or isinstance(step["amount"], bool)
                                 or step["amount"] < 1):
            yield "An amount is a whole number, 1 or more.", f"{here}.amount"
        if "stat" in step and step["stat"] not in STATS:
            yield f"\"stat\" is one of: {', '.join(STATS)}.", f"{here}.stat"
        if name == "discard" and not in_choice:
            yield "A discard is one option of a \"choose\" (the cards are picked with the choice).", here
        if name == "choose":
            chooses += 1
            if not top:
                yield "A \"choose\" stands at the top of \"each\" (choices come before anything happens).", here
            opts = step["options"]
            if not isinstance(opts, dict) or len(opts) < 2:
                yield "\"options\" names two or more modes, each a list of steps.", f"{here}.options"
                continue
            for mode, sub in opts.items():
                yield from check_event(sub, f"{here}.options.{mode}", top=False, in_choice=True, noun=noun)
        if name == "by_alignment":
            for side in ("hero", "villain"):
                yield from check_event(step[side], f"{here}.{side}", top=False, in_choice=in_choice, noun=noun)
    if chooses > 1:
        yield f"A {noun} has at most one \"choose\".", where


# --- the table option ----------------------------------------------------------------------

def _event_keys(state: State) -> list[str]:
    return [c.key for c in of(state).cards.values() if c.type == DUNGEON_EVENT for _ in range(c.quantity)]


class DungeonEvents(extensions.TableOption):
    name = OPTION
    order = 20                  # before Otto: his turn takes a counter off too

    def check(self, table, value):
        if value and not any(c.type == DUNGEON_EVENT for c in table.content.cards.values()):
            return ("Dungeon Events need a pack with Dungeon Event cards: the installed dungeon-events sampler "
                    "(\"dungeon-events\" in options.packs) or your own deck (docs/packs.md).")
        return None

    def setup(self, state):
        decks.deal(state, DECK, _event_keys(state))
        state.tokens[PROGRESS] = START_COUNTERS

    def place(self, state, position):
        """A scenario's `"dungeon": {"deck": [slugs, top first], "discard": [...], "progress": n}`;
        the other events stay under the named ones in seeded order."""
        spec = position.get(DECK)
        if not spec:
            return
        decks.place(state, DECK, spec, state.zones[DECK] + state.zones[DISCARD], "Dungeon Event")
        if "progress" in spec:
            state.tokens[PROGRESS] = spec["progress"]

    def turn_end(self, state):
        if state.counts.get(DECK):
            return False
        state.counts[DECK] = True
        left = max(0, state.tokens.get(PROGRESS, 0) - 1)
        state.tokens[PROGRESS] = left
        ender = state.active
        emit(state, "dungeon_progress", seat=ender, left=left)
        if left:
            return False
        cid = _draw(state)
        c = of(state).cards[state.cards[cid]]
        emit(state, "dungeon_event", seat=ender, card=cid, title=c.title, level=c.encounter_level)
        # Its window (before it starts: the only time it can be Ignored [001:943-945]) opens only
        # when the game holds a card that Ignores an Event; otherwise nobody could answer it.
        poll = ender if ignorable(state) else None
        push(state, {"f": DECK, "event_card": cid, "seat": ender, "chosen": {},
                     "affects_all": True, "every_team_chooses": True}, poll_from=poll)
        return True        # look again: its choices, then the loss check, before the turn passes


def ignorable(state: State) -> bool:
    return any(s["do"] == "ignore_event" for c in of(state).cards.values() for s in c.steps)


def window_closed(state: State, fr: dict) -> None:
    """Nobody Ignores it any more: the event starts (its choices, then what it does)."""
    del fr["poll"], fr["i"]


def _draw(state: State) -> int:
    decks.refill(state, DECK)           # ran out: the discards become the new deck [001:898-900]
    return state.zones[DECK].pop()


# --- resolving one event ---------------------------------------------------------------------

def _event(state: State, fr: dict):
    return of(state).cards[state.cards[fr["event_card"]]]


def _choice(event):
    return next((s for s in event.event_steps if s["do"] == "choose"), None)


def _can(state: State, seat: int, steps) -> bool:
    """Whether the player can take these steps (a discard needs the cards) [001:926-928]."""
    for st in steps:
        if st["do"] == "discard" and len(state.seats[seat].hand) < st["amount"]:
            return False
        if st["do"] == "by_alignment" and not _can(state, seat, st[alignment(state, seat)]):
            return False
    return True


def _discards(steps) -> int:
    return sum(st["amount"] for st in steps if st["do"] == "discard")


def options(state: State, fr: dict, seat: int) -> tuple[list[dict], list[dict]]:
    """The decisions and the subset offers of `seat`'s choice. An option that discards N cards
    is one subset offer of the hand with `"count": N` (docs/decisions.md), not one decision per
    N-card set; a hand of exactly N cards has one such set, so it is listed as a decision and
    a player with no other option is not asked, as before."""
    choose = _choice(_event(state, fr))
    if choose is None:
        return [], []
    out, subsets = [], []
    hand = sorted(state.seats[seat].hand)
    for mode, steps in choose["options"].items():
        if not _can(state, seat, steps):
            continue
        n = _discards(steps)
        if n and n < len(hand):
            subsets.append({"seat": seat, "type": fr["f"], "mode": mode, "cards": hand, COUNT: n})
        elif n:
            out.append({"seat": seat, "type": fr["f"], "mode": mode, "cards": hand})
        else:
            out.append({"seat": seat, "type": fr["f"], "mode": mode})
    return out, subsets


def prompt(state: State, fr: dict):
    if "players" not in fr:
        if variants.of(state).champions(state, fr, fr["seat"]):
            return None                     # the teams choose their Champions first
        fr["players"] = taking_part(state, fr, fr["seat"])
        fr["ask"] = list(fr["players"]) if _choice(_event(state, fr)) else []
    while fr["ask"]:
        seat = fr["ask"][0]
        opts, subsets = options(state, fr, seat) if not state.seats[seat].out else ([], [])
        if opts or subsets:
            return Prompt(seat, fr["f"], opts, subsets)
        fr["ask"].pop(0)                    # nothing it can choose: it sits this one out
    _resolve(state, fr)
    return None


def execute(state: State, d: dict, fr: dict) -> None:
    seat = d["seat"]
    fr["chosen"][str(seat)] = {"mode": d["mode"], "cards": list(d.get("cards", []))}
    emit(state, fr["f"] + "_choice", seat=seat, mode=d["mode"], card=fr["event_card"])
    fr["ask"].pop(0)


def alignment(state: State, seat: int) -> str:
    """"villain" for a character whose pack says so, else "hero" (§18.2)."""
    return "villain" if of(state).characters[state.seats[seat].character].alignment == "villain" else "hero"


def _resolve(state: State, fr: dict) -> None:
    state.stack.pop()
    event = _event(state, fr)
    ender = fr["seat"]
    drink = {"f": "drink", "mode": DECK, "revealer": ender, "reveals": [], "portions": [], "extra": []}
    why = {"reason": fr.get("reason", "dungeon_event"), "card": fr["event_card"]}
    for seat in fr["players"]:
        if state.seats[seat].out:
            continue
        steps = event.event_steps
        chosen = fr["chosen"].get(str(seat))
        _run(state, seat, steps, chosen, drink, why)
    if state.options:
        extensions.event_part(state, fr, event.event_steps, drink, why)     # Otto, no seat, takes his part
    if fr["f"] == DECK:             # the card goes to the discard pile and re-arms the deck
        discard_card(state, fr["event_card"])
        state.tokens[PROGRESS] = event.encounter_level
        emit(state, "dungeon_armed", counters=event.encounter_level, card=fr["event_card"])
    if drink["portions"]:
        drink["mead"] = []
        _announce(state, drink)
        push(state, drink, poll_from=ender)


def _run(state, seat, steps, chosen, drink, why) -> None:
    for st in steps:
        do = st["do"]
        if do == "choose":
            if chosen is not None:
                _run(state, seat, st["options"][chosen["mode"]], chosen, drink, why)
        elif do == "by_alignment":
            _run(state, seat, st[alignment(state, seat)], chosen, drink, why)
        elif do == "pay":
            pay(state, seat, st["amount"], INN, **why)
        elif do in ("lose", "gain"):
            delta = st["amount"] if do == "gain" else -st["amount"]
            change = change_fortitude if st["stat"] == "fortitude" else change_alcohol
            change(state, seat, delta, **why)
        elif do == "discard_drink_me":
            pile = state.seats[seat].drink_me
            if pile:
                cid = pile.pop()
                state.drink_discard.append(cid)
                emit(state, "drink_me_discarded", seat=seat, drink=cid, **why)
        elif do == "discard":
            # (a state a bot imagined from a view knows another seat's choice, not its cards)
            cards = [c for c in (chosen or {}).get("cards", []) if c in state.seats[seat].hand]
            for cid in cards:
                take_from_hand(state, seat, cid)
                discard_card(state, cid)
            emit(state, "discarded", seat=seat, cards=list(cards), **why)
        elif do == "reveal_drink":
            k = _from_deck(state, seat, skip_events=True, reveals=drink["reveals"])
            if k is not None:
                r = drink["reveals"][k]
                drink["portions"].append(_portion(seat, r["printed"], r["fortitude"], k))


RESOLVE[DECK] = window_closed
extensions.register_option(DungeonEvents())
extensions.FRAMES[DECK] = prompt
extensions.DECISIONS[DECK] = execute


def _load_event(c, common, bad):
    level = c.get("encounter_level")
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        bad("encounter_level", "A Dungeon Event's Encounter Level is a whole number, 1 or more.")
        level = 1
    found = list(check_event(c.get("each")))
    for msg, fld in found:
        bad(fld, msg)
    return None if found else Card(**common, encounter_level=level, event_steps=tuple(c["each"]))


KINDS[DUNGEON_EVENT] = _load_event
