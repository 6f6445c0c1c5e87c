"""The Pub Crawl Variant (RDI 8, digest §19 [003:915-977]): a table option, `{"pub_crawl": true}`.

The game's packs name the taverns: cards of type "Tavern", one of them the Red Dragon Inn
(`"tavern": {"home": true}`: its Drinks are the Drink Deck), each other one with its own
Tavern Drink deck (`"tavern": {"drinks": deck id}`, a shared deck of Drink cards that is not
the Drink Deck, which another pack may define and fill: a deck no pack defines is empty). In
the state:

- the Open taverns lie face up in `state.zones["taverns"]`, Closed ones in `"taverns:closed"`
  (the card "back in the box", still shown); the Party Pawn is the table token `party` (the
  card id of the tavern it stands on), at the Red Dragon Inn at the start, where no Tavern
  Event happens (R-CRAWL-START);
- each Tavern Drink deck is a hidden shared zone `"tavern-drinks:<slug>"` (its cards owned by
  it, so a discarded one goes to `"tavern-drinks:<slug>:discard"`; they never reshuffle). A
  Tavern Drink that lands on the Drink discard pile (the core discards every Drink there) is
  moved to its own pile before anything could reshuffle it (`_sweep`).

Ordering a Drink takes it from the current tavern's deck (the Drink Deck at the Red Dragon
Inn); ordering its last Drink Closes it and the player who ordered it must Crawl (at once when
a card still has Drinks to Order: they come from the new tavern, frame `crawl_orders`). Revealing a
Drink with a Chaser (an empty Chaser too) makes the revealer Crawl, once, after everything
pending has resolved (the table token `crawlers` is a bit per seat); several Crawl in turn
order from the active player. A Crawl moves the Pawn to another Open tavern of the player's
choice (prompt `crawl`), the Red Dragon Inn only once every other tavern is Closed; with
nowhere to go the party stays. Cards that say "the Drink Deck" always mean the Red Dragon
Inn's (only Ordering uses the taverns).

A tavern whose card carries a Tavern Event (`each`, written in the Event box as a Dungeon Event is) has it
happen each time the party Crawls there (frame `tavern_event`, resolved as a Dungeon Event is:
Ignored as an Event, Champions in a team game; R-CRAWL-EVENTS). No printed tavern we hold has
one: the rulebooks print none.
"""
from dataclasses import dataclass

from ..core import decks, extensions
from . import dungeon
from ..core.content import KINDS, Card, Facts, of
from .dungeon import EVENT as EVENT_BOX
from ..core.prompt import Prompt
from ..core.frames import pop, push
from ..core.ops import emit, order_drinks
from ..core.seating import order_from
from ..core.primitives import check_steps, register
from ..core.resolve import go_on
from ..core.flow import RESOLVE
from ..core.state import State
from ..core.interpreter import behaviour
from ..core.words import CARD_TITLES, MARKS, PANEL_ZONES, Mark, asks, labels, panel, says, shows, zone_cards

OPTION = "pub_crawl"
TAVERNS = "taverns"
CLOSED = TAVERNS + ":closed"
PARTY = "party"
CRAWLERS = "crawlers"
DRINKS = "tavern-drinks:"
TAVERN = "Tavern"                # its kind of card
EVENT = "tavern_event"         # the frame of a Tavern Event (resolved by dungeon.py)
ORDERS = "crawl_orders"        # a card's Orders waiting for the Crawl its tavern's closing owes


def _taverns(state: State) -> list:
    return [c for c in of(state).cards.values() if c.type == TAVERN]


def deck_of(state: State, cid: int) -> str | None:
    """The zone of a tavern's Drinks, or None for the Red Dragon Inn (the Drink Deck)."""
    c = of(state).cards[state.cards[cid]]
    return None if c.facts.home else DRINKS + c.slug


def at_home(state: State) -> bool:
    return deck_of(state, state.tokens[PARTY]) is None


