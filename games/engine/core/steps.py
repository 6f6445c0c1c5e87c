"""The base game's words (primitives.py): each registered with its parameters (what a pack may
say) beside what it does (`interpreter.behaviour`, whose docstring says what a behaviour
holds): its legality, whom it affects, who pays, and how it runs. A mechanic's, option's or
variant's own words register from its module; `seats_of` resolves every box's selectors.
"""

from . import changes, drinks, extensions, gambling
from .changes import answerers
from .content import of
from .frames import active_round, find, pop
from .interpreter import AS_CARD, BEHAVIOUR, behaviour, run_steps, step_args
from .ops import INN, change_alcohol, change_fortitude, change_token, discard_card, emit, order_drinks, pay
from .primitives import (EVERYONE, PLAYED_TYPES, STATS, boolean, integer, list_of, nat, one_of, register, selector,
                         short_name, steps_dict)
from .state import State
from .teams import any_of, member_in, opponents, same_team, solo, team

AFTER_WINDOWS = {"hitback", "won"}


# --- helpers ------------------------------------------------------------------------------

def seats_of(state: State, fr: dict, who: str) -> list[int]:
    """The seats a step's `who` (primitives.WHO) names, in turn order of the table."""
    player = fr["seat"]
    if who == "target":
        t = fr["args"].get("target")
        return [t] if t.__class__ is int else []     # no seat when a Minion or a participant (Otto) is the target
    if who == "self":
        return [player]
    if who == "targets":
        return sorted(fr["args"].get("targets") or ())
    if who == "others":
        return opponents(state, player)          # each player not on your team (§15.6)
    if who == "all" or who == "each":
        champions = fr.get("champions")          # "each player (including you)": the Champions (§15.5)
        return state.living() if champions is None else [s for s in state.living() if s in champions]
    if who == "player":
        p = fr["player"]                         # whose card or Drink a box answers (None: nobody's)
        return [p] if p.__class__ is int and not state.seats[p].out else []
    return _extreme(state, who)


def _extreme(state: State, who: str) -> list[int]:
    """The living players with the most / least of something: all of them when tied."""
    living = state.living()
    end, what = who.split("_", 1)

    def value(s):
        seat = state.seats[s]
        return len(seat.hand) if what == "cards" else getattr(seat, what)

    best = (max if end == "most" else min)(value(s) for s in living)
    return [s for s in living if value(s) == best]


def why_of(fr):
    return {"card": fr["card"], "by": fr["seat"]}


def seat_ignores(state, fr, seat) -> bool:
    """True if `seat` Ignores this card (said once per seat in the Effects)."""
    if seat in fr["ignored"]:
        told = fr.setdefault("_told", [])
        if seat not in told:
            told.append(seat)
            emit(state, "ignored", seat=seat, card=fr["card"])
        return True
    return False


def top_card(ctx):
    """The card frame a response would answer, or None."""
    if ctx[0] == "window" and ctx[1]["f"] == "card":
        return ctx[1]
    return None


def answered(state: State, fr: dict):
    return find(state, fr["on"])


def top_frame_kind(ctx):
    """The kind of frame a response window is on (None outside a window)."""
    return ctx[1]["f"] if ctx[0] == "window" else None


# --- Fortitude, Alcohol, Gold ------------------------------------------------------------

def _changes_of(state, fr, step, stat, delta, **extra) -> list:
    """The pending changes one step makes (changes.py): one per seat it names that is in the
    game and does not Ignore the card (an Ignore of a card whose step says `ignore_reduces`
    reduces it instead, once per Ignore played [001:2124-2127])."""
    out = []
    src, cid, typ = fr["seat"], fr["card"], fr.get("type", "")
    if step.get("only_target"):
        extra["only_target"] = True
    for v in seats_of(state, fr, step["who"]):
        if state.seats[v].out:
            continue
        reduced = 0
        if v in fr["ignored"]:
            if not step.get("ignore_reduces"):
                seat_ignores(state, fr, v)
                continue
            reduced = step["ignore_reduces"] * fr["ignored"].count(v)
        ch = changes.change(src, v, stat, delta, card=cid, as_type=typ, **extra)
        if reduced:
            ch["reduced"] = reduced
        out.append(ch)
    return out


def _hit(fr):
    """Who hurt a seat that loses Fortitude to this frame (a Minion acting names itself)."""
    return (fr["seat"], fr["card"], fr["card"] if fr.get("as") == "activation" else None)


def submit_hits(state, fr, chs):
    return changes.WAIT if changes.submit(state, chs, _hit(fr), fr) else None


