"""Samantha's Brawls [003:645-659]: a token that counts her Brawls and a shared deck of
Brawler cards, each revealed and played as though it were an Action of hers.

`start_brawl` (a step of her cards, and of her hooks) raises her `token` by 1, then reveals
the top card of the shared zone `zone` and plays it as an Action she played: it can be
Ignored, hit back, and one that picks a player first asks her which (`brawler`, a `pick`).
Her thresholds (4, 7, 10 Brawls) are her pack's value hooks (`if_token`), not code.
"""
from ..core import primitives
from ..core.choices import ask, handler
from ..core.decks import refill
from ..core.frames import find, push
from ..core.interpreter import behaviour
from ..core.ops import card, change_token, emit
from ..core.responses import play_args
from ..core.words import PICKS, REASONS, SERIES, TOKENS, Pick, asks, counter, limit, thresholds

primitives.register("start_brawl", "Samantha's Brawls (a registered rule): the player's `token` goes up by 1, then the top card of "
                    "shared zone `zone` is played as though an Action of the player.", {"token": primitives.short_name, "zone": primitives.short_name})


def _run_start_brawl(state, fr, step):
    """Samantha's Brawls [003:645-659]: the Brawl count goes up by 1, then the top Brawler
    card is revealed and played as though it were an Action she played (it can be Ignored,
    hit back...). An empty Brawler deck is reshuffled from its discards."""
    seat = fr["seat"]
    change_token(state, seat, step["token"], 1, reason="brawl")
    deck = step["zone"]
    if not refill(state, deck):
        return
    cid = state.zones[deck].pop()
    c = card(state, cid)
    emit(state, "revealed", seat=seat, card=cid, title=c.title, source=deck)
    # As an Action of hers [003:647]: one that picks a player asks her which, before its
    # window opens (a `pick` of the argument sets a play from her hand would offer); with no
    # choice to make, or none legal, it is played as it is
    brawl = push(state, {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "type": "Action", "args": {},
                         "ignored": [], "inn_pays": [], "leavers": [], "as": "brawl"}, poll_from=seat)
    ways = play_args(state, seat, c, ("phase", "action"))
    if ways and ways != [{}]:
        ask(state, seat, "brawler", ways, then="brawler", card=cid, brawl=brawl["id"])


@handler("brawler")
def _brawler_aimed(state, fr, option) -> None:
    find(state, fr["brawl"])["args"] = dict(option)


behaviour("start_brawl", run=_run_start_brawl)


# --- words (core/words.py) ---

TOKENS["brawl"] = "Brawl count"
REASONS["brawl"] = "Brawl"


asks("brawler", "A Brawler joins the fight: choose its target, as for an Action you play.")
PICKS["brawler"] = Pick(None, "{who} picks the Brawler's target", plays="Brawler")
STATS = {"alcohol": "Alcohol", "fortitude": "Fortitude", "gold": "Gold"}
NUMBERS = {2: "two", 3: "three"}


def _what(hook: dict) -> str:
    """What a threshold of her pack does, in the mat's few words."""
    if hook.get("at") == "drinks_per_turn":
        return f"she orders {NUMBERS.get(hook.get('value'), hook.get('value'))} Drinks a turn"
    step = (hook.get("steps") or [{}])[0]
    verb = {"lose": "loses", "gain": "gains"}.get(step.get("do"))
    return f"she {verb} {step.get('amount')} {STATS.get(step.get('stat'), step.get('stat'))}" if verb else "her pack's rule"


@counter
def _brawl(tokens: dict, zones: dict, character) -> list[dict]:
    if "brawl" not in tokens:
        return []
    b, most = tokens.pop("brawl"), limit(character, "brawl", 10)
    marks = thresholds(character, "brawl")
    ahead = next(((n, hook) for n, hook in marks if b < n), None)
    said = f"at {ahead[0]} {_what(ahead[1])}" if ahead else (_what(marks[-1][1]) if marks else "")
    return [{"name": "Brawl count", "text": f"{b} / {most}" + (f" · {said}" if said else ""), "key": "brawl",
             "meter": {"value": b, "max": most}}]
SERIES["brawl"] = "Brawl count (Samantha)"
