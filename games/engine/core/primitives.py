"""The registry of step primitives: the words a card's `steps` are written in.

Each primitive is registered once with its parameters; packs may name only these
(`check_steps` judges a pack's steps). What a primitive does, when it can answer
something and whom it affects live with its registration (see `steps.py`), so a card's
legality, its "who does this affect / who pays", its narration and its AI hints are all
read from the same description.
"""
from dataclasses import dataclass, field, replace

STATS = ("fortitude", "alcohol", "gold")
#: Who a step acts on: the decision's target, the card's player, every other seat in the
#: game, every seat in the game, the decision's `targets`.
WHO = ("target", "self", "others", "all", "targets")
#: When a card's rider runs: after the card resolved (not when Negated; Ignoring it does not stop it).
RIDER_WHEN = ("resolved",)


def _nat(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _enum(*allowed):
    def ok(v):
        return v in allowed
    ok.__doc__ = "one of " + ", ".join(map(str, allowed))
    return ok


def _list_of(*allowed):
    def ok(v):
        return isinstance(v, list) and bool(v) and all(x in allowed for x in v)
    ok.__doc__ = "a list drawn from " + ", ".join(allowed)
    return ok


def _name(v):
    return isinstance(v, str) and 0 < len(v) <= 40 and v.replace("-", "").replace("_", "").isalnum()


_nat.__doc__ = "a whole number, 0 or more"
_int.__doc__ = "a whole number"
_name.__doc__ = "a short name (letters, digits, - and _)"


def _names(v):
    """a list of short names"""
    return isinstance(v, list) and bool(v) and all(_name(x) for x in v)


def _bool(v):
    """true or false"""
    return isinstance(v, bool)


def _steps_list(v):
    """a list of steps"""
    return isinstance(v, list) and all(isinstance(x, dict) for x in v)


def _steps_dict(v):
    """an object of named options, each a list of steps"""
    return isinstance(v, dict) and bool(v) and all(_name(k) and isinstance(s, list) for k, s in v.items())


@dataclass(frozen=True)
class Primitive:
    name: str
    doc: str
    required: dict = field(default_factory=dict)     # param -> validator
    optional: dict = field(default_factory=dict)


_CARD_TYPES = ("Action", "Action - Gambling", "Gambling", "Cheating", "Sometimes", "Anytime", "Curse")

PRIMITIVES: dict[str, Primitive] = {}


def register(name, doc, required=None, optional=None) -> Primitive:
    p = Primitive(name, doc, dict(required or {}), dict(optional or {}))
    PRIMITIVES[name] = p
    return p


# --- Fortitude, Alcohol, Gold: every change is a pending change (docs/content-model.md) ----
register("lose", "The seats named by `who` lose `amount` of `stat`. `ignore_reduces`: an Ignore of the card "
         "reduces this loss by that much instead, once per Ignore played; `only_target`: only the seat it hits "
         "may answer the change (not a teammate).",
         {"stat": _enum(*STATS[:2]), "amount": _nat, "who": _enum(*WHO)},
         {"ignore_reduces": _nat, "only_target": _bool})
register("gain", "The seats named by `who` gain `amount` of `stat` (Gold comes from the Inn).",
         {"stat": _enum(*STATS), "amount": _nat, "who": _enum(*WHO)})
register("pay", "The seats named by `who` pay `amount` Gold to the Inn, to the card's player, or to the seat the "
         "card picked (`target`; a seat that Ignores the card is not paid).",
         {"amount": _nat, "who": _enum(*WHO), "to": _enum("inn", "player", "target")})
# --- answering cards (digest §7, §8) ---------------------------------------------------------
register("negate", "Negate the card answered if its type is one of `types`; `spare_negates`: not a card that itself "
         "Negates (\"I don't think so!\" and the like, which only \"I don't think so!\" may affect).",
         {"types": _list_of(*_CARD_TYPES)}, {"spare_negates": _bool})
register("negate_drink_change", "Negate a card answered that changes a Drink (R-WENCH-STOP).")
register("ignore_card", "Ignore another player's card of one of `types` that would change one of your `attrs`.",
         {"attrs": _list_of(*STATS), "types": _list_of(*_CARD_TYPES)})
register("inn_pays", "The Inn pays what the card answered would make you pay or ante; answering a pending Gold "
         "change from no card (Wages), the Inn pays it, or takes off what the change allows (Wages: 1).")
# --- answering pending changes (digest §9, changes.py) -------------------------------------
register("reduce_change", "Answering a pending change that would hurt you (lose Fortitude or Gold, gain Alcohol) "
         "of one of `stats` (default Fortitude): reduce it by `amount`, not below 0.",
         {"amount": _nat}, {"stats": _list_of(*STATS)})
register("redirect_change", "Answering a pending Fortitude loss aimed at you: it hits the card's target (another player "
         "or a Minion) instead, as though from its original source; only the Fortitude loss moves.")
register("replace_change", "Answering a pending change of `stat` you would pay or lose: lose `with` instead, the same "
         "amount (the Inn pays any Gold).", {"stat": _enum("gold", "fortitude"), "with": _enum("fortitude", "alcohol")})
register("if_unhurt_by_reduction", "Hit-back cards that may not be played if you reduced that Fortitude loss "
         "(Sera's \"Swift counterattack\"): the card is offered only if the loss was not reduced.")
register("choose", "The player picks one of `options` (the decision's `mode`) and runs its steps.",
         {"options": _steps_dict})
# --- Drinks ----------------------------------------------------------------------------------
register("ignore_drink", "Ignore a Drink portion you are about to drink (the decision's `portion`).")
register("modify_drink", "Change a revealed Drink portion's Alcohol Content by `alcohol`; `own`: only a portion the "
         "player (or a teammate) holds.", {"alcohol": _int}, {"own": _bool})
register("pass_drink", "Hand a Drink portion you are about to drink to another seat (`target`); `pays`: the Drink "
         "gains \"the card's player pays you that much Gold\" (not if its drinker Ignores it; its payer may Ignore "
         "the Drink to keep the Gold).", optional={"pays": _nat})
register("split_drink", "Split a Drink portion you are about to drink with another seat (`target`).")
register("halve_drink", "Split a Drink portion you are about to drink with nobody: the other half is gone and each "
         "number is rounded down in size (\"Zis drink is fang-tastic!\").")
register("courage", "Your Drink portion's Alcohol Content becomes Fortitude when drunk.")
register("extra_drink", "Another seat about to drink also drinks the next card of their own pile.")
register("order_drinks", "Order a Drink from the Drink Deck onto each pile named by `targets`.")
register("toast", "Everyone reveals a Drink from the Drink Deck (skipping Drink Events); all drink together.")
register("force_drink", "The target drinks the top of their Drink Me! pile now.")
# --- Rounds of Gambling ----------------------------------------------------------------------
register("gamble", "As an Action: start a Round of Gambling, everyone antes. In a Round: take control.")
register("take_control", "Take control of the Round; `cheat_only`: afterwards only Cheating cards take it.",
         optional={"cheat_only": _bool})
register("ante", "Everyone still in the Round antes 1 Gold.")
register("force_out", "The target leaves the Round.")
register("leave_round", "Skip the ante answered and leave the Round.")
register("catch_cheater", "Negate the Cheating card answered and win the Round.")
register("end_round", "End the Round; the pot goes to the Inn, or with `to: player` to the card's player (not as "
         "winning the Round).", optional={"to": _enum("inn", "player")})
register("take_from_pot", "Take `amount` Gold from the pot.", {"amount": _nat})
register("take_pot", "Answering a win: you collect the pot instead.")
# --- tokens and zones (the later boxes) -----------------------------------------------------
register("gain_token", "The seats named by `who` gain `amount` of token `token` (up to the character's max).",
         {"token": _name, "amount": _nat}, {"who": _enum(*WHO)})
register("lose_token", "The seats named by `who` lose `amount` of token `token` (not below 0).",
         {"token": _name, "amount": _nat}, {"who": _enum(*WHO)})
register("give_token", "Move `amount` of the player's `supply` token to the seats named by `who` as `token` "
         "(as many as the supply holds).", {"token": _name, "supply": _name, "amount": _nat}, {"who": _enum(*WHO)})
register("return_token", "The seats named by `who` return `amount` of their `token` to the player's `supply` (as "
         "many as they hold); `per_fortitude_lost`: one per Fortitude each actually lost to this card instead.",
         {"token": _name, "supply": _name}, {"amount": _nat, "who": _enum(*WHO), "per_fortitude_lost": _bool})
register("move_card", "Move the played card to the player's zone `zone` instead of their discard pile.",
         {"zone": _name})


#: Steps nested inside a step: primitive -> its parameters that hold lists of steps (registered
#: with the primitive: Treasure's `at_level`).
NESTED: dict[str, tuple] = {}

#: primitive -> fn(step) -> the steps a card that starts with it reads as for its one-word
#: summary (Treasure's `at_level`: its effect below the Level).
SUMMARY_AS: dict = {}

#: Steps that are a card's cost, paid as it is played (costs.py): not what the card does.
COSTS = ("spend_token",)

#: Primitives that answer a card's own pending changes: content with none of them lets a
#: card's changes land at once (changes.submit).
ANSWER_CHANGES = ("reduce_change", "redirect_change", "replace_change")


def check_steps(steps, where: str):
    """(message, field) for every problem in a list of steps."""
    if not isinstance(steps, list) or not steps:
        yield "A list of steps is needed (each {\"do\": primitive, ...}).", where
        return
    for n, step in enumerate(steps):
        here = f"{where}.{n}"
        if not isinstance(step, dict) or "do" not in step:
            yield "A step is an object naming its primitive in \"do\".", here
            continue
        prim = PRIMITIVES.get(step["do"])
        if prim is None:
            yield (f"Unknown primitive {step['do']!r}; the engine knows: {', '.join(sorted(PRIMITIVES))}.",
                   f"{here}.do")
            continue
        for k, ok in prim.required.items():
            if k not in step:
                yield f"{prim.name} needs {k!r} ({ok.__doc__}).", f"{here}.{k}"
            elif not ok(step[k]):
                yield f"{prim.name}: {k!r} must be {ok.__doc__}.", f"{here}.{k}"
        for k, ok in prim.optional.items():
            if k in step and not ok(step[k]):
                yield f"{prim.name}: {k!r} must be {ok.__doc__}.", f"{here}.{k}"
        for k in step:
            if k != "do" and k not in prim.required and k not in prim.optional:
                yield f"{prim.name} takes no parameter {k!r}.", f"{here}.{k}"
        if prim.name == "choose" and _steps_dict(step.get("options")):
            for mode, sub in step["options"].items():
                yield from check_steps(sub, f"{here}.options.{mode}")
        for k in NESTED.get(prim.name, ()):
            if isinstance(step.get(k), list):
                yield from check_steps(step[k], f"{here}.{k}")


# --- summaries derived from steps (hints for bots, timers and narration) ---------------------

def summary(card) -> str:
    """One word for what a card does, read from its steps and timing. Outside the engine
    bots and narration use it; the engine itself never branches on it."""
    if card.event:
        return card.event
    steps = [s for s in card.steps if s["do"] not in COSTS] if any(s["do"] in COSTS for s in card.steps) else card.steps
    if not steps:
        return ""
    read_as = SUMMARY_AS.get(steps[0]["do"])
    if read_as is not None:
        return summary(replace(card, steps=tuple(read_as(steps[0])) + tuple(steps[1:])))
    dos = [s["do"] for s in steps]
    first = steps[0]
    if dos[0] == "lose":
        if "after_hurt" in card.timing:
            return "hit_back"
        return "damage_each" if first["who"] == "others" else "damage"
    if dos[0] == "gain":
        if first["who"] == "all":
            return "mass_heal"
        return "heal_target_pay" if first["who"] == "target" else "heal_self"
    if dos[0] == "pay":
        if "order_drinks" in dos:
            return "order_extra"
        if first["who"] == "others":
            return "steal_each"
        return "tip_wench" if first["to"] == "inn" else "steal_one"
    if dos[0] == "choose":
        modes = set(first["options"])
        return "ignore_card_or_drink" if "card" in modes else "leave_or_ignore_drink"
    if dos[0] == "take_control":
        if "ante" in dos:
            return "raise"
        if "force_out" in dos:
            return "force_out"
        return "winning_hand" if first.get("cheat_only") else "control"
    return _WORDS.get(dos[0], dos[0])


_WORDS = {"negate": "negate_sometimes", "reduce_change": "reduce", "redirect_change": "redirect",
          "replace_change": "replace", "modify_drink": "drink_mod", "catch_cheater": "anti_cheat",
          "end_round": "end_round_to_inn", "take_from_pot": "grab_coin"}


def numbers(card) -> dict:
    """The sizes a card's steps name, merged: fortitude/alcohol/gold amounts, a cost paid by
    the player, the attributes and types an Ignore covers."""
    out: dict = {}
    for step in flat(card.steps):
        do = step["do"]
        if do in ("lose", "gain"):
            out[step["stat"]] = step["amount"]
        elif do == "pay":
            out["cost" if step["who"] == "self" else "gold"] = step["amount"]
        elif do == "modify_drink":
            out["alcohol"] = step["alcohol"]
        elif do == "take_from_pot":
            out["gold"] = step["amount"]
        elif do == "ignore_card":
            out["attrs"], out["types"] = list(step["attrs"]), list(step["types"])
        elif do == "order_drinks":
            out["count"] = 2
        elif do == "reduce_change":
            out["reduce"] = step["amount"]
    return out


def flat(steps):
    """Every step, those inside `choose` options included."""
    for s in steps:
        yield s
        if s["do"] == "choose":
            for sub in s["options"].values():
                yield from flat(sub)
        for k in NESTED.get(s["do"], ()):
            yield from flat(s.get(k) or ())
