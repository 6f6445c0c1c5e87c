"""The event store's low level: the hash chain, the raw append, state loading and the
per-process state cache. `games.services` is the only caller that writes; verification
(`replay.verification`) reuses the chain functions.

The hot path is one prepared statement on the psycopg connection, not the ORM (see
docs/event-store.md); every query here is keyed by game id (tests/store/test_hot_queries.py).
"""
from __future__ import annotations

import functools
import hashlib
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import orjson
import psycopg
from psycopg import pq
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError

from games import chain, engine
from games.errors import IntegrityFailure

#: Event kinds whose payload is an engine decision folded through `engine.apply`.
FOLDED_KINDS = ("decision", "timeout")
#: Staff events folded through the engine's staff calls (`engine.correct`, `engine.void`;
#: docs/disputes.md). Other `admin_*` events (notes, dispute outcomes) leave the state as is.
ADMIN_FOLDED_KINDS = ("admin_correction", "admin_void")
#: Every kind that changes the state: a fold applies exactly these, in seq order.
STATE_KINDS = FOLDED_KINDS + ADMIN_FOLDED_KINDS


def apply_event(state, kind: str, payload: dict):
    """Fold one stored event of a STATE_KINDS kind into `state`: (state, effects)."""
    if kind == "admin_correction":
        return engine.correct(state, payload)
    if kind == "admin_void":
        return engine.void(state, str(payload.get("reason", "")))
    return engine.apply(state, payload)


# --- the hash chain (games/chain.py holds both schemes) -------------------------------------

GENESIS_HASH, canonical_event, chain_hash = chain.GENESIS_HASH, chain.canonical_event, chain.chain_hash


def format_time(at: datetime) -> str:
    return at.astimezone(timezone.utc).isoformat(timespec="microseconds")


def rules_version() -> str:
    """The engine's RULES_VERSION as the string stored in games, events and snapshots."""
    return str(engine.RULES_VERSION)


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


# --- append ---------------------------------------------------------------------------------

_INSERT = (
    "INSERT INTO games_event (game_id, seq, kind, seat, actor, payload, created_at, prev_hash, hash,"
    " state_hash, idempotency_key) VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s, %s, %s, %s, %s)"
)


def append_event(cursor, *, game_id: int, seq: int, prev_hash: str, kind: str, seat: int | None, actor: str,
                 payload: Any, state_hash: str, key: bytes | None, idempotency_key: str | None = None) -> str:
    """Insert one event row and return its chain hash under `key` (games.chain.key_for; game
    creation: the caller holds the lock)."""
    at = datetime.now(timezone.utc)
    digest = chain_hash(prev_hash, canonical_event(game_id=game_id, seq=seq, kind=kind, seat=seat, actor=actor,
                                                   payload=payload, at=format_time(at), state_hash=state_hash), key)
    cursor.execute(
        _INSERT,
        [game_id, seq, kind, seat, actor, orjson.dumps(payload).decode(), at, prev_hash, digest, state_hash,
         idempotency_key],
    )
    return digest


@dataclass
class NewEvent:
    kind: str
    seat: int | None
    actor: str
    payload: Any
    state_hash: str
    idempotency_key: str | None = None