def _reach_participants(state, fr, step, stat, delta):
    """A table option's participant with no seat (Otto) is one of "each (other) player" too, and
    may be the other player a card picked (its target is then no seat number)."""
    if state.options and (step["who"] in EVERYONE or (step["who"] == "target"
                                                       and fr["args"].get("target").__class__ is str)):
        extensions.struck(state, fr, step, stat, delta)


def _run_lose(state, fr, step):
    _reach_participants(state, fr, step, step["stat"], -step["amount"])
    chs = _changes_of(state, fr, step, step["stat"], -step["amount"])
    if step["stat"] == "fortitude":
        chs += _minion_hits(state, fr, step)
    return submit_hits(state, fr, chs)


def _minion_hits(state, fr, step) -> list:
    """Minions hit by this step [001:1158-1175]: the one targeted, or every other seat's when
    each other player loses Fortitude; each asks its owner for its Wages when it lands."""
    if step["amount"] <= 0:
        return []
    if step["who"] == "target" and "target_minion" in fr["args"]:
        hit = [fr["args"]["target_minion"]]
    elif step["who"] == "others":
        hit = extensions.stand_ins(state, fr["seat"])
    else:
        return []
    return [dict(changes.change(fr["seat"], None, "fortitude", -step["amount"], card=fr["card"]), minion=cid)
            for cid in hit]


def _run_gain(state, fr, step):
    _reach_participants(state, fr, step, step["stat"], step["amount"])
    return submit_hits(state, fr, _changes_of(state, fr, step, step["stat"], step["amount"]))


def _run_pay(state, fr, step):
    to = {"inn": INN, "player": fr["seat"]}.get(step["to"])
    if to is None:                     # "to": "target": the card's player pays the seat it picked
        to = fr["args"].get("target")
        if to is None or state.seats[to].out or seat_ignores(state, fr, to):
            return None                # Ignoring it keeps them from being paid [001:2150-2153]
    _reach_participants(state, fr, step, "gold", -step["amount"])
    chs = _changes_of(state, fr, step, "gold", -step["amount"], to=to)
    for ch in chs:
        if ch["target"] in fr["inn_pays"]:
            ch["inn_pays"] = True
    return submit_hits(state, fr, chs)


def _affects_stat(state, fr, step, seat):
    stat = step.get("stat", "gold")
    if seat in seats_of(state, fr, step["who"]):
        return {stat}
    return {"gold"} if step.get("to") == "target" and fr["args"].get("target") == seat else set()


def _pay_payers(state, fr, step):
    return seats_of(state, fr, step["who"])


register("lose", "The seats named by `who` lose `amount` of `stat`. `ignore_reduces`: an Ignore of the card "
         "reduces this loss by that much instead, once per Ignore played; `only_target`: only the seat it hits "
         "may answer the change (not a teammate).",
         {"stat": one_of(*STATS[:2]), "amount": nat, "who": selector},
         {"ignore_reduces": nat, "only_target": boolean})
register("gain", "The seats named by `who` gain `amount` of `stat` (Gold comes from the Inn).",
         {"stat": one_of(*STATS), "amount": nat, "who": selector})
register("pay", "The seats named by `who` pay `amount` Gold to the Inn, to the card's player, or to the seat the "
         "card picked (`target`; a seat that Ignores the card is not paid).",
         {"amount": nat, "who": selector, "to": one_of("inn", "player", "target")})
behaviour("lose", run=_run_lose, affects=_affects_stat)
behaviour("gain", run=_run_gain, affects=_affects_stat)
behaviour("pay", run=_run_pay, affects=_affects_stat, payers=_pay_payers)


def lands_at_once(who: str) -> dict:
    """The runs of lose, gain and pay in a box whose changes land as they are, unanswered (an
    Event's, R-DUNGEON-LANDS; Otto's Sometimes box's), on the seats `who` names, for
    `behaviour_in`; the frame says why (`fr["why"]`)."""
    def change(sign):
        def run(state, fr, step):
            hit = change_fortitude if step["stat"] == "fortitude" else change_alcohol
            for s in seats_of(state, fr, who):
                hit(state, s, sign * step["amount"], **fr["why"])
        return run

    def run_pay(state, fr, step):
        for s in seats_of(state, fr, who):
            pay(state, s, step["amount"], INN, **fr["why"])

    return {"lose": change(-1), "gain": change(1), "pay": run_pay}


# --- answering cards (digest §7, §8) ------------------------------------------------------

