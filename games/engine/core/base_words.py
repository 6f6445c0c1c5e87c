"""The base game's words (digest §2-§12), as `words.py` keeps them: the sentences for the
Effects the core emits, the phases' and windows' prompts, the core's frames and the buttons of
the core's decisions. A mechanic, option or variant registers its own beside its rules.
"""
from __future__ import annotations

from .ops import INN, POT
from .words import (DRINK_MODES, GOLD_REASONS, PICKS, PLACES, PLAY_ARGS, PRIVATE, PROMPTS, REASONS, ROUND_STARTS, TOKENS,
                    asks, cap, drinks_to, labels, name_of, plural, quiet, says, shows, times)

PLACES.update({INN: "the Inn", POT: "the pot"})
PRIVATE.add("pass")          # "seat 2 passed" would tell that seat 2 held a legal response
GOLD_REASONS.update({"ante": " as an ante",
                     "passed_out_share": " as they passed out (shared among those still in)",
                     "passed_out_remainder": " as they passed out (what could not be shared)"})
REASONS.update({"eliminated": "return on leaving the game"})
quiet("resolved", "drink", "drew", "round_over")
ROUND_STARTS.add("round_started")


@says("turn")
def _turn(fx, s, t):
    return f"Turn {fx['turn']}: {s}'s turn."


@says("discarded")
def _discarded(fx, s, t):
    n = len(fx.get("cards", []))
    return f"{s} discarded {plural(n, 'card')} and drew back up." if n else f"{s} kept their hand."


@says("played")
def _played(fx, s, t):
    args = fx.get("args") or {}
    w = t.who
    extra = ""
    if args.get("target") is not None:
        extra = f" at {w(args['target'])}"
    elif args.get("target_minion") is not None:
        extra = f" at {t.minion(args['target_minion'])}"
    elif args.get("targets") and fx.get("effect") != "order_extra":     # picked players (Sera's knives)
        extra = " at " + times(args["targets"], w)
    elif args.get("targets"):
        extra = " sending " + drinks_to(args["targets"], w)
    if args.get("mode") == "leave":
        extra += " to leave the Round"
    extra += "".join(said for arg, (said, _) in PLAY_ARGS.items() if args.get(arg))
    return f"{s} played “{fx.get('title') or t.title(fx.get('card'))[1:-1]}”{extra}."


@says("negated")
def _negated(fx, s, t):
    return f"{t.who(fx.get('by'))}'s {t.title(fx.get('card'))} cancelled {t.who(fx.get('target_seat'))}'s " \
           f"{t.title(fx.get('target'))}."


@says("ignored")
def _ignored(fx, s, t):
    if fx.get("change"):
        return f"{s} ignored the {REASONS.get(fx['change'], 'change')}."
    return f"{s} ignored {t.title(fx.get('card'))}."


@says("fortitude")
def _fortitude(fx, s, t):
    d = fx.get("delta", 0)
    return f"{s} {'lost' if d < 0 else 'gained'} {abs(d)} Fortitude{t.because(fx)}, now {fx.get('now')}." if d else None


@says("alcohol")
def _alcohol(fx, s, t):
    d = fx.get("delta", 0)
    return f"{s}'s Alcohol Content {'rose' if d > 0 else 'fell'} by {abs(d)}{t.because(fx)}, now {fx.get('now')}." \
        if d else None


@says("gold")
def _gold(fx, s, t):
    """Who paid whom: the effect's `seat` is the one who owed the Gold; `by_inn` means a card
    made the Inn pay it for them (so "the Inn paid the Inn" never comes up)."""
    amount = fx.get("amount", 0)
    if not amount:
        return None
    to = fx.get("to")
    short = f" (of {fx['asked']} asked)" if fx.get("asked", amount) > amount else ""
    why = t.because(fx)
    reason = GOLD_REASONS.get(fx.get("reason"), "")
    if fx.get("by_inn"):
        where = "" if to == INN else f" to {t.who(to)}"
        return f"The Inn paid {amount} Gold{where} for {s}{reason}{why}."
    if fx.get("seat") == POT:
        return f"{cap(t.who(to))} took {amount} Gold from the pot{why}." \
            if to != INN else f"The {amount} Gold left in the pot went to the Inn."
    return f"{cap(s)} paid {amount} Gold{short} to {t.who(to)}{reason}{why}."


