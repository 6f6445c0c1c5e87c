"""Every write of the game service: tables, seats, starting a game, and `submit_decision`,
the one way in for every decision from anywhere (API, tasks, admin, commands).

Functions take keyword arguments and raise `games.errors` types; callers translate them.
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

import orjson
from django.conf import settings
from django.db import connection, transaction

from games import engine, store
from games.errors import Conflict, Forbidden, Illegal, NotFound, ServiceError
from games.models import Game, GameSeed, Seat, Table

log = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = 2, 8


# --- tables and seats ------------------------------------------------------------------------

def table_create(*, owner, player_count: int, variant: str = "base", options: dict | None = None,
                 turn_seconds: int | None = None) -> Table:
    if not MIN_SEATS <= player_count <= MAX_SEATS:
        raise ServiceError(f"A table seats {MIN_SEATS} to {MAX_SEATS} players; choose a player count in that range.",
                           code="invalid_player_count")
    if variant != "base":
        raise ServiceError("Only the 'base' variant can be played so far; create the table with variant 'base'.",
                           code="unknown_variant")
    return Table.objects.create(owner=owner, player_count=player_count, variant=variant, options=options or {},
                                turn_seconds=turn_seconds)


def seat_take(*, table_id: int, user, character: str, ai: bool = False, index: int | None = None) -> Seat:
    """Sit `user` at the table with `character`, or (owner only, ai=True) add an AI seat."""
    if character not in engine.CHARACTERS:
        raise ServiceError(f"Unknown character {character!r}; choose one of {', '.join(engine.CHARACTERS)}.",
                           code="unknown_character")
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started; join another table or create one.", code="table_started")
        if ai and table.owner_id != user.id:
            raise Forbidden("Only the table's owner can add AI seats.")
        taken = set(table.seats.values_list("index", flat=True))
        if not ai and table.seats.filter(user=user).exists():
            raise Conflict("You already have a seat at this table.", code="already_seated")
        if index is None:
            free = [i for i in range(table.player_count) if i not in taken]
            if not free:
                raise Conflict("Every seat at this table is taken.", code="table_full")
            index = free[0]
        elif not 0 <= index < table.player_count:
            raise ServiceError(f"Seat {index} does not exist; this table has seats 0 to {table.player_count - 1}.",
                               code="invalid_seat")
        elif index in taken:
            raise Conflict(f"Seat {index} is taken; choose a free seat.", code="seat_taken")
        return Seat.objects.create(table=table, index=index, user=None if ai else user, is_ai=ai, character=character)


def table_start(*, table_id: int, user, seed: str | None = None) -> Game:
    """The owner starts a full table: creates the game, its secret seed and `game_created`."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        if table.owner_id != user.id:
            raise Forbidden("Only the table's owner can start it.")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started.", code="table_started")
        seats = list(table.seats.order_by("index"))
        if len(seats) != table.player_count:
            raise Conflict(f"{len(seats)} of {table.player_count} seats are taken; fill every seat (players or AI) "
                           "before starting.", code="seats_not_filled")
        return game_create(table=table, seats=seats, seed=seed)