class PubCrawl(extensions.TableOption):
    name = OPTION
    order = 30                  # before the Bar Deck: its Drinks leave the discard pile before a Bar Deck takes it

    def check(self, table, value):
        if not value:
            return None
        content = table.content
        taverns = [c for c in content.cards.values() if c.type == TAVERN]
        if sum(1 for t in taverns if t.facts.home) != 1:
            return ("The Pub Crawl needs a pack with the Tavern cards, one of them The Red Dragon Inn "
                    "(the installed taverns sampler: \"taverns\" in options.packs).")
        if not any(content.deck_list(t.facts.drinks) for t in taverns if not t.facts.home):
            return ("The Pub Crawl needs the Drinks of at least one tavern, and the rulebooks print none: "
                    "choose a pack with Tavern Drink decks (docs/packs.md).")
        return None

    def setup(self, state):
        content = of(state)
        taverns = sorted(_taverns(state), key=lambda t: (not t.facts.home, t.key))
        ids = list(range(len(state.cards), len(state.cards) + len(taverns)))
        state.cards.extend(t.key for t in taverns)
        state.owner.extend([TAVERNS] * len(taverns))
        state.zones[TAVERNS] = list(ids)
        closed = []
        for cid, t in zip(ids, taverns):
            if t.facts.home:
                state.tokens[PARTY] = cid
                continue
            if not decks.deal(state, DRINKS + t.slug, content.deck_list(t.facts.drinks)):
                closed.append(cid)          # a tavern with no Drinks is Closed from the start
        for cid in closed:
            state.zones[TAVERNS].remove(cid)
        if closed:
            state.zones[CLOSED] = closed
        state.tokens[CRAWLERS] = 0

    def place(self, state, position):
        """A scenario's `"pub_crawl": {"party": slug, "closed": [slugs], "decks": {slug: [Drink
        slugs, top first]}}`: each deck named is exactly those Drinks (the others go to the box)."""
        for stray in (TAVERNS + ":discard", CLOSED + ":discard"):   # setup.py's pools add these
            if not state.zones.get(stray):
                state.zones.pop(stray, None)
        spec = position.get(OPTION)
        if not spec:
            return
        by_slug = {state.cards[cid].split("/", 1)[1]: cid
                   for cid in state.zones[TAVERNS] + state.zones.get(CLOSED, [])}
        if "party" in spec:
            state.tokens[PARTY] = by_slug[spec["party"]]
        for slug in spec.get("closed", []):
            _close(state, by_slug[slug], quiet=True)
        for slug, drinks in (spec.get("decks") or {}).items():
            zone = DRINKS + slug
            free = state.zones[zone] + [c for c in state.box if state.owner[c] == zone]
            state.box = [c for c in state.box if state.owner[c] != zone]
            top = []
            for name in drinks:
                cid = next(c for c in free if state.cards[c].endswith("/" + name))
                free.remove(cid)
                top.append(cid)
            state.box.extend(free)
            state.zones[zone] = list(reversed(top))

    def reserve(self, state):
        # Tavern Drinks on the Drink discard pile never refill the Drink Deck.
        return -sum(1 for cid in state.drink_discard if state.owner[cid] != "drink")

    def refill_drinks(self, state):
        _sweep(state)               # only the Red Dragon Inn's Drinks reshuffle
        return False

    def order_drink(self, state, seat):
        if at_home(state):
            return None
        party = state.tokens[PARTY]
        deck = state.zones[deck_of(state, party)]
        if not deck:
            return None             # (Closed by an earlier order of the same card: R-CRAWL-ORDERS)
        cid = deck.pop()
        if not deck:                # its last Drink: the tavern Closes and its orderer Crawls
            _close(state, party)
            crawl_later(state, seat)
        return cid

    def pause_orders(self, state, seat, rest, card):
        # The party's tavern is Closed only between its last Order and the Crawl that Order
        # owes: Crawl now, then Order the rest from the new tavern [003:935].
        if state.tokens[PARTY] not in state.zones.get(CLOSED, ()) or not destinations(state):
            return False
        state.tokens[CRAWLERS] &= ~(1 << seat)
        push(state, {"f": OPTION, "seat": seat, "orders": {"targets": list(rest), "card": card}})
        return True

    def chaser_revealed(self, state, seat):
        crawl_later(state, seat)

    def idle(self, state):
        _sweep(state)
        waiting = state.tokens.get(CRAWLERS, 0)
        while waiting:
            seat = next(s for s in order_from(state, state.active) + list(range(len(state.seats)))
                        if waiting & (1 << s))
            waiting &= ~(1 << seat)
            state.tokens[CRAWLERS] = waiting
            if state.seats[seat].out:
                continue
            if not destinations(state):
                emit(state, "crawl_stuck", seat=seat)
                continue
            push(state, {"f": OPTION, "seat": seat})
            return True
        return False


