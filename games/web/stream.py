"""The live-update stream (DESIGN.md §4): Server-Sent Events under uvicorn.

    GET /stream/games/<id>/            Last-Event-ID: <seq>   (or ?last=<seq>)
    GET /stream/tables/<id>/           Last-Event-ID: <version>

A lobby table's stream works the same way on its own channels (`rdi:<deployment>:table:*`,
`services._table_changed`) with the table's version for a seq (its seats, plus one once started):
`data: {"table": <id>, "version": <n>}`; the table page then fetches its seat list.

One Redis subscriber per process (pattern `rdi:<deployment>:game:*`, the channels
`games.services` publishes `{game, seq}` on after each commit; `games.live_channels`) fans
the pings out to every open stream of that game. Each SSE message is

    id: <seq>
    data: {"game": <id>, "seq": <seq>}

and carries nothing private: the page then fetches its own view. Every seq sent comes from
Postgres: a ping only makes the stream read the game's seq from the store (one read per game
however many streams watch it), so a ping from another deployment or with a made-up seq can
never push a client's Last-Event-ID past the game and make it drop the real updates
(tests/web/test_stream_namespace.py). On connect, and after the subscriber reconnects to
Redis, the stream reads the game's current seq and sends it at once when it is past the
client's Last-Event-ID; a Last-Event-ID past the game's seq is not believed either (the
client gets the current seq). So a dropped connection or a lost ping never leaves a page
behind. Pings that arrive while a slow client is still being written to collapse into the
latest seq. A comment line every KEEPALIVE seconds keeps proxies open.

A plain ASGI app (no Django request cycle): `rdi_service.asgi` routes /stream/ here.
"""
from __future__ import annotations

import asyncio
import logging
import re
from urllib.parse import parse_qs

import orjson

log = logging.getLogger(__name__)

KEEPALIVE = 15.0
PATH = re.compile(r"^/stream/(games|tables)/(\d{1,18})/?$")


class Listener:
    __slots__ = ("sent", "latest", "wake")

    def __init__(self, sent: int):
        self.sent = sent            # the seq the client has (Last-Event-ID)
        self.latest = -1            # the newest seq read from the store
        self.wake = asyncio.Event()


