"""What each seat may play right now: the only place legality lives.

`prompts()` offers exactly what these functions enumerate and `apply()`
accepts nothing else, so legality can't drift from generation. Each effect
word of the card vocabulary has one generator below; it is called with the
context the seat is being asked in:

    ("phase", name)    the active seat between its own phase actions
    ("window", frame)  a response window on `frame`
    ("gamble", round)  the seat's turn in a Round of Gambling
"""
from itertools import combinations

from .cards import CHEATING, SOMETIMES
from .frames import active_round
from .ops import card
from .state import State

# Sometimes effects that "change the effects of a Drink" (digest §13.12).
DRINK_CHANGERS = {"ignore_drink", "drink_mod", "pass_drink", "split_drink", "courage"}
# Windows that only "after it happened" cards may use (digest §6.6).
AFTER_WINDOWS = {"hitback", "won"}


def _play(seat, cid, **args):
    d = {"seat": seat, "type": "play", "card": cid}
    d.update(args)
    return d


def _others(state, seat):
    return [s for s in state.living() if s != seat]


# --- what a card on the stack would do to a seat (digest §8) ----------------

def affected(state: State, fr: dict, seat: int) -> set:
    """The attributes a card frame would directly change for `seat`."""
    eff, player, args = fr["effect"], fr["seat"], fr["args"]
    target = args.get("target")
    if eff in ("damage", "hit_back"):
        return {"fortitude"} if seat == target else set()
    if eff == "damage_each":
        return {"fortitude"} if seat != player else set()
    if eff in ("tip_wench", "steal_one"):
        return {"gold"} if seat == target else set()
    if eff == "steal_each":
        return {"gold"} if seat != player else set()
    if eff == "heal_target_pay":
        return {"fortitude", "gold"} if seat == target else set()
    if eff == "mass_heal":
        return {"fortitude"} if seat == player else {"fortitude", "gold"}
    return set()


def payers(state: State, fr: dict) -> list[int]:
    """Seats a card frame would make pay or ante Gold."""
    eff, player, args = fr["effect"], fr["seat"], fr["args"]
    if eff == "gamble" and fr["as"] == "action":
        return [s for s in state.living() if s not in fr["leavers"]]
    if eff == "raise":
        rnd = active_round(state)
        return [s for s in (rnd["participants"] if rnd else []) if s not in fr["leavers"]]
    if eff in ("tip_wench", "steal_one", "heal_target_pay"):
        return [args["target"]]
    if eff in ("steal_each", "mass_heal"):
        return _others(state, player)
    if eff == "order_extra" or (eff == "leave_or_ignore_drink" and card_cost(fr)):
        return [player]
    return []


def card_cost(fr: dict) -> int:
    return fr["params"].get("cost", 0)


def is_ante_card(fr: dict) -> bool:
    return fr["f"] == "card" and (fr["effect"] == "raise" or (fr["effect"] == "gamble" and fr["as"] == "action"))


def changes_drink(fr: dict) -> bool:
    if fr["f"] != "card" or fr["type"] != SOMETIMES:
        return False
    return fr["effect"] in DRINK_CHANGERS or fr["args"].get("mode") == "drink"


def _drink_portions(fr: dict):
    return [(k, p) for k, p in enumerate(fr["portions"]) if not p["event"]] if fr["f"] == "drink" else []


# --- one generator per effect word -----------------------------------------

def _anytime_ok(ctx) -> bool:
    return ctx[0] != "window" or ctx[1]["f"] not in AFTER_WINDOWS


def opt_heal_self(state, seat, cid, c, ctx):
    return [_play(seat, cid)] if _anytime_ok(ctx) else []


def opt_tip_wench(state, seat, cid, c, ctx):
    return [_play(seat, cid, target=t) for t in state.living()] if _anytime_ok(ctx) else []


def opt_steal_one(state, seat, cid, c, ctx):
    return [_play(seat, cid, target=t) for t in _others(state, seat)] if _anytime_ok(ctx) else []


def _action_phase(ctx):
    return ctx == ("phase", "action")


def opt_targeted_action(state, seat, cid, c, ctx):
    return [_play(seat, cid, target=t) for t in _others(state, seat)] if _action_phase(ctx) else []


def opt_untargeted_action(state, seat, cid, c, ctx):
    return [_play(seat, cid)] if _action_phase(ctx) else []


def opt_gamble(state, seat, cid, c, ctx):
    if _action_phase(ctx):
        return [_play(seat, cid)]
    return opt_take_control(state, seat, cid, c, ctx)


