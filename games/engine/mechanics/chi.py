"""Zakhan's Drunken Chi (digest §14.12, §16 [001:1421-1424, 1779-1785; 003:727]).

A token whose definition says `"drunkenness": true` counts towards its seat's **Total
Drunkenness**: Alcohol Content plus those tokens, which passes the seat out once it reaches
its Fortitude (losses.in_danger). On a team's shared mat it is the team's Alcohol plus the
tokens of every seat on that mat [001:1779-1780].

- Gaining it: the `may_gain_token` step (the sampler runs it `on_drink`, after Zakhan drank a
  Drink he did not Ignore) asks the seat whether to gain `amount` (prompt `token`,
  decisions `gain_token` / `decline`): the example says "Zakhan decides to increase his
  Drunken Chi by 1" [001:1424]. Only his own Drinks count [001:1782-1783].
- Lowering it: a token definition with `"discard_lowers": n` lets its own seat (never a
  teammate [001:1785]) discard a card from its hand to lower it by n (decision `calm`),
  whenever it is asked at one of its phase prompts after Discard and Draw, and in a
  last-chance window (R-CHI-CALM).
"""
from ..core import extensions
from ..core.content import of
from ..core.frames import pop, push
from ..core.ops import change_token, discard_card, emit, take_from_hand
from ..core.prompt import Prompt
from ..core.state import State
from ..core.interpreter import behaviour
from ..core.primitives import nat, register, short_name
from ..core.words import REASONS, SERIES, TOKENS, asks, labels, says, shows


def _defs(state: State) -> dict:
    """character id -> {token: definition} of tokens that count as drunkenness (cached on
    the content: most games have none, and the loss check asks at every safe point)."""
    content = of(state)
    got = content.__dict__.get("_drunk")
    if got is None:
        got = {cid: {t: d for t, d in ch.tokens.items() if d.get("drunkenness")}
               for cid, ch in content.characters.items()}
        got = {k: v for k, v in got.items() if v}
        content.__dict__["_drunk"] = got
    return got


def counts(state: State) -> bool:
    """Whether any character of the game has a drunkenness token."""
    return bool(_defs(state))


def extra(state: State, mat: int) -> int:
    """Drunkenness beyond Alcohol Content on a mat: the drunkenness tokens of its seats."""
    defs = _defs(state)
    if not defs:
        return 0
    total = 0
    for s in state.seats:
        if s.mat == mat and s.character in defs:
            total += sum(s.tokens.get(t, 0) for t in defs[s.character])
    return total


def total(state: State, seat: int) -> int:
    """Total Drunkenness of the seat's mat: Alcohol Content plus Drunken Chi."""
    s = state.seats[seat]
    return s.alcohol + extra(state, s.mat)


def tracks(state: State, seat: int) -> bool:
    return state.seats[seat].character in _defs(state)


# --- gaining: "Zakhan decides to increase his Drunken Chi by 1" ----------------------------

def offer(state: State, seat: int, token: str, amount: int) -> None:
    if state.seats[seat].out or amount <= 0:
        return
    push(state, {"f": "token_offer", "seat": seat, "token": token, "amount": amount})


def offer_prompt(state: State, fr: dict):
    seat = fr["seat"]
    if state.seats[seat].out:
        pop(state)
        return None
    return Prompt(seat, "token", [{"seat": seat, "type": "gain_token", "token": fr["token"]},
                                  {"seat": seat, "type": "decline"}])


def take(state: State, d: dict, fr: dict) -> None:
    pop(state)
    change_token(state, fr["seat"], fr["token"], fr["amount"], reason="drank")


def decline(state: State, d: dict, fr: dict) -> None:
    pop(state)
    emit(state, "declined", seat=fr["seat"], token=fr["token"])


# --- lowering: only Zakhan discards cards to lower it -------------------------------------

def _lowerable(state: State, seat: int):
    s = state.seats[seat]
    for t, d in _defs(state).get(s.character, {}).items():
        if d.get("discard_lowers") and s.tokens.get(t, 0) > 0:
            return t, d["discard_lowers"]
    return None


def options(state: State, seat: int, ctx) -> list[dict]:
    """`calm` decisions: discard one card of the hand to lower the token."""
    if not _defs(state):
        return []
    if ctx[0] == "phase" and ctx[1] == "discard":
        return []
    if ctx[0] == "window" and ctx[1]["f"] != "last_chance":
        return []
    got = _lowerable(state, seat)
    if got is None:
        return []
    return [{"seat": seat, "type": "calm", "card": cid} for cid in sorted(state.seats[seat].hand)]


def calm(state: State, d: dict, fr) -> None:
    seat, cid = d["seat"], d["card"]
    token, by = _lowerable(state, seat)
    take_from_hand(state, seat, cid)
    discard_card(state, cid)
    emit(state, "discarded", seat=seat, cards=[cid], reason="calm")
    change_token(state, seat, token, -by, reason="calm")


class DrunkenChi(extensions.Mechanic):
    # The points the core asks at every prompt and safe point are this module's functions
    # themselves (no method in between: docs/engine.md, "Speed").
    drunkenness = staticmethod(extra)
    counts_drunkenness = staticmethod(counts)
    offered = staticmethod(counts)
    options = staticmethod(options)

    def seat_view(self, state: State, seat: int) -> dict:
        mat = state.seats[seat].mat
        if any(tracks(state, s) for s, x in enumerate(state.seats) if x.mat == mat):
            return {"drunkenness": total(state, seat)}
        return {}


extensions.register_mechanic(DrunkenChi())
extensions.FRAMES["token_offer"] = offer_prompt
extensions.DECISIONS.update(gain_token=take, decline=decline, calm=calm)
register("may_gain_token", "The player may gain `amount` of token `token` (it is asked; Zakhan's Drunken Chi).",
         {"token": short_name, "amount": nat})
behaviour("may_gain_token", run=lambda s, fr, st: offer(s, fr["seat"], st["token"], st["amount"]))


# --- words (core/words.py) ---

TOKENS["chi"] = "Drunken Chi"
REASONS.update({"drank": "Drink he drank", "calm": "card discarded to calm it"})


@says("discarded", reason="calm")
def _calmed(fx, s, t):
    return f"{s} discarded {t.title((fx.get('cards') or [None])[0])} to calm their Drunken Chi."


@says("declined")
def _declined(fx, s, t):
    return f"{s} kept their Drunken Chi as it was."


asks("token", "You drank: raise your Drunken Chi? It counts with your Alcohol Content against your Fortitude.",
     "Drunken Chi?")
shows("token_offer")(lambda fr, who, names: {"title": f"{who} may raise their Drunken Chi"})
SERIES["chi"] = "Drunken Chi (Zakhan)"
labels("gain_token")(lambda d, a: "Gain Drunken Chi" if d.get("token") == "chi" else f"Gain {d.get('token')}")
labels("decline")(lambda d, a: "No, thanks")
labels("calm")(lambda d, a: "Discard it to lower your Chi by 1")