def _args_negate(state, seat, card, step, ctx, chosen):
    # the card answered, or a frame that counts as one (a table option's: interpreter.counts_as_card)
    fr = top_card(ctx) or (ctx[1] if top_frame_kind(ctx) in AS_CARD.get("negate", ()) else None)
    if not fr or fr["type"] not in step["types"] or unstoppable(state, fr):
        return []
    if step.get("spare_negates") and any(s["do"] in ("negate", "negate_drink_change") for s in card_of(state, fr).steps):
        return []
    return [{}]


def _args_unreduced(state, seat, card, step, ctx, chosen):
    """"You may not play this card if you reduced that Fortitude loss" [004:265-269]."""
    fr = ctx[1] if ctx[0] == "window" else None
    if fr is None or fr["f"] != "hitback":
        return []
    return [] if any_of(state, seat, fr.get("reduced", ())) else [{}]


def _run_negate(state, fr, step):
    target = answered(state, fr)
    if target is None or target is not state.stack[-1]:
        return
    pop(state)
    discard_card(state, target["card"])
    emit(state, "negated", target=target["card"], target_seat=target["seat"], **why_of(fr))
    if target["as"] == "gamble":
        gambling.negated_play(state, target)


def _args_negate_drink_change(state, seat, card, step, ctx, chosen):
    fr = top_card(ctx)
    if not fr or not changes_drink(state, fr):
        return []
    return [] if any(s["do"] == "negate_drink_change" for s in card_of(state, fr).steps) else [{}]


def can_ignore_card(state, seat, step, fr) -> bool:
    # Shared defence (§15.3): a seat may Ignore a card for a teammate, and one Ignore covers the
    # team's whole (summed) loss (§15.6); never a card of its own team's (R-IGNORE-OWN).
    if fr is None or fr["type"] not in step["types"] or unstoppable(state, fr):
        return False                     # "This card can't be Negated or Ignored" (villainy.py)
    if same_team(state, fr["seat"], seat) and fr.get("as") != "curse":   # a Curse is nobody's card
        return False
    if seat in fr["ignored"] and not _ignores_stack(state, fr, seat):
        return False
    attrs = step["attrs"]
    if solo(state):
        return not affected(state, fr, seat).isdisjoint(attrs)
    return any(not affected(state, fr, s).isdisjoint(attrs) for s in team(state, seat))


def _ignores_stack(state, fr, seat) -> bool:
    """Ignores of a card whose loss they only reduce may be played again while some is left
    [001:2124-2127]."""
    for st in live_steps(frame_steps(state, fr), fr["args"]):
        n = st.get("ignore_reduces")
        if n and seat in seats_of(state, fr, st["who"]) and st["amount"] > n * fr["ignored"].count(seat):
            return True
    return False


def _args_ignore_card(state, seat, card, step, ctx, chosen):
    if ctx[0] == "window" and ctx[1]["f"] == "change":
        # A change "as though" from a card of ch["type"] (a Scarab's), or a card's change
        # redirected to a seat that had no chance to Ignore the card itself.
        return [{"change": k} for k, ch in _my_changes(state, seat, ctx)
                if (ch["card"] is None or "redirects" in ch) and not _from_own_team(state, ch, seat)
                and ch["type"] in step["types"] and ch["stat"] in step["attrs"]]
    return [{}] if can_ignore_card(state, seat, step, top_card(ctx)) else []


def _run_ignore_card(state, fr, step):
    target = answered(state, fr)
    if target is None:
        return
    if target["f"] == "change":
        target["changes"][fr["args"]["change"]]["ignored"] = True
    else:
        target["ignored"].extend(team(state, fr["seat"]))


def _args_inn_pays(state, seat, card, step, ctx, chosen):
    if ctx[0] == "window" and ctx[1]["f"] == "change":      # a Gold change from no card (Wages)
        return [{"change": k} for k, ch in _my_changes(state, seat, ctx)
                if ch["stat"] == "gold" and ch["delta"] < 0 and ch["card"] is None and "inn_pays" not in ch
                and changes.amount(ch) > 0]
    fr = top_card(ctx)
    if not fr:
        return []
    paying = payers(state, fr)
    ok = any(s in paying and s not in fr["inn_pays"] and s not in fr["ignored"] for s in team(state, seat))
    return [{}] if ok else []


