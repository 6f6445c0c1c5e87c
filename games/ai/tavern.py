"""What the heuristic bot does with the tavern table options' decisions (docs/ai.md), read
from the view alone.

- **Choosing the Prize** for a Round it starts: the one it would most like to win (the
  starter controls the Round first), valued by what the Prize does: Fortitude from a Drink is
  worth most to a bot near passing out, Gold and Fortitude by their size.
- **Crawling**: to the Open tavern with the most Drinks left in its deck (its count is public):
  the party stays longer, and fewer Orders close a tavern and force another Crawl.
- **Using a won Prize**: the Talisman of Liquid Courage on a Drink of the bot's own when that
  Drink has Alcohol Content (the more, up to 3, the better; never on a Drink with none); a
  Prize that gains Gold or Fortitude as soon as it is offered, Fortitude only when it isn't
  full.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table

MAX_STAT = 20


def _prize(t: Table, cid):
    """The catalogue card of a Prize on the table (in the Inn, the pot or in front of a seat)."""
    for name, z in (t.view.get("zones") or {}).items():
        if name == "prize" or name.startswith("prize:"):
            for c in z.get("cards") or []:
                if c["id"] == cid:
                    return t.content.cards.get(c["key"])
    return None


def _worth(t: Table, card) -> float:
    if card is None:
        return 0.0
    worth = 0.0
    for st in card.steps:
        if st["do"] == "drink_fortitude":
            worth += st["max"] * (1.5 if t.margin(t.me) < 8 else 1.0)
        elif st["do"] == "gain":
            worth += st["amount"] * (1.2 if st["stat"] == "fortitude" else 1.0)
    return worth


def _left(t: Table, cid) -> int:
    """How many Drinks the tavern's deck holds (the Red Dragon Inn's: the Drink Deck's count)."""
    zones = t.view.get("zones") or {}
    for c in (zones.get("taverns") or {}).get("cards") or []:
        if c["id"] == cid:
            slug = c["key"].split("/", 1)[1]
            deck = zones.get("tavern-drinks:" + slug)
            return deck.get("count", 0) if deck else t.view.get("drink_deck_count", 0)
    return 0


@hints.decision("crawl")
def _crawl(t: Table, d: Decision, kit) -> float:
    return 1 + _left(t, d.get("tavern")) / 10


@hints.decision("prize")
def _choose_prize(t: Table, d: Decision, kit) -> float:
    return 1 + _worth(t, _prize(t, d.get("card"))) / 10


@hints.play("prize")
def _use_prize(t: Table, d: Decision, kit) -> float | None:
    """A won Prize played (None for any other card)."""
    card = _prize(t, d.get("card"))
    if card is None:
        return None
    for st in card.steps:
        if st["do"] == "drink_fortitude":
            portions = (t.drink_frame() or {}).get("portions") or []
            k = d.get("portion")
            alcohol = portions[k].get("alcohol", 0) if isinstance(k, int) and 0 <= k < len(portions) else 0
            return 1 + min(alcohol, st["max"]) / 3 if alcohol > 0 else -1.0
        if st["do"] == "gain" and st["stat"] == "fortitude" and t.mine.get("fortitude", 0) >= MAX_STAT:
            return -1.0
    return 0.5 + _worth(t, card) / 10
