"""Every read of the game service. Whatever leaves the service about a game goes through
`engine.view` for the caller, or through `redact_event` for the event log."""
from __future__ import annotations

from typing import Any

import orjson
from django.db import connection

from games import engine, store
from games.errors import NotFound
from games.log_reads import log_db
from games.models import Game, Seat, Table

EVENT_PAGE = 500


def game_get(*, game_id: int) -> Game:
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.")
    return game


def table_get(*, table_id: int) -> Table:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise NotFound(f"There is no table {table_id}.")
    return table


def tables_open():
    return Table.objects.filter(status=Table.Status.OPEN).select_related("owner").prefetch_related("seats__user")


def table_with_seats(*, table_id: int) -> Table:
    table = Table.objects.filter(pk=table_id).prefetch_related("seats__user").first()
    if table is None:
        raise NotFound(f"There is no table {table_id}.")
    return table


def game_id_of_table(*, table_id: int) -> int | None:
    """The game a started table became, or None."""
    return Game.objects.filter(table_id=table_id).values_list("pk", flat=True).first()


def seats(*, table_id: int) -> list[Seat]:
    """A table's seats in seat order."""
    return list(Seat.objects.filter(table_id=table_id).order_by("index"))


def characters_taken(*, table_id: int) -> list[str]:
    return list(Seat.objects.filter(table_id=table_id).values_list("character", flat=True))


def games_active_of(*, user, limit: int = 20) -> list[Game]:
    """The caller's games being played, newest first; not those they resigned from (still
    watchable, and in their history)."""
    return list(Game.objects.filter(table__seats__user=user, table__seats__resigned=False, status=Game.Status.ACTIVE)
                .select_related("table").order_by("-id")[:limit])


def games_active(*, limit: int = 20) -> list[Game]:
    """Games being played, newest first, with their seats (to offer them to spectators)."""
    return list(Game.objects.filter(status=Game.Status.ACTIVE).select_related("table")
                .prefetch_related("table__seats__user").order_by("-id")[:limit])


def games_of(*, user, limit: int = 200) -> list[Game]:
    """Every game the caller has a seat in, newest first, with their seats."""
    return list(Game.objects.filter(table__seats__user=user).select_related("table")
                .prefetch_related("table__seats__user").order_by("-id")[:limit])


def seat_of(*, game: Game, user) -> int | None:
    """The caller's seat index in `game`, or None for spectators and anonymous callers."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(table_id=game.table_id, user_id=user.pk).values_list("index", flat=True).first()


def game_state(*, game: Game):
    """The engine state after the game's latest event (a private copy)."""
    with connection.cursor() as cursor:
        return store.state_for_read(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)


def viewer_for(seat: int | None):
    return "spectator" if seat is None else seat


def game_detail(*, game: Game, seat: int | None) -> dict[str, Any]:
    """The caller's view of the game: projections plus `engine.view(state, viewer)`."""
    state = game_state(game=game)
    seats = seats_public(table_id=game.table_id)
    # a resigned player's seat is the bot's: it is never their prompt again
    your_prompt = seat is not None and seat in game.prompt_seats and not seats[seat]["resigned"]
    return {
        "id": game.pk,
        "table": game.table_id,
        "seq": game.seq,
        "status": game.status,
        "over": game.status == Game.Status.OVER,
        "winners": game.winners,
        "rules_version": game.rules_version,
        "seed_sha256": game.seed_sha256,
        "your_seat": seat,
        # only whether *you* are asked: who else is asked can reveal a held response card
        "your_prompt": your_prompt,
        "deadline": game.deadline.isoformat() if game.deadline and your_prompt else None,
        "seats": seats,
        "view": engine.view(state, viewer_for(seat)),
    }


def seats_public(*, table_id: int) -> list[dict[str, Any]]:
    return [
        {"index": s.index, "character": s.character, "ai": s.is_ai, "user": s.user.username if s.user else None,
         "bot": s.bot or None, "autopass": s.autopass, "resigned": s.resigned}
        for s in Seat.objects.filter(table_id=table_id).select_related("user").order_by("index")
    ]


def events_raw(*, game_id: int, after: int = -1, limit: int | None = None) -> list[dict[str, Any]]:
    """Stored events with seq > after, in order, exactly as stored (for verification/export)."""
    sql = ("SELECT seq, kind, seat, actor, payload::text, created_at, prev_hash, hash, state_hash"
           " FROM games_event WHERE game_id = %s AND seq > %s ORDER BY seq")
    params: list[Any] = [game_id, after]
    if limit is not None:
        sql += " LIMIT %s"
        params.append(limit)
    with log_db().cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        {"seq": seq, "kind": kind, "seat": seat, "actor": actor, "payload": orjson.loads(payload),
         "at": store.format_time(at), "prev_hash": prev_hash, "hash": digest, "state_hash": state_hash}
        for seq, kind, seat, actor, payload, at, prev_hash, digest, state_hash in rows
    ]


def redact_event(event: dict[str, Any], *, seat: int | None, over: bool) -> dict[str, Any]:
    """The event as `seat` may see it. Until the game is over another seat's decision shows
    neither who made it nor what it was: its parameters may name hidden cards, and even
    "seat 2 passed" would tell that seat 2 was asked, i.e. held a legal response (the engine's
    views hide that too). The public consequences are in the view. After the end everything
    is public, the seed included."""
    if over or event["kind"] not in store.FOLDED_KINDS or event["seat"] == seat:
        return event
    return {**event, "kind": "decision", "seat": None, "actor": None, "payload": {"redacted": True}}


def events_for(*, game: Game, seat: int | None, after: int = -1, limit: int = EVENT_PAGE) -> list[dict[str, Any]]:
    over = game.status == Game.Status.OVER
    return [redact_event(e, seat=seat, over=over) for e in events_raw(game_id=game.pk, after=after, limit=limit)]
