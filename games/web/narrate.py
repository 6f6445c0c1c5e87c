"""Sentences for the game log, from the engine's Effects (docs/engine.md), as one seat may
read them.

Effects are not stored: `narration_for` re-applies the latest stored decisions to the
state before them and turns each decision's Effects into short sentences. Every effect the
engine emits is public (played and revealed cards, discards, gauges, Gold) except who passed
in a response window: "seat 2 passed" would tell that seat 2 held a legal response, so a
window pass is only told to the seat that passed (the same rule as the event log's
redaction in `games.selectors.redact_event`). A card bought from a face-down side deck goes
to a hand, so its title is told only to its buyer. After the end everything is public.

Card titles come from the game's own content (`engine.content_of`), pack cards included.
"""
from __future__ import annotations

from typing import Any

import orjson
from django.db import connection

from games import engine, store
from games.models import Game

#: How many of the latest decisions the log re-narrates at most per request.
MAX_STEPS = 40

INN, POT = "inn", "pot"           # how gold effects name the Inn and the pot (engine ops)
PRIVATE_TYPES = {"pass"}          # a response-window pass: only its own seat hears of it
GOLD_REASONS = {"ante": " as an ante", "passed_out_share": " as they passed out (shared among those still in)",
                "passed_out_remainder": " as they passed out (what could not be shared)", "wages": " in Wages"}
#: Why a change came from no card (a character's rule, not something played).
RULE_REASONS = {"scarab": "Scarab", "brawl": "Brawl", "purchase": "purchase"}


def seat_names(view: dict) -> list[str]:
    """Short names for the seats: the character's first name, with the seat number when two
    seats play the same character."""
    firsts = [s["name"].split()[0] for s in view["seats"]]
    return [f"{n} #{i + 1}" if firsts.count(n) > 1 else n for i, n in enumerate(firsts)]


