"""The heuristic bot's hints for Treasure, Drunken Chi and Items (engine: treasure.py, chi.py,
items.py), registered with games/ai/hints.py.

- **Treasure** (prompt `treasure`): equip the revealed Treasure when it raises the Level
  (its Level against the Levels of what it would displace), a Treasure that can be played
  (a subtype) counting half a Level more; otherwise discard it. "I'll get you next time!"
  (Get Treasure) is a small gain, worth 3 kept.
- **Chi** (prompt `token`): gain it only if its deck has cards that use the token and the
  seat stays well clear of passing out; Chi that nothing spends only brings it nearer.
- **Ending its own turn** (an Item such as "Needle of Sleeping", `end_turn`): never chosen,
  since nothing else it does is known.
- **Lowering Chi** (`calm`): discard the card least worth keeping when the margin won back
  (in margin worth) beats what the card is worth; in its last chance that is always.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table

#: Margin (Fortitude − Total Drunkenness) it keeps above after gaining Chi.
CHI_CLEAR = 8
#: Keep-worth to margin-worth exchange rate for the card discarded to lower Chi.
CARD_COST = 0.25


def _levels(t: Table, ids) -> float:
    out = 0.0
    for cid in ids:
        c = _known(t, cid)
        if c is not None:
            out += getattr(c.facts, "level", 0) + (0.5 if c.steps else 0)
    return out


def _known(t: Table, cid):
    for fr in t.stack:
        if isinstance(fr.get("card"), dict) and fr["card"].get("id") == cid:
            return t.content.cards.get(fr["card"]["key"])
    for s in t.seats:
        for z in (s.get("zones") or {}).values():
            for c in z.get("cards", []):
                if c["id"] == cid:
                    return t.content.cards.get(c["key"])
    return None


@hints.card("get_treasure", keep=3)
def _get_treasure(t: Table, c, d: Decision, kit) -> float:
    return 3          # a small gain


@hints.decision("discard_treasure")
def _discard_treasure(t: Table, d: Decision, kit) -> float:
    return 1.0


@hints.decision("equip")
def _equip(t: Table, d: Decision, kit) -> float:
    top = t.top or {}
    new = top.get("card", {}).get("id") if isinstance(top.get("card"), dict) else None
    return 1.0 + _levels(t, [new]) - _levels(t, d.get("drop", [])) - 0.01


@hints.decision("gain_token")
def _gain_token(t: Table, d: Decision, kit) -> float:
    uses = any(s.get("do") in ("lose_token", "return_token") and s.get("token") == d.get("token")
               for c in t.content.cards.values() if c.deck == t.content.characters[t.mine["character"]].deck
               for s in c.steps)
    return 1.0 if uses and t.margin(t.me) - 1 >= CHI_CLEAR else -1.0


@hints.decision("decline")
def _decline(t: Table, d: Decision, kit) -> float:
    return 0.0


@hints.play("items")
def _end_turn(t: Table, d: Decision, kit) -> float | None:
    c = t.card(d.get("card"))
    if c is not None and c.effect == "end_turn":
        return -1.0       # "your turn ends now": nothing known of it is worth ending its own turn
    return None


@hints.decision("calm")
def _calm(t: Table, d: Decision, kit) -> float:
    m = t.margin(t.me)
    gain = t.worth(m + 1) - t.worth(m)
    c = t.card(d.get("card"))
    return gain - CARD_COST * kit.keep(t, getattr(c, "effect", "")) - 0.05
