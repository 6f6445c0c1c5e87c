"""Otto, Our Mechanical Friend (Allies; digest §22, [002:386-492]): the table option `{"otto": true}`.

This module is what the core sees of him: the option (its setup, its turn-end and gambling
points, and the participant points through which "each player" reaches him, who is no
seat), his turn as a frame the engine plays by itself, and the registrations. His rules are
beside it: `turn.py` (his deck, his turn's Action box, his tracks, how a card reaches him),
`drinks.py` (his Drink phase, and his part in the players' Drinks), `events.py` (his part in
a Dungeon Event), `sometimes.py` (his Sometimes box answering a card).
"""
from ...core import decks, extensions, variants
from ...core.content import KINDS, Card, of
from ...core.flow import RESOLVE
from ...core.frames import pop, push
from ...core.interpreter import counts_as_card
from ...core.ops import emit
from ...core.rng import choice
from ...core.state import State
from ..dungeon import DECK as DUNGEON
from . import drinks, events, sometimes, turn, words  # noqa: F401  (words: what he does, told)
from .turn import DECK, FACTIONS, MAX_PLAYERS, OPTION, PLAY, TRACK_MAX, deck_keys, otto_keys, set_track


class Otto(extensions.TableOption):
    name = OPTION
    order = 60                  # last: after Dungeon Events, whose counter his turn takes off
    participants = frozenset({turn.SOURCE})     # he is no seat

    values = (f"true (two factions at random), false, or a list of one or two different factions from: "
              f"{', '.join(FACTIONS)}")

    def accepts(self, value):
        return type(value) is bool or (type(value) is list and 1 <= len(value) <= 2
                                       and all(type(v) is str and v in FACTIONS for v in value)
                                       and len(set(value)) == len(value))

    def check(self, table, value):
        if value is False:
            return None
        if table.variant != "base":     # a foil to individual players [002:464]
            return ("otto_team_variant", "Otto can't play in a team or Boss game: he is a foil to individual players "
                                         "(Allies rulebook). Choose \"Everyone for themselves\" or leave Otto out.")
        if table.players > MAX_PLAYERS:     # R-OTTO-PLAYERS
            return ("otto_player_count", f"Otto plays at tables of 2 to {MAX_PLAYERS} players; choose fewer players "
                                         "or leave Otto out.")
        return None

    def setup(self, state):
        keys = otto_keys(of(state))
        value = state.options[OPTION]
        if isinstance(value, list):
            factions = [f for f in value if f in keys]
        else:
            pool = sorted(keys)
            factions = []
            for n in range(min(2, len(pool))):       # two of the factions the game holds [002:408]
                factions.append(pool.pop(choice(len(pool), state.seed, f"otto-faction-{n}")))
        state.options["otto_factions"] = sorted(factions)     # public: which two are in play
        decks.deal(state, DECK, list(deck_keys(of(state), factions)))
        for s in range(len(state.seats)):
            set_track(state, s, TRACK_MAX, 0)
        if "starting_gold" not in state.options:
            # Otto counts as one more player for the Gold everyone starts with: 10, not 8 [002:410]
            gold = variants.of(state).starting_gold(len(state.seats) + 1)
            for m in state.mats:
                m.gold = gold
        push(state, {"f": DECK, "step": "action", "first": True})   # Otto always goes first [002:410]

    def place(self, state, position):
        """A scenario's `"otto": {"deck": [slugs, top first], "discard": [...], "tracks":
        {"<seat>": [fortitude, alcohol]}, "before": seat, "turn": true}`: a position is a game under
        way, so his first turn is behind it unless `turn` says his turn comes now."""
        state.stack[:] = [fr for fr in state.stack if fr["f"] != DECK]
        spec = position.get(DECK) or {}
        decks.place(state, DECK, spec, state.zones[DECK], "Otto card")
        for seat, (f, a) in (spec.get("tracks") or {}).items():
            set_track(state, int(seat), f, a)
        state.tokens["otto:before"] = spec.get("before", 0)
        if spec.get("turn"):
            push(state, {"f": DECK, "step": "action"})

    def turn_end(self, state):
        if turn.settle(state):
            return True
        if state.counts.get(DECK):
            return False
        state.counts[DECK] = True
        if not turn.passes_him(state):
            return False
        push(state, {"f": DECK, "step": "action"})
        return True


    def anted(self, state, rnd, paid):
        """He is in every Round and antes with Gold from the Inn [002:436] (R-OTTO-GAMBLING)."""
        rnd["otto"] = True
        rnd.setdefault("otto_seen", rnd["starter"])
        if paid:
            turn.ante(state)

    def round_turn(self, state, rnd):
        return turn.gamble(state, rnd)

    # --- Otto as a participant who is no seat (the core's participant points) ---------------

    def targets(self, state, seat, card):
        return turn.targets(state, seat, card)

    def struck(self, state, fr, step, stat, delta):
        sometimes.struck(state, fr, step, stat, delta)

    def toast(self, state, card_fr, fr):
        drinks.toast(state, card_fr, fr)

    def drink_portion(self, state, fr, p):
        drinks.drink_portion(state, fr, p)

    def start_event(self, state, fr_event):
        drinks.event(state, fr_event)

    def contest_reveal(self, state, fr):
        drinks.contest_reveal(state, fr)

    def contest_pays(self, state, payer, winner):
        drinks.contest_pays(state, payer, winner)

    def portion_pays(self, state, fr, amount):
        drinks.mixin_pays(state, fr, amount)

    def event_part(self, state, fr, steps, drink, why):
        events.take_part(state, fr, steps, drink, why)

    def in_round(self, state, rnd):
        return turn.SOURCE if rnd.get("otto") else None     # he is in every Round he knew of (anted)


def prompt(state: State, fr: dict):
    """Otto's turn: nothing to ask anyone; each look plays one phase of it."""
    if fr["step"] == "action":
        if "first" in fr and "otto:before" not in state.tokens:
            state.tokens["otto:before"] = state.active      # he sits just before the first player
        emit(state, "otto_turn")
        fr["step"] = "drink"
        turn.action_phase(state)
        return None
    if fr["step"] == "drink":
        fr["step"] = "end"              # his Drink (or a Drink Event) is drunk within his turn
        drinks.drink(state)
        return None
    pop(state)
    _dungeon_counter(state, fr)
    turn.settle(state)
    return None


def _dungeon_counter(state: State, fr: dict) -> None:
    """A Dungeon Event counter comes off at the end of his turn too [002:464]."""
    if not state.options.get("dungeon_events"):
        return
    held = state.counts.pop(DUNGEON, None)
    extensions.OPTIONS[DUNGEON + "_events"].turn_end(state)
    if fr.get("first") or not held:
        state.counts.pop(DUNGEON, None)     # the player's own turn still takes its counter off


extensions.register_option(Otto())
extensions.FRAMES[DECK] = prompt
RESOLVE[PLAY] = turn.cheat_lands
extensions.FRAME_CARDS[PLAY] = lambda fr: [fr["card"]]       # his Cheating box
counts_as_card("catch_cheater", PLAY)      # his Cheating box counts as a Cheating card (R-OTTO-CHEATING)


def _load_card(c, common, bad):
    found = list(turn.check_card(c))
    for msg, fld in found:
        bad(fld, msg)
    if found:
        return None
    return Card(**common, facts=turn.OttoFacts(c["faction"], tuple(c["action"]), c.get("sometimes"),
                                               c.get("gambling")))


KINDS[turn.OTTO] = _load_card