class Narrator:
    def __init__(self, state, names: list[str], seat: int | None):
        self.state, self.names, self.seat = state, names, seat

    def who(self, seat) -> str:
        if seat == INN:
            return "the Inn"
        if seat == POT:
            return "the pot"
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "someone"

    def title(self, cid) -> str:
        try:
            return "“" + engine.content_of(self.state.content).cards[self.state.cards[cid]].title + "”"
        except (KeyError, IndexError, TypeError, engine.ContentError):
            return "a card"

    def because(self, fx: dict) -> str:
        """The card (or the character's rule) behind an Effect, and whose it was when it was
        not the seat's own."""
        by = fx.get("by")
        whose = f"{self.who(by)}'s " if isinstance(by, int) and by != fx.get("seat") else ""
        if fx.get("card") is None:
            rule = RULE_REASONS.get(fx.get("reason"))
            return f" ({whose or 'a '}{rule})" if rule else ""
        return f" ({whose}{self.title(fx['card'])})"

    def token(self, fx: dict, s: str) -> str | None:
        d = fx.get("delta", 0)
        if not d:
            return None
        name = str(fx.get("token", "")).replace("_", " ")
        name = name[:1].upper() + name[1:]
        return f"{s}'s {name} {'rose' if d > 0 else 'fell'} by {abs(d)}{self.because(fx)}, now {fx.get('now')}."

    def minion(self, cid) -> str:
        """A Minion in play, named with its owner: “Grunt the Brawler” of Torglesnarf."""
        try:
            owner = self.state.owner[cid]
        except (IndexError, TypeError):
            return "a Minion"
        return f"{self.who(owner)}'s {self.title(cid)}"

    def gold(self, fx: dict, s: str, amount: int) -> str:
        """Who paid whom: the effect's `seat` is the one who owed the Gold; `by_inn` means a
        card made the Inn pay it for them (so "the Inn paid the Inn" never comes up)."""
        to = fx.get("to")
        short = f" (of {fx['asked']} asked)" if fx.get("asked", amount) > amount else ""
        why = self.because(fx)
        reason = GOLD_REASONS.get(fx.get("reason"), "")
        if fx.get("by_inn"):
            where = "" if to == INN else f" to {self.who(to)}"
            return f"The Inn paid {amount} Gold{where} for {s}{reason}{why}."
        if fx.get("seat") == POT:
            return f"{self.who(to)[:1].upper() + self.who(to)[1:]} took {amount} Gold from the pot{why}." \
                if to != INN else f"The {amount} Gold left in the pot went to the Inn."
        return f"{s[:1].upper() + s[1:]} paid {amount} Gold{short} to {self.who(to)}{reason}{why}."

    def line(self, fx: dict, *, over: bool) -> str | None:
        t = fx.get("type")
        if t in PRIVATE_TYPES and not over and fx.get("seat") != self.seat:
            return None
        w = self.who
        s = w(fx.get("seat"))
        if t == "turn":
            return f"Turn {fx['turn']}: {s}'s turn."
        if t == "discarded":
            n = len(fx.get("cards", []))
            return f"{s} discarded {n} card{'s' if n != 1 else ''} and drew back up." if n else f"{s} kept their hand."
        if t == "played":
            args = fx.get("args") or {}
            extra = ""
            if args.get("target") is not None:
                extra = f" at {w(args['target'])}"
            elif args.get("target_minion") is not None:
                extra = f" at {self.minion(args['target_minion'])}"
            elif args.get("targets"):
                extra = " sending Drinks to " + ", ".join(w(x) for x in args["targets"])
            if args.get("mode") == "leave":
                extra += " to leave the Round"
            return f"{s} played “{fx.get('title') or self.title(fx.get('card'))[1:-1]}”{extra}."
        if t == "negated":
            return f"{w(fx.get('by'))}'s {self.title(fx.get('card'))} cancelled {w(fx.get('target_seat'))}'s " \
                   f"{self.title(fx.get('target'))}."
        if t == "ignored":
            if fx.get("change"):
                return f"{s} ignored the {RULE_REASONS.get(fx['change'], 'change')}."
            return f"{s} ignored {self.title(fx.get('card'))}."
        if t == "fortitude":
            d = fx.get("delta", 0)
            if not d:
                return None
            verb = "lost" if d < 0 else "gained"
            return f"{s} {verb} {abs(d)} Fortitude{self.because(fx)}, now {fx.get('now')}."
        if t == "alcohol":
            d = fx.get("delta", 0)
            if not d:
                return None
            verb = "rose" if d > 0 else "fell"
            return f"{s}'s Alcohol Content {verb} by {abs(d)}{self.because(fx)}, now {fx.get('now')}."
        if t == "gold":
            amount = fx.get("amount", 0)
            if not amount:
                return None
            return self.gold(fx, s, amount)
        if t == "token":
            return self.token(fx, s)
        if t == "bought":
            told = over or fx.get("seat") == self.seat
            what = self.title(fx.get("card")) if told else "the top card"
            return f"{s} bought {what} of their {str(fx.get('zone', '')).replace('_', ' ')} deck."
        if t == "activated":
            args = fx.get("args") or {}
            at = f" at {w(args['target'])}" if args.get("target") is not None else ""
            return f"{s}'s Minion {self.title(fx.get('card'))} acted{at}."
        if t == "minion_hurt":
            return f"{w(fx.get('by'))} hurt {self.minion(fx.get('card'))}: {s} pays its Wages or lets it go."
        if t == "minion_discarded":
            return f"{s} let their Minion {self.title(fx.get('card'))} go."
        if t == "ordered":
            return f"{s} ordered a Drink for {w(fx.get('target'))}."
        if t == "revealed":
            source = fx.get("source")
            where = ("from the Drink Deck" if source == "drink_deck" else ""
                     if source in (None, "drink_me") else f"from the {str(source).replace('_', ' ')} deck")
            return f"{s} revealed “{fx.get('title')}”{(' ' + where) if where else ''}."
        if t == "drank":
            if fx.get("ignored"):
                return f"{s} did not have to drink."
            return f"{s} drank."
        if t == "event":
            return f"Drink Event {self.title(fx.get('card'))}, revealed by {s}, takes place!"
        if t == "chaser_event":
            return f"A Chaser Event: {self.title(fx.get('card'))}."
        if t == "sober_up":
            return f"{s}'s Drink Me! pile was empty: {s} sobers up."
        if t == "drink_ignored":
            return f"{s} ignored the Drink{self.because(fx)}."
        if t == "drink_changed":
            return f"{w(fx.get('by'))} changed {w(fx.get('holder'))}'s Drink to {fx.get('alcohol')} Alcohol" \
                   f"{self.because(fx)}."
        if t == "drink_passed":
            return f"{s} passed the Drink to {w(fx.get('to'))}{self.because(fx)}."
        if t == "drink_split":
            return f"{s} split the Drink with {w(fx.get('to'))}."
        if t == "drink_courage":
            return f"{s} drank with liquid courage{self.because(fx)}."
        if t == "extra_drink":
            return f"{w(fx.get('by'))} made {s} take an extra Drink{self.because(fx)}."
        if t == "drinks_ran_out":
            return "The Drink Deck ran out."
        if t == "reshuffled":
            deck = fx.get("deck")
            if deck == "drink":
                return "The Drink Deck was reshuffled."
            if deck == "character":
                return f"{s} reshuffled their deck."
            return f"The {str(deck).replace('_', ' ')} deck was reshuffled."
        if t == "contest_won":
            return f"{s} won the Drinking Contest." if fx.get("seat") is not None else "Nobody won the Drinking Contest."
        if t == "contest_tie":
            return "The Drinking Contest is tied between " + ", ".join(w(x) for x in fx.get("seats", [])) + "."
        if t == "round_started":
            return f"{s} started a Round of Gambling ({len(fx.get('participants', []))} in)."
        if t == "control":
            return f"{s} took control of the Round{self.because(fx)}."
        if t == "gamble_pass":
            return f"{s} passed in the Round."
        if t == "left_round":
            return f"{s} was forced out of the Round." if fx.get("forced") else f"{s} left the Round."
        if t == "no_ante":
            return f"{s} could not ante."
        if t == "round_ended":
            if fx.get("winner") is None:
                return "Nobody won the Round."
            return f"{w(fx.get('winner'))} won the Round and the pot of {fx.get('pot')} Gold."
        if t == "in_danger":
            return ", ".join(w(x) for x in fx.get("seats", [])) + " may pass out: last chance to save them."
        if t == "eliminated":
            why = {"passed_out": "passed out", "broke": "is out of Gold"}.get(fx.get("reason"),
                                                                            str(fx.get("reason")).replace("_", " "))
            return f"{s} {why} and is out of the game."
        if t == "game_over":
            winners = fx.get("winners", [])
            if not winners:
                return "Game over: nobody is left standing."
            joined = " and ".join(w(x) for x in winners)
            return f"Game over: {joined} {'share the win' if len(winners) > 1 else 'wins'}!"
        if t == "no_action":
            return f"{s} took no Action."
        if t == "potion":            # team games (docs/teams.md)
            what = {"fortitude": "to gain 6 Fortitude", "alcohol": "to lose 6 Alcohol",
                    "gold": "for 3 Gold from the Inn"}.get(fx.get("effect"), "")
            left = fx.get("left", 0)
            return f"{s} drank one of the team's Potions {what} ({left} left)."
        if t == "champion":
            return f"{s}'s team chose {w(fx.get('champion'))} as its Champion."
        if t == "champions":
            return "Champions: " + ", ".join(w(x) for x in fx.get("seats", [])) + "."
        if t == "defer":
            return f"{s} let {w(fx.get('to'))} go first."
        if t == "pass":
            return f"{s} let it happen."
        if t in ("resolved", "drink", "drew", "round_over", "mead"):
            return None
        return f"{s}: {str(t).replace('_', ' ')}." if t else None