def game_create(*, table: Table, seats: list[Seat], seed: str | None = None) -> Game:
    """Create the game of `table` (locked by the caller) and append `game_created` at seq 0."""
    seed = seed or secrets.token_hex(32)
    setup = {"seats": [{"character": s.character} for s in seats], "variant": table.variant,
             "options": table.options or {}}
    try:
        state = engine.new_game({**setup, "seed": seed})
    except engine.IllegalDecision as exc:
        raise ServiceError(exc.message, code="invalid_setup") from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise ServiceError(f"The engine cannot set up this table ({exc}); change the characters or options.",
                           code="invalid_setup") from exc
    state_hash = engine.state_hash(state)
    commitment = store.seed_commitment(seed)
    game = Game.objects.create(table=table, rules_version=store.rules_version(), setup=setup,
                               seed_sha256=commitment, seq=0, last_hash="", state_hash=state_hash)
    GameSeed.objects.create(game=game, seed=seed)
    payload = {"setup": setup, "seed_sha256": commitment, "rules_version": store.rules_version()}
    with connection.cursor() as cursor:
        digest = store.append_event(cursor, game_id=game.pk, seq=0, prev_hash=store.GENESIS_HASH,
                                    kind="game_created", seat=None, actor=f"user:{table.owner_id}",
                                    payload=payload, state_hash=state_hash)
        projection = _projection(cursor, game_id=game.pk, state=state, turn_seconds=table.turn_seconds)
    Game.objects.filter(pk=game.pk).update(last_hash=digest, **projection)
    table.status = Table.Status.STARTED
    table.save(update_fields=["status"])
    transaction.on_commit(lambda: _after_commit(game.pk, 0, state_hash, state))
    game.refresh_from_db()
    return game


# --- decisions -------------------------------------------------------------------------------

@dataclass
class DecisionResult:
    """What a submitted decision produced. A retry with the same idempotency key gets the same
    `game`, `seq`, `state_hash` and `over`, with `replayed=True` and no effects."""

    game: int
    seq: int
    state_hash: str
    over: bool
    replayed: bool = False
    effects: list[dict[str, Any]] = field(default_factory=list)


def submit_decision(*, game_id: int, seat: int | None, decision: dict, actor: str, expected_seq: int | None = None,
                    idempotency_key: str | None = None, kind: str = "decision") -> DecisionResult:
    """Append one decision: lock the game, load its state, `engine.apply`, append the event
    (and `game_ended` when it ends the game), update the projections, publish after commit.

    `decision["seat"]` is set to `seat`. Raises NotFound, Conflict (stale `expected_seq`,
    code `stale_seq`), Illegal (the engine's code and message), IntegrityFailure.
    """
    if kind not in store.FOLDED_KINDS:
        raise ValueError(f"kind must be one of {store.FOLDED_KINDS}")
    decision = {**decision, "seat": seat}
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT g.seq, g.status, g.last_hash, g.state_hash, g.rules_version, t.turn_seconds"
            " FROM games_game g JOIN games_table t ON t.id = g.table_id WHERE g.id = %s FOR UPDATE OF g",
            [game_id],
        )
        row = cursor.fetchone()
        if row is None:
            raise NotFound(f"There is no game {game_id}.")
        seq, status, last_hash, state_hash, rules_version, turn_seconds = row
        if idempotency_key is not None:
            first = _first_result(cursor, game_id=game_id, seat=seat, key=idempotency_key)
            if first is not None:
                return first
        if status == Game.Status.OVER:
            raise Illegal("The game is over; no more decisions can be made.", code="game_over")
        if expected_seq is not None and expected_seq != seq:
            raise Conflict(f"The game is at seq {seq}, not {expected_seq}: fetch the game again and decide on "
                           "what you see now.", code="stale_seq")
        if rules_version != store.rules_version():
            raise Conflict(f"This game was played under rules {rules_version} and this server runs "
                           f"{store.rules_version()}; it can be replayed but not continued here.",
                           code="rules_version_mismatch")
        state = store.state_for_write(cursor, game_id=game_id, seq=seq, expected_hash=state_hash)
        try:
            state, effects = engine.apply(state, decision)
        except engine.IllegalDecision as exc:
            raise Illegal(exc.message, code=exc.code) from exc
        new_hash = engine.state_hash(state)
        new_seq = seq + 1
        last_hash = store.append_event(cursor, game_id=game_id, seq=new_seq, prev_hash=last_hash, kind=kind,
                                       seat=seat, actor=actor, payload=decision, state_hash=new_hash,
                                       idempotency_key=idempotency_key)
        last_seq = new_seq
        if state.over:
            cursor.execute("SELECT seed FROM games_gameseed WHERE game_id = %s", [game_id])
            (seed,) = cursor.fetchone()
            last_seq += 1
            last_hash = store.append_event(cursor, game_id=game_id, seq=last_seq, prev_hash=last_hash,
                                           kind="game_ended", seat=None, actor="system",
                                           payload={"winners": list(state.winners), "seed": seed},
                                           state_hash=new_hash)
        projection = _projection(cursor, game_id=game_id, state=state, turn_seconds=turn_seconds)
        cursor.execute(
            "UPDATE games_game SET seq = %s, last_hash = %s, state_hash = %s, status = %s, prompt_seats = %s::jsonb,"
            " deadline = %s, winners = %s::jsonb, updated_at = now() WHERE id = %s",
            [last_seq, last_hash, new_hash, projection["status"], orjson.dumps(projection["prompt_seats"]).decode(),
             projection["deadline"], orjson.dumps(projection["winners"]).decode(), game_id],
        )
        every = settings.RDI_SNAPSHOT_EVERY
        if every and last_seq // every > seq // every:
            store.save_snapshot(cursor, game_id=game_id, seq=last_seq, state=state, state_hash=new_hash)
        transaction.on_commit(lambda: _after_commit(game_id, last_seq, new_hash, state))
    return DecisionResult(game=game_id, seq=new_seq, state_hash=new_hash, over=state.over, effects=effects)


