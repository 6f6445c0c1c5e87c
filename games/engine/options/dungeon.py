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

A Dungeon Event card says what it does with `each` (what every player does), in the step
language's Event box (`EVENT`, primitives.py): the words lose, gain, pay and choose as on a
card, and this module's discard, discard_drink_me, reveal_drink and by_alignment; its
`encounter_level` is its number. Packs can't carry code, and a word no printed event needs is
not here. The Pub Crawl's Tavern Events are written in the same box and resolve through the
same prompt (`tavern_event` frames, pub_crawl.py): the decision and prompt kind is the frame's
kind.
"""

from dataclasses import dataclass

from ..core import decks, extensions, variants
from ..core.interpreter import behaviour_in, run_steps
from ..core.primitives import NESTED, STATS, Box, check_steps, positive, register_box, steps_list
from ..core.steps import lands_at_once
from ..core.content import KINDS, Card, Facts, content_of, of
from ..core.drinks import announce, new_portion, reveal_from_deck
from ..core.flow import RESOLVE
from ..core.prompt import COUNT, Prompt
from ..core.frames import push
from ..core.ops import discard_card, emit, take_from_hand
from ..core.seating import taking_part
from ..core.state import State
from ..core.words import (DECKS_SHOWN, DRINK_MODES, MARKS, MODES, PANEL_ZONES, PILLS, SAMPLER_NOTE, TABLE_SERIES, Jump,
                          Mark, TableSeries, asks, labels, panel, plural, says, shows)

OPTION = "dungeon_events"
DUNGEON_EVENT = "Dungeon Event"    # its kind of card
DECK = "dungeon"                   # the shared zone; its cards are owned by "dungeon"
DISCARD = DECK + ":discard"
PROGRESS = "dungeon_progress"      # the table token: Progress Counters on the deck
START_COUNTERS = 2

#: The box an Event's `each` is written in: what every player taking part does, for the player
#: whose part it is (`who` is always "self"); its changes land as they are (R-DUNGEON-LANDS).
EVENT = "event"


def _stand_together(steps, where, within):
    """An Event's one choice comes before anything happens; a discard is one of its options."""
    chooses = [n for n, st in enumerate(steps) if isinstance(st, dict) and st.get("do") == "choose"]
    if chooses and within:
        yield "A \"choose\" stands at the top of \"each\" (choices come before anything happens).", \
            f"{where}.{chooses[0]}"
    if len(chooses) > 1:
        yield "An Event has at most one \"choose\".", where
    for n in chooses:
        if isinstance(steps[n].get("options"), dict) and len(steps[n]["options"]) < 2:
            yield "\"options\" names two or more modes, each a list of steps.", f"{where}.{n}.options"
    if "choose" not in within:
        for n, st in enumerate(steps):
            if isinstance(st, dict) and st.get("do") == "discard":
                yield "A discard is one option of a \"choose\" (the cards are picked with the choice).", f"{where}.{n}"


register_box(Box(EVENT, "a Dungeon or Tavern Event", stats=STATS[:2], check=_stand_together,
                 fixed={"who": "self", "to": "inn", "ignore_reduces": 0, "only_target": False}))


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

    def position_of(self, view):
        """The Dungeon Event Deck in its exact order, its discards and its Progress Counters."""
        zones = view.get("zones") or {}
        if DECK not in zones:
            return {}
        return {DECK: {"deck": [c["key"] for c in reversed(zones[DECK]["cards"])],
                       "discard": [c["key"] for c in zones[DISCARD]["cards"]],
                       "progress": (view.get("tokens") or {}).get(PROGRESS, 0)}}

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
        emit(state, "dungeon_event", seat=ender, card=cid, title=c.title, level=c.facts.level)
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
    return next((s for s in event.facts.steps if s["do"] == "choose"), None)


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
        part = {"seat": seat, "chosen": fr["chosen"].get(str(seat)), "drink": drink, "why": why}
        run_steps(state, part, event.facts.steps, EVENT)
    if state.options:
        extensions.event_part(state, fr, event.facts.steps, drink, why)     # Otto, no seat, takes his part
    if fr["f"] == DECK:             # the card goes to the discard pile and re-arms the deck
        discard_card(state, fr["event_card"])
        state.tokens[PROGRESS] = event.facts.level
        emit(state, "dungeon_armed", counters=event.facts.level, card=fr["event_card"])
    if drink["portions"]:
        drink["mead"] = []
        announce(state, drink)
        push(state, drink, poll_from=ender)


