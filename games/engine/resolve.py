"""Playing a card and resolving it: a card's steps run in order, then its riders.

`play()` moves the card from hand onto the stack; `resolve_card()` runs when its window
closes unanswered. What each step does lives in `steps.BEHAVIOUR`.
"""
from . import hooks, variants
from .frames import pop, push
from .ops import card, discard_card, emit, take_from_hand
from .state import State
from .steps import run_steps


def play(state: State, decision: dict, ctx) -> None:
    seat, cid = decision["seat"], decision["card"]
    c = card(state, cid)
    take_from_hand(state, seat, cid)
    args = {k: v for k, v in decision.items() if k not in ("seat", "type", "card")}
    fr = {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "type": c.type, "args": args,
          "ignored": [], "inn_pays": [], "leavers": []}
    if ctx[0] == "window":
        fr["on"] = ctx[1]["id"]
    fr["as"] = {"phase": "action" if ctx == ("phase", "action") else "play",
                "window": "response", "gamble": "gamble"}[ctx[0]]
    if ctx[0] == "gamble" and fr["effect"] == "gamble":
        fr["effect"] = "control"     # "Gambling? I'm in!" inside a Round takes control
    emit(state, "played", seat=seat, card=cid, title=c.title, effect=fr["effect"], args=args,
         **({"on": fr["on"]} if "on" in fr else {}))
    push(state, fr, poll_from=seat)
    variants.of(state).champions(state, fr, seat)     # a team game: Champions before anyone answers


def resolve_card(state: State, fr: dict) -> None:
    pop(state)
    c = card(state, fr["card"])
    if fr["as"] == "activation":          # a Minion acting: it stays in play (minions.py)
        emit(state, "resolved", seat=fr["seat"], card=fr["card"], effect=fr["effect"])
        run_steps(state, fr, c.activate["steps"])
        return
    discard_card(state, fr["card"])
    emit(state, "resolved", seat=fr["seat"], card=fr["card"], effect=fr["effect"])
    run_steps(state, fr, c.steps)
    for rider in c.riders:
        if rider["when"] == "resolved" and not state.seats[fr["seat"]].out:
            run_steps(state, fr, rider["steps"])
    hooks.run(state, fr["seat"], "after_card", card=fr["card"])