def crawl_later(state: State, seat: int) -> None:
    """The seat must Crawl once everything pending has resolved (once, however many Chasers)."""
    state.tokens[CRAWLERS] = state.tokens.get(CRAWLERS, 0) | (1 << seat)


def _close(state: State, cid: int, quiet: bool = False) -> None:
    if cid in state.zones[TAVERNS]:
        state.zones[TAVERNS].remove(cid)
        state.zones.setdefault(CLOSED, []).append(cid)
        if not quiet:
            emit(state, "tavern_closed", card=cid, title=of(state).cards[state.cards[cid]].title)


def destinations(state: State) -> list[int]:
    """Where a Crawl may go: another Open tavern; the Red Dragon Inn once every other is Closed."""
    party = state.tokens[PARTY]
    others = [cid for cid in state.zones[TAVERNS] if deck_of(state, cid) is not None]
    if others:
        return [cid for cid in others if cid != party]
    return [cid for cid in state.zones[TAVERNS] if cid != party]


def _sweep(state: State) -> None:
    """Tavern Drinks the core put on the Drink discard pile go to their own tavern's pile."""
    if any(state.owner[cid] != "drink" for cid in state.drink_discard):
        keep = []
        for cid in state.drink_discard:
            owner = state.owner[cid]
            if owner == "drink":
                keep.append(cid)
            else:
                state.zones.setdefault(owner + ":discard", []).append(cid)
        state.drink_discard = keep


def prompt(state: State, fr: dict):
    return Prompt(fr["seat"], "crawl", [{"seat": fr["seat"], "type": "crawl", "tavern": cid}
                                        for cid in destinations(state)])


def execute(state: State, d: dict, fr: dict) -> None:
    pop(state)
    state.tokens[PARTY] = d["tavern"]
    emit(state, "crawled", seat=d["seat"], tavern=d["tavern"], title=of(state).cards[state.cards[d["tavern"]]].title)
    if "orders" in fr:          # a card's Orders wait under the new tavern's Event
        push(state, {"f": ORDERS, "seat": fr["seat"], **fr["orders"]})
    _tavern_event(state, d["seat"], d["tavern"])


def _tavern_event(state: State, seat: int, cid: int) -> None:
    """The tavern the party moved to has an Event: it happens to everyone (the Champions in a
    team game, every team choosing one), as a Dungeon Event does (dungeon.py resolves both);
    it may be Ignored as an Event in its window, before it starts (R-CRAWL-EVENTS)."""
    if not of(state).cards[state.cards[cid]].facts.steps:
        return
    emit(state, "tavern_event", seat=seat, card=cid, title=of(state).cards[state.cards[cid]].title)
    poll = seat if dungeon.ignorable(state) else None
    push(state, {"f": EVENT, "event_card": cid, "seat": seat, "chosen": {}, "reason": EVENT,
                 "affects_all": True, "every_team_chooses": True}, poll_from=poll)


def _order_the_rest(state: State, fr: dict):
    """Ordering goes on from the new tavern, then the card that Orders goes on resolving."""
    pop(state)
    if not order_drinks(state, fr["seat"], fr["targets"], fr["card"]):
        go_on(state, fr["card"])
    return None


# --- Pub Crawl Map (a Prize, R-PRIZE-MAP) ------------------------------------------------------

register("crawl", "Pub Crawl Map: the player Crawls (once everything pending has resolved), by the usual rules; "
         "only in a game with the Pub Crawl. With nowhere to go it does nothing.")


def _args_crawl(state, seat, card, step, ctx, chosen):
    return [{}] if state.options.get(OPTION) else []


def _run_crawl(state, fr, st):
    if destinations(state):
        crawl_later(state, fr["seat"])
    else:
        emit(state, "crawl_stuck", seat=fr["seat"], card=fr["card"])


behaviour("crawl", run=_run_crawl, args=_args_crawl)

extensions.register_option(PubCrawl())
extensions.FRAMES[OPTION] = prompt
extensions.FRAMES[ORDERS] = _order_the_rest
extensions.FRAMES[EVENT] = dungeon.prompt
extensions.DECISIONS[EVENT] = dungeon.execute
RESOLVE[EVENT] = dungeon.window_closed
extensions.DECISIONS["crawl"] = execute
extensions.PUBLIC_ZONES.add(TAVERNS)