def append_events(db, *, game_id: int, after_seq: int, after_hash: str, events: list[NewEvent],
                  projection: dict, key: bytes | None, snapshot: tuple[int, bytes, str] | None = None) -> str | None:
    """Append `events` after seq `after_seq` and update the game row, in ONE statement, on
    `db` (Django's connection: `django.db.connection`, or a cursor's `.db`), each linked into
    the chain under `key` (games.chain.key_for).

    The game row update is a compare-and-set on `(seq, last_hash) = (after_seq, after_hash)`:
    when another writer got there first it matches no row, nothing is written, and this
    returns None. Otherwise it returns the new last hash. In autocommit the statement is its
    own transaction (one round trip); inside a transaction it joins it.
    """
    stamp = format_time(datetime.now(timezone.utc))    # the time the chain covers, and the rows'
    params, prev = [], after_hash
    for offset, event in enumerate(events, start=1):
        seq = after_seq + offset
        payload = orjson.dumps(event.payload).decode()
        digest = chain_hash(prev, canonical_event(game_id=game_id, seq=seq, kind=event.kind, seat=event.seat,
                                                  actor=event.actor, payload=event.payload, at=stamp,
                                                  state_hash=event.state_hash), key)
        params += [seq, event.kind, event.seat, event.actor, payload, prev, digest, event.state_hash,
                   event.idempotency_key]
        prev = digest
    head = [after_seq + len(events), prev, events[-1].state_hash, projection["status"],
            orjson.dumps(projection["prompt_seats"]).decode(), projection["deadline"],
            orjson.dumps(projection["winners"]).decode(), game_id, after_seq, after_hash, stamp]
    tail: list[Any] = []
    if snapshot is not None:
        tail = [snapshot[0], rules_version(), snapshot[1], snapshot[2]]
    shape = (len(events), snapshot is not None)
    sql = _append_sql(*shape)
    conn = db.connection
    if settings.RDI_PREPARE_APPEND and _on_libpq(conn):
        matched = run_prepared(conn, b"rdi_append_%d_%d" % shape, sql, head + params + tail)
    else:
        with psycopg.Cursor(conn) as pg:
            pg.execute(sql, head + params + tail)
            matched = pg.fetchone()[0]
    return prev if matched == 1 else None


@functools.lru_cache(maxsize=None)
def _append_sql(events: int, snapshot: bool) -> str:
    """The append statement for `events` event rows (and a snapshot row): built once per
    shape. Every parameter carries its type, so the statement prepares without psycopg."""
    row = ("(%s::int, %s::text, %s::smallint, %s::text, %s::jsonb, %s::text, %s::text, %s::text,"
           " %s::text)")
    sql = (
        "WITH g AS (UPDATE games_game SET seq = %s::int, last_hash = %s::text, state_hash = %s::text,"
        " status = %s::text, prompt_seats = %s::jsonb, deadline = %s::timestamptz, winners = %s::jsonb,"
        " updated_at = now() WHERE id = %s::bigint AND seq = %s::int AND last_hash = %s::text RETURNING id),"
        " e AS (INSERT INTO games_event (game_id, seq, kind, seat, actor, payload, created_at, prev_hash, hash,"
        " state_hash, idempotency_key) SELECT g.id, v.seq, v.kind, v.seat, v.actor, v.payload, %s::timestamptz,"
        " v.prev_hash, v.hash, v.state_hash, v.idempotency_key FROM g CROSS JOIN (VALUES "
        + ", ".join([row] * events) + ")"
        " AS v(seq, kind, seat, actor, payload, prev_hash, hash, state_hash, idempotency_key))"
    )
    if snapshot:
        sql += (", s AS (INSERT INTO games_snapshot (game_id, seq, rules_version, state, state_hash, created_at)"
                " SELECT g.id, %s::int, %s::text, %s::bytea, %s::text, now() FROM g ON CONFLICT DO NOTHING)")
    return sql + " SELECT count(*) FROM g"


# --- the append statement straight on libpq ---------------------------------------------------

#: {psycopg connection: names of the append statements prepared on it}. A new connection
#: (Django reconnects) starts empty and prepares again.
_prepared: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _on_libpq(conn) -> bool:
    """Whether the append may run on libpq under psycopg: where psycopg would send no BEGIN
    first. In autocommit with no transaction open the statement is its own transaction; in an
    open transaction it joins it. Otherwise (psycopg about to open one lazily, or a failed
    transaction) it goes through a psycopg cursor, which does what psycopg must."""
    status = conn.pgconn.transaction_status
    return status == pq.TransactionStatus.INTRANS or (status == pq.TransactionStatus.IDLE and conn.autocommit)


