"""Pings of a lobby table's changes, for the table page's live stream (games/web/stream.py).

A seat taken or the table started publishes `{"table": id}` on the table's channel once the
transaction commits. Like a game's ping it only means "read this table again": the stream
takes the table's version from Postgres (`version_sql`), never from the ping.
"""
from __future__ import annotations

import logging

import orjson
from django.db import transaction

from games import live_channels

log = logging.getLogger(__name__)

#: A table only ever gains seats and then starts, so the count of its seats plus one once
#: started rises with every change: an SSE id the page can resume from, with no column of its own.
VERSION_SQL = ("SELECT (SELECT count(*) FROM games_seat WHERE table_id = t.id)"
               " + CASE WHEN t.status = 'started' THEN 1 ELSE 0 END FROM games_table t WHERE t.id = %s")


def after_change(table_id: int) -> None:
    transaction.on_commit(lambda: _publish(table_id))


def _publish(table_id: int) -> None:
    from games import services

    try:
        services._redis_client().publish(live_channels.table_channel(table_id), orjson.dumps({"table": table_id}))
    except Exception:  # noqa: BLE001 - the page also re-reads on reconnect; a lost ping costs a delay
        log.warning("could not publish table %s's ping", table_id, exc_info=True)
