"""What the heuristic bot does with the decisions events ask for (docs/ai.md): a Dungeon
Event's choice (`dungeon`, games/engine/options/dungeon.py) or a Tavern Event's (`tavern_event`, written
in the same Event box, games/engine/options/pub_crawl.py) and the tie of The Wench Dares You...
(`dares`, games/engine/options/dares.py). Both are read from the view alone.

- **Dungeon Event options**: an option that discards cards costs what those cards are worth
  keeping. It is offered as "any N cards of the hand" (a subset offer with a `count`,
  docs/decisions.md): the bot weighs the N cards least worth keeping (`counted`); an option with
  no cards ("reveal a Drink and drink it") costs an average Drink's Alcohol Content, which
  weighs more the nearer the bot is to passing out. The cheaper option wins.
- **The Wench Dares You...**: on a tie of Alcohol Content, drink the Drink that is better for
  me (Fortitude gained less Alcohol taken); the others drink the other one.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table
from games.engine.core.prompt import COUNT, subset_decision

#: What an average Drink costs in margin (the base Drink Deck's mean Alcohol Content is ~1.6).
AVERAGE_DRINK = 1.6


@hints.dealt("dungeon_events")
def _dungeon_deck(content, options: dict) -> tuple[list, str]:
    """Every Dungeon Event card of the content, owned by the deck's zone."""
    return [c.key for c in content.cards.values() if c.type == "Dungeon Event" for _ in range(c.quantity)], "dungeon"


@hints.decision("dungeon", "tavern_event")
def option(t: Table, d: Decision, kit) -> float:
    """A Dungeon or Tavern Event's option: what the cards it discards are worth kept, else an
    average Drink."""
    cards = d.get("cards")
    if cards:
        worth = sum(kit.keep(t, getattr(t.card(c), "effect", "")) for c in cards)
        return -worth / 2
    margin = t.margin(t.me)
    # a Drink costs its Alcohol, and far more when it could make me pass out
    return -AVERAGE_DRINK * (1 + max(0, 8 - margin) / 2)


def counted(t: Table, keep) -> list[Decision]:
    """One decision per subset offer of exactly N cards: the N cards least worth keeping
    (lowest id first on ties, so the choice is the same from the same view)."""
    out = []
    for offer in t.prompt.get("subsets") or []:
        n = offer.get(COUNT)
        if n is not None:
            cheap = sorted(offer["cards"], key=lambda c: (keep(t, getattr(t.card(c), "effect", "")), c))
            out.append(subset_decision(offer, cheap[:n]))
    return out


@hints.decision("dares")
def dares(t: Table, d: Decision, kit) -> float:
    """The tie of The Wench Dares You...: the Drink better for me."""
    fr = t.drink_frame() or {}
    reveals = fr.get("reveals") or []
    k = d.get("pick", 0)
    if not 0 <= k < len(reveals):
        return 0.0
    r = reveals[k]
    return r.get("fortitude", 0) - r.get("printed", 0)
