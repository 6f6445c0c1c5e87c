"""What each seat may play right now: the only place legality lives.

`prompts()` offers exactly what these functions enumerate and `apply()` accepts nothing
else, so legality can't drift from generation. A card is offered when one of its timings
holds in the context the seat is asked in, its target selector finds seats, and every one
of its steps can act (`steps.BEHAVIOUR[...].args`); nothing here knows a card by name.

    ("phase", name)    the active seat between its own phase actions
    ("window", frame)  a response window on `frame`
    ("gamble", round)  the seat's turn in a Round of Gambling
"""
from itertools import combinations

from .content import CHEATING, of
from .frames import active_round
from .ops import card
from .state import State
from .steps import AFTER_WINDOWS, BEHAVIOUR, always, answers, live_steps, step_args


def _play(seat, cid, args):
    d = {"seat": seat, "type": "play", "card": cid}
    d.update(args)
    return d


def _others(state, seat):
    return [s for s in state.living() if s != seat]


# --- what a card on the stack would do to a seat (digest §8) ----------------

def affected(state: State, fr: dict, seat: int) -> set:
    """The attributes a card frame would directly change for `seat`, read from its steps."""
    out = set()
    for step in live_steps(card(state, fr["card"]).steps, fr["args"]):
        out |= BEHAVIOUR[step["do"]].affects(state, fr, step, seat)
    return out


def payers(state: State, fr: dict) -> list[int]:
    """Seats a card frame would make pay or ante Gold, read from its steps."""
    out = []
    for step in live_steps(card(state, fr["card"]).steps, fr["args"]):
        out.extend(s for s in BEHAVIOUR[step["do"]].payers(state, fr, step) if s not in out)
    return out


# --- timings: when a card may be played at all --------------------------------

def _anytime(state, seat, c, ctx):
    return ctx[0] != "window" or ctx[1]["f"] not in AFTER_WINDOWS


def _gamble_turn(state, seat, c, ctx):
    if ctx[0] != "gamble":
        return False
    rnd = ctx[1]
    return seat in rnd["participants"] and not (rnd["cheat_only"] and c.type != CHEATING)


def _after_hurt(state, seat, c, ctx):
    if ctx[0] != "window" or ctx[1]["f"] != "hitback":
        return False
    fr = ctx[1]
    return seat in fr["victims"] and fr["source"] != seat and not state.seats[fr["source"]].out


def _after_win(state, seat, c, ctx):
    if ctx[0] != "window" or ctx[1]["f"] != "won":
        return False
    fr = ctx[1]
    return seat != fr["winner"] and fr["collector"] == fr["winner"] and not fr["claimed"]


def _round(state, seat, c, ctx):
    return (ctx[0] != "phase" and not (ctx[0] == "window" and ctx[1]["f"] in AFTER_WINDOWS)
            and active_round(state) is not None)


TIMING = {
    "action": lambda state, seat, c, ctx: ctx == ("phase", "action"),
    "anytime": _anytime,
    "order": lambda state, seat, c, ctx: ctx == ("phase", "order"),
    "gamble_turn": _gamble_turn,
    "response": lambda state, seat, c, ctx: ctx[0] == "window",
    "after_hurt": _after_hurt,
    "after_win": _after_win,
    "round": _round,
}


# --- target selectors -----------------------------------------------------------

def _two_others(state, seat, ctx):
    others = _others(state, seat)
    # Two Drinks on one pile or on two: unordered pairs with repetition.
    return [{"targets": [a, b]} for i, a in enumerate(others) for b in others[i:]]


def _rivals(state, seat, ctx):
    rnd = active_round(state)
    return [{"target": t} for t in (rnd["participants"] if rnd else []) if t != seat]


TARGET = {
    "none": lambda state, seat, ctx: [{}],
    "any": lambda state, seat, ctx: [{"target": t} for t in state.living()],
    "other": lambda state, seat, ctx: [{"target": t} for t in _others(state, seat)],
    "two_others": _two_others,
    "rival_in_round": _rivals,
    "source": lambda state, seat, ctx: [{"target": ctx[1]["source"]}],
}


def plausible(ctx) -> frozenset:
    """The timings that can hold at all in `ctx`, whoever asks: most cards in a hand are
    ruled out by this one set test (the speed of every prompt depends on it)."""
    kind = ctx[0]
    if kind == "phase":
        return _PHASE_TIMINGS.get(ctx[1], _ANYTIME)
    if kind == "gamble":
        return _GAMBLE_TIMINGS
    return _WINDOW_TIMINGS.get(ctx[1]["f"], _RESPONSE_TIMINGS)


_ANYTIME = frozenset({"anytime"})
_PHASE_TIMINGS = {"action": frozenset({"action", "anytime"}), "order": frozenset({"order", "anytime"})}
_GAMBLE_TIMINGS = frozenset({"gamble_turn", "anytime", "round"})
_RESPONSE_TIMINGS = frozenset({"anytime", "response", "round"})
_WINDOW_TIMINGS = {"hitback": frozenset({"after_hurt"}), "won": frozenset({"after_win"})}


def playable(state: State, seat: int, cid: int, c, ctx, allowed=None) -> list[dict]:
    """Every way seat may play card `cid` in `ctx` (as decisions)."""
    out = []
    checks, kinds = _profile(c)
    for timing in c.timing:
        if allowed is not None and timing not in allowed:
            continue
        if timing == "response" and ctx[0] == "window" and ctx[1]["f"] not in kinds:
            continue            # none of its steps can answer this kind of thing
        if not TIMING[timing](state, seat, c, ctx):
            continue
        for t in TARGET[c.target](state, seat, ctx):
            if checks:
                out.extend(_play(seat, cid, a) for a in step_args(state, seat, c, checks, ctx, t, t))
            else:
                out.append(_play(seat, cid, t))
    return out


_PROFILES: dict = {}


def _profile(c) -> tuple:
    """(the steps that decide whether and with which arguments the card can act, the frame
    kinds it can answer). Most cards have no such steps: their target alone decides."""
    got = _PROFILES.get(id(c))       # loaded content is never dropped, so ids stay unique
    if got is None:
        got = _PROFILES[id(c)] = (tuple(st for st in c.steps if BEHAVIOUR[st["do"]].args is not always),
                                  answers(c.steps))
    return got


def card_options(state: State, seat: int, ctx) -> list[dict]:
    out = []
    allowed = plausible(ctx)
    cards, keys = of(state).cards, state.cards
    for cid in state.seats[seat].hand:
        c = cards[keys[cid]]
        if not allowed.isdisjoint(c.timing):
            out.extend(playable(state, seat, cid, c, ctx, allowed))
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
