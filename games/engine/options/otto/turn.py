"""Otto, Our Mechanical Friend (Allies; digest §22, [002:386-492]): a table option, `{"otto": true}`.

Otto is part of the rules, not a player anyone controls, so he is **not a seat**: every seat
is a person or a bot that can win, lose, hold cards and be asked; Otto does none of that
[002:412-414] (R-OTTO-NO-SEAT). He lives in the table's state:

- `state.zones["otto"]` his deck (top last), `"otto:discard"` its discard pile; dealt from the
  game's cards of type "Otto", two factions of them [002:408] (R-OTTO-FACTIONS);
- `state.tokens["otto:fortitude:<seat>"]` / `"otto:alcohol:<seat>"`: his 0-6 track facing each
  player, 6 and 0 at the start [002:408]; `"otto:owed:<seat>"` rewards a player has earned by
  making him pass out on their track and not yet taken; `"otto:before"`: the seat he sits
  just before (he always goes first [002:410]).

His turn is a frame (`"otto"`) the engine plays by itself: his Action phase reveals and
discards the top card of his deck and follows its Action box (which may start a Round of
Gambling, R-OTTO-STARTS-ROUND); his Drink phase drinks a Drink (with its Chasers) from the
Drink Deck onto both tracks, or has a Drink Event he turns over take place [002:422-428]
(drinks.py: R-OTTO-DRINK, R-OTTO-EVENT). It comes before the
first player's first turn and then every time the turn passes him (after the turn of the seat
before him). A track where his Alcohol Content reaches his Fortitude is reset to 0 and 6, and
that player chooses 1 Gold from the Inn or 2 cards [002:416-418] (a `pick` frame, asked at
the end of the turn: R-OTTO-TRACK).

A player's card that makes "each other player" or "each player" lose or gain Fortitude or
Alcohol Content also does it to Otto, on that player's track only [002:430-434]; one that
makes each other player pay its player Gold makes Otto pay from the Inn [002:414]; one that
picks "another player" may pick him when he can take all it does (R-OTTO-TARGETING).

An Otto card says what its Action box does with `action`, written in the step language
(primitives.py) in the box `ACTION_BOX`: lose, gain, pay and gamble as on a card, and his own
give and self; what it does to players waits as pending changes they may answer
(R-OTTO-ANSWER). Its optional `sometimes` box (steps in `SOMETIMES_BOX`: ignore, self, lose,
gain, pay, give) answers a card or Drink about to change his tracks, as a Sometimes card
players may Negate (sometimes.py, R-OTTO-SOMETIMES). Its optional `gambling` box (one of
`PLAYS`, not steps) is what he plays on his turn in a
Round of Gambling: he is in every Round, antes from the Inn, takes his gambling turn when the
turn passes his place, and passes when the play would be illegal or he reveals nothing to
play; a pot he wins goes to the Inn (R-OTTO-GAMBLING).
"""
from ...core import changes, choices, decks
from dataclasses import dataclass

from ...core.content import ACTION, CHEATING, GAMBLING, Facts
from ...core.frames import active_round, pop, push
from ...core.interpreter import behaviour_in, run_steps
from ...core.ops import INN, POT, card, discard_card, draw_cards, emit, gain_gold
from ...core.primitives import EXTREMES, STATS, Box, check_steps, nat, one_of, register_box, selector
from ...core.seating import next_living, order_from
from ...core.state import State
from ...core.steps import seats_of

OPTION = "otto"
OTTO = "Otto"                 # his kind of card
DECK = "otto"
DISCARD = DECK + ":discard"
TRACK_MAX = 6
MAX_PLAYERS = 6           # the rulebook adds him to two players; we allow up to 6 (R-OTTO-PLAYERS)
FACTIONS = ("warrior", "rogue", "cleric", "wizard")
REWARDS = ("gold", "cards")
#: Otto where a seat would be: a Drink's holder, a change's source, a card's target, a Round's
#: controller. He is no seat, so nothing indexes `state.seats` with it (and nobody hits back at him).
SOURCE = "otto"
PLAY = "otto_play"        # his Cheating box on the stack, as a Cheating card (R-OTTO-CHEATING)

#: The boxes of his cards, written in the step language (primitives.py). His Action box names
#: each player, or the player(s) with the most / least of something (all of them when tied
#: [002:426]); what it does to players waits as pending changes they may answer. His Sometimes
#: box acts on "the player" whose card affected him (nobody for a Drink he drinks) and on "the
#: affected track(s)" [002:440-450]; what it does lands at once.
ACTION_BOX, SOMETIMES_BOX = "otto_action", "otto_sometimes"
_FIXED = {"to": "inn", "ignore_reduces": 0, "only_target": False}      # Gold he is paid goes to the Inn [002:414]
register_box(Box(ACTION_BOX, "an Otto card's Action box", stats=STATS[:2], empty=True, fixed=_FIXED,
                 who=("each",) + EXTREMES))
