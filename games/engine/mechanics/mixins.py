"""Phyll Startusk's Mix-ins and his Mix-in Shelf (digest §14.8, [003:623-639, 1061, 1089]).

- `mix_in` (`alcohol`, optional `draw`, `pay`, `many`): answers a revealed Drink, his own or
  anyone's. A Drink (a portion) takes at most one Mix-in, and counts as having one as soon
  as a Mix-in is played on it, even if that Mix-in is then Negated (marked as it is played).
  It adds `alcohol` to the Drink (as a change of the Drink, so it counts in a Drinking
  Contest and "The Wench thinks..." may Negate it), `draw` cards to draw when it is drunk
  (split like any number, rounded up; digest §13.4), and makes whoever holds the Drink pay
  him `pay` Gold (nothing if it is his own Drink [003:637]). `many`: it may go on every
  Drink in play at once (Pixie-Spun Candy Floss [003:1061]; the decision's `portions`).
  A split Drink with a Mix-in has it on both halves; a Drink split before any Mix-in takes
  one on each half [003:639] (drinks._split).
- `shelve` (an `after_draw` hook, and at setup for the opening hand): every Mix-in he has
  just drawn goes from his hand to his Shelf (a public zone with `"playable": true`, played
  from as though it were his hand, zones.held) at once, with no card drawn to replace it
  [003:629-633].
"""
from ..core import changes, extensions
from ..core.content import of
from ..core.frames import find
from ..core.ops import emit
from ..core.primitives import boolean, integer, nat, register, short_name
from ..core.steps import drink_portions
from ..core.interpreter import behaviour
from ..core.words import CHARTED_ZONES, HAND_ZONES, PLAY_ARGS, SERIES, counter, says


def _free(ctx) -> list[int]:
    return [k for k, p in drink_portions(ctx) if not p.get("mixin")]


def _args_mix_in(state, seat, card, step, ctx, chosen):
    free = _free(ctx)
    out = [{"portion": k} for k in free]
    if step.get("many") and len(free) > 1:
        out.append({"portions": free})
    return out


def _targets(fr) -> list[int]:
    a = fr["args"]
    return list(a["portions"]) if "portions" in a else [a["portion"]]


def _played(state, fr, step):
    drink = find(state, fr["on"])
    for k in _targets(fr):
        drink["portions"][k]["mixin"] = True


def _run(state, fr, step):
    drink = find(state, fr["on"])
    if drink is None:
        return None
    chs = []
    for k in _targets(fr):
        p = drink["portions"][k]
        if step.get("alcohol"):
            before = p["alcohol"]
            p["alcohol"] += step["alcohol"]
            drink["reveals"][p["reveal"]]["mods"] += step["alcohol"]
            emit(state, "drink_changed", holder=p["holder"], alcohol=p["alcohol"], delta=p["alcohol"] - before,
                 card=fr["card"], by=fr["seat"])
        if step.get("draw"):
            p["draw"] = p.get("draw", 0) + step["draw"]
            emit(state, "drink_draw", holder=p["holder"], draw=p["draw"], card=fr["card"], by=fr["seat"])
        other = extensions.participant(state, p["holder"]) if step.get("pay") else None
        if other is not None:
            other.portion_pays(state, fr, step["pay"])       # Otto pays with the Inn's Gold
        elif step.get("pay") and p["holder"] != fr["seat"] and not state.seats[p["holder"]].out:
            chs.append(changes.change(fr["seat"], p["holder"], "gold", -step["pay"], card=fr["card"],
                                      as_type=fr.get("type", ""), to=fr["seat"]))
    chs = [ch for ch in chs if ch["target"] not in fr["ignored"]]
    return changes.WAIT if chs and changes.submit(state, chs, (fr["seat"], fr["card"], None), fr) else None


def _affects(state, fr, step, seat):
    if not step.get("pay") or seat == fr["seat"]:
        return set()
    drink = find(state, fr.get("on", -1))
    if drink is None:
        return set()
    return {"gold"} if any(drink["portions"][k]["holder"] == seat for k in _targets(fr)) else set()


def _run_shelve(state, fr, step):
    seat = fr["seat"]
    s = state.seats[seat]
    cards, keys = of(state).cards, state.cards
    moved = [cid for cid in s.hand if any(st["do"] == "mix_in" for st in cards[keys[cid]].steps)]
    if moved:
        for cid in moved:
            s.hand.remove(cid)
        s.zones.setdefault(step["zone"], []).extend(moved)
        emit(state, "shelved", seat=seat, cards=moved)


register("mix_in", "A Mix-in: answers a revealed Drink with no Mix-in yet (marked as it is played, even if then "
         "Negated): `alcohol` more, `draw` cards to draw when drunk, its drinker pays the player `pay` Gold; `many`: "
         "every Drink in play at once [003:627-639].", {"alcohol": integer}, {"draw": nat, "pay": nat, "many": boolean})
register("shelve", "Phyll's Shelf (an after_draw hook): Mix-ins just drawn go from the hand to zone `zone` at once, "
         "with no replacement [003:629].", {"zone": short_name})
behaviour("mix_in", answers={"drink"}, run=_run, args=_args_mix_in, played=_played, affects=_affects, flags={"drink"})
behaviour("shelve", run=_run_shelve)


# --- words (core/words.py) ---

PLAY_ARGS["portions"] = (" on every Drink in play", "on every Drink in play")


@says("shelved")
def _shelved(fx, s, t):
    return f"{s} put {t.titles(fx.get('cards'))} on the Mix-in Shelf."


@says("drink_draw")
def _draw(fx, s, t):
    return f"{t.who(fx.get('by'))} added “draw {fx.get('draw')}” to {t.who(fx.get('holder'))}'s Drink{t.because(fx)}."


@counter
def _shelf(tokens: dict, zones: dict, character) -> list[dict]:
    if "shelf" not in zones:
        return []
    cards = zones.pop("shelf").get("cards") or []
    return [{"name": "Mix-in Shelf", "text": ", ".join(c["title"] for c in cards) or "empty", "key": "shelf"}]
SERIES["shelf"] = "Mix-in Shelf (Phyll)"
CHARTED_ZONES.append("shelf")
HAND_ZONES["shelf"] = "on your Mix-in Shelf"       # Phyll plays his Shelf's cards as from his hand
