"""The heuristic bot's choices in the Boss Battle family (docs/boss.md).

- A Boss orders several Drinks a turn onto Challengers who share one mat: each Challenger
  drinks one card of their own pile a turn, so Drinks spread over the piles reach the team's
  Alcohol sooner than a pile stacked on one Challenger. Spread them: the pile with the fewest
  Drinks waiting is worth a little more (`order_bonus`, asked by heuristic.py).
- "First rule of villainy" makes a player throw away a Sometimes card of their choice: throw
  away the card least worth keeping, as when Petrifying (pick `discard_type`, a hint of
  games/ai/hints.py).
"""
from __future__ import annotations

from games.ai import hints, rdi8
from games.ai.common import Decision, Table


def active(t: Table) -> bool:
    return bool(t.view.get("bosses"))


def order_bonus(t: Table, d: Decision) -> float:
    """A small bonus to a Boss's Drink for the Challenger with the fewest Drinks waiting."""
    if not any(b["seat"] == t.me for b in t.view.get("bosses") or ()) or len(t.view.get("teams") or ()) < 2:
        return 0.0
    target = d.get("target")
    if target is None or target in t.team_of(t.me):
        return 0.0
    waiting = t.seats[target].get("drink_me_count", 0)
    fewest = min(t.seats[s].get("drink_me_count", 0) for s in t.opponents())
    return 0.05 if waiting == fewest else 0.0


hints.pick("discard_type")(rdi8.give_up)
