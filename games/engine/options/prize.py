"""The Prize Variant (digest §21 [002:364-384; 003:989-1009]): a table option, `{"prize": true}`.

Every card of type "Prize" the game's packs hold (one of each: the Prizes are "unique") starts
in the Inn (`state.zones["prize"]`); used Prizes wait in the Prize Bin (`"prize:discard"`, the
pile a played Prize is discarded to, since its owner is the shared deck "prize"); the Prize
in play is in the pot (`"prize:pot"`), a won one in front of its winner (`"prize:<seat>"`).
All of them are face up.

- A player who starts a Round of Gambling must choose a Prize from the Inn and add it to the
  pot before anyone antes (prompt `prize`; the ante waits in the frame). An empty Inn takes
  every Prize back from the Bin first; with none in either the Round has no Prize. A Round an
  Event starts: the active player chooses [003:1007]. Only one Prize to choose: no question.
- Whoever takes the pot takes the Prize: the winner, or whoever collects the pot in their
  place or takes it without winning [003:1001-1003]; Gold stolen from the pot never wins it
  [003:999-1001]. A pot that goes to the Inn takes its Prize back to the Inn.
- A won Prize is played by its holder only, never a teammate [003:1009], from in front of
  them as though from the hand (its `timing` and `steps` are a card's); once played it goes
  to the Bin. A Prize held by a player who leaves the game goes back to the Inn
  (R-PRIZE-ELIMINATED).
"""
from ..core import decks, extensions, gambling
from ..core.content import KINDS, load_played, of
from ..core.drinks import portion_answered
from ..core.prompt import Prompt
from ..core.frames import pop, push
from ..core.ops import emit
from ..core.primitives import nat, register
from ..core.state import State
from ..core.steps import drink_portions
from ..core.interpreter import behaviour
from ..core.words import (CARD_TEXTS, CARD_TITLES, MARKS, PANEL_ZONES, Mark, asks, labels, name_of, panel, says, shows,
                          zone_cards)

OPTION = "prize"
INN = "prize"                 # the Inn's Prizes
BIN = INN + ":discard"        # the Prize Bin
POT = INN + ":pot"
PRIZE = "Prize"


def held_zone(seat: int) -> str:
    return f"{INN}:{seat}"


def _prize_keys(state: State) -> list[str]:
    return [c.key for c in of(state).cards.values() if c.type == PRIZE]


class Prizes(extensions.TableOption):
    name = OPTION
    order = 50                  # after the tavern options

    def check(self, table, value):
        if value and not any(c.type == PRIZE for c in table.content.cards.values()):
            return ("The Prize Variant needs a pack with Prize cards: the installed prizes sampler "
                    "(\"prizes\" in options.packs) or your own (docs/packs.md).")
        return None

    def setup(self, state):
        state.zones[INN] = decks.add_cards(state, _prize_keys(state), INN)
        state.zones[BIN] = []

    def place(self, state, position):
        """A scenario's `"prizes": {"bin": [slugs], "pot": [slug], "held": {"<seat>": [slugs]}}`;
        every other Prize is in the Inn."""
        spec = position.get("prizes")
        if not spec:
            return
        inn = state.zones[INN] = state.zones[INN] + state.zones[BIN]
        state.zones[BIN] = []

        def take(slug):
            for cid in inn:
                if state.cards[cid] in (slug, f"{INN}/{slug}") or state.cards[cid].endswith("/" + slug):
                    inn.remove(cid)
                    return cid
            raise ValueError(f"No Prize {slug!r} in this game's packs.")

        state.zones[BIN] = [take(s) for s in spec.get("bin", [])]
        if spec.get("pot"):
            state.zones[POT] = [take(s) for s in spec["pot"]]
        for seat, slugs in (spec.get("held") or {}).items():
            state.zones[held_zone(int(seat))] = [take(s) for s in slugs]

    def turn_end(self, state):
        _return_from_the_out(state)
        return False

    def held(self, state, seat):
        return state.zones.get(held_zone(seat), ())

    def take(self, state, seat, cid):
        mine = state.zones.get(held_zone(seat))
        if mine and cid in mine:
            mine.remove(cid)
            emit(state, "prize_used", seat=seat, card=cid)
            return True
        return False

    def round_started(self, state, rnd, fr, everyone):
        _return_from_the_out(state)
        inn = state.zones[INN]
        if not inn and state.zones[BIN]:          # each Prize is won once before any is won again
            inn.extend(state.zones[BIN])
            state.zones[BIN] = []
            emit(state, "prizes_returned", count=len(inn))
        if not inn:
            return False
        chooser = fr["seat"] if fr.get("f") in ("card", "then") else state.active
        ante = {k: fr[k] for k in ("seat", "card", "type", "inn_pays", "leavers") if k in fr}
        frame = {"f": OPTION, "chooser": chooser, "round": rnd["id"], "ante": ante, "everyone": list(everyone)}
        if len(inn) == 1:
            _choose(state, frame, inn[0])
            _ante(state, frame)
            return True
        push(state, frame)
        return True

    def pot_taken(self, state, seat):
        pot = state.zones.get(POT)
        if not pot:
            return
        cid = pot.pop()
        if seat is None:
            state.zones[INN].append(cid)
            emit(state, "prize_to_inn", card=cid)
        else:
            state.zones.setdefault(held_zone(seat), []).append(cid)
            emit(state, "prize_won", seat=seat, card=cid)


