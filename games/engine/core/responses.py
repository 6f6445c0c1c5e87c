"""What each seat may play right now: the only place legality lives.

`prompts()` offers exactly what these functions enumerate and `apply()` accepts nothing
else, so legality can't drift from generation. A card is offered when one of its timings
holds in the context the seat is asked in, its target selector finds seats, and every one
of its steps can act (`interpreter.BEHAVIOUR[...].args`); nothing here knows a card by name.

    ("phase", name)    the active seat between its own phase actions
    ("window", frame)  a response window on `frame`
    ("gamble", round)  the seat's turn in a Round of Gambling
"""
from itertools import combinations

from .content import CHEATING, of
from .frames import active_round
from .state import State
from . import changes, extensions, variants
from .hooks import value
from .zones import held
from .seating import napping
from .teams import any_of, opponents, same_team, solo, team
from .steps import AFTER_WINDOWS, affected, answers, flags_of, payers
from .interpreter import BEHAVIOUR, always, step_args


def _others(state, seat):
    """"Another player": not the seat, nor a teammate of its (§15.6)."""
    return opponents(state, seat)


def concerns(state: State, seat: int) -> bool:
    """What concerns a teammate concerns the seat too: it may defend them (§15.3)."""
    if solo(state):
        return _concerns(state, seat)
    return any(_concerns(state, s) for s in team(state, seat))


def _concerns(state: State, seat: int) -> bool:
    """Whether what waits on top of the stack concerns `seat`, read from the card data: a
    card it played, aimed at it, that would change or make it pay something, that runs a
    Round or has everyone drink, or that answers one of its cards; a Drink it would drink; a
    change or hit-back window of its own. Everything else (events, contests, last chances,
    wins) concerns everyone. Auto-pass modes and bots use it to skip windows that do not."""
    if not state.stack:
        return True
    top = state.stack[-1]
    kind = top["f"]
    if top.get("seat") == seat:
        return True
    if kind == "card":
        args = top["args"]
        if args.get("target") == seat or seat in (args.get("targets") or ()):
            return True
        if "round" in flags_of(state, top) or "everyone" in flags_of(state, top):
            return True
        if affected(state, top, seat) or seat in payers(state, top):
            return True
        if "portion" in args:
            for fr in reversed(state.stack):
                if fr["f"] == "drink":
                    portions = fr["portions"]
                    if 0 <= args["portion"] < len(portions) and portions[args["portion"]]["holder"] == seat:
                        return True
                    break
        on = top.get("on")
        return any(fr["id"] == on and fr.get("seat") == seat for fr in state.stack)
    if kind == "drink":
        return any(p["holder"] == seat for p in top["portions"])
    if kind == "hitback":
        return seat in top["victims"]
    if kind == "change":
        return any(ch["target"] == seat for ch in top["changes"])
    return True


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
    # "you or a teammate" lost Fortitude to a card from the other side (§15.3: hitting back)
    return (any_of(state, seat, fr["victims"]) and not same_team(state, seat, fr["source"])
            and not state.seats[fr["source"]].out)


def _after_win(state, seat, c, ctx):
    if ctx[0] != "window" or ctx[1]["f"] != "won":
        return False
    fr = ctx[1]
    return not same_team(state, seat, fr["winner"]) and fr["collector"] == fr["winner"] and not fr["claimed"]


def _round(state, seat, c, ctx):
    return (ctx[0] != "phase" and not (ctx[0] == "window" and ctx[1]["f"] in AFTER_WINDOWS)
            and active_round(state) is not None)


TIMING = {
    "action": lambda state, seat, c, ctx: ctx == ("phase", "action") and not state.counts.get("acted"),
    "anytime": _anytime,
    "order": lambda state, seat, c, ctx: ctx == ("phase", "order"),
    "gamble_turn": _gamble_turn,
    "response": lambda state, seat, c, ctx: ctx[0] == "window",
    "after_hurt": _after_hurt,
    "after_win": _after_win,
    "round": _round,
    "immediate": lambda state, seat, c, ctx: False,      # resolved when drawn (items.draw)
}


# --- target selectors -----------------------------------------------------------

def _two_others(state, seat, ctx):
    others = _others(state, seat)
    # Two Drinks on one pile or on two: unordered pairs with repetition.
    return [{"targets": [a, b]} for i, a in enumerate(others) for b in others[i:]]


def _three_others(state, seat, ctx):
    """Three different other players ("You get a knife..." [004:549-553]), or all of them."""
    others = _others(state, seat)
    return [{"targets": list(c)} for c in combinations(others, min(3, len(others)))]


def _two_other_players(state, seat, ctx):
    others = _others(state, seat)
    return [{"targets": [a, b]} for i, a in enumerate(others) for b in others[i + 1:]]


def _rivals(state, seat, ctx):
    rnd = active_round(state)
    return [{"target": t} for t in (rnd["participants"] if rnd else []) if t != seat]


