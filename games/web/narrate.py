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
from games.selectors import viewer_for

#: How many of the latest decisions the log re-narrates at most per request.
MAX_STEPS = 40

INN, POT, OTTO_SEAT = "inn", "pot", "otto"   # how effects name the Inn, the pot and Otto (the engine's ops and Otto's option)
PRIVATE_TYPES = {"pass"}          # a response-window pass: only its own seat hears of it
GOLD_REASONS = {"ante": " as an ante", "passed_out_share": " as they passed out (shared among those still in)",
                "passed_out_remainder": " as they passed out (what could not be shared)", "wages": " in Wages",
                "otto_pays": " for Otto (he has no Gold: the Inn pays for him)",
                "otto_reward": " as Otto's reward (he passed out on their track)",
                "otto_sometimes": " to Otto (his Sometimes box)", "otto_ante": " as Otto's ante (he antes with the Inn's Gold)"}
#: Why a change came from no card (a character's rule, not something played).
RULE_REASONS = {"scarab": "Scarab", "brawl": "Brawl", "purchase": "purchase", "eliminated": "return on leaving the game",
                "drank": "Drink he drank",
                "calm": "card discarded to calm it", "heat": "Heat penalty",
                "brew_progress": "Brew", "brew_done": "finished Brew", "brew_move": "Brew",
                "otto": "card of Otto's", "otto_sometimes": "response of Otto's"}
#: How the log names a token (None: told by its own sentence, e.g. Farai's token moving).
TOKEN_NAMES = {"chi": "Drunken Chi", "heat": "Heat", "brawl": "Brawl count", "beer": "Beer Brew progress",
               "wine": "Wine Brew progress", "spirits": "Spirits Brew progress", "farai": None}
PENALTIES = {"alcohol": "gained 2 Alcohol Content", "gold": "paid 2 Gold to the Inn", "fortitude": "lost 2 Fortitude"}


#: Titles a printed name may start with that are not what the table calls the character
#: ("Father Farai" is Farai; "Baron von Vlazlo" stays Baron).
TITLES = {"Father"}


def _first_name(name: str) -> str:
    words = name.split() or ["?"]
    return words[1] if len(words) > 1 and words[0] in TITLES else words[0]


def drinks_to(seats, name, noun: str = "Drink", to: str = "to") -> str:
    """"2 Drinks to Gerki and a Drink to Zot": a card that orders several Drinks lists one
    target per Drink, and may list a seat twice."""
    counts = _counts(seats)
    some = lambda n: f"{n} {noun}s" if n != 1 else f"a {noun}"        # noqa: E731
    if len(counts) == 1:
        (s, n), = counts.items()
        return f"{some(n)} {to} {name(s)}"
    if set(counts.values()) == {1}:
        return f"{noun}s {to} " + _and([name(s) for s in counts])
    if len(set(counts.values())) == 1:
        return f"{some(next(iter(counts.values())))} each {to} " + _and([name(s) for s in counts])
    return _and([f"{some(n)} {to} {name(s)}" for s, n in counts.items()])


def times(seats, name) -> str:
    """"Gerki and Zot", "Gerki twice": the players a card picks, each said once."""
    return _and([name(s) + {1: "", 2: " twice"}.get(n, f" {n} times") for s, n in _counts(seats).items()])


