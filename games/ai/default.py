"""The decision a seat gets when its time runs out (actor ``timeout``).

The least harmful legal choice, decided from the seat's own view:

| prompt | default |
|---|---|
| a response window, a gambling turn, the Mead choice, the Action phase | pass |
| discard phase | discard nothing (keep the hand) |
| order a Drink | the opponent with the least Fortitude left (Fortitude − Alcohol), lowest seat on ties |
| drink phase | reveal the Drink (the only thing on offer besides Anytime cards) |
| Treasure revealed | equip it if nothing has to be dropped, else discard it |
| Drunken Chi offered | decline |
| a rule's choice (`pick`: Farai's Brews, Lucky's Heat, Petrify) | the first option (work on the Brew; 2 Alcohol; the lowest card id) |

Anything else falls back to the first decision on offer that plays no card, else the first
(a Dungeon Event offering only "discard N cards": the N lowest card ids).
In a team game a last chance the team is losing drinks the Potion that helps most first
(`games.ai.teams.rescue`): a timeout never throws the game away with Potions left.
"""
from __future__ import annotations

from games.ai.common import Decision, Table
from games.ai.teams import rescue
from games.engine.core.prompt import COUNT, subset_decision


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
    for d in decisions:      # Treasure: equip it if nothing has to go, else keep what is equipped
        if (d.get("type") == "equip" and not d.get("drop")) or d.get("type") in ("decline",):
            return dict(d)
    for d in decisions:
        if d.get("type") == "discard_treasure":
            return dict(d)
    for d in decisions:
        if d.get("type") != "play":
            return dict(d)
    if not decisions:        # only "any N of these cards" on offer: the lowest ids
        offer = t.prompt["subsets"][0]
        return subset_decision(offer, sorted(offer["cards"])[:offer.get(COUNT) or 0])
    return dict(decisions[0])