@dataclass(frozen=True)
class TavernFacts(Facts):
    """A tavern: where its Drinks come from (`drinks`, a deck, or `home`: the Drink Deck) and
    its Tavern Event (`steps`, its `each`; none for most)."""
    drinks: str | None
    home: bool
    steps: tuple


def _load_tavern(c, common, bad):
    t = c.get("tavern")
    home = isinstance(t, dict) and t.get("home") is True and "drinks" not in t
    own = isinstance(t, dict) and isinstance(t.get("drinks"), str) and not t.get("home")
    if not (home or own):
        bad("tavern", "A Tavern's \"tavern\" is {\"drinks\": the id of its Tavern Drink deck} or "
                      "{\"home\": true} (the Red Dragon Inn: the Drink Deck).")
        return None
    event = ()
    if "each" in c:                           # its Tavern Event, written as a Dungeon Event's is
        found = list(check_steps(c["each"], "each", EVENT_BOX))
        for msg, fld in found:
            bad(fld, msg)
        if found:
            return None
        event = tuple(c["each"])
    return Card(**common, facts=TavernFacts(t.get("drinks"), home, event))


KINDS[TAVERN] = _load_tavern


# --- words (core/words.py) ---

@says("crawled")
def _crawled(fx, s, t):
    return f"{s} Crawled: the party moves to {fx.get('title')}."


@says("tavern_closed")
def _closed(fx, s, t):
    return f"{fx.get('title')} is out of Drinks and Closes."


@says("crawl_stuck")
def _stuck(fx, s, t):
    return f"{s} would Crawl, but there is no Open tavern to go to: the party stays."


@says("tavern_event")
def _event(fx, s, t):
    return f"Tavern Event at {fx.get('title')}: it happens to everyone!"


asks("tavern_event", "A Tavern Event: choose what you do. Everyone chooses in turn order, then it all happens.",
     "a Tavern Event")
asks("crawl", "Pub Crawl! You revealed a Chaser (or closed a tavern): move the party to another Open tavern.",
     "Pub Crawl")
shows("tavern_event")(dungeon.event_frame(lambda who, card: f"Tavern Event: {who} Crawled to {card.get('title', 'a tavern')}"))
shows("pub_crawl")(lambda fr, who, names: {"title": f"{who} must Crawl to another tavern"})
shows("crawl_orders")(lambda fr, who, names: {"title": f"{who} goes on Ordering from the new tavern"})
MARKS["crawled"] = Mark("tavern", lambda fx, names: {"title": f"the party Crawled to {fx.get('title')}"},
                        lambda e: e["title"], "#c9a227")
MARKS["tavern_closed"] = Mark("tavern", lambda fx, names: {"title": f"{fx.get('title')} Closed"}, lambda e: e["title"], "#c9a227")


# --- its panel and buttons on the table page -----------------------------------

PANEL_ZONES.update({TAVERNS + ":", TAVERNS, DRINKS})


@panel("tavern")
def _panel(view: dict, names: list[str]) -> dict | None:
    """The taverns in Crawl order: where the party is, which are Open and their Drinks left."""
    zones = view.get("zones") or {}
    if not (view.get("options") or {}).get(OPTION) or TAVERNS not in zones:
        return None
    party = (view.get("tokens") or {}).get(PARTY)
    rows = []
    for c in zone_cards(zones, TAVERNS) + zone_cards(zones, CLOSED):
        slug = c["key"].split("/", 1)[1]
        deck = zones.get(DRINKS + slug)
        rows.append({"title": c["title"], "here": c["id"] == party, "open": c in zone_cards(zones, TAVERNS),
                     "left": deck.get("count", 0) if deck else view.get("drink_deck_count", 0),
                     "discard": len(zone_cards(zones, DRINKS + slug + ":discard")) if deck else None})
    return {"crawl": {"taverns": rows, "here": next((r["title"] for r in rows if r["here"]), "")}}


CARD_TITLES.add(TAVERNS)


labels("crawl")(lambda d, a: f"Crawl to {a.titles.get(d.get('tavern'), 'this tavern')}")
