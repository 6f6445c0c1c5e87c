"""The sequencer: whose decision it is, and how the game moves between decisions.

`advance()` runs after every decision: it resolves whatever nobody can answer,
moves through phases and turns, checks losses at safe points, and stops at the
next real decision — skipping seats with nothing legal to answer and passing
gambling turns where passing is all a seat can do (neither needs an event).
"""
from . import drinks, extensions, gambling, hooks, losses, resolve, responses, variants
from .content import ACTION, ACTION_GAMBLING, ACTION_MINION
from .errors import IllegalDecision
from .frames import pop
from .ops import card, discard_card, emit, order_drink, refill_hand, take_from_hand
from .prompt import Prompt
from .state import State


def _window_seat(state: State, fr: dict):
    """Move the window to the next seat with a legal response; None when it's closed."""
    i, opts = responses.first_answer(state, fr)
    fr["i"] = i
    if opts is None:
        return None
    s = fr["poll"][i]
    opts.append({"seat": s, "type": "pass"})
    return Prompt(s, "respond", opts)


RESOLVE = {
    "card": resolve.resolve_card,
    "drink": drinks.resolve_drink,
    "event": drinks.start_event,
    "hitback": lambda state, fr: pop(state),      # the hit-backs played resolved themselves
    "won": gambling.collect,
    "last_chance": losses.resolve_last_chance,
    "change": resolve.resolve_change,
}


# Far more automatic steps than any real position needs between two decisions;
# reaching it means a rule stopped making progress, which must fail loudly.
STEP_LIMIT = 10_000


def _next_prompt(state: State):
    """The decision the game is waiting on, resolving everything that needs none."""
    rules = variants.of(state)
    for _ in range(STEP_LIMIT):
        if state.over:
            return None
        if state.stack:
            top = state.stack[-1]
            if "choosing" in top:
                seat = top["reveals"][top["choosing"]]["seat"]
                return Prompt(seat, "mead", responses.mead_options(state, seat))
            if "poll" in top:
                p = _window_seat(state, top)
                if p is None:
                    RESOLVE[top["f"]](state, top)
                    continue
                return p
            if top["f"] == "round":
                seat = gambling.step(state, top)
                if seat is None:
                    continue
                return Prompt(seat, "gamble", responses.gamble_options(state, seat, top))
            if top["f"] == "contest":
                drinks.contest_step(state, top)
                continue
            if top["f"] in rules.frames:
                p = rules.prompt(state, top)
                if p is None:
                    continue
                return p
            if top["f"] in extensions.FRAMES:       # a mechanic's or a table option's own frame
                p = extensions.FRAMES[top["f"]](state, top)
                if p is None:
                    continue
                return p
            raise AssertionError(f"frame without a rule: {top['f']}")
        if state.counts.get("draw_after"):
            del state.counts["draw_after"]        # the purchases between discarding and drawing are over
            _draw(state, state.active)
            continue
        if losses.check(state):
            continue
        if state.options and extensions.idle(state):   # e.g. a Pub Crawl's Crawl, once all has resolved
            continue
        if state.phase == "end" and (state.counts.get("end_done") or state.seats[state.active].out):
            _next_turn(state)
            continue
        phase, opts, subsets = responses.phase_options(state, state.active)
        if phase == "end" and not opts:
            rules.finish_part(state, "done")      # nothing to play after drinking: the turn passes
            continue
        if phase == "order" and len(opts) == 1 and responses.ordering_done(state, state.active):
            rules.finish_part(state, "drink")     # ordered, and nothing left to play in this phase
            continue
        return Prompt(state.active, f"phase:{phase}", opts + rules.phase_extras(state, state.active, phase), subsets)
    raise RuntimeError(f"the engine made no progress in {STEP_LIMIT} steps (turn {state.turn}, phase {state.phase})")


def advance(state: State) -> None:
    """Run until a real decision is due. A gambling turn where passing is the
    only choice passes by itself; the active seat's phase decisions are always
    asked, so every turn reads the same in the log. A subset offer is always more than one
    choice (a counted one is offered only with a choice of cards)."""
    while True:
        p = _next_prompt(state)
        if p is None or len(p.decisions) > 1 or p.subsets or p.kind.startswith("phase:"):
            state._prompt = p if p is None else variants.of(state).decorate(state, p)
            return
        _execute(state, p.decisions[0], p)


def current(state: State):
    if state._prompt is None and not state.over:
        advance(state)
    return state._prompt


def _next_turn(state: State) -> None:
    rules = variants.of(state)
    if not state.counts.get("ended"):
        # What the turn_end hooks did settles before the options' steps: a pending change and
        # its window, and a player they knocked out, whose last chance and Gold split come
        # before the Dungeon counter [001:163-166, 934-936]. The loop checks losses, then
        # comes back here.
        state.counts["ended"] = True
        for s in rules.turn_seats(state):
            hooks.run(state, s, "turn_end")
        return
    if extensions.turn_end(state):           # e.g. a Dungeon Event: the very last thing (§18.1)
        return
    state.active = rules.next_active(state)
    state.turn += 1
    state.phase = "discard"
    state.counts = {}
    emit(state, "turn", seat=state.active, turn=state.turn)
    for s in rules.turn_seats(state):
        hooks.run(state, s, "turn_start")