def opt_take_control(state, seat, cid, c, ctx):
    if ctx[0] != "gamble":
        return []
    rnd = ctx[1]
    if seat not in rnd["participants"]:
        return []
    if rnd["cheat_only"] and c.type != CHEATING:
        return []
    if c.effect == "force_out":
        return [_play(seat, cid, target=t) for t in rnd["participants"] if t != seat]
    return [_play(seat, cid)]


def opt_order_extra(state, seat, cid, c, ctx):
    if ctx != ("phase", "order"):
        return []
    others = _others(state, seat)
    # Two Drinks on one pile or on two: unordered pairs with repetition.
    return [_play(seat, cid, targets=[a, b]) for i, a in enumerate(others) for b in others[i:]]


def _top_card(ctx):
    """The card frame a response would answer, or None."""
    if ctx[0] == "window" and ctx[1]["f"] == "card":
        return ctx[1]
    return None


def opt_negate_sometimes(state, seat, cid, c, ctx):
    fr = _top_card(ctx)
    return [_play(seat, cid)] if fr and fr["type"] == SOMETIMES else []


def opt_negate_drink_change(state, seat, cid, c, ctx):
    fr = _top_card(ctx)
    ok = fr and changes_drink(fr) and fr["effect"] != "negate_drink_change"
    return [_play(seat, cid)] if ok else []


def _can_ignore_card(state, seat, c, fr) -> bool:
    return (fr is not None and fr["seat"] != seat and fr["type"] in c.params["types"]
            and seat not in fr["ignored"] and bool(affected(state, fr, seat) & set(c.params["attrs"])))


def opt_ignore_card(state, seat, cid, c, ctx):
    return [_play(seat, cid)] if _can_ignore_card(state, seat, c, _top_card(ctx)) else []


def _ignorable_drinks(state, seat, ctx):
    if ctx[0] != "window":
        return []
    return [k for k, p in _drink_portions(ctx[1]) if p["holder"] == seat and not p["ignored"]]


def opt_ignore_drink(state, seat, cid, c, ctx):
    return [_play(seat, cid, portion=k) for k in _ignorable_drinks(state, seat, ctx)]


def opt_ignore_card_or_drink(state, seat, cid, c, ctx):
    opts = [_play(seat, cid, mode="drink", portion=k) for k in _ignorable_drinks(state, seat, ctx)]
    if _can_ignore_card(state, seat, c, _top_card(ctx)):
        opts.append(_play(seat, cid, mode="card"))
    return opts


def _can_leave(state, seat, ctx) -> bool:
    fr = _top_card(ctx)
    if not fr or not is_ante_card(fr) or seat in fr["leavers"]:
        return False
    if fr["effect"] == "raise":
        rnd = active_round(state)
        return bool(rnd) and seat in rnd["participants"]
    return True


def opt_leave_round(state, seat, cid, c, ctx):
    return [_play(seat, cid)] if _can_leave(state, seat, ctx) else []


def opt_leave_or_ignore_drink(state, seat, cid, c, ctx):
    opts = [_play(seat, cid, mode="drink", portion=k) for k in _ignorable_drinks(state, seat, ctx)]
    if _can_leave(state, seat, ctx):
        opts.append(_play(seat, cid, mode="leave"))
    return opts


def opt_inn_pays(state, seat, cid, c, ctx):
    fr = _top_card(ctx)
    ok = fr and seat in payers(state, fr) and seat not in fr["inn_pays"] and seat not in fr["ignored"]
    return [_play(seat, cid)] if ok else []


def opt_drink_mod(state, seat, cid, c, ctx):
    if ctx[0] != "window":
        return []
    return [_play(seat, cid, portion=k) for k, p in _drink_portions(ctx[1])]


def opt_pass_or_split(state, seat, cid, c, ctx):
    return [_play(seat, cid, portion=k, target=t)
            for k in _ignorable_drinks(state, seat, ctx) for t in _others(state, seat)]


def opt_courage(state, seat, cid, c, ctx):
    if ctx[0] != "window":
        return []
    return [_play(seat, cid, portion=k) for k, p in _drink_portions(ctx[1])
            if p["holder"] == seat and not p["ignored"] and not p["courage"]]


def opt_extra_drink(state, seat, cid, c, ctx):
    if ctx[0] != "window":
        return []
    return [_play(seat, cid, portion=k) for k, p in _drink_portions(ctx[1]) if p["holder"] != seat]


def opt_hit_back(state, seat, cid, c, ctx):
    if ctx[0] != "window" or ctx[1]["f"] != "hitback":
        return []
    fr = ctx[1]
    src = fr["source"]
    ok = seat in fr["victims"] and src != seat and not state.seats[src].out
    return [_play(seat, cid, target=src)] if ok else []