class Hub:
    """One Redis pattern subscription per process (this deployment's channels only); game id
    -> open streams.

    A ping never says how far a game is: it only means "read this game's seq from the store".
    Its seq is a hint that lets a ping the store has already answered be skipped; a seq the
    store does not confirm (another deployment's ping, a forged one) costs one read and
    changes nothing. One read per game at a time, shared by all its streams; pings that
    arrive during the read cause one more read after it."""

    def __init__(self, redis_url: str, store: "Store", prefix: str):
        self.redis_url, self.store, self.prefix = redis_url, store, prefix
        self.games: dict[int, set[Listener]] = {}
        self.known: dict[int, int] = {}             # watched game -> newest seq read from the store
        self.reading: dict[int, asyncio.Task] = {}
        self.again: set[int] = set()
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    def ensure_started(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    def add(self, game: int, listener: Listener) -> None:
        self.games.setdefault(game, set()).add(listener)

    def remove(self, game: int, listener: Listener) -> None:
        group = self.games.get(game)
        if group is not None:
            group.discard(listener)
            if not group:
                del self.games[game]
                self.known.pop(game, None)

    def ping(self, game: int, hint: int | None) -> None:
        if game not in self.games:
            return
        if hint is not None and hint <= self.known.get(game, -1):
            return                                  # the store already said as much
        self.refresh(game)

    def refresh(self, game: int) -> None:
        if game in self.reading:
            self.again.add(game)
            return
        self.reading[game] = asyncio.get_running_loop().create_task(self._read(game))

    async def _read(self, game: int) -> None:
        try:
            while True:
                self.again.discard(game)
                try:
                    seq = await self.store.seq(game)
                except Exception:  # noqa: BLE001 - the next ping or a reconnect reads again
                    log.warning("stream: could not read game %s after a ping", game, exc_info=True)
                    seq = None
                if seq is not None:
                    self.deliver(game, seq)
                if game not in self.again:
                    return
        finally:
            self.reading.pop(game, None)

    def deliver(self, game: int, seq: int) -> None:
        """`seq` is the store's."""
        group = self.games.get(game)
        if not group:
            return
        self.known[game] = max(self.known.get(game, -1), seq)
        for listener in group:
            if seq > listener.latest:
                listener.latest = seq
                listener.wake.set()

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        from games import live_channels

        first = True
        while True:
            client = aioredis.Redis.from_url(self.redis_url)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(live_channels.pattern_of(self.prefix))
                self.ready.set()
                if not first:                       # pings may have been lost meanwhile
                    for game in list(self.games):
                        self.refresh(game)
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    game = live_channels.game_of(message.get("channel") or b"", self.prefix)
                    if game is None:
                        continue
                    try:
                        hint = int(orjson.loads(message["data"])["seq"])
                    except (ValueError, KeyError, TypeError):
                        hint = None                 # still a ping: read the store
                    self.ping(game, hint)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: retry, then recheck every stream
                log.warning("live-update subscriber lost Redis; reconnecting", exc_info=True)
                self.ready.clear()
                await asyncio.sleep(1.0)
            finally:
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:  # noqa: BLE001
                    pass


#: A table's version: it only ever gains seats and then starts, so the count of its seats
#: plus one once started rises with every change, an SSE id the page can resume from with no
#: column of its own.
TABLE_SQL = ("SELECT (SELECT count(*) FROM games_seat WHERE table_id = t.id)"
             " + CASE WHEN t.status = 'started' THEN 1 ELSE 0 END FROM games_table t WHERE t.id = %s")


class Store:
    """One number per id from Postgres: a game's seq, or (`sql` = TABLE_SQL) a
    lobby table's version. A small async pool, shared with the store given as `shared`."""

    GAME_SQL = "SELECT seq FROM games_game WHERE id = %s"

    def __init__(self, conninfo: str, max_size: int = 4, *, sql: str = GAME_SQL, shared: "Store | None" = None):
        self.conninfo, self.max_size, self.sql, self.shared, self.pool = conninfo, max_size, sql, shared, None

    async def _pool(self):
        if self.shared is not None:
            return await self.shared._pool()
        if self.pool is None:
            from psycopg_pool import AsyncConnectionPool

            self.pool = AsyncConnectionPool(self.conninfo, min_size=1, max_size=self.max_size, open=False)
            await self.pool.open()
        return self.pool

    async def seq(self, key: int) -> int | None:
        async with (await self._pool()).connection() as conn:
            cur = await conn.execute(self.sql, [key])
            row = await cur.fetchone()
            await conn.rollback()
        return None if row is None else row[0]


def _conninfo_from_django() -> str:
    """The server and database Django connects to, options included: the embedded Postgres
    is reached through OPTIONS["host"] (its socket directory), not HOST."""
    from django.conf import settings

    from rdi_service import db_roles

    return db_roles.conninfo(settings.DATABASES["default"])


class StreamApp:
    """The ASGI app. Its hubs and stores are made on first use (settings are read then):
    `hub`/`store` for games, `tables`/`table_store` for lobby tables."""

    def __init__(self, *, redis_url: str | None = None, conninfo: str | None = None, prefix: str | None = None):
        self._redis_url, self._conninfo, self._prefix = redis_url, conninfo, prefix
        self.hub: Hub | None = None
        self.store: Store | None = None
        self.tables: Hub | None = None
        self.table_store: Store | None = None
        self.open_streams = 0

    def _setup(self) -> None:
        if self.hub is None:
            from django.conf import settings

            from games import live_channels

            redis_url = self._redis_url or settings.REDIS_URL
            self.store = Store(self._conninfo or _conninfo_from_django())
            self.hub = Hub(redis_url, self.store, self._prefix or live_channels.prefix())
            self.table_store = Store(self.store.conninfo, sql=TABLE_SQL, shared=self.store)
            self.tables = Hub(redis_url, self.table_store, live_channels.table_prefix())
        self.hub.ensure_started()
        self.tables.ensure_started()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        match = PATH.match(scope["path"])
        if match is None or scope["method"] not in ("GET", "HEAD"):
            await _plain(send, 404, b'{"code": "not_found", "message": "Streams live at /stream/games/<id>/ '
                                    b'and /stream/tables/<id>/."}')
            return
        self._setup()
        kind, key = match.group(1), int(match.group(2))
        hub, store, noun = (self.hub, self.store, "game") if kind == "games" else (self.tables, self.table_store, "table")
        listener = Listener(_last_event_id(scope))
        hub.add(key, listener)                 # subscribe before reading the store: no gap
        try:
            try:
                current = await store.seq(key)
            except Exception:  # noqa: BLE001
                log.warning("stream: could not read %s %s", noun, key, exc_info=True)
                await _plain(send, 503, b'{"code": "unavailable", "message": "The game store is unreachable; retry."}')
                return
            if current is None:
                await _plain(send, 404, b'{"code": "not_found", "message": "There is no such %s."}' % noun.encode())
                return
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-cache, no-transform"),
                (b"x-accel-buffering", b"no"), (b"access-control-allow-origin", b"*")]})
            self.open_streams += 1
            try:
                await self._pump(noun, key, listener, current, receive, send)
            finally:
                self.open_streams -= 1
        finally:
            hub.remove(key, listener)

    async def _pump(self, noun: str, key: int, listener: Listener, current: int, receive, send) -> None:
        gone = asyncio.Event()

        async def watch():
            while True:
                if (await receive())["type"] == "http.disconnect":
                    gone.set()
                    return

        watcher = asyncio.get_running_loop().create_task(watch())
        try:
            # retry: how soon EventSource reconnects after a drop (ms)
            await send({"type": "http.response.body", "body": b"retry: 2000\n\n", "more_body": True})
            if listener.sent > current:
                # an id this game (table) never reached (e.g. a foreign seq an older server relayed):
                # the client starts over from the store's seq
                listener.sent = -1
            listener.latest = max(listener.latest, current)
            if listener.latest > listener.sent:
                await self._emit(noun, key, listener, send)
            while not gone.is_set():
                try:
                    await asyncio.wait_for(listener.wake.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    await send({"type": "http.response.body", "body": b": keepalive\n\n", "more_body": True})
                    continue
                listener.wake.clear()
                if listener.latest > listener.sent:
                    await self._emit(noun, key, listener, send)
        except OSError:
            pass
        finally:
            watcher.cancel()

    @staticmethod
    async def _emit(noun: str, key: int, listener: Listener, send) -> None:
        seq = listener.latest
        data = {"game": key, "seq": seq} if noun == "game" else {"table": key, "version": seq}
        body = b"id: %d\ndata: " % seq + orjson.dumps(data) + b"\n\n"
        await send({"type": "http.response.body", "body": body, "more_body": True})
        listener.sent = seq


def _last_event_id(scope) -> int:
    for name, value in scope.get("headers", []):
        if name == b"last-event-id":
            try:
                return int(value.decode())
            except ValueError:
                break
    query = parse_qs(scope.get("query_string", b"").decode())
    try:
        return int(query.get("last", ["-1"])[0])
    except ValueError:
        return -1


async def _plain(send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"access-control-allow-origin", b"*")]})
    await send({"type": "http.response.body", "body": body})


app = StreamApp()
