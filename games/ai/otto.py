"""The bots' hints for Otto, Our Mechanical Friend (the table option `otto`, docs/otto.md),
registered with games/ai/hints.py.

- **A card aimed at him** (`"target": "otto"`): worth 1, a little more than doing nothing; he
  is no seat, and hurting him only earns his reward when he passes out.
- **His reward** (pick `otto_reward`, 1 Gold or 2 cards): no preference, every option scores 0
  and the seeded stream picks.
- **The search** imagines his deck's hidden order like any face-down deck: it holds the cards
  of the factions in play.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table
from games.engine.options.otto.turn import deck_keys


@hints.target("otto")
def _aimed_at_otto(t: Table, c, d: Decision, kit) -> float:
    return 1.0


@hints.pick("otto_reward")
def _reward(t: Table, d: Decision, kit) -> float:
    return 0.0


@hints.dealt("otto")
def _deck(content, options: dict) -> tuple[list, str]:
    return deck_keys(content, options.get("otto_factions") or ()), "otto"