register_box(Box(SOMETIMES_BOX, "an Otto card's Sometimes box", stats=STATS[:2], fixed={"who": "player", **_FIXED}))
TRIGGERS = ("Action", "Sometimes", "Anytime", "Drink")


@dataclass(frozen=True)
class OttoFacts(Facts):
    """One of Otto's cards: its faction and its boxes (`sometimes`: {"types", "steps"} or None;
    `gambling`: {"play"} or None)."""
    faction: str
    action: tuple
    sometimes: dict | None
    gambling: dict | None


def _nonzero(v):
    """a whole number, not 0 (below 0 loses)"""
    return isinstance(v, int) and not isinstance(v, bool) and v != 0


#: What his Gambling or Cheating box plays in a Round of Gambling [002:436]; each takes control.
PLAYS = {
    "gamble": "a Gambling play (like \"Gambling? I'm in!\"): takes control, not after a Winning Hand",
    "raise": "a Gambling play (like \"I raise!\"): everyone in the Round antes 1 more (Otto from the Inn), "
             "then he takes control; not after a Winning Hand",
    "winning_hand": "a Gambling play (like \"Winning Hand!\"): takes control, and only a Cheating card can "
                    "take it back; not after a Winning Hand",
    "cheat": "a Cheating play: takes control, even after a Winning Hand",
}


# --- the vocabulary: checked when a pack is loaded ------------------------------------------

def check_card(c: dict):
    """(message, field) for every problem of an Otto card."""
    if c.get("faction") not in FACTIONS:
        yield f"An Otto card belongs to a faction, one of: {', '.join(FACTIONS)}.", "faction"
    yield from _check_sometimes(c.get("sometimes"))
    box = c.get("gambling")
    if box is not None and (not isinstance(box, dict) or set(box) != {"play"}):
        yield "A Gambling box is {\"play\": what he plays}.", "gambling"
    elif box is not None and box["play"] not in PLAYS:
        yield f"Unknown Otto gambling play {box['play']!r}; one of: {', '.join(PLAYS)}.", "gambling.play"
    action = c.get("action")
    if not isinstance(action, list):
        yield "An Otto card's Action box is a list of steps (\"action\": [...]; [] does nothing).", "action"
        return
    yield from check_steps(action, "action", ACTION_BOX)


def _check_sometimes(box):
    if box is None:
        return
    if not isinstance(box, dict) or set(box) != {"types", "steps"}:
        yield "A Sometimes box is {\"types\": [card types it answers], \"steps\": [...]}.", "sometimes"
        return
    types = box["types"]
    if not isinstance(types, list) or not types or any(t not in TRIGGERS for t in types):
        yield f"\"types\" lists the card types it answers, from: {', '.join(TRIGGERS)}.", "sometimes.types"
    yield from check_steps(box["steps"], "sometimes.steps", SOMETIMES_BOX)


# --- where Otto is ---------------------------------------------------------------------------

def track(state: State, seat: int) -> tuple[int, int]:
    """(Fortitude, Alcohol Content) of the track facing `seat`."""
    return state.tokens[f"otto:fortitude:{seat}"], state.tokens[f"otto:alcohol:{seat}"]


def set_track(state: State, seat: int, fortitude: int, alcohol: int) -> None:
    state.tokens[f"otto:fortitude:{seat}"] = fortitude
    state.tokens[f"otto:alcohol:{seat}"] = alcohol


def hit(state: State, seat: int, stat: str, delta: int, **why) -> None:
    """Change Otto's track facing `seat` (clamped to 0-6); passing out resets it and owes
    that player their reward."""
    f0, a0 = f, a = track(state, seat)
    if stat == "fortitude":
        f = min(TRACK_MAX, max(0, f + delta))
    else:
        a = min(TRACK_MAX, max(0, a + delta))
    set_track(state, seat, f, a)
    emit(state, "otto_track", seat=seat, stat=stat, delta=(f - f0) + (a - a0), asked=delta, fortitude=f, alcohol=a,
         **why)
    if a >= f:
        set_track(state, seat, TRACK_MAX, 0)
        key = f"otto:owed:{seat}"
        state.tokens[key] = state.tokens.get(key, 0) + 1
        emit(state, "otto_passed_out", seat=seat)