def narrate_effects(effects: list[dict], *, state, names: list[str], seat: int | None, over: bool) -> list[str]:
    narrator = Narrator(state, names, seat)
    return [line for fx in effects if (line := narrator.line(fx, over=over))]


def narration_for(*, game: Game, seat: int | None, after: int) -> dict[str, Any]:
    """`{seq, steps: [{seq, lines}]}`: the log of the decisions after seq `after` (at most the
    last MAX_STEPS of them), each narrated for `seat` (None: a spectator)."""
    upto = game.seq
    over = game.status == Game.Status.OVER
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq, kind, payload::text, state_hash FROM games_event WHERE game_id = %s AND seq >= %s"
            " AND seq <= %s ORDER BY seq",
            [game.pk, max(after, upto - MAX_STEPS, 0), upto],
        )
        rows = cursor.fetchall()
        if not rows:
            return {"seq": upto, "steps": []}
        start_seq, _, _, start_hash = rows[0]
        state = store.state_for_read(cursor, game_id=game.pk, seq=start_seq, expected_hash=start_hash)
    names = seat_names(engine.view(state, "spectator"))
    steps = []
    for seq, kind, payload, _ in rows[1:]:
        if kind not in store.STATE_KINDS:
            continue
        state, effects = store.apply_event(state, kind, orjson.loads(payload))
        lines = narrate_effects(effects, state=state, names=names, seat=seat, over=over)
        if lines:
            steps.append({"seq": seq, "lines": lines})
    return {"seq": upto, "steps": steps}