def _counts(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def seat_names(view: dict) -> list[str]:
    """Short names for the seats: the character's first name, with the seat number when two
    seats play the same character."""
    firsts = [_first_name(s["name"]) for s in view["seats"]]
    return [f"{n} #{i + 1}" if firsts.count(n) > 1 else n for i, n in enumerate(firsts)]


class Narrator:
    def __init__(self, state, names: list[str], seat: int | None):
        self.state, self.names, self.seat = state, names, seat

    def who(self, seat) -> str:
        if seat == INN:
            return "the Inn"
        if seat == POT:
            return "the pot"
        if seat == OTTO_SEAT:
            return "Otto"
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
        if not d or (fx.get("token") in TOKEN_NAMES and TOKEN_NAMES[fx["token"]] is None):
            return None
        name = TOKEN_NAMES.get(fx.get("token")) or str(fx.get("token", "")).replace("_", " ")
        name = name[:1].upper() + name[1:]
        return f"{s}'s {name} {'rose' if d > 0 else 'fell'} by {abs(d)}{self.because(fx)}, now {fx.get('now')}."

    def otto(self, fx: dict, s: str) -> str | None:
        """What Otto does and why: he plays by the rules, so every line says which rule."""
        t = fx["type"]
        if t == "otto_turn":
            return "Otto's turn: he reveals his top card for his Action, then drinks from the Drink Deck."
        if t == "otto_action":
            return f"Otto revealed “{fx.get('title')}” ({str(fx.get('faction', '')).capitalize()}) and follows its Action box."
        if t == "otto_no_card":
            return "Otto has no card to reveal: his Action does nothing."
        if t == "otto_reveals":
            return f"Otto turned over “{fx.get('title')}” from the Drink Deck."
        if t == "otto_event":
            return (f"The Drink Event “{fx.get('title')}” Otto turned over takes place, with him as the one who "
                    "revealed it; what he drinks, he drinks on both tracks.")
        if t == "otto_skips_event":
            return f"Otto set aside the Drink Event “{fx.get('title')}” and turns over the next card."
        if t == "otto_drinks":
            parts = [f"{fx.get('alcohol', 0)} Alcohol Content"] + (
                [f"{fx.get('fortitude'):+d} Fortitude"] if fx.get("fortitude") else [])
            if "seat" in fx:
                return f"Otto drank it ({', '.join(parts)}) on {s}'s track only: {s}'s card made him drink."
            return f"Otto drank it ({', '.join(parts)}) on both of his tracks."
        if t == "otto_event_choice":
            mode = str(fx.get("mode", "")).replace("_", " ")
            return (f"Otto chose to {mode}: he takes the first option that doesn't pay, discard, lose "
                    "Fortitude or gain Alcohol Content, else the first.")
        if t == "otto_no_drink":
            return "There is no Drink left for Otto to drink."
        if t == "otto_track":
            d = fx.get("delta", 0)
            stat = "Fortitude" if fx.get("stat") == "fortitude" else "Alcohol Content"
            why = "" if fx.get("reason") == "otto_drink" else self.because(fx)
            return (f"Otto's {stat} on {s}'s track {'rose' if d > 0 else 'fell'} by {abs(d)}{why}: "
                    f"now {fx.get('fortitude')} Fortitude, {fx.get('alcohol')} Alcohol.") if d else None
        if t == "otto_sometimes":
            what = "a Drink" if fx.get("trigger") == "Drink" else f"{s}'s {fx.get('trigger', 'card')} card"
            if fx.get("answers"):
                return f"{what[:1].upper() + what[1:]} affects Otto: he revealed “{fx.get('title')}” and follows its Sometimes box."
            return (f"{what[:1].upper() + what[1:]} affects Otto: he revealed “{fx.get('title')}”, whose Sometimes box "
                    "does not answer that kind of card.")
        if t == "otto_ignores":
            return "Otto ignored it on the affected track" + ("s." if "seat" not in fx else f" ({s}'s).")
        if t == "otto_passed_out":
            return f"Otto passed out on {s}'s track: it resets to 6 and 0, and {s} earns 1 Gold or 2 cards."
        if t == "otto_gambles":
            return f"Otto's gambling turn: he revealed “{fx.get('title')}” and follows its Gambling or Cheating box."
        if t == "otto_gamble_pass":
            if fx.get("empty"):
                return "Otto's gambling turn: his deck is empty and is not reshuffled during a Round, so he passes."
            if fx.get("illegal"):
                return "Otto can't make that play now (only a Cheating card beats a Winning Hand), so he passes."
            return "Otto's card has no Gambling or Cheating box: he passes."
        if t == "otto_control":
            return {"raise": "Otto raises: everyone in the Round antes 1 more (his from the Inn), and he takes control.",
                    "winning_hand": "Otto has a Winning Hand: he takes control, and only a Cheating card can take it back.",
                    "cheat": "Otto cheats and takes control of the Round."}.get(
                fx.get("play"), "Otto gambles and takes control of the Round.")
        if t == "otto_starts_round":
            return (f"Otto's Action box starts a Round of Gambling ({len(fx.get('participants', []))} players and Otto in): "
                    "each player antes 1, he antes from the Inn and adds no Prize, and he is in control.")
        if t == "otto_no_round":
            return "Otto's Action box would start a Round of Gambling during one: an illegal play, so nothing happens."
        if t == "otto_reward":
            return f"{s} took {'2 cards' if fx.get('reward') == 'cards' else '1 Gold from the Inn'} as Otto's reward."
        return None

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
        if t == "discarded" and fx.get("reason") == "calm":
            return f"{s} discarded {self.title((fx.get('cards') or [None])[0])} to calm their Drunken Chi."
        if t == "discarded" and fx.get("at_random"):
            n = len(fx.get("cards", []))
            return f"{s} discarded {n} card{'s' if n != 1 else ''} at random{self.because(fx)}."
        if t == "discarded" and fx.get("by") is not None:          # a Boss card's "discard a Sometimes Card"
            return f"{s} threw away {self.title((fx.get('cards') or [None])[0])} to {w(fx.get('by'))}'s card."
        if t == "revealed_hand":
            cards = ", ".join(self.title(c) for c in fx.get("cards") or []) or "no cards"
            kinds = " or ".join(fx.get("types") or [])
            return f"{s} showed a hand with no {kinds} card{self.because(fx)}: {cards}."
        if t == "redirected":
            to = self.minion(fx["minion"]) if fx.get("minion") is not None else w(fx.get("target"))
            what = "every effect of the card" if fx.get("whole") else "the Fortitude loss"
            return f"{s} sent {what} to {to}{self.because(fx)}."
        if t == "reduced":
            return f"{s}'s loss was reduced by {fx.get('less', 0)}, to {fx.get('now', 0)}."
        if t == "napping":
            return f"{s} fell asleep: the turn ends, and until their next turn they ignore everything and play no cards."
        if t == "woke":
            return f"{s} woke up."
        if t == "discarded":
            n = len(fx.get("cards", []))
            if fx.get("reason") in ("dungeon_event", "tavern_event"):
                return f"{s} discarded {n} card{'s' if n != 1 else ''} to {self.title(fx.get('card'))}: " + \
                    ", ".join(self.title(c) for c in fx.get("cards", [])) + "."
            return f"{s} discarded {n} card{'s' if n != 1 else ''} and drew back up." if n else f"{s} kept their hand."
        if t == "played":
            args = fx.get("args") or {}
            extra = ""
            if args.get("target") is not None:
                extra = f" at {w(args['target'])}"
            elif args.get("target_minion") is not None:
                extra = f" at {self.minion(args['target_minion'])}"
            elif args.get("targets") and fx.get("effect") != "order_extra":     # picked players (Sera's knives)
                extra = " at " + times(args["targets"], w)
            elif args.get("targets"):
                extra = " sending " + drinks_to(args["targets"], w)
            if args.get("mode") == "leave":
                extra += " to leave the Round"
            if args.get("glare"):
                extra += ", with its Glare"
            if args.get("portions"):
                extra += " on every Drink in play"
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
            if fx.get("to") is None:
                return f"{s} halved the Drink (the other half is gone): {fx.get('alcohol')} Alcohol left."
            return f"{s} split the Drink with {w(fx.get('to'))}."
        if t == "drink_courage":
            return f"{s} drank with liquid courage{self.because(fx)}."
        if t == "extra_drink":
            return f"{w(fx.get('by'))} made {s} take an extra Drink{self.because(fx)}."
        if t == "drinks_ran_out":
            return "The Drink Deck ran out."
        if t == "prize_chosen":                 # the Prize Variant (docs/web.md)
            return f"{s} put the Prize “{fx.get('title') or self.title(fx.get('card'))}” in the pot."
        if t == "prize_won":
            return f"{s} took the Prize {self.title(fx.get('card'))} with the pot."
        if t == "prize_to_inn":
            if fx.get("seat") is not None:
                return f"{s}'s Prize{'s go' if fx.get('count', 1) > 1 else ' goes'} back to the Inn."
            return f"The Prize {self.title(fx.get('card'))} went back to the Inn with the pot."
        if t == "prize_used":
            return f"{s} used the Prize {self.title(fx.get('card'))}: it goes to the Prize Bin."
        if t == "prizes_returned":
            return f"No Prize was left in the Inn: the {fx.get('count')} in the Prize Bin go back to the Inn."
        if t == "drink_fortitude":
            return f"{s} will also gain up to {fx.get('most')} Fortitude from the Drink{self.because(fx)}."
        if t == "crawled":                      # the Pub Crawl (docs/web.md)
            return f"{s} Crawled: the party moves to {fx.get('title')}."
        if t == "tavern_closed":
            return f"{fx.get('title')} is out of Drinks and Closes."
        if t == "crawl_stuck":
            return f"{s} would Crawl, but there is no Open tavern to go to: the party stays."
        if t == "bar_dealt":
            return f"{fx.get('cards')} Drinks from the Bar Deck are the new Drink Deck ({fx.get('left')} left in the Bar Deck)."
        if t == "reshuffled":
            deck = fx.get("deck")
            if deck == "drink":
                return "The Drink Deck was reshuffled."
            if deck == "character":
                return f"{s} reshuffled their deck."
            if deck == "dungeon":
                return "The Dungeon Event Deck ran out: its discards were shuffled into a new deck."
            if deck == "bar":
                return "The Bar Deck ran out: the discarded Drinks were shuffled into a new Bar Deck."
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
            if fx.get("winner") == OTTO_SEAT:
                return f"Otto won the Round: the pot of {fx.get('pot')} Gold goes to the Inn (he has no Gold)."
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
        if t == "event_ignored":
            return f"{s} ignored {self.title(fx.get('event'))} before it started{self.because(fx)}."
        if t.startswith("otto_"):            # Otto, Our Mechanical Friend (docs/otto.md)
            return self.otto(fx, s)
        if t == "dungeon_progress":          # Dungeon Events (docs/web.md)
            left = fx.get("left", 0)
            return (f"End of {s}'s turn: a Progress Counter comes off the Dungeon Event Deck, "
                    + (f"{left} left." if left else "the last one!"))
        if t == "dungeon_event":
            return f"Dungeon Event: “{fx.get('title')}” (Encounter Level {fx.get('level')}) happens to everyone!"
        if t == "tavern_event":              # the Pub Crawl's Tavern Events (R-CRAWL-EVENTS)
            return f"Tavern Event at {fx.get('title')}: it happens to everyone!"
        if t in ("dungeon_choice", "tavern_event_choice"):
            # a pack names its options with verbs ("discard", "lose_fortitude"): "chose to ..."
            mode = {"drink": "reveal a Drink and drink it"}.get(fx.get("mode"), str(fx.get("mode", "")).replace("_", " "))
            return f"{s} chose to {mode}."
        if t == "dungeon_armed":
            n = fx.get("counters", 0)
            return f"{n} Progress Counter{'s' if n != 1 else ''} go back on the Dungeon Event Deck."
        if t == "drink_me_discarded":
            return f"{s} discarded {self.title(fx.get('drink'))} from the top of their Drink Me! pile{self.because(fx)}."
        if t == "dares":
            a, b = (fx.get("alcohol") or [0, 0])[:2]
            if a == b:
                return f"The Wench Dares You...: both Drinks are {a} Alcohol Content for {s}, who picks one."
            return f"The Wench Dares You...: {s} drinks the stronger Drink ({max(a, b)} against {min(a, b)}), " \
                   "everyone else the other."
        if t == "dares_choice":
            return f"{s} chose to drink {self.title(fx.get('drink'))}; everyone else drinks the other one."
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
        if t == "equipped":           # Treasure (Spyke and Flower)
            dropped = [self.title(c) for c in fx.get("dropped", [])]
            gone = f", discarding {' and '.join(dropped)}" if dropped else ""
            return f"{s} equipped {self.title(fx.get('card'))}{gone}: Level {fx.get('level')}."
        if t == "unequipped":
            return f"{s} discarded the Treasure {self.title(fx.get('card'))}."
        if t == "no_treasure":
            return f"{s} found no Treasure left to get."
        if t == "drew_item":          # Lizwick's Items: which one stays hers to know
            return f"{s} drew an Item."
        if t == "turn_ended":
            return f"{s}'s turn ends now: they skip the rest of it and Ignore every effect until it is over."
        if t == "declined":
            return f"{s} kept their Drunken Chi as it was."
        # --- the RDI 8 characters ---
        if t == "brew_moved":
            return f"{s} moved to work on the {str(fx.get('brew')).capitalize()} Brew."
        if t == "brewed":
            return f"{s} finished a {str(fx.get('brew')).capitalize()} Brew: {self.title(fx.get('card'))} is played at once."
        if t == "heat_penalty":
            return f"{s} reached 3 Heat and {PENALTIES.get(fx.get('penalty'), 'paid the penalty')}; the Heat is cleared."
        if t == "petrified":
            return f"{s} Petrified a card, face down, into {w(fx.get('by'))}'s Petrification Pile."
        if t == "decayed":
            return f"Decay: the top card of {s}'s Petrification Pile went back to {w(fx.get('to'))}."
        if t == "unpetrified":
            return f"{s}'s Petrification Pile went back to the hands it came from."
        if t == "glare":
            n = fx.get("count", 0)
            return f"{s} Glared with {n} card{'s' if n != 1 else ''} of the Petrification Pile."
        if t == "returned":
            n = fx.get("count", 0)
            return f"{n} Glared card{'s' if n != 1 else ''} went back to the hands they came from."
        if t == "shelved":
            cards = fx.get("cards") or []
            return f"{s} put {', '.join(self.title(c) for c in cards)} on the Mix-in Shelf."
        if t == "drink_kept":
            return f"{s} put {self.title(fx.get('card'))} in front of them instead of discarding it."
        if t == "drink_draw":
            return f"{w(fx.get('by'))} added “draw {fx.get('draw')}” to {w(fx.get('holder'))}'s Drink{self.because(fx)}."
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
    if start_seq == 0 and after < 0:
        opening = otto_opening(state, names, from_position=bool((game.setup or {}).get("position")))
        if opening:
            steps.append({"seq": 0, "lines": opening})
    viewer = "omniscient" if over else viewer_for(seat)
    for seq, kind, payload, _ in rows[1:]:
        if kind == "seat_resigned":     # a service event: the state does not change
            left = orjson.loads(payload)
            who = names[left["seat"]] if 0 <= left["seat"] < len(names) else f"Seat {left['seat']}"
            steps.append({"seq": seq, "lines": [f"{who} resigned; a bot plays their seat." if left["reason"] == "resigned"
                                                else f"{who} left; a bot plays their seat."]})
            continue
        if kind not in store.STATE_KINDS:
            continue
        before = engine.clone(state)
        state, effects = store.apply_event(state, kind, orjson.loads(payload))
        # the Effects pass the viewer's redaction first, as a replay frame's do: the narrator's
        # own discretion ("bought the top card") is the second line, not the only one
        lines = narrate_effects(engine.effects_view(before, state, effects, viewer), state=state, names=names,
                                seat=seat, over=over)
        if lines:
            steps.append({"seq": seq, "lines": lines})
    return {"seq": upto, "steps": steps}


def otto_opening(state, names: list[str], from_position: bool = False) -> list[str]:
    """Otto takes the first turn while the game is created, whose Effects are not kept: told
    from the state at seq 0 (docs/otto.md). A game started from a position (a fork, a
    scenario) has that turn behind it: only where Otto stands is told."""
    if not (state.options or {}).get("otto") or "otto" not in state.zones:
        return []
    factions = " and ".join(f.capitalize() for f in state.options.get("otto_factions") or [])
    factions = f" ({factions})" if factions else " (no Otto cards)"
    if from_position:
        lines = [f"Otto is at the table{factions}, where the position left him."]
    else:
        lines = [f"Otto joins the table{factions}: he always goes first."]
        cards = engine.content_of(state.content).cards
        shown = state.zones.get("otto:discard") or []
        if shown:
            lines.append(f"Otto's first turn: he revealed “{cards[state.cards[shown[-1]]].title}” "
                         "and follows its Action box, then drinks from the Drink Deck.")
        else:
            lines.append("Otto's first turn: he has no card to reveal, so his Action does nothing; "
                         "then he drinks from the Drink Deck.")
        # a Drink Event he turned over waits on the stack for the players' answers: its "takes
        # place" comes with the first decision, so the turning over is told here
        event = next((fr for fr in state.stack if fr.get("f") == "event" and fr.get("seat") == OTTO_SEAT), None)
        if event:
            lines.append(f"Otto turned over the Drink Event “{cards[state.cards[event['card']]].title}” from the "
                         "Drink Deck; it takes place once everyone has had the chance to answer it.")
    tracks = [f"{name} {state.tokens[f'otto:fortitude:{i}']}/{state.tokens[f'otto:alcohol:{i}']}"
              for i, name in enumerate(names) if f"otto:fortitude:{i}" in state.tokens]
    lines.append("Otto's tracks (Fortitude/Alcohol) facing " + ", ".join(tracks) + ".")
    return lines
