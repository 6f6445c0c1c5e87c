"""``heuristic@2``: a rule-of-thumb bot that reads only its seat's view.

It scores every decision on offer and takes the best (ties broken by the decision's seeded
random stream). In short:

- **Action phase**: hit the opponent closest to leaving the game (lowest of Fortitude left
  and twice their Gold) with the biggest card; steal Gold; heal when low; start a Round of
  Gambling only holding cards that take control.
- **Windows**: answer a card aimed at it (Ignore, "I don't think so!", hit back); catch a
  cheater; dodge or shrink a Drink that would bring it near passing out; make the others'
  Drinks stronger; leave a Round or let the Inn pay when short of Gold.
- **Gambling turns**: take control when someone else holds it and the pot is worth it.
- **Ordering**: the Drink goes to the opponent with the least Fortitude left.
- **Discard**: drops the cards it rates lowest (at most three).
- **Mead**: splits it when it is close to passing out.
"""
from __future__ import annotations

from games.ai.common import Decision, Table, is_pass, rng_for

NAME, VERSION = "heuristic", 2

#: How much each effect word is worth keeping in hand (discard phase).
KEEP = {
    "damage": 6, "damage_each": 6, "steal_each": 5, "steal_one": 4, "force_drink": 5, "toast": 2,
    "ignore_card": 6, "negate_sometimes": 6, "hit_back": 5, "ignore_drink": 6, "ignore_card_or_drink": 7,
    "leave_or_ignore_drink": 6, "pass_drink": 6, "split_drink": 4, "drink_mod": 3, "negate_drink_change": 2,
    "heal_self": 4, "heal_target_pay": 3, "mass_heal": 2, "raise": 3, "winning_hand": 4, "control": 4,
    "force_out": 3, "gamble": 2, "take_pot": 4, "end_round_to_inn": 2, "anti_cheat": 3, "inn_pays": 3,
    "leave_round": 2, "order_extra": 3, "tip_wench": 3, "grab_coin": 2, "courage": 3, "extra_drink": 2,
}
DISCARD_BELOW = 3
#: Cards that keep a Drink (or its Alcohol) off you, or win back Fortitude.
SAVERS = {"ignore_drink", "pass_drink", "leave_or_ignore_drink", "ignore_card_or_drink", "heal_self",
          "courage", "split_drink", "mass_heal"}


def _args(frame: dict) -> dict:
    return frame.get("args") or {}


def _card_effect(frame: dict) -> str:
    return frame.get("effect", "")


def _frame_hits(frame: dict, seat: int) -> bool:
    """Whether a played card frame would hurt `seat` (Fortitude, Gold or a Drink)."""
    if frame.get("f") != "card":
        return False
    eff, args = _card_effect(frame), _args(frame)
    if frame.get("seat") == seat:
        return False
    if eff in ("damage", "hit_back", "steal_one", "tip_wench", "force_drink", "heal_target_pay"):
        return args.get("target") == seat and eff != "heal_target_pay"
    if eff in ("damage_each", "steal_each", "mass_heal"):
        return True
    if eff == "order_extra":
        return seat in (args.get("targets") or [])
    if eff in ("control", "raise", "winning_hand", "force_out", "take_pot"):
        return True   # someone else taking control of a Round
    return False


def _drink_for(t: Table, portion: int | None) -> dict | None:
    fr = t.drink_frame()
    if fr is None or portion is None:
        return None
    portions = fr.get("portions") or []
    return portions[portion] if 0 <= portion < len(portions) else None


def _my_drink_risk(t: Table) -> float:
    """Alcohol the Drink on the stack would give me, weighed against my margin: > 0 is bad."""
    fr = t.drink_frame()
    if fr is None:
        return -99
    alc = sum(p.get("alcohol", 0) for p in fr.get("portions") or [] if p.get("holder") == t.me
              and not p.get("ignored"))
    return alc - (t.margin(t.me) - 3)