def run_prepared(conn, name: bytes, sql: str, params: list) -> int:
    """Run the append statement `sql` (psycopg placeholders) with `params` as the prepared
    statement `name` (prepared on first use on this connection) straight on libpq, and
    return its one integer.

    Why not psycopg's cursor: its execute costs about twice the client CPU of the libpq call
    (a cursor, a generator-driven wait, adapters chosen per call), and with eight writer
    processes on two cores that CPU is taken from Postgres (docs/operations.md). Text
    parameters, the snapshot's bytes in binary; errors are psycopg's own exception classes
    (a unique violation is `psycopg.IntegrityError`), so callers cannot tell the paths apart."""
    names = _prepared.setdefault(conn, set())
    if name not in names:
        _check(conn, conn.pgconn.prepare(name, _numbered(sql)))
        names.add(name)
    values = [_WIRE[type(value)](value) if type(value) in _WIRE else _wire(value) for value in params]
    binary = [1 if type(value) is bytes else 0 for value in params] if bytes in map(type, params) else None
    try:
        result = _check(conn, conn.pgconn.exec_prepared(name, values, binary))
    except psycopg.errors.InvalidSqlStatementName:
        # the session lost its prepared statements (DEALLOCATE ALL, DISCARD ALL): prepare
        # again; in autocommit at once, in a transaction (now failed) on the next append
        _prepared.pop(conn, None)
        if not conn.autocommit:
            raise
        return run_prepared(conn, name, sql, params)
    return int(result.get_value(0, 0))


#: The parameters' usual types, looked up by exact type (a group's hundreds of parameters):
#: anything else, a str subclass such as a status, goes through `_wire`.
_WIRE = {str: str.encode, int: b"%d".__mod__, type(None): lambda value: None, bytes: lambda value: value}


def _wire(value) -> bytes | None:
    """A parameter as Postgres reads it: the text of a str, int or time (every placeholder
    is cast in the statement), bytes as they are (sent in binary)."""
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, datetime):
        return value.isoformat().encode()
    if isinstance(value, int) and not isinstance(value, bool):
        return b"%d" % value
    raise TypeError(f"the append statement takes no {type(value).__name__} parameter")


def _check(conn, result):
    if result.status not in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK):
        raise psycopg.errors.error_from_result(result, encoding=conn.info.encoding)
    return result


def _numbered(sql: str) -> bytes:
    """`%s` placeholders as libpq's `$1, $2, ...` (the append statement has no literal %)."""
    parts = sql.split("%s")
    return "".join(part + (f"${i}" if i < len(parts) else "") for i, part in enumerate(parts, start=1)).encode()


def save_snapshot(cursor, *, game_id: int, seq: int, state, state_hash: str) -> None:
    cursor.execute(
        "INSERT INTO games_snapshot (game_id, seq, rules_version, state, state_hash, created_at)"
        " VALUES (%s, %s, %s, %s, %s, now()) ON CONFLICT DO NOTHING",
        [game_id, seq, rules_version(), engine.dump_state(state), state_hash],
    )


# --- load -----------------------------------------------------------------------------------

def genesis_state(cursor, game_id: int):
    """new_game(the setup recorded in `game_created` + the stored seed): the state every fold
    starts from. Only the log counts: the game row's `setup` is a projection, checked against
    it by verification. A seed that does not match the log's commitment is a damaged store."""
    cursor.execute(
        "SELECT e.kind, e.payload::text, s.seed FROM games_event e JOIN games_gameseed s ON s.game_id = e.game_id"
        " WHERE e.game_id = %s AND e.seq = 0",
        [game_id],
    )
    row = cursor.fetchone()
    payload = orjson.loads(row[1]) if row is not None and row[0] == "game_created" else {}
    if not isinstance(payload.get("setup"), dict) or seed_commitment(row[2]) != payload.get("seed_sha256"):
        raise IntegrityFailure(
            f"Game {game_id} cannot be folded: its game_created event or its seed does not match the log; run "
            f"`python manage.py verify_game {game_id}` for details.",
        )
    return engine.new_game({**payload["setup"], "seed": row[2]})


