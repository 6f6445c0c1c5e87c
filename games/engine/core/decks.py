"""The table's own decks: a zone of `state.zones` and its `name + ":discard"` pile.

What every shared deck does alike (the Dungeon Event Deck, Otto's deck, the Treasure deck, a
Brawler deck, the taverns' Drinks, the Prizes): its cards are added to the game at setup,
it has its own seeded shuffle stream (`state.shuffles[name]` counts the shuffles), an empty
deck takes its discard pile shuffled anew (a `reshuffled` Effect), and a scenario position
may name the cards on top of it and in its discard pile.
"""
from .ops import emit
from .rng import shuffle
from .state import State


def add_cards(state: State, keys: list[str], owner: str) -> list[int]:
    """New card ids for these card keys, owned by `owner` (a shared zone's name, or the Inn)."""
    ids = list(range(len(state.cards), len(state.cards) + len(keys)))
    state.cards.extend(keys)
    state.owner.extend([owner] * len(keys))
    return ids


def deal(state: State, name: str, keys: list[str]) -> list[int]:
    """A new deck `name` of these cards, owned by it, shuffled (its shuffle 0), with an empty
    discard pile."""
    ids = add_cards(state, keys, name)
    shuffle(ids, state.seed, name, 0)
    state.shuffles[name] = 0
    state.zones[name] = ids
    state.zones[name + ":discard"] = []
    return ids


def refill(state: State, name: str) -> bool:
    """An empty deck takes its discard pile, shuffled anew; whether the deck has cards now."""
    discard = state.zones.get(name + ":discard")
    if not state.zones.get(name) and discard:
        n = state.shuffles.get(name, 0) + 1
        state.shuffles[name] = n
        state.zones[name], state.zones[name + ":discard"] = discard, []
        shuffle(discard, state.seed, name, n)
        emit(state, "reshuffled", deck=name, cards=len(discard))
    return bool(state.zones.get(name))


def place(state: State, name: str, spec: dict, pool: list[int], what: str) -> None:
    """A scenario position's `{"deck": [slugs, top first], "discard": [slugs]}` for deck
    `name`, taken from the card ids of `pool`; the others stay under the named ones in seeded
    order. `what` names the cards in the error for a slug the pool lacks."""
    free = list(pool)

    def take(slug):
        for cid in free:
            if state.cards[cid].split("/", 1)[1] == slug or state.cards[cid] == slug:
                free.remove(cid)
                return cid
        raise ValueError(f"No {what} {slug!r} in this game's packs.")

    top = [take(s) for s in spec.get("deck", [])]
    state.zones[name + ":discard"] = [take(s) for s in spec.get("discard", [])]
    state.zones[name] = free + list(reversed(top))
