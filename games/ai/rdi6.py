"""The heuristic bot's hints for the RDI 6 characters' mechanics (engine: games/engine/mechanics/
purchases.py, naps.py, scarabs.py, minions.py, redirects.py), registered with games/ai/hints.py.

- **Form cards** (Vlazlo, decision `buy`): buys whenever it can, the more so from the side deck
  whose cards are worth more kept. **"Bat nap"** (effect `nap`): sleep through the Drinks when
  close to passing out.
- **Scarabs** (Amundyr, effect `feed_scarabs`): worth as much as the Scarab holders it hits.
- **Minions** (Torglesnarf): an activation (decision `activate`) scores like a card with the
  activation's steps and target; Wages (decision `wages`) are paid when 4 Gold stay after
  (``Kit.spare_gold``); hitting a Minion instead of a player (a play's `target_minion`) is
  worth 4 less, 3 more for each other Minion its owner keeps, 5 more when the owner cannot
  pay its Wages.
- **Redirecting a card** (Daareka, effect `redirect_card`): an attack picking us goes to the
  weakest rival.
"""
from __future__ import annotations

import json

from games.ai import hints, teams
from games.ai.common import Decision, Table
from games.engine.core.content import Card


@hints.decision("buy")
def _buy(t: Table, d: Decision, kit) -> float:
    return _zone_worth(t, d.get("zone"), kit) / 5


def _zone_worth(t: Table, zone: str, kit) -> float:
    """The keep-worth of an average card of the side deck a zone of mine is filled from."""
    z = t.content.characters[t.mine["character"]].zones.get(zone, {})
    keys = t.content.deck_list(z["deck"]) if z.get("deck") else []
    return sum(kit.keep(t, t.content.cards[k].effect) for k in keys) / len(keys) if keys else 0.0


@hints.card("nap", keep=5)
def _nap(t: Table, c, d: Decision, kit) -> float:
    """"Bat nap": sleep through the Drinks when close to passing out."""
    m = t.margin(t.me)
    return 14 if m <= 4 else 7 if m <= 7 else -1


@hints.card("feed_scarabs", keep=4)
def _feed(t: Table, c, d: Decision, kit) -> float:
    """"Eat up my pretties!": worth as much as the Scarab holders it hits."""
    holders = sum(1 for s in t.opponents() if (t.seats[s].get("tokens") or {}).get("scarab", 0) > 0)
    return 6 + 3 * holders if holders else -3


@hints.decision("activate")
def _activate(t: Table, d: Decision, kit) -> float:
    c = t.card(d.get("card"))
    return kit.play(t, d, _activation(c)) if c is not None and _acts(c) else -0.5


_ACTIVATIONS: dict = {}


def _acts(c) -> dict:
    """What a Minion card does when it acts ({} for any other card)."""
    return getattr(c.facts, "activate", None) or {}


def _activation(c) -> Card:
    """A Minion's activation as the card the scoring reads (its steps and target)."""
    act = _acts(c)
    key = (c.key, json.dumps(act, sort_keys=True))   # packs may reuse a key with other steps
    if key not in _ACTIVATIONS:
        _ACTIVATIONS[key] = Card(key=c.key, deck=c.deck, slug=c.slug, title=c.title, type="Action", text="",
                                 quantity=1, timing=("action",), target=act.get("target", "none"),
                                 steps=tuple(act.get("steps") or ()), pack=c.pack)
    return _ACTIVATIONS[key]


@hints.decision("wages")
def _wages(t: Table, d: Decision, kit) -> float:
    wages = next((fr.get("wages", 0) for fr in reversed(t.stack) if fr.get("f") == "wages"), 0)
    return (2 if t.mine["gold"] - wages >= kit.spare_gold else -1) if d.get("pay") else 0


@hints.bonus("target_minion")
def _hit_a_minion(t: Table, d: Decision, kit) -> float:
    """Hitting a Minion instead of a player: worth 4 less, unless its owner keeps many of them
    in play (each acts every turn) or cannot pay the Wages to keep it."""
    cid = d["target_minion"]
    for s in t.seats:
        cards = ((s.get("zones") or {}).get("minions") or {}).get("cards") or []
        if any(c["id"] == cid for c in cards):
            c = t.card(cid)
            wages = getattr(c.facts, "wages", 0) if c is not None else 0
            return -4 + 3 * (len(cards) - 1) + (5 if s["gold"] < wages else 0)
    return -4


@hints.card("redirect_card", keep=5)
def _redirect(t: Table, c, d: Decision, kit) -> float:
    """"My, what selfless adventurers you are!": an attack picking us goes to the weakest rival."""
    top = t.top or {}
    if top.get("seat") in t.team or not teams.hits_us(t, top, kit.hits) or top.get("effect") not in (
            "damage", "steal_one", "tip_wench", "force_drink", "activate"):
        return -2
    return 11 + (1 if d.get("target") == t.weakest_opponent() else 0) - (3 if d.get("target") == top.get("seat") else 0)