def _run_inn_pays(state, fr, step):
    target = answered(state, fr)
    if target is None:
        return
    if target["f"] == "change":
        ch = target["changes"][fr["args"]["change"]]
        if ch.get("inn_reduces"):
            ch["reduced"] = ch.get("reduced", 0) + ch["inn_reduces"]   # Wages: the Inn pays 1 [001:1172-1174]
        else:
            ch["inn_pays"] = True
    else:
        target["inn_pays"].extend(team(state, fr["seat"]))


def _args_choose(state, seat, card, step, ctx, chosen):
    out = []
    for mode, sub in step["options"].items():
        out.extend(step_args(state, seat, card, sub, ctx, {"mode": mode}, chosen))
    return out


def _run_choose(state, fr, step):
    run_steps(state, fr, step["options"][fr["args"]["mode"]])


register("negate", "Negate the card answered if its type is one of `types`; `spare_negates`: not a card that itself "
         "Negates (\"I don't think so!\" and the like, which only \"I don't think so!\" may affect).",
         {"types": list_of(*PLAYED_TYPES)}, {"spare_negates": boolean})
register("if_unhurt_by_reduction", "Hit-back cards that may not be played if you reduced that Fortitude loss "
         "(Sera's \"Swift counterattack\"): the card is offered only if the loss was not reduced.")
register("negate_drink_change", "Negate a card answered that changes a Drink (R-WENCH-STOP).")
register("ignore_card", "Ignore another player's card of one of `types` that would change one of your `attrs`.",
         {"attrs": list_of(*STATS), "types": list_of(*PLAYED_TYPES)})
register("inn_pays", "The Inn pays what the card answered would make you pay or ante; answering a pending Gold "
         "change from no card (Wages), the Inn pays it, or takes off what the change allows (Wages: 1).")
register("choose", "The player picks one of `options` (the decision's `mode`) and runs its steps.",
         {"options": steps_dict})
behaviour("negate", answers={"card"}, run=_run_negate, args=_args_negate)
behaviour("if_unhurt_by_reduction", args=_args_unreduced)
behaviour("negate_drink_change", answers={"card"}, run=_run_negate, args=_args_negate_drink_change)
behaviour("ignore_card", answers={"card", "change"}, run=_run_ignore_card, args=_args_ignore_card)
behaviour("inn_pays", answers={"card", "change"}, run=_run_inn_pays, args=_args_inn_pays)
behaviour("choose", run=_run_choose, args=_args_choose)


# --- answering pending changes (digest §9, changes.py) --------------------------------------

def _my_changes(state, seat, ctx):
    """(index, change) of the pending changes in a `change` window now aimed at `seat`."""
    fr = ctx[1] if ctx[0] == "window" and ctx[1]["f"] == "change" else None
    if fr is None:
        return []
    return [(k, ch) for k, ch in enumerate(fr["changes"])
            if ch["target"] is not None and seat in answerers(state, ch)
            and "ignored" not in ch and "replaced" not in ch]


def _from_own_team(state, ch, seat) -> bool:
    return isinstance(ch["source"], int) and same_team(state, ch["source"], seat)


def _answered_change(state, fr):
    target = answered(state, fr)
    if target is None or target["f"] != "change":
        return None, None
    return target, target["changes"][fr["args"]["change"]]


def _args_reduce(state, seat, card, step, ctx, chosen):
    stats = step.get("stats", ("fortitude",))
    return [{"change": k} for k, ch in _my_changes(state, seat, ctx)
            if ch["stat"] in stats and changes.hurts(ch) and changes.amount(ch) > 0]


def _run_reduce(state, fr, step):
    frame, ch = _answered_change(state, fr)
    if ch is None:
        return
    # A team's loss from one card is one loss (§15.6): what the reduction leaves over comes off
    # its teammates' changes of the same kind from that card (R-TEAM-REDUCE, [003:765]).
    mates = [o for o in frame["changes"] if o is not ch and ch["card"] is not None and o["card"] == ch["card"]
             and o["stat"] == ch["stat"] and o["target"] is not None and o["target"] in team(state, ch["target"])
             and changes.hurts(o) and "ignored" not in o and "replaced" not in o]
    left = step["amount"]
    for o in [ch] + mates:
        n = min(left, changes.amount(o))
        if n or o is ch:
            o["reduced"] = o.get("reduced", 0) + n
        left -= n
    if left:
        ch["reduced"] = ch.get("reduced", 0) + left      # more than there is: it is all gone


def _args_redirect(state, seat, card, step, ctx, chosen):
    return [{"change": k} for k, ch in _my_changes(state, seat, ctx)
            if ch["stat"] == "fortitude" and ch["delta"] < 0 and not ch.get("no_redirect") and changes.amount(ch) > 0]


