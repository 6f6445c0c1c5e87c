"""Rounds of Gambling (digest §12).

A `round` frame sits on the stack while the Round lasts, so nothing below it
(the active seat's phases, loss checks) moves until it ends. Gambling turns go
clockwise among the participants; a Gambling or Cheating card takes control;
the Round ends when everyone else has passed since the last control change.
"""
from . import extensions
from .changes import change, submit
from .frames import active_round, find, pop, push
from .ops import INN, POT, discard_card, emit, gain_gold
from .seating import living_from, taking_part
from .state import State


def _next_in(rnd: dict, seat: int, n_seats: int) -> int:
    for k in range(1, n_seats + 1):
        s = (seat + k) % n_seats
        if s in rnd["participants"]:
            return s
    return seat


def _ante(state: State, rnd: dict, fr: dict, seats: list[int]) -> None:
    """Everyone listed antes 1 — unless the player of the ante card can't (digest §12.1)."""
    player = fr["seat"]
    broke = state.seats[player].gold == 0 and player not in fr["inn_pays"]
    if broke and player in seats and player not in fr["leavers"]:
        emit(state, "no_ante", seat=player)
        if state.options:
            extensions.anted(state, rnd, paid=False)     # Otto is in the Round all the same
        return
    # Each ante is a pending Gold change into the pot (changes.py): a card may replace it
    # (Vlazlo's "Blood Money? I'm In!" [001:2037-2040]); in the base game it lands at once.
    submit(state, [change(player, s, "gold", -1, card=fr["card"], as_type=fr["type"], to=POT, reason="ante",
                          inn_pays=s in fr["inn_pays"]) for s in seats if s not in fr["leavers"]])
    if state.options:
        extensions.anted(state, rnd, paid=True)      # Otto antes from the Inn (options/otto/)


def start(state: State, fr: dict) -> None:
    """"Gambling? I'm in!" as an Action: a Round begins and everyone antes."""
    player = fr["seat"]
    everyone = taking_part(state, fr, player)     # the Champions only, in a team game (§15.5)
    participants = [s for s in everyone if s not in fr["leavers"]]
    rnd = push(state, {"f": "round", "starter": player, "participants": participants,
                       "controller": player if player in participants else None,
                       "turn": player, "passes": 0, "cheat_only": False, "ended": False,
                       "winner": None, "won_open": False})
    emit(state, "round_started", seat=player, participants=participants)
    if state.options and extensions.round_started(state, rnd, fr, everyone):
        return                # a Prize goes in the pot first; the option has everyone ante then
    ante_and_go(state, rnd, fr, everyone)


def ante_and_go(state: State, rnd: dict, fr: dict, everyone: list) -> None:
    _ante(state, rnd, fr, everyone)
    rnd["turn"] = _next_in(rnd, fr["seat"], len(state.seats))


def take_control(state: State, fr: dict, cheat_only: bool = False) -> None:
    rnd = active_round(state)
    if rnd is None:
        return                                   # the Round ended while the card waited
    seat = fr["seat"]
    # A player who left in answer to their own ante card takes no control (004:313-316).
    rnd["controller"] = seat if seat in rnd["participants"] else None
    rnd["passes"] = 0
    rnd["cheat_only"] = cheat_only
    emit(state, "control", seat=seat, card=fr["card"])
    rnd["turn"] = _next_in(rnd, seat, len(state.seats))


def ante_all(state: State, fr: dict) -> None:
    """"I raise!": everyone still in the Round antes 1 more."""
    rnd = active_round(state)
    if rnd is not None:
        _ante(state, rnd, fr, list(rnd["participants"]))


def force_out(state: State, fr: dict) -> None:
    rnd = active_round(state)
    if rnd is None:
        return
    target = fr["args"]["target"]
    if target in rnd["participants"]:
        rnd["participants"].remove(target)
        emit(state, "left_round", seat=target, forced=True)
    rnd["turn"] = _next_in(rnd, fr["seat"], len(state.seats))


def pass_turn(state: State, rnd: dict) -> None:
    emit(state, "gamble_pass", seat=rnd["turn"])
    rnd["passes"] += 1
    rnd["turn"] = _next_in(rnd, rnd["turn"], len(state.seats))