def opt_take_pot(state, seat, cid, c, ctx):
    if ctx[0] != "window" or ctx[1]["f"] != "won":
        return []
    fr = ctx[1]
    ok = seat != fr["winner"] and fr["collector"] == fr["winner"] and not fr["claimed"]
    return [_play(seat, cid)] if ok else []


def opt_end_round_to_inn(state, seat, cid, c, ctx):
    if not active_round(state) or (ctx[0] == "window" and ctx[1]["f"] in AFTER_WINDOWS):
        return []
    if any(is_ante_card(f) for f in state.stack):
        return []       # restriction 1 of digest §12.7: never a way out of a pending ante
    fr = _top_card(ctx)
    if fr and fr["effect"] == "anti_cheat":
        return []       # restriction 2: not against a card that would end the Round
    return [_play(seat, cid)] if ctx[0] != "phase" else []


def opt_grab_coin(state, seat, cid, c, ctx):
    if ctx[0] == "phase" or (ctx[0] == "window" and ctx[1]["f"] in AFTER_WINDOWS):
        return []
    return [_play(seat, cid)] if active_round(state) and state.pot > 0 else []


def opt_anti_cheat(state, seat, cid, c, ctx):
    fr = _top_card(ctx)
    rnd = active_round(state)
    ok = fr and rnd and fr["type"] == CHEATING and fr["seat"] != seat and seat in rnd["participants"]
    return [_play(seat, cid)] if ok else []


def opt_nothing(state, seat, cid, c, ctx):
    return []


OPTIONS = {
    "damage": opt_targeted_action, "heal_target_pay": opt_targeted_action, "force_drink": opt_targeted_action,
    "damage_each": opt_untargeted_action, "steal_each": opt_untargeted_action,
    "mass_heal": opt_untargeted_action, "toast": opt_untargeted_action,
    "gamble": opt_gamble, "raise": opt_take_control, "winning_hand": opt_take_control,
    "control": opt_take_control, "force_out": opt_take_control,
    "heal_self": opt_heal_self, "tip_wench": opt_tip_wench, "steal_one": opt_steal_one,
    "order_extra": opt_order_extra,
    "negate_sometimes": opt_negate_sometimes, "negate_drink_change": opt_negate_drink_change,
    "ignore_card": opt_ignore_card, "ignore_card_or_drink": opt_ignore_card_or_drink,
    "ignore_drink": opt_ignore_drink, "leave_round": opt_leave_round,
    "leave_or_ignore_drink": opt_leave_or_ignore_drink, "inn_pays": opt_inn_pays,
    "drink_mod": opt_drink_mod, "pass_drink": opt_pass_or_split, "split_drink": opt_pass_or_split,
    "courage": opt_courage, "extra_drink": opt_extra_drink, "hit_back": opt_hit_back,
    "take_pot": opt_take_pot, "end_round_to_inn": opt_end_round_to_inn, "grab_coin": opt_grab_coin,
    "anti_cheat": opt_anti_cheat,
}


def card_options(state: State, seat: int, ctx) -> list[dict]:
    out = []
    for cid in state.seats[seat].hand:
        c = card(state, cid)
        out.extend(OPTIONS.get(c.effect, opt_nothing)(state, seat, cid, c, ctx))
    return out


# --- the prompts, by context -------------------------------------------------

def phase_options(state: State, seat: int) -> tuple[str, list[dict]]:
    phase = state.phase
    opts = card_options(state, seat, ("phase", phase))
    if phase == "discard":
        hand = sorted(state.seats[seat].hand)
        for k in range(len(hand) + 1):
            opts.extend({"seat": seat, "type": "discard", "cards": list(c)} for c in combinations(hand, k))
    elif phase == "action":
        opts.append({"seat": seat, "type": "pass"})
    elif phase == "order":
        opts.extend({"seat": seat, "type": "order", "target": t} for t in _others(state, seat))
    elif phase == "drink":
        opts.append({"seat": seat, "type": "drink"})
    return phase, opts


def window_options(state: State, seat: int, frame: dict) -> list[dict]:
    if "choosing" in frame:
        return []
    return card_options(state, seat, ("window", frame))


def gamble_options(state: State, seat: int, rnd: dict) -> list[dict]:
    return card_options(state, seat, ("gamble", rnd)) + [{"seat": seat, "type": "pass"}]


def mead_options(state: State, seat: int) -> list[dict]:
    return ([{"seat": seat, "type": "split", "target": t} for t in _others(state, seat)]
            + [{"seat": seat, "type": "pass"}])