def _run_redirect(state, fr, step):
    """Each redirection applies once, in the order played; the change keeps its original
    source, so a hit-back by the new victim hits whoever played the card [004:507-532]."""
    frame, ch = _answered_change(state, fr)
    if ch is None:
        return
    if "target_minion" in fr["args"]:
        ch["target"], ch["minion"] = None, fr["args"]["target_minion"]
        ch.setdefault("redirects", []).append({"minion": ch["minion"]})
        emit(state, "redirected", seat=fr["seat"], minion=ch["minion"], **why_of(fr))
        return
    t = fr["args"]["target"]
    ch["target"] = t
    ch.setdefault("redirects", []).append(t)
    emit(state, "redirected", seat=fr["seat"], target=t, **why_of(fr))
    for s in answerers(state, ch):         # the new victim (and its team) may answer it in turn
        if s not in frame["poll"]:
            frame["poll"].append(s)


def _args_replace(state, seat, card, step, ctx, chosen):
    return [{"change": k} for k, ch in _my_changes(state, seat, ctx)
            if ch["stat"] == step["stat"] and changes.hurts(ch) and changes.amount(ch) > 0]


def _run_replace(state, fr, step):
    _, ch = _answered_change(state, fr)
    if ch is not None:
        ch["replaced"] = step["with"]


register("reduce_change", "Answering a pending change that would hurt you (lose Fortitude or Gold, gain Alcohol) "
         "of one of `stats` (default Fortitude): reduce it by `amount`, not below 0.",
         {"amount": nat}, {"stats": list_of(*STATS)})
register("redirect_change", "Answering a pending Fortitude loss aimed at you: it hits the card's target (another player "
         "or a Minion) instead, as though from its original source; only the Fortitude loss moves.")
register("replace_change", "Answering a pending change of `stat` you would pay or lose: lose `with` instead, the same "
         "amount (the Inn pays any Gold).", {"stat": one_of("gold", "fortitude"), "with": one_of("fortitude", "alcohol")})
behaviour("reduce_change", answers={"change"}, run=_run_reduce, args=_args_reduce)
behaviour("redirect_change", answers={"change"}, run=_run_redirect, args=_args_redirect)
behaviour("replace_change", answers={"change"}, run=_run_replace, args=_args_replace)


# --- Drinks -------------------------------------------------------------------------------

def drink_portions(ctx):
    fr = ctx[1] if ctx[0] == "window" else None
    if fr is None or fr["f"] != "drink":
        return []
    return [(k, p) for k, p in enumerate(fr["portions"]) if not p["event"]]


def ignorable_drinks(state, seat, ctx):
    """Drinks the seat or a teammate is about to drink (§15.3: "Ignore a Drink on behalf of a teammate")."""
    mates = team(state, seat)
    return [k for k, p in drink_portions(ctx) if p["holder"] in mates and not p["ignored"]]


def _args_ignore_drink(state, seat, card, step, ctx, chosen):
    out = [{"portion": k} for k in ignorable_drinks(state, seat, ctx)]
    mates = team(state, seat)
    # A Drink that makes you (or a teammate) pay its drinker may be Ignored to keep the Gold [001:2093-2095].
    out += [{"portion": k} for k, p in drink_portions(ctx)
            if p.get("payer") in mates and p["holder"] not in mates and not p.get("unpaid") and not p["ignored"]]
    return out


def _args_modify_drink(state, seat, card, step, ctx, chosen):
    if step.get("own"):
        mates = team(state, seat)
        return [{"portion": k} for k, p in drink_portions(ctx) if p["holder"] in mates]
    return [{"portion": k} for k, p in drink_portions(ctx)]


def _args_pass_or_split(state, seat, card, step, ctx, chosen):
    others = opponents(state, seat)          # never to a teammate [001:1385-1386]
    return [{"portion": k, "target": t} for k in ignorable_drinks(state, seat, ctx) for t in others]


def _args_halve(state, seat, card, step, ctx, chosen):
    # A Drink you or a teammate is about to drink, not one already split in half ("fang-tastic").
    return [{"portion": k} for k in ignorable_drinks(state, seat, ctx) if not ctx[1]["portions"][k].get("halved")]


def _args_courage(state, seat, card, step, ctx, chosen):
    mates = team(state, seat)
    return [{"portion": k} for k, p in drink_portions(ctx) if p["holder"] in mates and not p["ignored"] and not p["courage"]]