@says("token")
def _token(fx, s, t):
    d = fx.get("delta", 0)
    if not d or (fx.get("token") in TOKENS and TOKENS[fx["token"]] is None):
        return None
    name = cap(TOKENS.get(fx.get("token")) or str(fx.get("token", "")).replace("_", " "))
    return f"{s}'s {name} {'rose' if d > 0 else 'fell'} by {abs(d)}{t.because(fx)}, now {fx.get('now')}."


@says("ordered")
def _ordered(fx, s, t):
    return f"{s} ordered a Drink for {t.who(fx.get('target'))}."


@says("revealed")
def _revealed(fx, s, t):
    source = fx.get("source")
    where = ("from the Drink Deck" if source == "drink_deck" else ""
             if source in (None, "drink_me") else f"from the {str(source).replace('_', ' ')} deck")
    return f"{s} revealed “{fx.get('title')}”{(' ' + where) if where else ''}."


@says("drank")
def _drank(fx, s, t):
    return f"{s} did not have to drink." if fx.get("ignored") else f"{s} drank."


@says("event")
def _event(fx, s, t):
    return f"Drink Event {t.title(fx.get('card'))}, revealed by {s}, takes place!"


@says("chaser_event")
def _chaser_event(fx, s, t):
    return f"A Chaser Event: {t.title(fx.get('card'))}."


@says("sober_up")
def _sober_up(fx, s, t):
    return f"{s}'s Drink Me! pile was empty: {s} sobers up."


@says("drink_ignored")
def _drink_ignored(fx, s, t):
    return f"{s} ignored the Drink{t.because(fx)}."


@says("drink_changed")
def _drink_changed(fx, s, t):
    return f"{t.who(fx.get('by'))} changed {t.who(fx.get('holder'))}'s Drink to {fx.get('alcohol')} Alcohol" \
           f"{t.because(fx)}."


@says("drink_passed")
def _drink_passed(fx, s, t):
    return f"{s} passed the Drink to {t.who(fx.get('to'))}{t.because(fx)}."


@says("drink_split")
def _drink_split(fx, s, t):
    if fx.get("to") is None:
        return f"{s} halved the Drink (the other half is gone): {fx.get('alcohol')} Alcohol left."
    return f"{s} split the Drink with {t.who(fx.get('to'))}."


@says("drink_courage")
def _drink_courage(fx, s, t):
    return f"{s} drank with liquid courage{t.because(fx)}."


@says("extra_drink")
def _extra_drink(fx, s, t):
    return f"{t.who(fx.get('by'))} made {s} take an extra Drink{t.because(fx)}."


@says("drinks_ran_out")
def _drinks_ran_out(fx, s, t):
    return "The Drink Deck ran out."


@says("reshuffled")
def _reshuffled(fx, s, t):
    return f"The {str(fx.get('deck')).replace('_', ' ')} deck was reshuffled."


@says("reshuffled", deck="drink")
def _drinks_reshuffled(fx, s, t):
    return "The Drink Deck was reshuffled."


@says("reshuffled", deck="character")
def _deck_reshuffled(fx, s, t):
    return f"{s} reshuffled their deck."


@says("contest_won")
def _contest_won(fx, s, t):
    return f"{s} won the Drinking Contest." if fx.get("seat") is not None else "Nobody won the Drinking Contest."


@says("contest_tie")
def _contest_tie(fx, s, t):
    return "The Drinking Contest is tied between " + ", ".join(t.who(x) for x in fx.get("seats", [])) + "."


@says("round_started")
def _round_started(fx, s, t):
    return f"{s} started a Round of Gambling ({len(fx.get('participants', []))} in)."


@says("control")
def _control(fx, s, t):
    return f"{s} took control of the Round{t.because(fx)}."