def load_pinned_content(cursor, game_id: int) -> None:
    """Load the content a game pinned in `game_created` (docs/packs.md) into the engine, for a
    state that starts from a snapshot rather than from `new_game`. Never the packs folder."""
    cursor.execute("SELECT (payload->'setup'->'content')::text FROM games_event WHERE game_id = %s AND seq = 0",
                   [game_id])
    row = cursor.fetchone()
    if row is None or row[0] is None:
        raise IntegrityFailure(f"Game {game_id}'s snapshot names content its game_created event does not pin; run "
                               f"`python manage.py verify_game {game_id}`.")
    engine.load_content(orjson.loads(row[0]))


def fold(cursor, state, *, game_id: int, after_seq: int, upto_seq: int):
    """Apply the folded events with after_seq < seq <= upto_seq to `state`, in seq order."""
    cursor.execute(
        "SELECT kind, payload::text FROM games_event WHERE game_id = %s AND seq > %s AND seq <= %s"
        " AND kind = ANY(%s) ORDER BY seq",
        [game_id, after_seq, upto_seq, list(STATE_KINDS)],
    )
    apply = engine.apply
    for kind, payload in cursor.fetchall():
        if kind in FOLDED_KINDS:
            state, _ = apply(state, orjson.loads(payload))
        else:
            state, _ = apply_event(state, kind, orjson.loads(payload))
    return state


def load_state(cursor, *, game_id: int, seq: int, expected_hash: str, use_snapshot: bool = True,
               rebuild: bool = False):
    """The state after event `seq`: the latest good snapshot + a fold of the tail, checked
    against `expected_hash`. A snapshot that disagrees is deleted, the fold redone from the
    start and a new snapshot written at `seq`; if that disagrees too the store is damaged
    (IntegrityFailure). On the read replica (games/log_reads.py), which refuses writes,
    the fold is the same and the snapshots are left for the primary to repair at its next load."""
    state, start = None, 0
    if use_snapshot:
        cursor.execute(
            "SELECT s.id, s.seq, s.state, s.state_hash, e.state_hash FROM games_snapshot s"
            " LEFT JOIN games_event e ON e.game_id = s.game_id AND e.seq = s.seq"
            " WHERE s.game_id = %s AND s.rules_version = %s AND s.seq <= %s ORDER BY s.seq DESC LIMIT 1",
            [game_id, rules_version(), seq],
        )
        row = cursor.fetchone()
        if row is not None:
            snap_id, snap_seq, blob, snap_hash, event_hash = row
            if snap_hash == event_hash:
                state, start = engine.load_state(bytes(blob)), snap_seq
                if state.content:
                    load_pinned_content(cursor, game_id)
            else:
                if _on_primary(cursor):
                    discard_snapshot(cursor, game_id, snap_id)
                rebuild = True
    if state is None:
        state = genesis_state(cursor, game_id)
    try:
        state = fold(cursor, state, game_id=game_id, after_seq=start, upto_seq=seq)
        got = engine.state_hash(state)
    except DatabaseError:
        raise
    except Exception:  # noqa: BLE001 - a stored event that does not apply is the same finding as a bad hash
        got = None
    if got != expected_hash:
        if start:
            if _on_primary(cursor):
                cursor.execute("DELETE FROM games_snapshot WHERE game_id = %s AND seq >= %s", [game_id, start])
            return load_state(cursor, game_id=game_id, seq=seq, expected_hash=expected_hash, use_snapshot=False,
                              rebuild=True)
        raise IntegrityFailure(
            f"Game {game_id} does not fold to its recorded state at seq {seq}; run "
            f"`python manage.py verify_game {game_id}` to find the first bad event.",
        )
    if rebuild and seq > 0 and _on_primary(cursor):
        save_snapshot(cursor, game_id=game_id, seq=seq, state=state, state_hash=got)
    return state