def _args_extra_drink(state, seat, card, step, ctx, chosen):
    # never Otto's: nobody orders him a Drink [002:414]
    return [{"portion": k} for k, p in drink_portions(ctx)
            if p["holder"].__class__ is int and not same_team(state, p["holder"], seat)]


def _run_order_drinks(state, fr, step):
    paused = order_drinks(state, fr["seat"], list(fr["args"]["targets"]), fr["card"])
    return changes.WAIT if paused else None


register("ignore_drink", "Ignore a Drink portion you are about to drink (the decision's `portion`).")
register("modify_drink", "Change a revealed Drink portion's Alcohol Content by `alcohol`; `own`: only a portion the "
         "player (or a teammate) holds.", {"alcohol": integer}, {"own": boolean})
register("pass_drink", "Hand a Drink portion you are about to drink to another seat (`target`); `pays`: the Drink "
         "gains \"the card's player pays you that much Gold\" (not if its drinker Ignores it; its payer may Ignore "
         "the Drink to keep the Gold).", optional={"pays": nat})
register("split_drink", "Split a Drink portion you are about to drink with another seat (`target`).")
register("halve_drink", "Split a Drink portion you are about to drink with nobody: the other half is gone and each "
         "number is rounded down in size (\"Zis drink is fang-tastic!\").")
register("courage", "Your Drink portion's Alcohol Content becomes Fortitude when drunk.")
register("extra_drink", "Another seat about to drink also drinks the next card of their own pile.")
register("order_drinks", "Order a Drink from the Drink Deck onto each pile named by `targets`.")
register("toast", "Everyone reveals a Drink from the Drink Deck (skipping Drink Events); all drink together.")
register("force_drink", "The target drinks the top of their Drink Me! pile now.")
behaviour("ignore_drink", answers={"drink"}, run=lambda s, fr, st: drinks.ignore(s, fr), args=_args_ignore_drink, flags={"drink"})
behaviour("modify_drink", answers={"drink"}, run=lambda s, fr, st: drinks.modify(s, fr, st["alcohol"]), args=_args_modify_drink,
          flags={"drink"})
behaviour("pass_drink", answers={"drink"}, run=lambda s, fr, st: drinks.hand_over(s, fr, st.get("pays", 0)), args=_args_pass_or_split, flags={"drink"})
behaviour("split_drink", answers={"drink"}, run=lambda s, fr, st: drinks.split(s, fr), args=_args_pass_or_split, flags={"drink"})
behaviour("halve_drink", answers={"drink"}, run=lambda s, fr, st: drinks.halve(s, fr), args=_args_halve, flags={"drink"})
behaviour("courage", answers={"drink"}, run=lambda s, fr, st: drinks.courage(s, fr), args=_args_courage, flags={"drink"})
behaviour("extra_drink", answers={"drink"}, run=lambda s, fr, st: drinks.extra(s, fr), args=_args_extra_drink)
behaviour("order_drinks", run=_run_order_drinks)
behaviour("toast", run=lambda s, fr, st: drinks.start_toast(s, fr), flags={"everyone"})
behaviour("force_drink", run=lambda s, fr, st: drinks.reveal_from_pile(s, fr["args"]["target"], "forced"))


# --- Rounds of Gambling -------------------------------------------------------------------

def _run_gamble(state, fr, step):
    if fr["as"] == "gamble":
        gambling.take_control(state, fr)
    else:
        gambling.start(state, fr)


def _payers_gamble(state, fr, step):
    if fr["as"] == "action":
        return [s for s in seats_of(state, fr, "all") if s not in fr["leavers"]]
    return []


def _payers_ante(state, fr, step):
    rnd = active_round(state)
    return [s for s in (rnd["participants"] if rnd else []) if s not in fr["leavers"]]


def _args_leave(state, seat, card, step, ctx, chosen):
    # Whoever the ante card would make ante may leave: a seat still in the Round, or anyone
    # when it starts one; "you or a teammate" (§15.3: a teammate takes its Champion out).
    fr = top_card(ctx)
    if not fr or not is_ante_card(state, fr):
        return []
    return [{}] if any_of(state, seat, payers(state, fr)) else []


def _run_leave(state, fr, step):
    ante = answered(state, fr)
    who = member_in(state, fr["seat"], payers(state, ante)) if ante is not None else None
    gambling.leave(state, fr["seat"] if who is None else who, ante)


def _args_catch_cheater(state, seat, card, step, ctx, chosen):
    fr = top_card(ctx) or (ctx[1] if top_frame_kind(ctx) in AS_CARD.get("catch_cheater", ()) else None)
    rnd = active_round(state)
    ok = (fr and rnd and fr["type"] == "Cheating" and (fr["seat"].__class__ is not int or not same_team(state, fr["seat"], seat))
          and seat in rnd["participants"])
    return [{}] if ok else []