def targets(state: State, seat: int, c) -> list[dict]:
    """Otto as the other player a card picks [002:430] (R-OTTO-TARGETING): offered for a card
    whose every step is one he can take (lose, gain or pay, aimed at its target), on the track
    facing its player. Called by responses._add for target "other"."""
    if (f"otto:fortitude:{seat}" in state.tokens and not c.riders and c.steps
            and all(st["do"] in ("lose", "gain", "pay") and st.get("who") == "target" for st in c.steps)):
        return [{"target": SOURCE}]
    return []


# --- the table option ------------------------------------------------------------------------

def otto_keys(content) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c in content.cards.values():
        if c.type == OTTO:
            out.setdefault(c.facts.faction, []).extend([c.key] * c.quantity)
    return out


def deck_keys(content, factions) -> list[str]:
    """Otto's cards for these factions, in the order set-up makes their instances (the bots'
    determinizer rebuilds the same list from the public `options["otto_factions"]`)."""
    keys = otto_keys(content)
    return [k for f in sorted(factions) for k in keys.get(f, [])]


def gamble(state: State, rnd: dict) -> bool:
    """If the gambling turn, moving on to `rnd["turn"]`, went past his place, he takes his turn
    first: he reveals his top card and plays its Gambling box, or passes [002:436-438]."""
    if not rnd.get("otto"):
        return False
    seen, now = rnd["otto_seen"], rnd["turn"]
    if seen == now:
        return False
    rnd["otto_seen"] = now
    if rnd["ended"]:
        return False
    before = state.tokens.get("otto:before", 0)
    n = len(state.seats)
    between = [(seen + k) % n for k in range(1, (now - seen) % n + 1)]
    if before not in between:
        return False
    cid = draw_his_card(state)                  # an empty deck waits for the Round's end [002:438]
    play = None
    if cid is not None:
        c = card(state, cid)
        play = (c.facts.gambling or {}).get("play")
        emit(state, "otto_gambles", card=cid, title=c.title, play=play)
        if play == "cheat":
            # His Cheating box counts as a Cheating card, as his Sometimes box counts as a Sometimes
            # card [002:444]: it goes on the stack, where a player may catch him cheating
            # (R-OTTO-CHEATING); it takes control when nobody has.
            push(state, {"f": PLAY, "card": cid, "seat": SOURCE, "type": CHEATING, "as": "gamble", "play": play},
                 poll_from=after_him(state))
            return True
        state.zones[DISCARD].append(cid)
    if play is None or (play != "cheat" and rnd["cheat_only"]):
        # no card, no box, or a play the Round doesn't allow: he passes instead [002:436]
        emit(state, "otto_gamble_pass", illegal=play is not None, empty=cid is None)
        rnd["passes"] += 1
        return True
    rnd["controller"], rnd["passes"], rnd["cheat_only"] = SOURCE, 0, play == "winning_hand"
    emit(state, "otto_control", card=cid, play=play)
    if play == "raise":
        # the players' antes are pending changes they may answer, as any card's are
        changes.submit(state, [changes.change(SOURCE, s, "gold", -1, card=cid, as_type=GAMBLING, to=POT,
                                              reason="ante", no_hitback=True, no_redirect=True)
                               for s in rnd["participants"]])
        ante(state)
    return True


def cheat_lands(state: State, fr: dict) -> None:
    """Nobody caught him: his Cheating box takes control of the Round."""
    pop(state)
    discard_card(state, fr["card"])
    rnd = active_round(state)
    if rnd is not None:
        rnd["controller"], rnd["passes"], rnd["cheat_only"] = SOURCE, 0, False
        emit(state, "otto_control", card=fr["card"], play=fr["play"])


def ante(state: State) -> None:
    state.inn -= 1                      # the Inn never runs out (digest §3)
    state.pot += 1
    emit(state, "gold", seat=INN, to=POT, amount=1, asked=1, by_inn=False, reason="otto_ante")


def passes_him(state: State) -> bool:
    """Whether the turn, going from the active seat to the next, goes past Otto's place."""
    before = state.tokens.get("otto:before", 0)
    nxt = next_living(state, state.active)
    for s in order_from(state, state.active)[1:]:
        if s == before:
            return True
        if s == nxt:
            return False
    return nxt == state.active          # one seat left: the game is over anyway


def settle(state: State) -> bool:
    """Ask every player Otto owes a reward (in turn order from the active seat); True if asked."""
    for s in order_from(state, state.active):
        key = f"otto:owed:{s}"
        if state.tokens.get(key):
            state.tokens[key] -= 1
            if not state.tokens[key]:
                del state.tokens[key]
            if state.seats[s].out:
                continue
            choices.ask(state, s, "otto_reward", REWARDS, then="otto_reward")
            return True
    return False


