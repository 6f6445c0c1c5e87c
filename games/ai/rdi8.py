"""The heuristic bot's hints for the RDI 8 characters' mechanics (engine: games/engine/mechanics/
petrify.py, heat.py, brews.py, brawl.py, mixins.py), registered with games/ai/hints.py.

- **Petrify** (Nerodia, pick `petrify`): give up the card least worth keeping (``give_up``).
  **Glare** (a play's `"glare": 1`): worth 1 more than the card, its added effect.
- **Heat** (Lucky, pick `heat`): at 3 Heat pay the 2 Gold while 4 stay after
  (``Kit.spare_gold``), else take the penalty that costs the least margin.
- **Brews** (Farai, pick `brew`): work on the Brew rather than move, and move to where some
  progress waits already.
- **Brawls** (Samantha, pick `brawler`): a way the Brawler goes scores like her playing it so.
- **Mix-ins** (Phyll, effect `mix_in`): spike an opponent's Drink, most when the drinker pays.
"""
from __future__ import annotations

from games.ai import hints
from games.ai.common import Decision, Table


@hints.pick("petrify")
def give_up(t: Table, d: Decision, kit) -> float:
    """A card of the hand to give up: the one least worth keeping."""
    c = t.card(d.get("option"))
    return -kit.keep(t, getattr(c, "effect", "")) if c is not None else -5


@hints.bonus("glare")
def _glare(t: Table, d: Decision, kit) -> float:
    return 1 if d.get("glare") else 0


@hints.pick("heat")
def _heat(t: Table, d: Decision, kit) -> float:
    option, margin, gold = d.get("option"), t.margin(t.me), t.mine["gold"]
    if option == "gold":
        return 3 if gold - 2 >= kit.spare_gold else (0 if gold > 2 else -9)
    if option == "fortitude":
        return 2 + t.worth(margin - 2) - t.worth(margin) if t.mine["fortitude"] > 2 else -9
    return 1.9 + t.worth(margin - 2) - t.worth(margin)


@hints.pick("brew")
def _brew(t: Table, d: Decision, kit) -> float:
    option, tokens = d.get("option"), t.mine.get("tokens") or {}
    if option == "work":
        return 3
    if option == "stay":
        return 0.5
    return 1 + tokens.get(option, 0)        # move where some progress waits already


@hints.pick("brawler")
def _brawler(t: Table, d: Decision, kit) -> float:
    """Aimed as though she played it (engine mechanics/brawl.py)."""
    brawler = (t.top or {}).get("card") or {}
    return kit.play(t, {"seat": d["seat"], "type": "play", "card": brawler.get("id"), **d["option"]})


@hints.card("mix_in", keep=3)
def _mix_in(t: Table, c, d: Decision, kit) -> float:
    """Spike an opponent's Drink (more so one that pays him or draws him nothing), never his
    own unless it draws him a card he can afford to drink for."""
    step = next((s for s in c.steps if s["do"] == "mix_in"), {})
    fr = t.drink_frame()
    portions = (fr or {}).get("portions") or []
    ks = d.get("portions") or ([d["portion"]] if "portion" in d else [])
    total = 0.0
    for k in ks:
        if not 0 <= k < len(portions):
            continue
        gain = kit.drink_gain(t, "drink_mod", {"alcohol": step.get("alcohol", 0)}, {"portion": k}) or 0.0
        mine = portions[k].get("holder") in t.team
        if step.get("pay") and not mine:
            gain += 1.5
        if step.get("draw"):
            gain += 0.8 if mine else -0.3
        total += gain
    return total - 0.3 if ks else -2