@says("gamble_pass")
def _gamble_pass(fx, s, t):
    return f"{s} passed in the Round."


@says("left_round")
def _left_round(fx, s, t):
    return f"{s} was forced out of the Round." if fx.get("forced") else f"{s} left the Round."


@says("no_ante")
def _no_ante(fx, s, t):
    return f"{s} could not ante."


@says("round_ended")
def _round_ended(fx, s, t):
    if fx.get("winner") is None:
        return "Nobody won the Round."
    return f"{t.who(fx.get('winner'))} won the Round and the pot of {fx.get('pot')} Gold."


@says("in_danger")
def _in_danger(fx, s, t):
    return ", ".join(t.who(x) for x in fx.get("seats", [])) + " may pass out: last chance to save them."


@says("eliminated")
def _eliminated(fx, s, t):
    why = {"passed_out": "passed out", "broke": "is out of Gold"}.get(fx.get("reason"),
                                                                    str(fx.get("reason")).replace("_", " "))
    return f"{s} {why} and is out of the game."


@says("game_over")
def _game_over(fx, s, t):
    winners = fx.get("winners", [])
    if not winners:
        return "Game over: nobody is left standing."
    joined = " and ".join(t.who(x) for x in winners)
    return f"Game over: {joined} {'share the win' if len(winners) > 1 else 'wins'}!"


@says("no_action")
def _no_action(fx, s, t):
    return f"{s} took no Action."


@says("pass")
def _pass(fx, s, t):
    return f"{s} let it happen."


@says("reduced")
def _reduced(fx, s, t):
    return f"{s}'s loss was reduced by {fx.get('less', 0)}, to {fx.get('now', 0)}."


@says("drink_kept")
def _drink_kept(fx, s, t):
    return f"{s} put {t.title(fx.get('card'))} in front of them instead of discarding it."


# --- prompts and frames ------------------------------------------------------

asks("phase:discard", "Discard any number of cards you don't want (or none), then draw back up to your hand size.",
     "Discard and draw", "Pass")
asks("phase:action", "Play one Action card, or take no Action.", "Action", "Take no Action")
asks("phase:order", "Order a Drink for another player.", "Order a Drink", "Go on to drink")
asks("phase:drink", "Drink! Reveal the top of your Drink Me! pile.", "Drink", "Pass")
asks("phase:end", "Your turn is over unless you play a card first.", "End of turn", "End my turn")
asks("respond", "Play a response, or let it happen.", "waiting for responses", "Let it happen")
asks("gamble", "Your turn in the Round of Gambling: play a Gambling or Cheating card, or pass.", "Round of Gambling",
     "Pass")
asks("mead", "Mead! Split it with another player, or drink it all.", "Mead: split it?", "Don't split")
DRINK_MODES["contest"] = " (Drinking Contest)"


@shows("card")
def _card_frame(fr, who, names):
    at = name_of(names, (fr.get("args") or {}).get("target"))
    return {"title": f"{who} plays", "detail": f"at {at}" if at else ""}


@shows("drink")
def _drink_frame(fr, who, names):
    return {"title": f"{who}'s Drink" + DRINK_MODES.get(fr.get("mode"), ""),
            "reveals": [c for r in fr.get("reveals", []) for c in r.get("cards", [])],
            "portions": [{"holder": name_of(names, p.get("holder"), "?"), "alcohol": p.get("alcohol", 0),
                          "fortitude": p.get("fortitude", 0), "ignored": p.get("ignored")}
                         for p in fr.get("portions", [])]}


@shows("event")
def _event_frame(fr, who, names):
    return {"title": f"Drink Event revealed by {who}"}


@shows("last_chance")
def _last_chance_frame(fr, who, names):
    return {"title": "Last chance: " + ", ".join(names[i] for i in fr.get("danger", [])) + " may pass out"}


@shows("won")
def _won_frame(fr, who, names):
    return {"title": f"{names[fr['winner']]} won the Round" if isinstance(fr.get("winner"), int) else "Round won"}