def _first_result(cursor, *, game_id: int, seat: int | None, key: str) -> DecisionResult | None:
    cursor.execute(
        "SELECT e.seq, e.seat, e.state_hash, n.kind FROM games_event e LEFT JOIN games_event n"
        " ON n.game_id = e.game_id AND n.seq = e.seq + 1 WHERE e.game_id = %s AND e.idempotency_key = %s",
        [game_id, key],
    )
    row = cursor.fetchone()
    if row is None:
        return None
    seq, first_seat, state_hash, next_kind = row
    if first_seat != seat:
        raise Conflict("This idempotency key was already used for another seat's decision; use a new key.",
                       code="idempotency_key_reused")
    return DecisionResult(game=game_id, seq=seq, state_hash=state_hash, over=next_kind == "game_ended",
                          replayed=True)


def _projection(cursor, *, game_id: int, state, turn_seconds: int | None) -> dict:
    """The game row's projection of `state`: status, prompt seats, winners, deadline."""
    over = bool(state.over)
    prompt_seats = [] if over else sorted({p.seat for p in engine.prompts(state)})
    deadline = None
    if turn_seconds and prompt_seats:
        cursor.execute(
            "SELECT count(*) FROM games_seat s JOIN games_game g ON g.table_id = s.table_id"
            " WHERE g.id = %s AND NOT s.is_ai AND s.index = ANY(%s)",
            [game_id, prompt_seats],
        )
        if cursor.fetchone()[0]:
            deadline = datetime.now(timezone.utc) + timedelta(seconds=turn_seconds)
    return {"status": Game.Status.OVER if over else Game.Status.ACTIVE, "prompt_seats": prompt_seats,
            "winners": list(state.winners) if over else [], "deadline": deadline}


# --- after commit ---------------------------------------------------------------------------

_redis = None


def _redis_client():
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    return _redis


def live_channel(game_id: int) -> str:
    """The Redis pub/sub channel that carries `{"game": id, "seq": n}` after each commit."""
    return f"rdi:game:{game_id}"


def _after_commit(game_id: int, seq: int, state_hash: str, state) -> None:
    store.cache.put(game_id, store.CachedState(seq, state_hash, store.rules_version(), state))
    try:
        _redis_client().publish(live_channel(game_id), orjson.dumps({"game": game_id, "seq": seq}))
    except Exception:  # the store is the truth; a lost ping is recovered by Last-Event-ID
        log.warning("could not publish game %s seq %s on Redis", game_id, seq, exc_info=True)