def score(t: Table, d: Decision) -> float:
    kind = d.get("type")
    me = t.me
    mine = t.mine
    if kind == "pass":
        return 0.0
    if kind == "drink":
        return 1.0
    if kind == "order":
        target = d.get("target")
        return 1 + (30 - t.margin(target)) / 30 if target is not None else 0.5
    if kind == "split":
        target = d.get("target")
        return (1.5 if t.margin(me) <= 8 else -0.5) + (30 - t.margin(target)) / 100
    if kind == "discard":
        cards = d.get("cards") or []
        # Close to passing out, dig for the cards that keep a Drink off you.
        saving = t.margin(me) <= 8
        values = [KEEP.get(getattr(t.card(c), "effect", ""), 2) + (4 if saving and getattr(
            t.card(c), "effect", "") in SAVERS else 0) for c in cards]
        if len(cards) > (4 if saving else 3):
            return -1.0
        return sum(DISCARD_BELOW - v for v in values)
    if kind != "play":
        return -0.5
    c = t.card(d.get("card"))
    if c is None:
        return -1.0
    eff, params, target, portion, mode = c.effect, c.params, d.get("target"), d.get("portion"), d.get("mode")
    top = t.top or {}
    prompt_kind = t.prompt.get("kind", "")
    gold = mine["gold"]
    weakest = t.weakest_opponent()
    aim = 0.0 if target is None or weakest is None else (1.0 if target == weakest else 0.0) - t.danger(target) / 100

    if eff == "damage" or eff == "hit_back":
        if target == me:
            return -5
        return 10 + params.get("fortitude", 1) + 2 * aim
    if eff == "damage_each":
        return 10 + params.get("fortitude", 1) * len(t.opponents())
    if eff in ("steal_one", "tip_wench"):
        if target == me:
            return -5
        low_gold = 3 if t.seats[target]["gold"] <= 2 else 0
        return 6 + low_gold + aim
    if eff == "steal_each":
        return 7 + len(t.opponents())
    if eff == "force_drink":
        return 8 + aim if target != me else -5
    if eff == "toast":
        lowest = min((t.margin(s) for s in t.opponents()), default=99)
        return 5 if t.margin(me) > lowest + 3 else -1
    if eff == "heal_self":
        if t.margin(me) <= 4:
            return 16        # about to pass out: this beats any attack
        return 6 if t.margin(me) <= 8 or mine["alcohol"] >= 5 else -1
    if eff == "heal_target_pay":
        if target == me:
            return 4 if t.margin(me) <= 10 else -1
        return 3 if gold >= 0 else -1
    if eff == "mass_heal":
        return 15 if t.margin(me) <= 4 else 4 if t.margin(me) <= 8 else -1
    if eff == "gamble":
        if prompt_kind == "gamble":
            return 5 + t.view.get("pot", 0) / 2
        controls = sum(getattr(t.card(cid), "effect", "") in ("raise", "winning_hand", "control")
                       for cid in t.hand)
        return 3 if controls >= 2 and gold >= 3 else -2
    if eff in ("raise", "winning_hand", "control", "force_out", "take_pot"):
        rnd = t.round()
        pot = t.view.get("pot", 0)
        if rnd is not None and rnd.get("controller") == me and eff != "take_pot":
            return -3
        if eff == "raise" and gold <= 2:
            return -1
        return 4 + pot / 2 if prompt_kind == "gamble" or eff == "take_pot" else 2 + pot / 2
    if eff == "anti_cheat":
        return 10 if top.get("type") == "Cheating" and top.get("seat") != me else -1
    if eff == "negate_sometimes":
        return 11 if _frame_hits(top, me) or (top.get("seat") != me and _answers_mine(t, top)) else -2
    if eff == "ignore_card" or (eff in ("ignore_card_or_drink",) and mode == "card"):
        return 12 if _frame_hits(top, me) else -2
    if eff in ("ignore_drink", "pass_drink", "split_drink") or mode == "drink" or (
            eff == "ignore_card_or_drink" and portion is not None):
        p = _drink_for(t, portion)
        if p is None or p.get("holder") != me:
            return -2
        risk = _my_drink_risk(t)
        return 14 + risk if risk > -5 else -1
    if eff in ("leave_round", "leave_or_ignore_drink") or mode == "leave":
        return 3 if gold <= 3 else -1
    if eff == "inn_pays":
        return 3 if gold <= 4 else 0.2
    if eff == "drink_mod":
        p = _drink_for(t, portion)
        if p is None:
            return -2
        more = params.get("alcohol", 0) > 0
        theirs = p.get("holder") != me
        if theirs and more and t.margin(p["holder"]) <= p.get("alcohol", 0) + 2:
            return 9             # this pushes them over
        return 3 if theirs == more else -2
    if eff == "negate_drink_change":
        return 3 if top.get("effect") == "drink_mod" and top.get("seat") != me and \
            (_drink_for(t, _args(top).get("portion")) or {}).get("holder") == me else -2
    if eff == "order_extra":
        targets = d.get("targets") or []
        if me in targets or gold < 3:
            return -2
        return 2 + sum(1 for x in targets if x == weakest) * 0.5
    if eff in ("end_round_to_inn",):
        rnd = t.round()
        return 2 if rnd is not None and rnd.get("controller") not in (None, me) else -2
    if eff == "grab_coin":
        return 3
    if eff == "courage":
        p = _drink_for(t, portion)
        alc = (p or {}).get("alcohol", 0)
        return 13 + alc if p is not None and p.get("holder") == me and alc >= 2 else -1
    if eff == "extra_drink":
        p = _drink_for(t, portion)
        if p is None or p.get("holder") == me:
            return -2
        return 5 if t.margin(p["holder"]) <= 6 + p.get("alcohol", 0) else -1
    return -1


def _answers_mine(t: Table, top: dict) -> bool:
    """Whether `top` answers a card of mine lower on the stack (e.g. an Ignore of my attack)."""
    on = top.get("on")
    for fr in t.stack:
        if fr.get("id") == on:
            return fr.get("seat") == t.me
    return False


def ranked(view: dict) -> list[tuple[float, Decision]]:
    t = Table(view)
    return sorted(((score(t, d), d) for d in t.decisions), key=lambda x: -x[0])


def decide(view: dict, *, seed: str) -> Decision:
    t = Table(view)
    decisions = t.decisions
    if len(decisions) == 1:
        return dict(decisions[0])
    scored = [(score(t, d), d) for d in decisions]
    best = max(s for s, _ in scored)
    top = [d for s, d in scored if s == best]
    if len(top) > 1:
        top = [top[rng_for(seed, NAME).randrange(len(top))]]
    return dict(top[0])