def _run_choose(state, fr, step):
    if fr["chosen"] is not None:
        run_steps(state, fr, step["options"][fr["chosen"]["mode"]], EVENT)


def _run_by_alignment(state, fr, step):
    run_steps(state, fr, step[alignment(state, fr["seat"])], EVENT)


def _run_discard_drink_me(state, fr, step):
    pile = state.seats[fr["seat"]].drink_me
    if pile:
        cid = pile.pop()
        state.drink_discard.append(cid)
        emit(state, "drink_me_discarded", seat=fr["seat"], drink=cid, **fr["why"])


def _run_discard(state, fr, step):
    seat = fr["seat"]
    # (a state a bot imagined from a view knows another seat's choice, not its cards)
    cards = [c for c in (fr["chosen"] or {}).get("cards", []) if c in state.seats[seat].hand]
    for cid in cards:
        take_from_hand(state, seat, cid)
        discard_card(state, cid)
    emit(state, "discarded", seat=seat, cards=list(cards), **fr["why"])


def _run_reveal_drink(state, fr, step):
    drink = fr["drink"]
    k = reveal_from_deck(state, fr["seat"], skip_events=True, reveals=drink["reveals"])
    if k is not None:
        r = drink["reveals"][k]
        drink["portions"].append(new_portion(fr["seat"], r["printed"], r["fortitude"], k))


for _word, _run in lands_at_once("self").items():
    behaviour_in(EVENT, _word, _run)
behaviour_in(EVENT, "choose", _run_choose)
behaviour_in(EVENT, "by_alignment", _run_by_alignment, "A Hero runs `hero`, a Villain `villain` (§18.2).",
             {"hero": steps_list, "villain": steps_list})
NESTED["by_alignment"] = ("hero", "villain")
behaviour_in(EVENT, "discard_drink_me", _run_discard_drink_me,
             "Discard the top card of your Drink Me! pile (not drunk).")
behaviour_in(EVENT, "discard", _run_discard, "(Only in a `choose` option) discard that many cards of your choice "
             "from your hand; not offered with fewer in hand.", {"amount": positive})
behaviour_in(EVENT, "reveal_drink", _run_reveal_drink,
             "Reveal a Drink from the Drink Deck (Drink Events skipped) to drink; every Drink the event reveals "
             "is drunk at once, after everyone's part.")

RESOLVE[DECK] = window_closed
extensions.register_option(DungeonEvents())
extensions.FRAMES[DECK] = prompt
extensions.DECISIONS[DECK] = execute


@dataclass(frozen=True)
class EventFacts(Facts):
    """A Dungeon Event: what every player does (`steps`, its `each`) and its Encounter Level."""
    steps: tuple
    level: int

    def shown(self) -> dict:
        return {"encounter_level": self.level}


def _load_event(c, common, bad):
    level = c.get("encounter_level")
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        bad("encounter_level", "A Dungeon Event's Encounter Level is a whole number, 1 or more.")
        level = 1
    found = list(check_steps(c.get("each"), "each", EVENT))
    for msg, fld in found:
        bad(fld, msg)
    return None if found else Card(**common, facts=EventFacts(tuple(c["each"]), level))


KINDS[DUNGEON_EVENT] = _load_event


# --- words (core/words.py) ---

@says("dungeon_progress")
def _progress(fx, s, t):
    left = fx.get("left", 0)
    return (f"End of {s}'s turn: a Progress Counter comes off the Dungeon Event Deck, "
            + (f"{left} left." if left else "the last one!"))


@says("dungeon_event")
def _told_event(fx, s, t):
    return f"Dungeon Event: “{fx.get('title')}” (Encounter Level {fx.get('level')}) happens to everyone!"


@says("dungeon_choice")
@says("tavern_event_choice")          # the Pub Crawl's Tavern Events run as Dungeon Events do
def _chosen(fx, s, t):
    # a pack names its options with verbs ("discard", "lose_fortitude"): "chose to ..."
    mode = {"drink": "reveal a Drink and drink it"}.get(fx.get("mode"), str(fx.get("mode", "")).replace("_", " "))
    return f"{s} chose to {mode}."


@says("dungeon_armed")
def _armed(fx, s, t):
    n = fx.get("counters", 0)
    return f"{n} Progress Counter{'s' if n != 1 else ''} go back on the Dungeon Event Deck."