def _args_end_round(state, seat, card, step, ctx, chosen):
    if any(f["f"] == "card" and is_ante_card(state, f) for f in state.stack):
        return []       # restriction 1 of digest §12.7: never a way out of a pending ante
    fr = top_card(ctx)
    if fr and "ends_round" in flags_of(state, fr):
        return []       # restriction 2: not against a card that would end the Round
    return [{}]


def _args_take_from_pot(state, seat, card, step, ctx, chosen):
    return [{}] if state.pot > 0 else []


register("gamble", "As an Action: start a Round of Gambling, everyone antes. In a Round: take control.")
register("take_control", "Take control of the Round; `cheat_only`: afterwards only Cheating cards take it.",
         optional={"cheat_only": boolean})
register("ante", "Everyone still in the Round antes 1 Gold.")
register("force_out", "The target leaves the Round.")
register("leave_round", "Skip the ante answered and leave the Round.")
register("catch_cheater", "Negate the Cheating card answered and win the Round.")
register("end_round", "End the Round; the pot goes to the Inn, or with `to: player` to the card's player (not as "
         "winning the Round).", optional={"to": one_of("inn", "player")})
register("take_from_pot", "Take `amount` Gold from the pot.", {"amount": nat})
register("take_pot", "Answering a win: you collect the pot instead.")
behaviour("gamble", run=_run_gamble, payers=_payers_gamble, flags={"round", "ante_as_action"})
behaviour("take_control", run=lambda s, fr, st: gambling.take_control(s, fr, st.get("cheat_only", False)), flags={"round"})
behaviour("ante", run=lambda s, fr, st: gambling.ante_all(s, fr), payers=_payers_ante, flags={"round", "ante"})
behaviour("force_out", run=lambda s, fr, st: gambling.force_out(s, fr), flags={"round"})
behaviour("leave_round", answers={"card"}, run=_run_leave, args=_args_leave)
behaviour("catch_cheater", answers={"card"}, run=lambda s, fr, st: gambling.anti_cheat(s, fr), args=_args_catch_cheater,
          flags={"ends_round"})
behaviour("end_round", run=lambda s, fr, st: gambling.end_to_inn(s, fr, st.get("to", "inn")), args=_args_end_round, flags={"round"})
behaviour("take_from_pot", run=lambda s, fr, st: gambling.grab_coin(s, fr, st["amount"]), args=_args_take_from_pot)
behaviour("take_pot", run=lambda s, fr, st: gambling.take_pot(s, fr), flags={"round"})


# --- tokens and zones ---------------------------------------------------------------------

def _run_give_token(state, fr, step):
    """Move tokens from the player's supply to the target (as many as the supply has)."""
    player = fr["seat"]
    who = step.get("who", "target")
    to = seats_of(state, fr, who)
    if who == "target" and "target_minion" in fr["args"]:
        to = [state.owner[fr["args"]["target_minion"]]]   # a Minion's tokens go to its owner [001:1247-1248]
    for v in to:
        if state.seats[v].out or seat_ignores(state, fr, v):
            continue
        n = min(step["amount"], state.seats[player].tokens.get(step["supply"], 0))
        if n:
            change_token(state, player, step["supply"], -n, **why_of(fr))
            change_token(state, v, step["token"], n, **why_of(fr))


def _run_return_token(state, fr, step):
    """The seats named by `who` return `token`s to the player's `supply`: `amount` each, or
    with `per_fortitude_lost` one per Fortitude each actually lost to this card — a
    reduced loss returns fewer [001:2047-2049]."""
    player = fr["seat"]
    lost = {}
    for seat, n in fr.get("lost", ()):
        lost[seat] = lost.get(seat, 0) + n
    for v in seats_of(state, fr, step.get("who", "target")):
        if state.seats[v].out or seat_ignores(state, fr, v):
            continue
        n = lost.get(v, 0) if step.get("per_fortitude_lost") else step.get("amount", 0)
        n = min(n, state.seats[v].tokens.get(step["token"], 0))
        if n:
            change_token(state, v, step["token"], -n, **why_of(fr))
            change_token(state, player, step["supply"], n, **why_of(fr))


def _run_token(sign):
    def run(state, fr, step):
        for v in seats_of(state, fr, step.get("who", "self")):
            if not state.seats[v].out and not seat_ignores(state, fr, v):
                change_token(state, v, step["token"], sign * step["amount"], **why_of(fr))
    return run


