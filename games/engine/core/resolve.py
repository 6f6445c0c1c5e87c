"""Playing a card and resolving it: a card's steps run in order, then its riders.

`play()` moves the card from hand onto the stack; `resolve_card()` runs when its window
closes unanswered. What each step does lives in `interpreter.BEHAVIOUR`.
"""
from . import hooks, variants
from .content import of
from .frames import pop, push, push_under
from .ops import card, discard_card, emit, take_from_hand
from .state import State
from .changes import WAIT, land
from .steps import live_steps
from .interpreter import BEHAVIOUR


def play(state: State, decision: dict, ctx) -> None:
    seat, cid = decision["seat"], decision["card"]
    c = card(state, cid)
    take_from_hand(state, seat, cid)
    args = {k: v for k, v in decision.items() if k not in ("seat", "type", "card")}
    fr = {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "type": c.type, "args": args,
          "ignored": [], "inn_pays": [], "leavers": []}
    if ctx[0] == "window":
        fr["on"] = ctx[1]["id"]
    fr["as"] = ("action" if ctx[1] == "action" else "play") if ctx[0] == "phase" else _AS[ctx[0]]
    if ctx[0] == "gamble" and fr["effect"] == "gamble":
        fr["effect"] = "control"     # "Gambling? I'm in!" inside a Round takes control
    emit(state, "played", seat=seat, card=cid, title=c.title, effect=fr["effect"], args=args,
         **({"on": fr["on"]} if "on" in fr else {}))
    for st in c.steps:                 # a cost is paid as the card is played, never refunded (costs.py)
        pay_now = BEHAVIOUR[st["do"]].on_play
        if pay_now is not None:
            pay_now(state, fr, st)
    push(state, fr, poll_from=seat)
    for st in c.steps:                  # what is paid or marked as it is played (Glare, Mix-ins)
        if BEHAVIOUR[st["do"]].played is not None:
            BEHAVIOUR[st["do"]].played(state, fr, st)
    variants.of(state).champions(state, fr, seat)     # a team game: Champions before anyone answers


_AS = {"window": "response", "gamble": "gamble"}


def resolve_card(state: State, fr: dict) -> None:
    pop(state)
    c = card(state, fr["card"])
    if fr["as"] == "activation":          # a Minion acting: it stays in play (minions.py)
        emit(state, "resolved", seat=fr["seat"], card=fr["card"], effect=fr["effect"])
        proceed(state, fr, list(live_steps(c.facts.activate["steps"], fr["args"])))
        return
    discard_card(state, fr["card"])
    emit(state, "resolved", seat=fr["seat"], card=fr["card"], effect=fr["effect"])
    plan = list(live_steps(c.steps, fr["args"]) if "mode" in fr["args"] else c.steps)
    if c.riders:
        plan += [{"rider": k} for k, r in enumerate(c.riders) if r["when"] == "resolved"]
    if of(state).has_hooks:
        plan.append({"hook": "after_card"})
    proceed(state, fr, plan)


def proceed(state: State, fr: dict, plan: list) -> None:
    """Run what is left of a resolving card: its steps, then its riders, then the
    `after_card` hook. A step whose changes wait for answers (changes.WAIT) parks the rest
    in a `then` frame under them, picked up when they have landed (resolve_change)."""
    while plan:
        item = plan.pop(0)
        do = item.get("do")
        if do is None:
            if "rider" in item:
                if not state.seats[fr["seat"]].out:
                    plan[0:0] = card(state, fr["card"]).riders[item["rider"]]["steps"]
            else:
                hooks.run(state, fr["seat"], item["hook"], card=fr["card"])
            continue
        if BEHAVIOUR[do].run(state, fr, item) is WAIT and plan:
            push_under(state, {"f": "then", "frame": fr, "plan": plan})
            return


def go_on(state: State, card: int) -> None:
    """The rest of `card` parked in a `then` frame on top of the stack (its step waited for
    something pushed over it) goes on resolving, if there is one."""
    top = state.stack[-1] if state.stack else None
    if top and top["f"] == "then" and top["frame"]["card"] == card:
        rest = pop(state)
        proceed(state, rest["frame"], rest["plan"])


def resolve_change(state: State, fr: dict) -> None:
    """A `change` frame's window closed: its changes land, and the card they came from, waiting
    under them in a `then` frame, finishes resolving."""
    pop(state)
    rest = pop(state) if state.stack and state.stack[-1]["f"] == "then" else None
    land(state, fr["changes"], fr["hit"], rest["frame"] if rest is not None else None)
    if rest is not None:
        # The card finishes resolving over its hit-back window, as when its changes land
        # at once (its riders run before anyone hits back).
        proceed(state, rest["frame"], rest["plan"])
