"""Lizwick's Items, as far as the rulebooks state them (digest §14.11, §16 [004:14, 30,
781-785; 001:1760-1768]); a pack supplies the rest (how Items are drawn, what each does).

- Items live in zones of their own seat: a face-down Item deck (`hidden`) and the Items in
  hand (`private`, `"playable": true`: played as though from the hand, so only Lizwick uses them
  [001:1760]). The `draw_to_zone` step moves the top card of one zone to another.
- An **Immediate** Item (timing `immediate`) is not kept: when drawn it is resolved at once
  by its owner, as a card of hers with its own window [001:1761-1763].
- An Item played **on a Drink** is a card whose steps answer a Drink ("Loopy Straw" lowered
  her Wine in a Drinking Contest [004:781-785]); `modify_drink` with `"own": true` only
  touches a Drink its player (or a teammate) holds.
- **"Your turn ends now"** (`end_turn` step; "Needle of Sleeping"): the player skips the rest
  of its turn's phases, may play no card for the rest of the turn and Ignores every effect
  until the turn is over (`state.counts["asleep"]`, cleared with the turn's counts); in a
  team game its teammates play the phases left [001:1764-1768, 1559-1574].
"""
from ..core import variants
from ..core.frames import push
from ..core.ops import card, emit
from ..core.state import State
from ..core.interpreter import behaviour
from ..core.primitives import nat, register, short_name
from ..core.words import says

ASLEEP = "asleep"


def asleep(state: State, seat) -> bool:
    got = state.counts.get(ASLEEP)
    return bool(got) and seat in got


def draw(state: State, seat: int, src: str, dst: str, amount: int) -> None:
    s = state.seats[seat]
    for _ in range(amount):
        if not s.zones.get(src):
            return
        cid = s.zones[src].pop()
        c = card(state, cid)
        if "immediate" in c.timing:
            emit(state, "revealed", seat=seat, card=cid, title=c.title, source=src)
            push(state, {"f": "card", "card": cid, "seat": seat, "effect": c.effect, "type": c.type, "args": {},
                         "ignored": [], "inn_pays": [], "leavers": [], "as": "immediate"}, poll_from=seat)
            continue
        s.zones.setdefault(dst, []).append(cid)
        emit(state, "drew_item", seat=seat, zone=dst)


def end_turn(state: State, seat: int) -> None:
    """"Your turn ends now" for `seat`, only during its own turn (a team's shared turn too:
    its teammates play on, not shielded [001:1559-1574])."""
    rules = variants.of(state)
    if state.seats[seat].out or seat not in rules.turn_seats(state) or state.counts.get("end_done"):
        return
    state.counts.setdefault(ASLEEP, []).append(seat)
    emit(state, "turn_ended", seat=seat)
    rules.leave_turn(state, seat)


register("draw_to_zone", "The player moves the top `amount` cards of its zone `from` to its zone `to` (Lizwick's Items); "
         "a card with timing `immediate` is resolved at once instead, as a card of the player's.",
         {"from": short_name, "to": short_name, "amount": nat})
register("end_turn", "The player's turn ends now: it skips its remaining phases, plays no card and Ignores every "
         "effect for the rest of the turn (\"Needle of Sleeping\").")
behaviour("draw_to_zone", run=lambda s, fr, st: draw(s, fr["seat"], st["from"], st["to"], st["amount"]))
behaviour("end_turn", run=lambda s, fr, st: end_turn(s, fr["seat"]))


# --- words (core/words.py) ---

@says("drew_item")
def _drew(fx, s, t):          # which Item stays hers to know
    return f"{s} drew an Item."


@says("turn_ended")
def _ended(fx, s, t):
    return f"{s}'s turn ends now: they skip the rest of it and Ignore every effect until it is over."