def _run_move_card(state, fr, step):
    """The card stays in front of its player (a zone) instead of going to a discard pile."""
    cid = fr["card"]
    owner = state.owner[cid]
    pile = state.seats[owner].discard if owner.__class__ is int else state.drink_discard
    if cid is not None and cid in pile:
        pile.remove(cid)
        state.seats[fr["seat"]].zones.setdefault(step["zone"], []).append(cid)


register("gain_token", "The seats named by `who` gain `amount` of token `token` (up to the character's max).",
         {"token": short_name, "amount": nat}, {"who": selector})
register("give_token", "Move `amount` of the player's `supply` token to the seats named by `who` as `token` "
         "(as many as the supply holds).", {"token": short_name, "supply": short_name, "amount": nat}, {"who": selector})
register("return_token", "The seats named by `who` return `amount` of their `token` to the player's `supply` (as "
         "many as they hold); `per_fortitude_lost`: one per Fortitude each actually lost to this card instead.",
         {"token": short_name, "supply": short_name}, {"amount": nat, "who": selector, "per_fortitude_lost": boolean})
register("lose_token", "The seats named by `who` lose `amount` of token `token` (not below 0).",
         {"token": short_name, "amount": nat}, {"who": selector})
register("move_card", "Move the played card to the player's zone `zone` instead of their discard pile.",
         {"zone": short_name})


behaviour("gain_token", run=_run_token(1))
behaviour("give_token", run=_run_give_token)
behaviour("return_token", run=_run_return_token)
behaviour("lose_token", run=_run_token(-1))
behaviour("move_card", run=_run_move_card)


# --- reading a card's steps ---------------------------------------------------------------

def answers(steps) -> frozenset:
    """The frame kinds some step of `steps` can answer (through `choose` too)."""
    out = set()
    for st in steps:
        out |= BEHAVIOUR[st["do"]].answers
        if st["do"] == "choose":
            for sub in st["options"].values():
                out |= answers(sub)
    return frozenset(out)


def card_of(state, fr):
    return of(state).cards[state.cards[fr["card"]]]


def frame_steps(state, fr) -> tuple:
    """The steps a card frame will run: a Minion's activation runs its `activate` steps."""
    c = of(state).cards[state.cards[fr["card"]]]
    return c.facts.activate["steps"] if fr["as"] == "activation" else c.steps


def _live(state, fr):
    """`live_steps` of a card frame; its own steps as they are when it chose no `mode` (a
    `choose` step then affects, makes pay and flags nothing, as live_steps would skip it)."""
    args = fr["args"]
    return live_steps(frame_steps(state, fr), args) if "mode" in args else frame_steps(state, fr)


def affected(state: State, fr: dict, seat: int) -> set:
    """The attributes a card frame would directly change for `seat` (digest §8), read from its steps."""
    out = set()
    for step in _live(state, fr):
        out |= BEHAVIOUR[step["do"]].affects(state, fr, step, seat)
    return out


def payers(state: State, fr: dict) -> list[int]:
    """Seats a card frame would make pay or ante Gold, read from its steps."""
    out = []
    for step in _live(state, fr):
        out.extend(s for s in BEHAVIOUR[step["do"]].payers(state, fr, step) if s not in out)
    return out


def live_steps(steps, args):
    """The steps that would run, with `choose` replaced by the chosen option's steps."""
    for s in steps:
        if s["do"] == "choose":
            mode = args.get("mode")
            if mode in s["options"]:
                yield from live_steps(s["options"][mode], args)
        else:
            yield s


def flags_of(state, fr) -> set:
    out = set()
    for s in _live(state, fr):
        out |= BEHAVIOUR[s["do"]].flags
    return out


def unstoppable(state, fr) -> bool:
    """Whether the card frame `fr` "can't be Negated or Ignored" (a Boss card, villainy.py).
    Asked by every Negate and Ignore offered, so only content with such a card looks."""
    return ("unstoppable" in of(state).step_kinds and fr.get("f") == "card"
            and "unstoppable" in flags_of(state, fr))


def changes_drink(state, fr) -> bool:
    return fr["f"] == "card" and fr["type"] == "Sometimes" and "drink" in flags_of(state, fr)


def is_ante_card(state, fr) -> bool:
    if fr["f"] != "card":
        return False
    f = flags_of(state, fr)
    return "ante" in f or ("ante_as_action" in f and fr["as"] == "action")
