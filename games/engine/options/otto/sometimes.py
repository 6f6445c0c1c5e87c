"""Otto's Sometimes box (Allies; digest §22, [002:440-450]; docs/otto.md, R-OTTO-SOMETIMES).

When a player's Action, Sometimes or Anytime card or a Drink is about to do something to him
(change one of his tracks, make him pay Gold), he reveals his top card. If its Sometimes box
answers that type of card, the box goes on the stack as a Sometimes card (`otto_sometimes`
frame, with a response window): "Otto's Sometimes effects count as Sometimes Cards. This
means ... that they can be Negated by 'I don't think so!'" [002:444]. Under it waits what
the trigger does to him (`otto_trigger` frame, no window): it lands once his box has
resolved, unless the box Ignores it; a Negated box does nothing and the trigger lands. A box
that does not answer that type (or no card to reveal) lets the trigger land at once.

What the trigger does is data (frames are plain data): `{"hits": [[seat, stat, delta], ...]}`
on his tracks, or `{"inn_pays": [seat, amount]}` (he pays a player with the Inn's Gold), with
`why` (what the Effects say it came from).
"""
from ...core.flow import RESOLVE
from ...core.frames import find, pop, push
from ...core.interpreter import behaviour_in, counts_as_card, run_steps
from ...core.ops import INN, card, discard_card, emit, gain_gold
from ...core.steps import lands_at_once, seats_of
from .turn import DISCARD, SOMETIMES_BOX, SOURCE, after_him, draw_his_card, hit
from ...core.state import State
from ...core import extensions

RESPONSE = "otto_sometimes"
TRIGGER = "otto_trigger"


def respond(state: State, tracks: list[int], trigger: str, player, cause, effect: dict) -> None:
    """`effect`, from a card of type `trigger` played by `player` (None: his own Drink) or the
    Drink `cause`, is about to reach his `tracks` (the affected tracks [002:446]): he
    reveals his top card and answers with its Sometimes box, or the effect lands at once."""
    cid = draw_his_card(state)
    if cid is None:                        # no card (in a Round of Gambling): no response [002:450]
        _land(state, effect)
        return
    c = card(state, cid)
    box = c.facts.sometimes
    answers = bool(box) and trigger in box["types"]
    emit(state, "otto_sometimes", card=cid, title=c.title, trigger=trigger, answers=answers,
         **({"seat": player} if isinstance(player, int) else {}))
    if not answers:
        state.zones[DISCARD].append(cid)
        _land(state, effect)
        return
    below = push(state, {"f": TRIGGER, "effect": effect, "ignored": False})
    push(state, {"f": RESPONSE, "card": cid, "seat": SOURCE, "type": "Sometimes", "as": SOURCE, "tracks": tracks,
                 "player": player, "cause": cause, "trigger": below["id"]}, poll_from=after_him(state))


def _resolve(state: State, fr: dict) -> None:
    """Nobody Negated his box: it does what it says, on the affected tracks and to the player."""
    pop(state)
    discard_card(state, fr["card"])
    box = dict(fr, why={"reason": "otto_sometimes", "card": fr["card"]})
    run_steps(state, box, card(state, fr["card"]).facts.sometimes["steps"], SOMETIMES_BOX)


def _run_ignore(state, box, step):
    below = find(state, box["trigger"])
    if below is not None:
        below["ignored"] = True
        player = box["player"]
        emit(state, "otto_ignores", card=box["cause"], **({"seat": player} if isinstance(player, int) else {}))


def _run_give(state, box, step):
    for s in seats_of(state, box, "player"):
        gain_gold(state, s, step["amount"], INN, **box["why"])


for _word, _run in lands_at_once("player").items():
    behaviour_in(SOMETIMES_BOX, _word, _run)
behaviour_in(SOMETIMES_BOX, "give", _run_give)
behaviour_in(SOMETIMES_BOX, "ignore", _run_ignore, "The trigger does nothing to the affected track(s).")


def _trigger(state: State, fr: dict):
    """His box is over (resolved or Negated): the trigger lands, unless he Ignored it."""
    pop(state)
    if not fr["ignored"]:
        _land(state, fr["effect"])
    return None


def _land(state: State, effect: dict) -> None:
    why = effect.get("why", {})
    for seat, stat, delta in effect.get("hits", ()):
        if not state.seats[seat].out:
            hit(state, seat, stat, delta, **why)
    if "inn_pays" in effect:
        seat, amount = effect["inn_pays"]
        if not state.seats[seat].out:
            gain_gold(state, seat, amount, INN, reason="otto_pays", card=why.get("card"))


extensions.FRAMES[TRIGGER] = _trigger

def struck(state: State, fr: dict, step: dict, stat: str, delta: int) -> None:
    """A player's card step whose selector names "each other player" or "each player"
    (primitives.EVERYONE), or that picked him as "another player", reaches Otto, on the track
    facing that player [002:430-432]. Called by steps.py through the option."""
    player = fr.get("seat")
    if step["who"] == "target" and fr["args"].get("target") != SOURCE:
        return
    if not isinstance(player, int) or fr.get("card") is None:
        return
    if state.seats[player].out or f"otto:fortitude:{player}" not in state.tokens:
        return
    trigger = card(state, fr["card"]).type.split(" - ")[0]
    why = {"card": fr["card"], "by": player}
    if stat == "gold":
        # "each other player pays you": Otto pays with Inn Gold [002:414], the Inn never runs out
        # (digest §3); it affects his Gold and neither track, so a response "on the affected
        # track(s)" does nothing [002:446]
        if step.get("to") == "player" and delta < 0:
            respond(state, [], trigger, player, fr["card"], {"inn_pays": [player, -delta], "why": why})
        return
    respond(state, [player], trigger, player, fr["card"], {"hits": [[player, stat, delta]], "why": why})


RESOLVE[RESPONSE] = _resolve
extensions.FRAME_CARDS[RESPONSE] = lambda fr: [fr["card"]]       # his revealed box
counts_as_card("negate", RESPONSE)      # "Otto's 'Sometimes' effects count as Sometimes Cards" [002:444]