# --- carrying out one decision ------------------------------------------------

def _context(state: State, prompt: Prompt):
    if prompt.kind == "respond":
        return ("window", state.stack[-1])
    if prompt.kind == "gamble":
        return ("gamble", state.stack[-1])
    if prompt.kind == "mead":
        return ("mead", state.stack[-1])
    if not prompt.kind.startswith("phase:"):
        return (prompt.kind, state.stack[-1])     # a variant's or a mechanic's own prompt (a Champion choice)
    return ("phase", state.phase)


def _execute(state: State, d: dict, prompt: Prompt) -> None:
    ctx = _context(state, prompt)
    kind = d["type"]
    seat = d["seat"]
    if kind == "play":
        if ctx == ("phase", "action") and _is_action(state, d["card"]):
            actions = state.counts.get("actions", 0) + 1
            if actions < hooks.value(state, seat, "actions_per_turn"):
                state.counts["actions"] = actions
            elif extensions.still_acting(state, seat, d["card"]):
                state.counts["acted"] = True     # the Action is played; its Minions may still act
            else:
                variants.of(state).finish_part(state, "order")   # this was the seat's last Action
        resolve.play(state, d, ctx)
    elif kind == "pass":
        if ctx[0] == "window":
            emit(state, "pass", seat=seat)
            ctx[1]["i"] += 1
        elif ctx[0] == "gamble":
            gambling.pass_turn(state, ctx[1])
        elif ctx[0] == "mead":
            drinks.mead_split(state, ctx[1], None)
        elif ctx[0] in extensions.PASSES:
            extensions.PASSES[ctx[0]](state, ctx[1])
        elif state.phase == "action":
            if not state.counts.get("acted"):
                emit(state, "no_action", seat=seat)
            variants.of(state).finish_part(state, "order")
        elif state.phase == "order":
            variants.of(state).finish_part(state, "drink")
        else:
            variants.of(state).finish_part(state, "done")
    elif kind == "split":
        drinks.mead_split(state, ctx[1], d["target"])
    elif kind == "discard":
        for cid in d["cards"]:
            take_from_hand(state, seat, cid)
            discard_card(state, cid)
        emit(state, "discarded", seat=seat, cards=list(d["cards"]))
        hooks.run(state, seat, "after_discard")
        if state.stack:
            state.counts["draw_after"] = True     # e.g. Vlazlo buys form cards first
        else:
            _draw(state, seat)
    elif kind == "order":
        cid = order_drink(state, seat)
        if cid is not None:
            state.seats[d["target"]].drink_me.append(cid)
        emit(state, "ordered", seat=seat, target=d["target"])
        state.counts["drinks"] = state.counts.get("drinks", 0) + 1
    elif kind == "drink":
        variants.of(state).finish_part(state, "end")
        drinks.reveal_from_pile(state, seat, "phase")
    elif kind in variants.of(state).decisions:
        variants.of(state).execute(state, d, ctx)
    elif kind in extensions.DECISIONS:
        extensions.DECISIONS[kind](state, d, ctx[1])
    state.decisions += 1


def _draw(state: State, seat: int) -> None:
    """Refill once every seat that discards together has discarded (a team, §15.4)."""
    rules = variants.of(state)
    for s in rules.drawing(state, seat):
        hooks.run(state, s, "before_draw")
        refill_hand(state, s)
    rules.finish_part(state, "action")


def _is_action(state: State, cid: int) -> bool:
    return card(state, cid).type in (ACTION, ACTION_GAMBLING, ACTION_MINION)


def apply(state: State, decision) -> tuple[State, list]:
    if state.over:
        raise IllegalDecision("game_over", "The game is over; no more decisions can be made.")
    if not isinstance(decision, dict) or not isinstance(decision.get("type"), str) \
            or not isinstance(decision.get("seat"), int) or isinstance(decision.get("seat"), bool):
        raise IllegalDecision("malformed_decision",
                              'A decision is an object with an integer "seat" and a string "type".')
    prompt = current(state)
    if decision["seat"] != prompt.seat:
        # Never name who is being asked: in a response window that would tell the caller
        # which seat holds a legal response (the views hide it too).
        raise IllegalDecision("not_your_turn", "It is not your turn to decide; wait until the game asks you.")
    if not prompt.offers(decision):
        raise IllegalDecision("illegal_decision",
                              "That decision is not one of the choices on offer right now; "
                              "pick one of the listed decisions.")
    state._fx = []
    state._prompt = None
    _execute(state, decision, prompt)
    advance(state)
    fx, state._fx = state._fx, []
    return state, fx