TARGET = {
    "none": lambda state, seat, ctx: [{}],
    "any": lambda state, seat, ctx: [{"target": t} for t in state.living()],
    "other": lambda state, seat, ctx: [{"target": t} for t in _others(state, seat)],
    "two_others": _two_others,
    "three_others": _three_others,
    "two_other_players": _two_other_players,
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
    _add(out, state, seat, cid, c, ctx, allowed if allowed is not None else _ALL_TIMINGS,
         ctx[1]["f"] if ctx[0] == "window" else None, _profile(c))
    return out


def _add(out, state, seat, cid, c, ctx, allowed, answering, prof) -> None:
    for timing in c.timing:
        if timing not in allowed:
            continue
        if timing == "response" and answering is not None and answering not in prof[2]:
            continue            # none of its steps can answer this kind of thing
        if not TIMING[timing](state, seat, c, ctx):
            continue
        for a in play_args(state, seat, c, ctx, prof):
            out.append({"seat": seat, "type": "play", "card": cid, **a})


def _stands_in(c) -> bool:
    """Whether card `c` may pick a stand-in (a Minion) for its target: a fact of the card, kept on
    it like `_profile` (asked for every card on offer)."""
    got = c.__dict__.get("_stands_in")
    if got is None:
        got = c.__dict__["_stands_in"] = extensions.stands_in(c)
    return got


def play_args(state: State, seat: int, c, ctx, prof=None) -> list[dict]:
    """Every set of arguments (its target, what its steps need) with which `seat` may play
    card `c` in `ctx`, whether or not its timing allows it now: what a card played as though
    the seat played it (a Brawler) is asked for."""
    checks = (prof or _profile(c))[1]
    target = c.target
    if target == "none":
        if len(checks) == 1:        # the usual response: one step decides, no target
            step = checks[0]
            return list(BEHAVIOUR[step["do"]].args(state, seat, c, step, ctx, {}))
        targets = _NO_TARGET
    else:
        targets = TARGET[target](state, seat, ctx)
        if target == "other" and state.options:
            targets = list(targets) + extensions.targets(state, seat, c)    # Otto, no seat, is "another player" too
        if target == "other" and _stands_in(c):
            # A card that makes another player lose Fortitude, or redirects it, may pick a
            # Minion instead [001:1155-1158].
            targets = list(targets) + [{"target_minion": m} for m in extensions.stand_ins(state, seat)]
        elif target == "source" and "minion" in ctx[1] and _stands_in(c):
            # Hurt by a Minion: hit back at its owner or at the Minion [001:1184-1188].
            targets = list(targets) + [{"target_minion": m} for m in extensions.stand_ins(state, seat)
                                       if m == ctx[1]["minion"]]
    if checks:
        return [a for t in targets for a in step_args(state, seat, c, checks, ctx, t, t)]
    return list(targets)


_NO_TARGET = ({},)
_ALL_TIMINGS = frozenset(TIMING)


def _profile(c) -> tuple:
    """(its timings, the steps that decide whether and with which arguments the card can
    act, the frame kinds it can answer). Most cards have no such steps: their target alone
    decides. Kept on the card itself: a table keyed by id() would hand a dropped card's
    profile to a new card that happens to reuse its address."""
    got = c.__dict__.get("_profile")
    if got is None:
        got = c.__dict__["_profile"] = (frozenset(c.timing),
                                        tuple(st for st in c.steps if BEHAVIOUR[st["do"]].args is not always),
                                        answers(c.steps))
    return got


def answering_options(state: State, seat: int, ctx, kind: str) -> list[dict]:
    """The ways `seat` may play a card of its hand that answers a `kind` frame (not an
    Anytime card it could play in any window)."""
    out = []
    if napping(state, seat):
        return out             # asleep: no cards (naps.py, items.py)
    cand, keys = _candidates(of(state), _RESPONSE_TIMINGS, kind, True), state.cards
    for cid in held(state, seat):
        got = cand.get(keys[cid])
        if got is not None:
            _add(out, state, seat, cid, got[0], ctx, _RESPONSE_TIMINGS, kind, got[1])
    return out


def card_options(state: State, seat: int, ctx) -> list[dict]:
    out = []
    if napping(state, seat):
        return out             # asleep: no cards (naps.py, items.py)
    if ctx[0] == "window":
        answering = ctx[1]["f"]
        allowed = _WINDOW_TIMINGS.get(answering, _RESPONSE_TIMINGS)
    else:
        answering = None
        allowed = plausible(ctx)
    content = of(state)
    try:
        cand = content._candidates[(allowed, answering, False)]
    except (AttributeError, KeyError):
        cand = _candidates(content, allowed, answering)
    keys = state.cards
    for cid in held(state, seat):
        got = cand.get(keys[cid])
        if got is not None:
            _add(out, state, seat, cid, got[0], ctx, allowed, answering, got[1])
    return out


def _candidates(content, allowed: frozenset, answering, answers_only: bool = False) -> dict:
    """key -> (card, profile) of the content's cards that `_add` would look at in a context
    whose plausible timings are `allowed`, answering a frame of kind `answering` (None
    outside windows): a card none of whose timings is allowed, or only a Response that
    answers no such frame, is left out. With `answers_only`, only cards that answer
    `answering` at all (answering_options). Built once per content and context shape, so a
    hand is sorted with one dict look-up per card."""
    table = content.__dict__.get("_candidates")
    if table is None:
        table = content._candidates = {}
    got = table.get((allowed, answering, answers_only))
    if got is None:
        got = table[(allowed, answering, answers_only)] = {}
        for key, c in content.cards.items():
            prof = _profile(c)
            if answers_only and answering not in prof[2]:
                continue
            if any(t in allowed and not (t == "response" and answering is not None and answering not in prof[2])
                   for t in c.timing):
                got[key] = (c, prof)
    return got


# --- the prompts, by context -------------------------------------------------

def phase_options(state: State, seat: int) -> tuple[str, list[dict], list[dict]]:
    """The active seat's phase prompt: (phase, decisions, subset offers).

    A subset offer is a decision whose `cards` may be replaced by any sorted subset of the
    listed ids (docs/decisions.md): the discard offers the hand that way instead of every
    one of its 2^n subsets.
    """
    phase = state.phase
    under_way = phase == "discard" and variants.of(state).discarding(state)
    opts = [] if under_way else card_options(state, seat, ("phase", phase))
    subsets = []
    if phase == "discard":
        opts.append({"seat": seat, "type": "discard", "cards": []})
        subsets.append({"seat": seat, "type": "discard", "cards": sorted(state.seats[seat].hand)})
    elif phase == "action":
        opts.extend(extensions.actions(state, seat))
        opts.append({"seat": seat, "type": "pass"})
    elif phase == "order":
        if ordering_done(state, seat):
            opts.append({"seat": seat, "type": "pass"})        # after ordering: cards, or go on
        else:
            opts.extend({"seat": seat, "type": "order", "target": t} for t in _others(state, seat))
    elif phase == "drink":
        opts.append({"seat": seat, "type": "drink"})
    elif phase == "end" and opts:
        opts.append({"seat": seat, "type": "pass"})            # after drinking: Anytime cards, or end
    more = extensions.mechanic_options(state, seat, ("phase", phase))
    if more:
        if phase == "end" and not opts:
            opts.append({"seat": seat, "type": "pass"})
        opts[len(opts) - 1:len(opts) - 1] = more               # before the closing pass / drink
    return phase, opts, subsets


def ordering_done(state: State, seat: int) -> bool:
    return state.counts.get("drinks", 0) >= value(state, seat, "drinks_per_turn")


def first_answer(state: State, frame: dict):
    """(i, decisions): the first seat of the window's `poll` from `frame["i"]` on that is in
    the game and has a legal response (what `card_options`, the mechanics' options and the variant's
    window_extras offer it, with what does not depend on the seat looked up once);
    (len(poll), None) when no seat has one."""
    poll = frame["poll"]
    if "choosing" in frame:
        return len(poll), None
    answering = frame["f"]
    allowed = _WINDOW_TIMINGS.get(answering, _RESPONSE_TIMINGS)
    content = of(state)
    try:
        cand = content._candidates[(allowed, answering, False)]
    except (AttributeError, KeyError):
        cand = _candidates(content, allowed, answering)
    more = variants.of(state).window_extras
    ctx = ("window", frame)
    seats, keys = state.seats, state.cards
    calm, asleep = extensions.offered(state), state.counts.get("asleep")
    for i in range(frame["i"], len(poll)):
        s = poll[i]
        seat = seats[s]
        if seat.out:
            continue
        out = []
        if not ((seat.zones or asleep) and napping(state, s)):       # asleep: no cards (as card_options)
            for cid in (held(state, s) if seat.zones or state.options else seat.hand):
                got = cand.get(keys[cid])
                if got is not None:
                    _add(out, state, s, cid, got[0], ctx, allowed, answering, got[1])
        if calm:
            out += extensions.mechanic_options(state, s, ctx)
        if more is not None:
            out += more(state, s, frame)
        if out:
            return i, out
    return max(frame["i"], len(poll)), None


def gamble_options(state: State, seat: int, rnd: dict) -> list[dict]:
    return card_options(state, seat, ("gamble", rnd)) + [{"seat": seat, "type": "pass"}]


def mead_options(state: State, seat: int) -> list[dict]:
    return ([{"seat": seat, "type": "split", "target": t} for t in _others(state, seat)]
            + [{"seat": seat, "type": "pass"}])


changes.can_answer = lambda state, seat, frame: bool(answering_options(state, seat, ("window", frame), "change"))
