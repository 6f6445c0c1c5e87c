"""The live ping after each commit: `{"game": id, "seq": n}` on the game's Redis channel
(games.live_channels), sent by the thread that committed, which never waits for Redis.

Why not a Redis client call: a PUBLISH through redis-py, made by a thread of its own that woke
for each ping, cost the appending process about a third of an append's CPU, more than the
raw INSERT the store is measured against (docs/lab/store-bench-notes.md). A ping is a few
dozen bytes, so here it is written, as Redis's protocol spells a command, on a connection of
this process's own that has told Redis to send no replies (`CLIENT REPLY OFF`): one
non-blocking write per ping, nothing to read back.

Only when the connection is not open yet (the first ping, or Redis went away) or the kernel
takes part of the bytes (Redis is slow or paused) does a helper thread open it, or wait until
it can be written, and send what queued meanwhile, in order. At most MAX_PENDING bytes queue;
past that new pings are dropped, which is harmless: the store is the truth, and the next ping
(or a reconnecting page's Last-Event-ID) brings a page up to date.
"""
from __future__ import annotations

import logging
import os
import select
import ssl
import threading
import time

import redis
from django.conf import settings

from games import live_channels

log = logging.getLogger(__name__)

#: Errors of a non-blocking socket that only mean "not now".
_NOT_NOW = (BlockingIOError, InterruptedError, ssl.SSLWantReadError, ssl.SSLWantWriteError)


def message(game_id: int, seq: int) -> bytes:
    return b'{"game":%d,"seq":%d}' % (game_id, seq)


def command(game_id: int, seq: int) -> bytes:
    """The PUBLISH of one ping, as Redis reads a command (an array of bulk strings)."""
    channel, ping = live_channels.channel(game_id).encode(), message(game_id, seq)
    return b"*3\r\n$7\r\nPUBLISH\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n" % (len(channel), channel, len(ping), ping)


class Publisher:
    MAX_PENDING = 1 << 20
    RETRY_SECONDS = (0.05, 0.2, 1.0, 5.0)     # between attempts to open the connection
    IDLE_SECONDS = 1.0      # after this long unused, check that Redis has not closed it

    def __init__(self):
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._reset()

    def _reset(self) -> None:
        self._connection: redis.Connection | None = None
        self._pending = bytearray()
        self._helper: threading.Thread | None = None
        self._written_at = 0.0
        self.dropped = 0

    def send(self, game_id: int, seq: int) -> None:
        ping = command(game_id, seq)
        with self._lock:
            if self._pid != os.getpid():
                # a forked child (a Celery worker): the parent's connection and thread are not its own
                self._pid = os.getpid()
                self._reset()
            if len(self._pending) > self.MAX_PENDING:
                self.dropped += 1
                if self.dropped == 1:
                    log.warning("Redis takes no live pings: dropping them until it does")
                return
            self._pending += ping
            if self._connection is not None and self._helper is None:
                self._write()
            if self._pending and self._helper is None:
                self._helper = threading.Thread(target=self._help, name="rdi-live-pings", daemon=True)
                self._helper.start()

    def _write(self) -> None:
        """Send what is pending without blocking (holding the lock). A connection found
        closed or broken is dropped, its bytes kept for the next: the helper reopens it."""
        sock = self._connection._sock
        now = time.monotonic()
        try:
            if now - self._written_at > self.IDLE_SECONDS and _closed(sock):
                raise ConnectionError("Redis closed the idle connection")
            del self._pending[:sock.send(self._pending)]
            self._written_at = now
        except _NOT_NOW:
            pass
        except OSError:
            log.info("the live pings' connection to Redis was lost; reopening it", exc_info=True)
            connection, self._connection = self._connection, None
            connection.disconnect()

    def _help(self) -> None:
        """Open the connection if needed and send what is pending, waiting for the socket to
        take it; return once nothing is pending."""
        failures = 0
        while True:
            with self._lock:
                if not self._pending or self._pid != os.getpid():
                    self._helper = None
                    return
                connection = self._connection
            if connection is None:
                try:
                    connection = _connect()
                except Exception:  # noqa: BLE001 - logged; retried, pings queue meanwhile
                    log.warning("cannot reach Redis for live pings; retrying", exc_info=failures == 0)
                    time.sleep(self.RETRY_SECONDS[min(failures, len(self.RETRY_SECONDS) - 1)])
                    failures += 1
                    continue
                failures = 0
                with self._lock:
                    self._connection, self._written_at, self.dropped = connection, time.monotonic(), 0
            else:
                select.select([], [connection._sock], [], 1.0)
            with self._lock:
                if self._connection is not None:
                    self._write()


def _closed(sock) -> bool:
    """Whether Redis closed the connection: with replies off, anything to read is its end."""
    try:
        return sock.recv(1) == b""
    except _NOT_NOW:
        return False


def _connect() -> redis.Connection:
    """A connection of the pings' own, opened by redis-py as the URL says (TCP or TLS, user
    and password, database), then written to as a bare non-blocking socket (redis-py's
    `_sock`: the client has no public way to hand its socket over)."""
    connection = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2,
                                      socket_connect_timeout=2).connection_pool.make_connection()
    connection.connect()
    connection.send_command("CLIENT", "REPLY", "OFF")
    connection._sock.setblocking(False)
    return connection


publisher = Publisher()
