""""Play from here": a new table whose game starts at one event of a finished game.

The position is the omniscient view at that event written in the scenario format
(docs/scenarios.md): every seat's character, Fortitude, Alcohol, Gold, hand, deck (exact
order), discard and Drink Me! pile as `deck/slug` card names, the Drink Deck in its exact
order, the Drink discard, the Inn, the active seat, the phase and the turn. A position
cannot hold things pending on the stack (a played card waiting for responses, a Round of
Gambling, a Drink being drunk), so only events where the stack is empty can be forked.
The forker takes one seat; bots play the others. The new game has a new secret seed: only
future reshuffles differ from the original.
"""
from __future__ import annotations

from django.db import connection, transaction

from games import engine, services, store
from games.errors import Conflict, ServiceError
from games.models import Game

PHASES = ("discard", "action", "order", "drink")
PENDING = ("Something is still waiting to resolve at this event (a card, a Drink or a Round of Gambling), and a "
           "position cannot hold that; step to an event where nothing is pending.")


def _slugs(cards: list[dict]) -> list[str]:
    return [c["key"] for c in cards]


def position_from_view(view: dict) -> dict:
    """The scenario position of an omniscient view (docs/scenarios.md, `setup`)."""
    seats = []
    for s in view["seats"]:
        seat = {"character": s["character"], "fortitude": s["fortitude"], "alcohol": s["alcohol"], "gold": s["gold"],
                "hand": _slugs(s["hand"]), "deck": _slugs(s["deck"]), "deck_exact": True,
                "discard": _slugs(s["discard"]), "drink_me": _slugs(s["drink_me"])}
        if s["status"] != "in":
            seat["out"] = s["status"]
        seats.append(seat)
    return {"seats": seats, "drink_deck": _slugs(view["drink_deck"]), "drink_deck_exact": True,
            "drink_discard": _slugs(view["drink_discard"]), "inn": view["inn"], "active": view["active"],
            "phase": view["phase"], "turn": view["turn"]}


def state_at(*, game: Game, at: int):
    with connection.cursor() as cursor:
        cursor.execute("SELECT state_hash FROM games_event WHERE game_id = %s AND seq = %s", [game.pk, at])
        row = cursor.fetchone()
        if row is None:
            raise ServiceError(f"Game {game.pk} has events 0 to {game.seq}; there is no event {at}.",
                               code="no_such_event")
        return store.load_state(cursor, game_id=game.pk, seq=at, expected_hash=row[0])


def forkable(state) -> str | None:
    """None when the position after this event can be forked, else why not (a sentence)."""
    if state.over:
        return "The game is over at this event; fork from an earlier one."
    if state.stack:
        return PENDING
    if state.phase not in PHASES:
        return "This event is between two phases; step to the next event to fork."
    return None


def game_fork(*, game: Game, at: int, user, seat: int, bot: str | None = None) -> Game:
    """A new started game from the position after event `at` of finished `game`: `user` in
    `seat`, bots in the others."""
    if game.status != Game.Status.OVER:
        raise Conflict("Only a finished game can be forked: its omniscient view is still secret.",
                       code="game_not_over")
    n = len(game.setup["seats"])
    if not 0 <= seat < n:
        raise ServiceError(f"This game has seats 0 to {n - 1}; choose one of them.", code="invalid_seat")
    state = state_at(game=game, at=at)
    why = forkable(state)
    if why:
        raise Conflict(why, code="not_forkable")
    view = engine.view(state, "omniscient")
    position = position_from_view(view)
    with transaction.atomic():
        table = services.table_create(owner=user, player_count=n, options=game.setup.get("options") or {})
        for index, s in enumerate(view["seats"]):
            services.seat_take(table_id=table.pk, user=user, character=s["character"], index=index,
                               ai=index != seat, bot=bot if index != seat else None)
        return services.table_start(table_id=table.pk, user=user, position=position,
                                    forked_from={"game": game.pk, "seq": at})
