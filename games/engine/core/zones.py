"""What a seat's zones add to the cards it may play (docs/content-model.md, "Zones"); where a
discarded card of a zone goes is `ops.discard_card`.

A character's zone may say, besides its `deck` and `visibility`:

- `"discard": true`: cards of its deck go, when discarded, to the seat's zone
  `<name>:discard` (public) instead of the seat's discard pile, so they never reshuffle into
  the Character Deck (Farai's Brew decks [003:561]);
- `"playable": true`: the seat plays cards from it as though they were in its hand, though
  they are not in its hand (Phyll's Mix-in Shelf [003:629-633]; equipped Treasure with a
  subtype [002:245], except while Treasure is being got [002:254]; Lizwick's Items).

Cards put face down under a played card (Nerodia's Glare [003:605-609]) wait in the
player's zone `under:<card id>` and go back to the hands they came from when that card is
discarded, whether it resolved or was Negated.
"""
from . import extensions
from .content import of
from .state import State


def held(state: State, seat: int) -> list[int]:
    """The cards a seat may play: its hand, then its playable zones (a Shelf, equipped Treasure)."""
    s = state.seats[seat]
    won = extensions.held(state, seat) if state.options else []     # a won Prize
    if not s.zones:
        return s.hand + won if won else s.hand
    zs = of(state).characters[s.character].zones
    extra = [cid for name in sorted(zs) if zs[name].get("playable") and not extensions.zone_closed(state, zs[name])
             for cid in s.zones.get(name, ())] + won
    return s.hand + extra if extra else s.hand
