"""Playing a card and resolving it: the effect vocabulary's behaviour.

`play()` moves the card from hand onto the stack; `resolve_card()` runs when
its window closes unanswered. Each effect word has one handler here.
"""
from . import drinks, gambling
from .frames import find, pop, push
from .ops import (INN, card, change_fortitude, discard_card, draw_drink, emit, pay, take_from_hand)
from .state import State


def play(state: State, decision: dict, ctx) -> None:
    seat, cid = decision["seat"], decision["card"]
    c = card(state, cid)
    take_from_hand(state, seat, cid)
    args = {k: v for k, v in decision.items() if k not in ("seat", "type", "card")}
    fr = {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "params": c.params,
          "type": c.type, "args": args, "ignored": [], "inn_pays": [], "leavers": []}
    if ctx[0] == "window":
        fr["on"] = ctx[1]["id"]
    fr["as"] = {"phase": "action" if ctx == ("phase", "action") else "play",
                "window": "response", "gamble": "gamble"}[ctx[0]]
    if ctx[0] == "gamble" and c.effect == "gamble":
        fr["effect"] = "control"     # "Gambling? I'm in!" inside a Round takes control
    emit(state, "played", seat=seat, card=cid, title=c.title, effect=fr["effect"], args=args,
         **({"on": fr["on"]} if "on" in fr else {}))
    push(state, fr, poll_from=seat)


def resolve_card(state: State, fr: dict) -> None:
    pop(state)
    discard_card(state, fr["card"])
    emit(state, "resolved", seat=fr["seat"], card=fr["card"], effect=fr["effect"])
    HANDLERS[fr["effect"]](state, fr)


def _why(fr):
    return {"card": fr["card"], "by": fr["seat"]}


def _answered(state: State, fr: dict):
    """The frame a response card answered (it is the top once the response resolves)."""
    return find(state, fr["on"])


def _ignores(state, fr, seat) -> bool:
    """True if `seat` Ignores this card (and says so in the Effects)."""
    if seat in fr["ignored"]:
        emit(state, "ignored", seat=seat, card=fr["card"])
        return True
    return False


# --- Fortitude --------------------------------------------------------------

def _hurt(state, fr, victims_amount):
    """Lose Fortitude from a card; then an "after it happened" window for hit-backs."""
    hurt = []
    for v, n in victims_amount:
        if state.seats[v].out or _ignores(state, fr, v):
            continue
        if change_fortitude(state, v, -n, **_why(fr)) < 0 and v != fr["seat"]:
            hurt.append(v)
    if hurt:
        push(state, {"f": "hitback", "victims": hurt, "source": fr["seat"], "card": fr["card"]},
             poll_from=state.active, only=hurt)


def h_damage(state, fr):
    _hurt(state, fr, [(fr["args"]["target"], fr["params"]["fortitude"])])


h_hit_back = h_damage


def h_damage_each(state, fr):
    n = fr["params"]["fortitude"]
    _hurt(state, fr, [(s, n) for s in state.living() if s != fr["seat"]])


def h_heal_self(state, fr):
    change_fortitude(state, fr["seat"], fr["params"]["fortitude"], **_why(fr))


# --- Gold -------------------------------------------------------------------

def _pay(state, fr, payer, amount, to):
    if _ignores(state, fr, payer):
        return
    pay(state, payer, amount, to, from_inn=payer in fr["inn_pays"], **_why(fr))


def h_tip_wench(state, fr):
    _pay(state, fr, fr["args"]["target"], fr["params"]["gold"], INN)


def h_steal_one(state, fr):
    _pay(state, fr, fr["args"]["target"], fr["params"]["gold"], fr["seat"])


def h_steal_each(state, fr):
    for s in state.living():
        if s != fr["seat"]:
            _pay(state, fr, s, fr["params"]["gold"], fr["seat"])


def h_heal_target_pay(state, fr):
    t = fr["args"]["target"]
    if _ignores(state, fr, t):
        return
    change_fortitude(state, t, fr["params"]["fortitude"], **_why(fr))
    pay(state, t, fr["params"]["gold"], fr["seat"], from_inn=t in fr["inn_pays"], **_why(fr))


def h_mass_heal(state, fr):
    for s in state.living():
        if s not in fr["ignored"]:
            change_fortitude(state, s, fr["params"]["fortitude"], **_why(fr))
    for s in state.living():
        if s != fr["seat"]:
            _pay(state, fr, s, fr["params"]["gold"], fr["seat"])


def h_order_extra(state, fr):
    _pay(state, fr, fr["seat"], fr["params"]["cost"], INN)
    for t in fr["args"]["targets"]:
        cid = draw_drink(state)
        if cid is not None:
            state.seats[t].drink_me.append(cid)
            emit(state, "ordered", seat=fr["seat"], target=t)


# --- Negate and Ignore (digest §7) ------------------------------------------

def h_negate(state, fr):
    target = _answered(state, fr)
    if target is None or target is not state.stack[-1]:
        return
    pop(state)
    discard_card(state, target["card"])
    emit(state, "negated", target=target["card"], target_seat=target["seat"], **_why(fr))
    if target["as"] == "gamble":
        gambling.negated_play(state, target)


def h_ignore_card(state, fr):
    target = _answered(state, fr)
    if target is not None:
        target["ignored"].append(fr["seat"])


def h_inn_pays(state, fr):
    target = _answered(state, fr)
    if target is not None:
        target["inn_pays"].append(fr["seat"])


def h_ignore_card_or_drink(state, fr):
    if fr["args"]["mode"] == "card":
        h_ignore_card(state, fr)
    else:
        drinks.ignore(state, fr)


def h_leave_or_ignore_drink(state, fr):
    if fr["args"]["mode"] == "leave":
        gambling.leave(state, fr["seat"], _answered(state, fr))
    else:
        drinks.ignore(state, fr)
    if fr["params"].get("cost"):
        _pay(state, fr, fr["seat"], fr["params"]["cost"], INN)


def h_leave_round(state, fr):
    gambling.leave(state, fr["seat"], _answered(state, fr))


HANDLERS = {
    "damage": h_damage, "hit_back": h_hit_back, "damage_each": h_damage_each, "heal_self": h_heal_self,
    "tip_wench": h_tip_wench, "steal_one": h_steal_one, "steal_each": h_steal_each,
    "heal_target_pay": h_heal_target_pay, "mass_heal": h_mass_heal, "order_extra": h_order_extra,
    "negate_sometimes": h_negate, "negate_drink_change": h_negate,
    "ignore_card": h_ignore_card, "inn_pays": h_inn_pays,
    "ignore_card_or_drink": h_ignore_card_or_drink, "leave_or_ignore_drink": h_leave_or_ignore_drink,
    "leave_round": h_leave_round,
    "ignore_drink": drinks.ignore,
    "drink_mod": drinks.modify,
    "pass_drink": drinks.hand_over,
    "split_drink": drinks.split,
    "courage": drinks.courage,
    "extra_drink": drinks.extra,
    "toast": lambda s, fr: drinks.start_toast(s, fr["seat"]),
    "force_drink": lambda s, fr: drinks.reveal_from_pile(s, fr["args"]["target"], "forced"),
    "gamble": gambling.start,
    "control": gambling.take_control,
    "raise": gambling.take_control,
    "winning_hand": gambling.take_control,
    "force_out": gambling.take_control,
    "anti_cheat": gambling.anti_cheat,
    "end_round_to_inn": gambling.end_to_inn,
    "grab_coin": gambling.grab_coin,
    "take_pot": gambling.take_pot,
}