def _on_primary(cursor) -> bool:
    db = getattr(cursor, "db", None)
    return db is None or db.alias == DEFAULT_DB_ALIAS


def discard_snapshot(cursor, game_id: int, snapshot_id: int) -> None:
    # keyed by the game too: its partition alone is searched
    cursor.execute("DELETE FROM games_snapshot WHERE game_id = %s AND id = %s", [game_id, snapshot_id])


# --- the per-process cache of hot game states ------------------------------------------------

@dataclass
class CachedState:
    """A game's state after `seq`. Writers also keep what the one-statement append needs:
    the chain head, the table's timers and which seats a person controls (None when unknown;
    a seat handed to a bot after timeouts is not one of them)."""

    seq: int
    state_hash: str
    rules_version: str
    state: Any
    last_hash: str | None = None
    turn_seconds: int | None = None
    human_seats: frozenset | None = None
    window_seconds: int | None = None   # the response-window timer (None: turn_seconds)
    #: {seat: (bot, auto-pass mode)} as the scheduler read them (games.timers.seat_controls);
    #: a change to them is an event, so a hot-path successor may carry them on.
    seat_controls: dict | None = None
    #: The key the next events are chained under (games.chain.key_for: None for a plain chain).
    chain_key: bytes | None = None


class StateCache:
    """Hot game states in this worker's memory, least recently used out first.

    A writer *takes* an entry (it leaves the cache, so nobody else sees it mid-apply) and
    *puts* the new one back after commit; a reader gets a clone. An entry older than the
    game is fast-forwarded by folding the newer events; one ahead of it is ignored.
    """

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[int, CachedState] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, game_id: int) -> CachedState | None:
        with self._lock:
            return self._entries.pop(game_id, None)

    def clone(self, game_id: int, seq: int, state_hash: str):
        with self._lock:
            entry = self._entries.get(game_id)
            if (entry is None or entry.seq != seq or entry.state_hash != state_hash
                    or entry.rules_version != rules_version()):
                return None
            self._entries.move_to_end(game_id)
            return engine.clone(entry.state)

    def peek(self, game_id: int, seq: int) -> CachedState | None:
        """The cached entry at `seq` itself (no copy), or None. Only for a caller that reads
        it at once and keeps no reference: the worker choosing its next AI turn, which then
        submits through the compare-and-set that catches a game moved on elsewhere."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry.seq != seq or entry.rules_version != rules_version():
                return None
            return entry

    def put(self, game_id: int, entry: CachedState) -> None:
        with self._lock:
            current = self._entries.get(game_id)
            if current is not None and current.seq >= entry.seq:
                return
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


cache = StateCache(getattr(settings, "RDI_STATE_CACHE_SIZE", 512))


def state_for_write(cursor, *, game_id: int, seq: int, expected_hash: str):
    """The state after `seq` for a writer holding the game lock: the cached one (fast-forwarded
    if behind), else loaded. The caller owns the returned object."""
    entry = cache.take(game_id)
    if entry is not None and entry.rules_version == rules_version() and entry.seq <= seq:
        if entry.seq == seq:
            if entry.state_hash == expected_hash:
                return entry.state
        else:
            try:
                state = fold(cursor, entry.state, game_id=game_id, after_seq=entry.seq, upto_seq=seq)
                if engine.state_hash(state) == expected_hash:
                    return state
            except engine.IllegalDecision:
                pass
    return load_state(cursor, game_id=game_id, seq=seq, expected_hash=expected_hash)


def state_for_read(cursor, *, game_id: int, seq: int, expected_hash: str):
    """A private copy of the state after `seq`, for views. Fills the cache on a miss."""
    state = cache.clone(game_id, seq, expected_hash)
    if state is not None:
        return state
    state = load_state(cursor, game_id=game_id, seq=seq, expected_hash=expected_hash)
    cache.put(game_id, CachedState(seq, expected_hash, rules_version(), engine.clone(state)))
    return state
