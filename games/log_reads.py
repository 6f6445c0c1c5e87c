"""Reads of the event log on the read replica (docs/operations.md "Running with a read replica").

With `DATABASE_REPLICA_URL` set, Django has a second database, `replica`: the service role on a
hot standby of the primary (`default`). Nothing goes there unless asked. A view that only
reads a game's log (replay frames and timeline, the replay pages, the event list, export,
verification, dispute evidence, the standings fold behind the history page) does that work
inside `reading_the_log(game_id, seq)`:

    game = game_or_404(game_id)                       # the game row: always the primary
    with reading_the_log(game.pk, game.seq):
        return Response(frames.timeline(game=game))

Inside the block every ORM read (this router) and every raw read through `log_db()` goes to the
database chosen on entry; outside it, and for every write anywhere, to `default`. Appends, the
game row's compare-and-set and its lock, and the live stream's seq check (its own psycopg pool,
built from `default`: games/web/stream.py) never come here. Inside a transaction on `default`
(a writer that reads its own uncommitted rows) reads stay on `default` too.

**Read-your-writes.** A block is served by the replica only when the replica's copy of that
game has reached `seq`: the caller passes the seq it needs, read from the game row on the
primary at the start of the request (or the event asked for, when older), and on entry one
primary-key read on the replica, `SELECT seq FROM games_game WHERE id = ...`, compares. An
append writes its events and moves the game row in one transaction, and a hot standby shows a
replayed transaction whole, so a replica whose game row is at `seq` holds every event up to it.
A player's decision committed before their next request reads the game row, so a lagging
replica is never asked for a state older than the player's own last decision (nor older than
anything the live stream announced): the block falls back to the primary. Events never change
once written, so what a replica that has caught up answers is exactly what the primary would.

Why not a position remembered per user (a WAL LSN or seq kept in the session after each
write, compared with `pg_last_wal_replay_lsn()`): it needs an extra statement after every
append and a place shared by every process to keep it, and still misses readers without a
session (API tokens) and the moves of bots and other players the page was told about. The
game row's seq is already read on the primary by every one of these views, is exact per game,
and covers every reader. The cost is one indexed read on the replica per block, and reads
that follow a live game closely fall back to the primary while the replica is behind; replays
of finished games, exports and verifications, the bulk of the log's readers, are served by the
replica.

A replica that cannot be reached is left alone for RETRY_SECONDS (reads go to the primary,
with a warning in the log), so a dead standby costs one failed connection, not one per request.
"""
from __future__ import annotations

import contextvars
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

log = logging.getLogger(__name__)

REPLICA = "replica"
RETRY_SECONDS = 5.0

#: The database the current block reads the log from; None outside every block.
_reading: contextvars.ContextVar[str | None] = contextvars.ContextVar("rdi_reading_the_log", default=None)
_replica_down_until = 0.0


def configured() -> bool:
    return REPLICA in connections.settings


def _writing() -> bool:
    return connections[DEFAULT_DB_ALIAS].in_atomic_block


def log_alias() -> str:
    """The database the log is read from here: the block's choice, `default` outside blocks and
    inside a transaction on `default`."""
    alias = _reading.get()
    return DEFAULT_DB_ALIAS if alias is None or _writing() else alias


def log_db():
    """The connection raw reads of the log use (`log_db().cursor()`)."""
    return connections[log_alias()]


@contextmanager
def reading_the_log(game_id: int, seq: int) -> Iterator[str]:
    """Read game `game_id`'s log on the replica inside the block when the replica has it up to
    `seq` (the seq the caller read from the primary's game row, or the event it needs), else on
    the primary. Yields the alias chosen."""
    token = _reading.set(_choose(game_id, seq))
    try:
        yield _reading.get()
    finally:
        _reading.reset(token)


def _choose(game_id: int, seq: int) -> str:
    global _replica_down_until
    if not configured() or _writing() or time.monotonic() < _replica_down_until:
        return DEFAULT_DB_ALIAS
    replica = connections[REPLICA]
    try:
        with replica.cursor() as cursor:
            cursor.execute("SELECT seq FROM games_game WHERE id = %s", [game_id])
            row = cursor.fetchone()
    except DatabaseError:
        log.warning("the read replica cannot be reached; reading from the primary for %s s", RETRY_SECONDS,
                    exc_info=True)
        replica.close()
        _replica_down_until = time.monotonic() + RETRY_SECONDS
        return DEFAULT_DB_ALIAS
    return REPLICA if row is not None and row[0] >= seq else DEFAULT_DB_ALIAS


class LogReplicaRouter:
    """ORM reads inside `reading_the_log` go where the block chose; everything else, and every
    write, to `default` (a row read from the replica is saved on the primary, never back
    where it came from). Only `default` is migrated: the standby copies it."""

    def db_for_read(self, model, **hints):
        return log_alias()

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == DEFAULT_DB_ALIAS