@says("drink_me_discarded")
def _drink_me(fx, s, t):
    return f"{s} discarded {t.title(fx.get('drink'))} from the top of their Drink Me! pile{t.because(fx)}."


@says("discarded", reason="dungeon_event")
@says("discarded", reason="tavern_event")
def _discarded(fx, s, t):
    return f"{s} discarded {plural(len(fx.get('cards', [])), 'card')} to {t.title(fx.get('card'))}: " + \
        t.titles(fx.get("cards", [])) + "."


@says("reshuffled", deck=DECK)
def _reshuffled(fx, s, t):
    return "The Dungeon Event Deck ran out: its discards were shuffled into a new deck."


asks("dungeon", "A Dungeon Event: choose what you do. Everyone chooses in turn order, then it all happens.",
     "a Dungeon Event")
MODES.update({"drink": "Reveal a Drink and drink it", "discard": "Discard"})     # the printed events' options
DRINK_MODES[DECK] = " (a Dungeon Event: everyone's Drinks)"


def event_frame(title):
    """What the stack shows of an Event being chosen: `title(who, card)`, then each player's
    choice so far."""
    def shown(fr, who, names):
        card = fr.get("event_card") or {}
        chosen = fr.get("chosen") or {}
        return {"card": card or None, "title": title(who, card),
                "detail": "; ".join(f"{names[int(k)]}: {MODES.get(v['mode'], v['mode'])}"
                                    for k, v in chosen.items() if k.isdigit() and int(k) < len(names))}
    return shown


shows(DECK)(event_frame(lambda who, card: f"Dungeon Event at the end of {who}'s turn"))
MARKS["dungeon_event"] = Mark(DECK, lambda fx, names: {"title": fx.get("title"), "level": fx.get("level")},
                              lambda e: f"Dungeon Event {e['title'] or ''}", "#9b82d6", "1 3",
                              Jump("dungeon event", "Dungeon Event", "v"))
DECKS_SHOWN[DECK] = "Dungeon Event Deck"
TABLE_SERIES[PROGRESS] = TableSeries("progress", DECK, "Dungeon Event Progress Counters", "Progress Counters",
                                     "at 0 an event is revealed", "#9b82d6", marks=DECK)


def mode_words(mode: str) -> str:
    return MODES.get(mode, mode.replace("_", " ").capitalize())


@labels(DECK, "tavern_event")         # the Pub Crawl's Tavern Events are chosen as Dungeon Events are
def _label(d, a):
    said = mode_words(d.get("mode", ""))
    if d.get("cards"):
        said += ": " + ", ".join(a.titles.get(c, f"card {c}") for c in d["cards"])
    return said


# --- its panel on the table page ---------------------------------------------

PANEL_ZONES.add(DECK)


@panel(DECK)
def _panel(view: dict, names: list[str]) -> dict | None:
    """The Dungeon Event Deck: its Progress Counters (public table tokens), the deck's size and
    the last event revealed (its discard pile is face up) or, while one is being resolved,
    that one (its card waits on the stack until everyone has chosen), and whether its events
    come from a sampler pack."""
    tokens = view.get("tokens") or {}
    zones = view.get("zones") or {}
    if PROGRESS not in tokens or DECK not in zones:
        return None
    discard = (zones.get(DISCARD) or {}).get("cards") or []
    now = next((fr["event_card"] for fr in view.get("stack") or [] if fr.get("f") == DECK and fr.get("event_card")), None)
    return {"progress": tokens[PROGRESS], "counters": list(range(tokens[PROGRESS])),
            "deck": zones[DECK].get("count", 0), "discarded": len(discard),
            "last": now or (discard[-1] if discard else None), "now": now is not None,
            "sampler": SAMPLER_NOTE if _sampler_events(view.get("content") or "") else ""}


@PILLS.append
def _pill(view: dict) -> dict | None:
    n = (view.get("tokens") or {}).get(PROGRESS)
    if n is None or DECK not in (view.get("zones") or {}):
        return None
    return {"id": "dungeon-progress", "class": "dungeon-pill", "text": f"Dungeon: {plural(n, 'counter')}",
            "title": "Progress Counters on the Dungeon Event Deck: one comes off at the end of every turn; the last "
                     "reveals an event"}


def _sampler_events(content_id: str) -> bool:
    try:
        content = content_of(content_id)
    except ValueError:
        return False
    kinds = {h["id"]: h.get("kind") for h in content.packs}
    return any(c.type == DUNGEON_EVENT and kinds.get(c.pack) == "sampler" for c in content.cards.values())
