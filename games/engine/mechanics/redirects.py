"""Redirecting a whole card: Daareka's "My, what selfless adventurers you are!"
[001:1515-1518, 2134-2138].

Most redirections move only a Fortitude loss (`redirect_change`, changes.py). This one
answers an Action card that picked you ("pick a player" / "pick another player"; not a card
for "each other player" nor a Round of Gambling) and makes every effect of it fall on
another player of your choice instead. The new target is asked in turn when the card's
window re-opens, and may answer it as though it had been picked.
"""
from ..core import primitives
from ..core.ops import emit
from ..core.steps import answered, card_of, top_card, why_of
from ..core.interpreter import behaviour
from ..core.teams import team
from ..core.words import says

primitives.register("redirect_card", "Answering an Action card that picked you (or a teammate): all its effects go "
                    "to the card's `target` instead.")

_PICKS = ("other", "any")


def _picks_a_player(state, fr) -> bool:
    c = card_of(state, fr)
    target = c.facts.activate.get("target", "none") if fr["as"] == "activation" else c.target
    return target in _PICKS


def _args(state, seat, card, step, ctx, chosen):
    fr = top_card(ctx)
    if fr is None or not fr["type"].startswith("Action") or fr["args"].get("target") is None:
        return []
    picked = fr["args"]["target"]
    if picked not in team(state, seat) or not _picks_a_player(state, fr):
        return []
    t = chosen.get("target")
    return [{}] if t is not None and t != picked else []


def _run(state, fr, step):
    target = answered(state, fr)
    if target is None or target["f"] != "card":
        return
    t = fr["args"]["target"]
    target["args"]["target"] = t
    emit(state, "redirected", seat=fr["seat"], target=t, whole=True, **why_of(fr))


behaviour("redirect_card", answers={"card"}, run=_run, args=_args)


# --- words (core/words.py) ---

@says("redirected")
def _told(fx, s, t):
    to = t.minion(fx["minion"]) if fx.get("minion") is not None else t.who(fx.get("target"))
    what = "every effect of the card" if fx.get("whole") else "the Fortitude loss"
    return f"{s} sent {what} to {to}{t.because(fx)}."
