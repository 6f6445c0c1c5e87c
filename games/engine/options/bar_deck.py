"""The Bar Deck Variant (digest §20 [004:816-830; 001:784-798; 003:979-987]): a table option,
`{"bar_deck": true}`, for playing with more Drink cards than the 30 the game is built around.

Every Drink card the game's packs hold is shuffled into the Bar Deck (`state.zones["bar"]`,
hidden, its own shuffle stream "bar"); 30 of them are dealt face down as the Drink Deck. The
cards keep their owner "drink", so everything that discards a Drink still puts it on the one
Drink discard pile.

When the Drink Deck runs out everyone pays 1 Gold to the Inn as normal (ops.py), then instead
of reshuffling the discards the next 30 come off the Bar Deck. If the Bar Deck runs out while
they are counted, all the discarded Drink cards are shuffled into a new Bar Deck and the
counting goes on from it (R-BAR-DECK-REMAINDER): the new deck is 30 whenever 30 exist.

A Bar Deck is the Red Dragon Inn's Drink Deck; with the Pub Crawl it stands at the Red Dragon
Inn and Tavern Drinks are never in it [003:985-987] (they are not in the "drink" deck).
"""
from ..core import extensions
from ..core.ops import emit
from ..core.rng import shuffle
from ..core.state import State
from ..core.words import MARKS, PANEL_ZONES, PILLS, Mark, says

OPTION = "bar_deck"
BAR = "bar"
DEAL = 30              # "Count out 30 cards from the Bar Deck" [004:822]


class BarDeck(extensions.TableOption):
    name = OPTION
    order = 40                  # after the Pub Crawl

    def check(self, table, value):
        drinks = len(table.content.deck_list("drink"))
        if value and drinks <= DEAL:
            return (f"The Bar Deck is for more than {DEAL} Drink cards, and this game's packs hold {drinks}: "
                    "add a pack of Drinks (the installed bar-drinks sampler: \"bar-drinks\" in options.packs).")
        return None

    def setup(self, state):
        bar = list(state.drink_deck)
        shuffle(bar, state.seed, BAR, 0)
        state.shuffles[BAR] = 0
        state.zones[BAR] = bar
        state.drink_deck = [bar.pop() for _ in range(DEAL)]

    def position_of(self, view):
        """The Bar Deck in its exact order."""
        zones = view.get("zones") or {}
        return {BAR: {"deck": [c["key"] for c in reversed(zones[BAR]["cards"])], "exact": True}} if BAR in zones else {}

    def place(self, state, position):
        """A scenario's `"bar": {"deck": [slugs, top first], "exact": true}`: the Bar Deck's top
        cards; beneath them every Drink not in play (those a `drink_deck_exact` set aside
        too), or with `exact` nothing (the others go to the box)."""
        _unduplicate(state)
        spec = position.get(BAR)
        if not spec:
            return
        boxed = [c for c in state.box if state.owner[c] == "drink"]
        state.box = [c for c in state.box if state.owner[c] != "drink"]
        free = state.zones[BAR] + boxed
        top = []
        for slug in spec.get("deck", []):
            key = slug if "/" in slug else f"drink/{slug}"
            cid = next((c for c in free if state.cards[c] == key), None)
            if cid is None:
                raise ValueError(f"No Drink {slug!r} left for the Bar Deck.")
            free.remove(cid)
            top.append(cid)
        if spec.get("exact"):
            state.box.extend(free)
            free = []
        state.zones[BAR] = free + list(reversed(top))

    def reserve(self, state):
        return len(state.zones.get(BAR, ()))

    def refill_drinks(self, state):
        bar = state.zones[BAR]
        deck = []
        while len(deck) < DEAL:
            if not bar:
                if not state.drink_discard:
                    break
                n = state.shuffles.get(BAR, 0) + 1
                state.shuffles[BAR] = n
                bar.extend(state.drink_discard)
                state.drink_discard = []
                shuffle(bar, state.seed, BAR, n)
                emit(state, "reshuffled", deck=BAR, cards=len(bar))
            deck.append(bar.pop())
        state.drink_deck = list(reversed(deck))      # the Bar Deck's top card stays on top
        emit(state, "bar_dealt", cards=len(deck), left=len(bar))
        return True


def _unduplicate(state: State) -> None:
    """A position names its Drinks from the 30 dealt; one that was still in the Bar Deck was
    made anew (setup.py's pool), so the Bar Deck's copy goes to the box: a position never
    has more of a Drink in play than the game holds."""
    first = state.owner.index("drink")
    end = next((i for i in range(first, len(state.owner)) if state.owner[i] != "drink"), len(state.owner))
    bar = state.zones[BAR]
    for cid in range(end, len(state.cards)):
        if state.owner[cid] == "drink":
            twin = next((c for c in bar if state.cards[c] == state.cards[cid]), None)
            if twin is not None:
                bar.remove(twin)
                state.box.append(twin)


extensions.register_option(BarDeck())


# --- words (core/words.py) ---

@says("bar_dealt")
def _dealt(fx, s, t):
    return f"{fx.get('cards')} Drinks from the Bar Deck are the new Drink Deck ({fx.get('left')} left in the Bar Deck)."


@says("reshuffled", deck=BAR)
def _reshuffled(fx, s, t):
    return "The Bar Deck ran out: the discarded Drinks were shuffled into a new Bar Deck."
MARKS["bar_dealt"] = Mark("tavern", lambda fx, names: {"title": f"the Bar Deck dealt {fx.get('cards')} Drinks"},
                          lambda e: e["title"], "#c9a227")

PANEL_ZONES.add(BAR)


@PILLS.append
def _pill(view: dict) -> dict | None:
    """The Bar Deck's count in the status strip."""
    zones = view.get("zones") or {}
    if not (view.get("options") or {}).get(OPTION) or BAR not in zones:
        return None
    return {"id": "bar-deck", "class": "bar-pill", "text": f"Bar Deck {zones[BAR].get('count', 0)}",
            "title": f"The Bar Deck: when the Drink Deck runs out, everyone pays 1 Gold and its next {DEAL} cards are "
                     "the Drink Deck"}
