"""The decision a seat gets when its time runs out (actor ``timeout``).

The least harmful legal choice, decided from the seat's own view:

| prompt | default |
|---|---|
| a response window, a gambling turn, the Mead choice, the Action phase | pass |
| discard phase | discard nothing (keep the hand) |
| order a Drink | the opponent with the least Fortitude left (Fortitude − Alcohol), lowest seat on ties |
| drink phase | reveal the Drink (the only thing on offer besides Anytime cards) |

Anything else falls back to the first decision on offer that plays no card, else the first.
In a team game a last chance the team is losing drinks the Potion that helps most first
(`games.ai.teams.rescue`): a timeout never throws the game away with Potions left.
"""
from __future__ import annotations

from games.ai.common import Decision, Table
from games.ai.teams import rescue


def default_decision(view: dict) -> Decision:
    t = Table(view)
    decisions = t.decisions
    saving = rescue(t)
    if saving is not None:
        return dict(saving)
    for d in decisions:
        if d.get("type") == "pass":
            return dict(d)
    for d in decisions:
        if d.get("type") == "discard" and not d.get("cards"):
            return dict(d)
    orders = [d for d in decisions if d.get("type") == "order"]
    if orders:
        return dict(min(orders, key=lambda d: (t.margin(d["target"]), d["target"])))
    for d in decisions:
        if d.get("type") == "drink":
            return dict(d)
    for d in decisions:
        if d.get("type") != "play":
            return dict(d)
    return dict(decisions[0])