def negated_play(state: State, fr: dict) -> None:
    """A Negated Gambling/Cheating play counts as that player passing."""
    rnd = active_round(state)
    if rnd is not None and rnd["turn"] == fr["seat"]:
        pass_turn(state, rnd)


def leave(state: State, seat: int, ante_frame: dict) -> None:
    """Skip an ante and leave the Round; earlier antes stay in the pot."""
    if ante_frame is not None:
        ante_frame["leavers"].append(seat)
    rnd = active_round(state)
    if rnd is not None and seat in rnd["participants"]:
        rnd["participants"].remove(seat)
        if rnd["controller"] == seat:
            rnd["controller"] = None
    emit(state, "left_round", seat=seat, forced=False)


def end(state: State, rnd: dict, winner) -> None:
    rnd["ended"], rnd["winner"] = True, winner
    emit(state, "round_ended", winner=winner, pot=state.pot)


def end_to_inn(state: State, fr: dict, to: str = "inn") -> None:
    """"Oh, I guess the Wench thought that was her tip...": the pot goes to the Inn. With
    `to` "player" ("You don't need a winning hand when you have enough goons!") the card's
    player takes the anted Gold without winning the Round [001:2263-2276]."""
    rnd = active_round(state)
    if rnd is None:
        return
    if to == "player" and state.pot:
        gain_gold(state, fr["seat"], state.pot, POT, card=fr["card"])
    if to == "player" and state.options:
        extensions.pot_taken(state, fr["seat"])        # taking the pot takes its Prize
    end(state, rnd, None)


def anti_cheat(state: State, fr: dict) -> None:
    """Negate the Cheating card answered, and win the Round."""
    cheat = find(state, fr["on"])
    if cheat is not None and cheat is state.stack[-1]:
        pop(state)
        discard_card(state, cheat["card"])
        emit(state, "negated", target=cheat["card"], target_seat=cheat["seat"], card=fr["card"], by=fr["seat"])
    rnd = active_round(state)
    if rnd is not None:
        end(state, rnd, fr["seat"])


def grab_coin(state: State, fr: dict, amount: int) -> None:
    if state.pot > 0:
        gain_gold(state, fr["seat"], amount, POT, card=fr["card"])


def take_pot(state: State, fr: dict) -> None:
    won = find(state, fr["on"])
    if won is not None and not won["claimed"]:
        won["collector"], won["claimed"] = fr["seat"], True


def step(state: State, rnd: dict):
    """The Round is the top frame: end it, or say whose gambling turn it is."""
    if not rnd["ended"]:
        # A table option's participant with no seat (Otto) may be one more in the Round
        other = extensions.in_round(state, rnd) if state.options else None
        n = len(rnd["participants"]) + (other is not None)
        if n <= 1:
            end(state, rnd, rnd["participants"][0] if rnd["participants"] else other)
        elif rnd["controller"] is not None and rnd["passes"] >= n - 1:
            end(state, rnd, rnd["controller"])
        elif rnd["controller"] is None and rnd["passes"] >= n:
            end(state, rnd, None)
    if rnd["ended"]:
        if isinstance(rnd["winner"], int) and not rnd["won_open"]:     # Otto's pot goes to the Inn
            rnd["won_open"] = True
            others = [s for s in living_from(state, state.active) if s != rnd["winner"]]
            push(state, {"f": "won", "winner": rnd["winner"], "collector": rnd["winner"], "claimed": False},
                 poll_from=state.active, only=others)
            return None
        if state.pot:
            pay_pot_to_inn(state)
        if state.options:
            extensions.pot_taken(state, None)          # a Prize nobody took goes to the Inn
        pop(state)
        emit(state, "round_over")
        return None
    if rnd["turn"] not in rnd["participants"]:
        rnd["turn"] = _next_in(rnd, rnd["turn"], len(state.seats))
    if state.options and extensions.round_turn(state, rnd):
        return None
    return rnd["turn"]


def pay_pot_to_inn(state: State) -> None:
    emit(state, "gold", seat=POT, to=INN, amount=state.pot, asked=state.pot, by_inn=False, reason="pot_to_inn")
    state.inn += state.pot
    state.pot = 0


def collect(state: State, won: dict) -> None:
    """The "after the win" window closed: the pot goes to whoever collects it."""
    pop(state)
    gain_gold(state, won["collector"], state.pot, POT, reason="pot")
    if state.options:
        extensions.pot_taken(state, won["collector"])