def _return_from_the_out(state: State) -> None:
    for i, s in enumerate(state.seats):
        mine = state.zones.get(held_zone(i))
        if s.out and mine:
            state.zones[INN].extend(mine)
            emit(state, "prize_to_inn", seat=i, card=mine[-1], count=len(mine))
            mine.clear()


def _choose(state: State, frame: dict, cid: int) -> None:
    state.zones[INN].remove(cid)
    state.zones[POT] = [cid]
    emit(state, "prize_chosen", seat=frame["chooser"], card=cid, title=of(state).cards[state.cards[cid]].title)


def _ante(state: State, frame: dict) -> None:
    """The Prize is in the pot: now everyone antes, as the Round's card says."""
    rnd = next(f for f in state.stack if f["id"] == frame["round"])
    ante = dict(frame["ante"])
    ante.setdefault("inn_pays", [])
    ante.setdefault("leavers", [])
    gambling.ante_and_go(state, rnd, ante, frame["everyone"])


def prompt(state: State, fr: dict):
    return Prompt(fr["chooser"], OPTION, [{"seat": fr["chooser"], "type": OPTION, "card": cid}
                                          for cid in sorted(state.zones[INN])])


def execute(state: State, d: dict, fr: dict) -> None:
    pop(state)
    _choose(state, fr, d["card"])
    _ante(state, fr)


# --- what the printed Prizes do ---------------------------------------------------------------

register("drink_fortitude", "Answering a Drink you are about to drink (not a teammate's): when you drink it you "
         "also gain Fortitude equal to its Alcohol Content, at most `max` (Talisman of Liquid Courage, "
         "R-PRIZE-TALISMAN).", {"max": nat})


def _args_drink_fortitude(state, seat, card, step, ctx, chosen):
    return [{"portion": k} for k, p in drink_portions(ctx) if p["holder"] == seat and not p["ignored"]
            and not p.get("fortitude_max")]


def _run_drink_fortitude(state, fr, st):
    _drink, p = portion_answered(state, fr)
    p["fortitude_max"] = st["max"]
    emit(state, "drink_fortitude", seat=p["holder"], card=fr["card"], most=st["max"])


behaviour("drink_fortitude", answers={"drink"}, run=_run_drink_fortitude, args=_args_drink_fortitude)

extensions.register_option(Prizes())
KINDS[PRIZE] = load_played             # played as though from the hand
extensions.FRAMES[OPTION] = prompt
extensions.DECISIONS[OPTION] = execute
extensions.PUBLIC_ZONES.add(INN)


# --- words (core/words.py) ---

@says("prize_chosen")
def _chosen(fx, s, t):
    return f"{s} put the Prize “{fx.get('title') or t.title(fx.get('card'))}” in the pot."


@says("prize_won")
def _won(fx, s, t):
    return f"{s} took the Prize {t.title(fx.get('card'))} with the pot."


@says("prize_to_inn")
def _to_inn(fx, s, t):
    if fx.get("seat") is not None:
        return f"{s}'s Prize{'s go' if fx.get('count', 1) > 1 else ' goes'} back to the Inn."
    return f"The Prize {t.title(fx.get('card'))} went back to the Inn with the pot."


@says("prize_used")
def _used(fx, s, t):
    return f"{s} used the Prize {t.title(fx.get('card'))}: it goes to the Prize Bin."


@says("prizes_returned")
def _returned(fx, s, t):
    return f"No Prize was left in the Inn: the {fx.get('count')} in the Prize Bin go back to the Inn."


@says("drink_fortitude")
def _fortitude(fx, s, t):
    return f"{s} will also gain up to {fx.get('most')} Fortitude from the Drink{t.because(fx)}."


asks("prize", "You started a Round of Gambling: choose the Prize from the Inn that goes in the pot (before anyone antes).",
     "choosing the Prize")
MARKS["prize_won"] = Mark("tavern", lambda fx, names: {"title": f"{name_of(names, fx.get('seat'), 'someone')} won a Prize"},
                          lambda e: e["title"], "#c9a227")


# --- its panel and buttons on the table page -----------------------------------

PANEL_ZONES.add(INN + ":")


@panel("tavern")
def _panel(view: dict, names: list[str]) -> dict | None:
    """The Prizes in the Inn, in the pot, in front of each player and in the Bin."""
    zones = view.get("zones") or {}
    if not (view.get("options") or {}).get(OPTION) or INN not in zones:
        return None
    held = []
    for name in sorted(zones):
        seat = name.split(":", 1)[1] if name.startswith(INN + ":") else ""
        if seat.isdigit() and int(seat) < len(names) and zone_cards(zones, name):
            held.append({"name": names[int(seat)], "cards": zone_cards(zones, name)})
    return {"prize": {"inn": zone_cards(zones, INN), "pot": zone_cards(zones, POT), "bin": zone_cards(zones, BIN), "held": held}}


shows(OPTION)(lambda fr, who, names: {"title": f"{name_of(names, fr.get('chooser'), 'The starter')} chooses the Prize "
                                               "for the pot"})
CARD_TITLES.add(INN)
CARD_TEXTS.add(INN)


labels(OPTION)(lambda d, a: f"Put {a.titles.get(d.get('card'), 'this Prize')} in the pot")
