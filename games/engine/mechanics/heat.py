"""Lucky the Scofflaw's Heat (digest §14.6, [003:567-585]).

Lucky's cards that give Heat carry it as a rider (`gain_token` of `heat` for herself), so a
Negated card gives none and an Ignored or altered one still does [003:585]. Her `heat`
token's `on_token` hook at 3 runs `heat_penalty`: she chooses (prompt `heat`) to gain 2
Alcohol Content, pay 2 Gold to the Inn or lose 2 Fortitude, and the Heat comes off. The
penalty is applied straight to her mat, not as a pending change, so nothing can Negate,
Ignore, reduce or pay it from the Inn [003:583] (a short stash pays what it has, R-CLAMP).
"""
from ..core.choices import ask, handler
from ..core.ops import INN, change_alcohol, change_fortitude, change_token, emit, pay
from ..core.primitives import nat, register, short_name
from ..core.interpreter import behaviour
from ..core.words import PICKS, REASONS, SERIES, TOKENS, Pick, asks, counter, limit, says, thresholds

PENALTIES = ("alcohol", "gold", "fortitude")


def _run_penalty(state, fr, step):
    seat = fr["seat"]
    if not state.seats[seat].out:
        ask(state, seat, "heat", list(PENALTIES), then="heat", token=step["token"], amount=step.get("amount", 2))


@handler("heat")
def _penalty(state, fr, option):
    seat, n = fr["seat"], fr["amount"]
    if option is None:                      # she left the game meanwhile
        return
    emit(state, "heat_penalty", seat=seat, penalty=option, amount=n, heat=state.seats[seat].tokens.get(fr["token"], 0))
    if option == "alcohol":
        change_alcohol(state, seat, n, reason="heat")
    elif option == "gold":
        pay(state, seat, n, INN, reason="heat")
    else:
        change_fortitude(state, seat, -n, reason="heat")
    have = state.seats[seat].tokens.get(fr["token"], 0)
    change_token(state, seat, fr["token"], -have, reason="heat")


register("heat_penalty", "Lucky's Heat penalty (an on_token hook at 3 Heat): she chooses to gain `amount` (default 2) "
         "Alcohol Content, pay that much Gold to the Inn or lose that much Fortitude, unmitigated, and her `token` "
         "goes back to 0 [003:573-583].", {"token": short_name}, {"amount": nat})
behaviour("heat_penalty", run=_run_penalty)


# --- words (core/words.py) ---

TOKENS["heat"] = "Heat"
REASONS["heat"] = "Heat penalty"
PAID = {"alcohol": "gained {n} Alcohol Content", "gold": "paid {n} Gold to the Inn", "fortitude": "lost {n} Fortitude"}


@says("heat_penalty")
def _told(fx, s, t):
    paid = PAID.get(fx.get("penalty"), "paid the penalty").format(n=fx.get("amount", 2))
    return f"{s} reached {fx.get('heat', 3)} Heat and {paid}; the Heat is cleared."


TOKEN = "heat"           # Lucky's pack names her token so; the penalty reads the one its hook names
PENALTY_LABELS = {"alcohol": "Heat penalty: gain 2 Alcohol Content", "gold": "Heat penalty: pay 2 Gold to the Inn",
                  "fortitude": "Heat penalty: lose 2 Fortitude"}


def _due(character) -> int:
    """The Heat at which the penalty comes, as the character's pack sets it."""
    return next((n for n, _ in thresholds(character, TOKEN)), limit(character, TOKEN, 3))


def _asked(view: dict, names: list, decisions: list) -> str:
    seat = (view.get("prompt") or {}).get("seat")
    heat = next((s.get("tokens", {}).get(TOKEN) for s in view.get("seats", []) if s.get("seat") == seat), None)
    return f"{heat or 3} Heat! The City Guard wants its due: choose your penalty (nothing can reduce it)."


asks("heat", _asked, "Lucky's Heat")
PICKS["heat"] = Pick(lambda option, titles: PENALTY_LABELS.get(option, str(option)), "{who}'s Heat penalty")


@counter
def _heat(tokens: dict, zones: dict, character) -> list[dict]:
    if TOKEN not in tokens:
        return []
    h, due = tokens.pop(TOKEN), _due(character)
    return [{"name": "Heat", "text": f"{h} / {due}" + (" · penalty due" if h >= due else ""), "key": "heat",
             "meter": {"value": h, "max": due}}]
SERIES[TOKEN] = "Heat (Lucky)"