@choices.handler("otto_reward")
def _reward(state: State, fr: dict, option) -> None:
    seat = fr["seat"]
    if state.seats[seat].out:
        return                                  # out of the game before choosing: nothing owed
    if option == "cards":
        draw_cards(state, seat, 2)
    else:
        gain_gold(state, seat, 1, INN, reason="otto_reward")
    emit(state, "otto_reward", seat=seat, reward=option or "gold")


# --- his turn --------------------------------------------------------------------------------

def draw_his_card(state: State):
    if not state.zones[DECK] and active_round(state) is not None:
        return None                     # not reshuffled until the Round of Gambling is over [002:420]
    if not decks.refill(state, DECK):   # his discards become his deck at once [002:420]
        return None
    return state.zones[DECK].pop()


def action_phase(state: State) -> None:
    cid = draw_his_card(state)
    if cid is None:
        emit(state, "otto_no_card")                     # nothing to reveal: nothing happens [002:460]
        return
    state.zones[DISCARD].append(cid)
    c = card(state, cid)
    emit(state, "otto_action", card=cid, title=c.title, faction=c.facts.faction)
    box = {"seat": SOURCE, "card": cid, "tracks": state.living(), "why": {"reason": "otto", "card": cid},
           "changes": []}
    run_steps(state, box, c.facts.action, ACTION_BOX)
    changes.submit(state, box["changes"])


def _pending(sign, stat=None, to=None):
    """What his Action box does to the players it names waits as pending changes "as though"
    from an Action card, so a player it hits answers it as usual (R-OTTO-ANSWER); it has no
    card of a seat's for a response to name, nobody hits back at him and nothing redirects it."""
    def run(state, box, step):
        for s in seats_of(state, box, step["who"]):
            box["changes"].append(changes.change(SOURCE, s, stat or step["stat"], sign * step["amount"],
                                                 as_type=ACTION, reason="otto", to=to, no_hitback=True,
                                                 no_redirect=True, otto_card=box["card"]))
    return run


def _run_self(state, box, step):
    for s in box["tracks"]:
        if not state.seats[s].out:
            hit(state, s, step["stat"], step["amount"], **box["why"])


def _run_gamble(state, box, step):
    box["changes"] += _start_round(state, box["card"])


def _start_round(state: State, cid: int) -> list:
    """His Action box starts a Round of Gambling (R-OTTO-STARTS-ROUND): the Round frame goes on
    the stack over his turn, he is its starter and in control, he antes from the Inn at once and
    each player's ante is a pending change "as though" from an Action card (R-OTTO-ANSWER),
    returned for `action_phase` to submit with the box's other changes. No Prize goes in the pot
    [002:466]: gambling.start, which asks the starter for one, is not called. The first gambling
    turn is the first player's after his place, and his own comes when the turn passes it again.
    A Round already under way makes it an illegal play: nothing [002:460]."""
    if active_round(state) is not None:
        emit(state, "otto_no_round", card=cid)
        return []
    participants = state.living()
    first = after_him(state)
    push(state, {"f": "round", "starter": SOURCE, "participants": participants, "controller": SOURCE,
                 "turn": first, "passes": 0, "cheat_only": False, "ended": False, "winner": None,
                 "won_open": False, "otto": True, "otto_seen": first})
    emit(state, "otto_starts_round", card=cid, participants=participants)
    ante(state)
    return [changes.change(SOURCE, s, "gold", -1, as_type=ACTION, to=POT, reason="ante", no_hitback=True,
                           no_redirect=True, otto_card=cid) for s in participants]


def after_him(state: State) -> int:
    """The first living player after his place: where a window he opens starts (clockwise)."""
    return next(s for s in order_from(state, state.tokens.get("otto:before", 0)) if not state.seats[s].out)


behaviour_in(ACTION_BOX, "lose", _pending(-1))
behaviour_in(ACTION_BOX, "gain", _pending(1))
behaviour_in(ACTION_BOX, "pay", _pending(-1, "gold", INN))
behaviour_in(ACTION_BOX, "give", _pending(1, "gold"), "Otto gives the players named `amount` Gold, from the Inn "
             "[002:414].", {"amount": nat, "who": selector})
behaviour_in(ACTION_BOX, "gamble", _run_gamble)
for _box in (ACTION_BOX, SOMETIMES_BOX):
    behaviour_in(_box, "self", _run_self, "Otto gains (`amount` above 0) or loses `stat` on his tracks: both of them "
                 "in his Action box, the affected track(s) in his Sometimes box.", {"stat": one_of(*STATS[:2]),
                                                                                   "amount": _nonzero})