@shows("contest")
def _contest_frame(fr, who, names):
    return {"title": "Drinking Contest"}


@shows("hitback")
def _hitback_frame(fr, who, names):
    return {"title": "Hit back?"}


@shows("then")
def _then_frame(fr, who, names):
    return {"title": "Still to resolve"}


@shows("change")
def _change_frame(fr, who, names):
    """Pending changes (docs/content-model.md): who is about to lose or gain what, before it lands."""
    parts = []
    for ch in fr.get("changes", []):
        t = ch.get("target")
        whom = names[t] if isinstance(t, int) and 0 <= t < len(names) else "a Minion"
        n = max(0, abs(ch.get("delta", 0)) - ch.get("reduced", 0))
        verb = ("loses" if ch.get("delta", 0) < 0 else "gains") if ch.get("stat") != "gold" else "pays"
        stat = {"fortitude": "Fortitude", "alcohol": "Alcohol", "gold": "Gold"}.get(ch.get("stat"), "")
        note = " (ignored)" if ch.get("ignored") else ""
        parts.append(f"{whom} {verb} {n} {stat}{note}")
    return {"title": "About to happen", "detail": "; ".join(parts)}


@shows("pick")
def _pick_frame(fr, who, names):
    pick = PICKS.get(fr.get("kind"))
    return {"title": (pick.doing if pick else "{who} chooses").format(who=who)}


shows("hook")(lambda fr, who, names: {"title": f"{who}'s character rule"})   # a pack's hook (hooks.py)


# --- the buttons -------------------------------------------------------------

@labels("pass")
def _pass_label(d, a):
    return getattr(PROMPTS.get(a.kind), "passes", None) or "Pass"


labels("order")(lambda d, a: f"Order a Drink for {a.names[d['target']]}")
labels("drink")(lambda d, a: "Reveal your Drink")
labels("split")(lambda d, a: f"Split the Mead with {a.names[d['target']]}")


@labels("discard")
def _discard_label(d, a):
    return "Keep your hand" if not d.get("cards") else f"Discard {len(d['cards'])}"


def portion_words(stack: list, portion: int, names: list[str]) -> str:
    """Which Drink of the Drink frame a decision points at: "Zot's Drink"."""
    top = next((fr for fr in reversed(stack) if fr.get("f") == "drink"), None)
    try:
        holder = top["portions"][portion]["holder"]
    except (TypeError, KeyError, IndexError):
        holder = None
    name = name_of(names, holder)
    return f"{name}'s Drink" if name else f"Drink {portion + 1}"


@labels("play")
def _play_label(d, a):
    parts = []
    mode = d.get("mode")
    if mode == "leave":
        parts.append("leave the Round")
    elif mode == "card":
        parts.append("ignore the card")
    elif mode == "drink":
        parts.append("ignore " + portion_words(a.stack, d.get("portion", 0), a.names))
    elif "portion" in d:
        parts.append("on " + portion_words(a.stack, d["portion"], a.names))
    if "target" in d:
        parts.append(("to " if "portion" in d else "at ") + a.name(d["target"]))
    if d.get("target_minion") is not None:
        parts.append("at " + a.in_play.get(d["target_minion"], "a Minion"))
    if d.get("targets"):
        parts.append(drinks_to(d["targets"], a.names.__getitem__, to="for") if a.kind == "phase:order"
                     else "at " + times(d["targets"], a.names.__getitem__))
    parts += [said for arg, (_, said) in PLAY_ARGS.items() if d.get(arg)]
    return "Play" + (": " + ", ".join(parts) if parts else "")


@labels("pick")
def _pick_label(d, a):
    """A rule's choice, as its mechanic labels it; a target chosen as for a card played (a
    Brawler's) is labelled as that play."""
    pick = PICKS.get(a.kind)
    if pick and pick.plays:
        return pick.plays + _play_label({"type": "play", **d["option"]}, a)[4:]
    return pick.label(d.get("option"), a.titles) if pick and pick.label else str(d.get("option"))
