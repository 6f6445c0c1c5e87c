"""Load benchmark of the full stack (issue 4): all-AI tables played by real Celery workers
through `submit_decision` (Postgres, Redis, Celery) at a paced rate, beside a bare pipeline
paced the same way in the same run. Prints decisions per second and, from a decision's
commit, the p50/p99 to its Redis publish and to the table's next decision (less the pacing
delay), with full/bare ratios. Never passes or fails on time.

    bin/bench-stack                                  # 500 tables at 250 and 400 decisions/s
    bin/bench-stack --tables 100 --rates 200 --seconds 10
    bin/bench-stack --topology both                  # also 2 web, 2 stream, 3 worker processes

Pacing: every table's bots think `tables / rate` seconds before each decision
(RDI_AI_THINK_SECONDS, the AI clock of games/clock.py), so 500 tables offer `rate` decisions
per second. The bare pipeline is one chain per table of a no-op task that stamps the time,
inserts a row, publishes and queues its next step with a countdown of the same think time:
a task per decision, the floor a Celery pipeline has on this machine.

Topologies (`--topology single|multi|both`): *single* is the benchmark process itself starting
the tables (the web tier's part) with `--workers` Celery workers; *multi* is the first step past
one host, every role its own OS process on its own port as on separate machines: 2 web
processes (gunicorn) that the tables are started through over HTTP, 2 stream processes
(uvicorn) that SSE clients follow a sample of the games on, and 3 Celery workers, all sharing
one Postgres and one Redis. Each topology gets its own bare pipeline on its own workers, and
`both` prints the two side by side at the end.

Run through `bin/bench-stack`, it plays in a scratch database it creates next to
DATABASE_URL's and drops at the end, on a Celery queue of its own with its own workers.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ("deirdre", "zot", "fiona", "gerki")


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _after(arrivals: dict, key, stamp: float) -> float | None:
    """The first arrival of `key` at or after `stamp`, less `stamp`. Pub/sub channels are shared
    by everything on the Redis server (other databases, test runs, benchmarks), and their game
    ids repeat ours, so a key may also arrive from elsewhere, before or after our own."""
    times = [t for t in arrivals.get(key, ()) if t >= stamp - 0.0005]
    return min(times) - stamp if times else None


class Listener:
    """Stamps every message on the channels matching `pattern` as it arrives:
    {(channel, n): [times]}."""

    def __init__(self, pattern: str, key: str):
        self.seen: dict = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(pattern, key), daemon=True)
        self._thread.start()
        time.sleep(0.3)

    def _run(self, pattern, key):
        import orjson
        import redis
        from django.conf import settings

        pubsub = redis.Redis.from_url(settings.REDIS_URL).pubsub(ignore_subscribe_messages=True)
        pubsub.psubscribe(pattern)
        while not self._stop.is_set():
            message = pubsub.get_message(timeout=0.2)
            if message:
                self.seen.setdefault((message["channel"].decode(), orjson.loads(message["data"])[key]), []).append(
                    time.time())
        pubsub.close()

    def stop(self) -> dict:
        time.sleep(0.5)
        self._stop.set()
        self._thread.join()
        return self.seen


def start_workers(n: int, queue: str, env_extra: dict, wrap: tuple = ()) -> list[subprocess.Popen]:
    """`wrap`: a command prefix, e.g. ("ip", "netns", "exec", ns) to start them on another host
    (tests/bench_hosts.py)."""
    env = {**os.environ, "RDI_CELERY_QUEUE": queue, "PYTHONPATH": str(ROOT), **env_extra}
    procs = [subprocess.Popen(
        [*wrap, sys.executable, "-m", "celery", "-A", "rdi_service", "worker", "--pool=solo", "-Q", queue, "-l", "WARNING",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{queue}-{i}@%h"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        for i in range(n)]
    time.sleep(3)
    return procs


def stop_workers(procs):
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()


@dataclass(frozen=True)
class Topology:
    """How many processes of each role a run starts; web 0: the benchmark process starts the
    tables itself; stream 0: no SSE clients."""
    name: str
    web: int
    stream: int
    workers: int

    def describe(self) -> str:
        if not self.web:
            return f"{self.name}: tables started in the benchmark process, {self.workers} worker processes"
        return (f"{self.name}: {self.web} web, {self.stream} stream and {self.workers} worker processes, "
                f"each its own OS process (web and stream on their own ports)")


def topology(name: str, workers: int) -> Topology:
    return Topology("single", 0, 0, workers) if name == "single" else Topology("multi", 2, 2, 3)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Servers:
    """The web and stream processes of a topology, their ports and the addresses they listen on."""
    procs: list = field(default_factory=list)
    web: list = field(default_factory=list)
    stream: list = field(default_factory=list)
    web_host: str = "127.0.0.1"
    stream_host: str = "127.0.0.1"


def start_servers(top: Topology, env_extra: dict, web_host: str = "127.0.0.1", stream_host: str = "127.0.0.1",
                  wraps: dict | None = None) -> Servers:
    """`wraps`: a command prefix per role ("web", "stream") to start it on another host, where it
    listens on `web_host` / `stream_host` (tests/bench_hosts.py)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLOWED_HOSTS": "127.0.0.1,localhost", "DEBUG": "false",
           **env_extra}
    wraps = wraps or {}
    servers = Servers(web_host=web_host, stream_host=stream_host)
    for _ in range(top.web):
        port = _free_port()
        servers.web.append(port)
        servers.procs.append(subprocess.Popen(
            [*wraps.get("web", ()), sys.executable, "-m", "gunicorn", "rdi_service.wsgi:application",
             "--bind", f"{web_host}:{port}",
             "--workers", "1", "--threads", "8", "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    for _ in range(top.stream):
        port = _free_port()
        servers.stream.append(port)
        servers.procs.append(subprocess.Popen(
            [*wraps.get("stream", ()), sys.executable, "-m", "uvicorn", "rdi_service.asgi:application",
             "--timeout-graceful-shutdown", "1", "--host", stream_host, "--port", str(port), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    deadline = time.time() + 60
    for host, port in [(web_host, p) for p in servers.web] + [(stream_host, p) for p in servers.stream]:
        while True:
            try:
                with socket.create_connection((host, port), timeout=1):
                    break
            except OSError:
                if time.time() > deadline:
                    stop_workers(servers.procs)
                    raise RuntimeError(f"nothing listens on port {port} after 60 s")
                time.sleep(0.2)
    return servers


def start_over_http(ports: list[int], token: str | list[str], table_ids: list[int], started: float, spread: float,
                    host: str = "127.0.0.1") -> list[int]:
    """POST /api/tables/<id>/start/ for each table, round-robin over the web processes, table
    i at `started + i * spread / len(tables)`, as its owner (`token`, or `token[i]`); returns
    the game ids."""
    local = threading.local()

    def start(i: int) -> int:
        port = ports[i % len(ports)]
        conns = local.__dict__.setdefault("conns", {})
        time.sleep(max(0.0, started + i * spread / len(table_ids) - time.time()))
        for attempt in range(3):
            conn = conns.get(port) or conns.setdefault(port, http.client.HTTPConnection(host, port, timeout=30))
            owner = token if isinstance(token, str) else token[i]
            try:
                conn.request("POST", f"/api/tables/{table_ids[i]}/start/", headers={"Authorization": f"Token {owner}"})
                response = conn.getresponse()
                body = response.read()
                if response.status != 201:
                    raise RuntimeError(f"starting table {table_ids[i]}: {response.status} {body[:300]!r}")
                import orjson
                return orjson.loads(body)["id"]
            except (http.client.HTTPException, OSError):
                conns.pop(port, None).close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(start, range(len(table_ids))))


class SSEClients:
    """Follows games on the stream processes as browsers do: {(game, seq): [times the SSE
    message arrived]}, and the latest seq seen per game, from one asyncio loop in a thread."""

    def __init__(self, ports: list[int], games: list[int], host: str = "127.0.0.1"):
        self.seen: dict = {}
        self.latest: dict = {}
        self.host = host
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(ports, games),),
                                        daemon=True)
        self._stop: asyncio.Event | None = None
        self._thread.start()
        time.sleep(0.5)

    async def _run(self, ports, games):
        self._stop = asyncio.Event()
        tasks = [asyncio.create_task(self._follow(ports[i % len(ports)], game)) for i, game in enumerate(games)]
        await self._stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _follow(self, port: int, game: int):
        reader, writer = await asyncio.open_connection(self.host, port)
        writer.write(f"GET /stream/games/{game}/ HTTP/1.1\r\nHost: {self.host}\r\nAccept: text/event-stream\r\n"
                     f"Last-Event-ID: 0\r\n\r\n".encode())
        await writer.drain()
        try:
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    seq = int(line[4:])
                    self.seen.setdefault((game, seq), []).append(time.time())
                    self.latest[game] = max(seq, self.latest.get(game, 0))
        finally:
            writer.close()

    def stop(self) -> dict:
        time.sleep(0.5)
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        return self.seen


def _homes() -> str:
    import redis
    from django.conf import settings

    from games import clock

    client = redis.Redis.from_url(settings.REDIS_URL)
    homes = sorted(home.decode() for home in client.smembers(clock._key("homes")))
    return ", ".join(f"{home.split('@')[0]} {client.zcard(clock._due(home))}" for home in [""] + homes)


def _forget(queue: str) -> None:
    """Drop what a run leaves in Redis: its queues' messages and its AI clock."""
    import redis
    from django.conf import settings

    from games import clock

    client = redis.Redis.from_url(settings.REDIS_URL)
    homes = [home.decode() for home in client.smembers(clock._key("homes"))]
    client.delete(clock._due(""), clock._key("homes"), *[clock._due(home) for home in homes])
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue, *[f"{home}.dq2" for home in homes])


def _measure(name: str, rows, seen: dict, channel, think: float, window: tuple[float, float], out) -> dict:
    """rows: (table, step, stamped_at) of every decision. Counts those stamped inside `window`;
    latencies of those too."""
    lo, hi = window
    inside = [r for r in rows if lo <= r[2] < hi]
    at = {(t, s): stamp for t, s, stamp in rows}
    publish = [d for t, s, stamp in inside if (d := _after(seen, (channel(t), s), stamp)) is not None]
    nxt = [stamp - at[(t, s - 1)] - think for t, s, stamp in inside if (t, s - 1) in at]
    result = {"steps": len(inside), "rate": len(inside) / (hi - lo), "publish": publish, "next": nxt}
    ms = lambda v: f"{v * 1000:.1f} ms"  # noqa: E731
    out.write(f"  {name}: {result['rate']:.0f} decisions/s ({len(inside)} in {hi - lo:.0f} s); commit->publish "
              f"p50 {ms(_pct(publish, .5))} p99 {ms(_pct(publish, .99))}; commit->next decision (beyond the "
              f"{think:.2f} s think) p50 {ms(_pct(nxt, .5))} p99 {ms(_pct(nxt, .99))}\n")
    return result


def bare(tables: int, think: float, warmup: float, seconds: float, out) -> dict:
    from django.db import connection

    from games import tasks

    from rdi_service import db_roles
    from tests.owner import owner_role

    # A scratch table: the owner creates it and grants the service role's workers their INSERT.
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS rdi_bench_bare (chain int, step int, stamped_at float8)")
        cursor.execute("DELETE FROM rdi_bench_bare")
        if db_roles.service_user() != db_roles.owner_user():
            db_roles.grant(cursor, db_roles.service_user())
    listener = Listener("rdi:bench:*", "step")
    started = time.time()
    stop_at = started + warmup + seconds
    for chain in range(tables):   # spread over one think time, as the tables' turns spread out
        tasks.bench_noop.apply_async((chain, 0, think, stop_at), countdown=chain * think / tables)
    time.sleep(max(0.0, stop_at - time.time()) + 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT chain, step, stamped_at FROM rdi_bench_bare")
        rows = cursor.fetchall()
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("DROP TABLE rdi_bench_bare")
    seen = listener.stop()
    return _measure("bare pipeline", rows, seen, lambda c: f"rdi:bench:{c}", think,
                    (started + warmup, stop_at), out)


def full(tables: int, think: float, warmup: float, seconds: float, out, servers: Servers | None = None,
         sse_sample: int = 100) -> dict:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from accounts.tokens import token_rotate
    from games import appends, live_channels, services

    settings.RDI_AI_THINK_SECONDS = think   # the starts below put the first turns on the clock
    owner, _ = get_user_model().objects.get_or_create(username="bench-stack-owner")
    pending = []
    for _ in range(tables):
        table = services.table_create(owner=owner, player_count=4, turn_seconds=None)
        for character in CHARACTERS:
            services.seat_take(table_id=table.pk, user=owner, character=character, ai=True)
        pending.append(table.pk)
    listener = Listener(live_channels.pattern(), "seq")
    started = time.time()
    if servers is not None and servers.web:
        games = start_over_http(servers.web, token_rotate(owner).key, pending, started, think)
    else:
        games = []
        for i, table_id in enumerate(pending):   # spread the starts over one think time
            time.sleep(max(0.0, started + i * think / tables - time.time()))
            games.append(services.table_start(table_id=table_id, user=owner).pk)
    followed = games[:sse_sample] if servers is not None and servers.stream else []
    clients = SSEClients(servers.stream, followed) if followed else None
    lo = max(started + warmup, time.time() + 1)
    window = (lo, lo + seconds)
    time.sleep(max(0.0, window[1] - time.time()) + 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT game_id, seq, extract(epoch from created_at) FROM games_event"
                       " WHERE game_id = ANY(%s) AND kind = 'decision'", [games])
        rows = [(g, s, float(t)) for g, s, t in cursor.fetchall()]
    seen = listener.stop()
    delivered = clients.stop() if clients is not None else {}
    out.write(f"  tables waiting on each worker's AI clock at the end: {_homes()}\n")
    result = _measure(f"full stack, {tables} tables", rows, seen, appends.live_channel, think, window, out)
    if clients is not None:
        lo, hi = window
        sse = [d for g, s, t in rows if lo <= t < hi and (d := _after(delivered, (g, s), t)) is not None]
        result["sse"] = sse
        out.write(f"  SSE clients on {len(followed)} games over {len(servers.stream)} stream processes: commit->SSE "
                  f"message p50 {_pct(sse, .5) * 1000:.1f} ms p99 {_pct(sse, .99) * 1000:.1f} ms "
                  f"({len(sse)} messages; pings a client has not read yet collapse into the latest seq)\n")
    return result


def run(*, tables: int, rates: list[float], workers: int, warmup: float = 8.0, seconds: float = 30.0,
        topologies: tuple[str, ...] = ("single",), out=sys.stdout) -> list[dict]:
    from django.conf import settings

    from rdi_service.celery import app

    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    saved = settings.RDI_SCHEDULE_TASKS, settings.RDI_AI_THINK_SECONDS, app.conf.task_default_queue
    quotas = settings.RDI_MAX_AI_GAMES_PER_USER, settings.RDI_MAX_OPEN_TABLES_PER_USER
    settings.RDI_SCHEDULE_TASKS = True
    # its AI tables are the measurement, not one user's load: no per-user limits
    settings.RDI_MAX_AI_GAMES_PER_USER = settings.RDI_MAX_OPEN_TABLES_PER_USER = 0
    results = []
    tops = [topology(name, workers) for name in topologies]
    out.write(f"{tables} tables, {os.cpu_count()} cores; each rate and topology: bare pipeline, then the full stack, "
              f"{seconds:.0f} s measured after {warmup:.0f} s of warm-up\n")
    for top in tops:
        out.write(f"  {top.describe()}\n")
    try:
        for rate in rates:
            for top in tops:
                results.append(_run_at(rate, tables=tables, top=top, warmup=warmup, seconds=seconds, url=url,
                                       out=out))
    finally:
        settings.RDI_SCHEDULE_TASKS, settings.RDI_AI_THINK_SECONDS, app.conf.task_default_queue = saved
        settings.RDI_MAX_AI_GAMES_PER_USER, settings.RDI_MAX_OPEN_TABLES_PER_USER = quotas
    if len(tops) > 1:
        side_by_side(results, out)
    return results


def _run_at(rate: float, *, tables: int, top: Topology, warmup: float, seconds: float, url: str, out) -> dict:
    from rdi_service.celery import app

    think = tables / rate
    # a queue (and AI clock) per run: the last run's tables must not play on into this one
    queue = app.conf.task_default_queue = f"rdi-bench-{os.getpid()}-{rate:.0f}-{top.name}"
    out.write(f"at {rate:.0f} decisions/s offered (think {think:.2f} s), {top.name}:\n")
    env = {"DATABASE_URL": url, "RDI_SCHEDULE_TASKS": "1", "RDI_AI_THINK_SECONDS": str(think),
           "RDI_CELERY_QUEUE": queue, "RDI_MAX_AI_GAMES_PER_USER": "0", "RDI_MAX_OPEN_TABLES_PER_USER": "0"}
    procs = start_workers(top.workers, queue, env)
    servers = start_servers(top, env) if top.web or top.stream else None
    try:
        b = bare(tables, think, warmup, seconds, out)
        f = full(tables, think, warmup, seconds, out, servers=servers)
    finally:
        stop_workers(procs + (servers.procs if servers else []))
        _forget(queue)
    ratio = lambda key, q: _pct(f[key], q) / _pct(b[key], q)  # noqa: E731
    out.write(f"  ratios full/bare: rate {f['rate'] / b['rate']:.2f}x; publish p50 {ratio('publish', .5):.2f}x "
              f"p99 {ratio('publish', .99):.2f}x; next decision p50 {ratio('next', .5):.2f}x "
              f"p99 {ratio('next', .99):.2f}x\n")
    return {"rate": rate, "topology": top.name, "bare": b, "full": f}


def side_by_side(results: list[dict], out) -> None:
    """The full stack's figures of each topology beside each other, rate by rate."""
    def pair(values, scale=1000.0, unit="", digits=1):
        return f"{values[0] * scale:.{digits}f}{unit}/{values[1] * scale:.{digits}f}{unit}" if values else "-"

    out.write("\nside by side (full stack; ratios are full/bare of the same topology and rate):\n")
    out.write(f"  {'offered':>7} {'topology':<8} {'decisions/s':>11} {'publish p50/p99':>17} {'next p50/p99':>17}"
              f" {'SSE p50/p99':>17}   ratios: {'rate':>5} {'publish p50/p99':>15} {'next p50/p99':>13}\n")
    for r in results:
        f, b = r["full"], r["bare"]
        quantiles = lambda values: [_pct(values, .5), _pct(values, .99)] if values else []  # noqa: E731
        ratios = lambda key: [_pct(f[key], q) / _pct(b[key], q) for q in (.5, .99)]  # noqa: E731
        out.write(f"  {r['rate']:>7.0f} {r['topology']:<8} {f['rate']:>11.0f} {pair(quantiles(f['publish']), unit=' ms'):>17}"
                  f" {pair(quantiles(f['next']), unit=' ms'):>17} {pair(quantiles(f.get('sse')), unit=' ms'):>17}"
                  f"           {f['rate'] / b['rate']:>4.2f}x {pair(ratios('publish'), 1, 'x', 2):>15}"
                  f" {pair(ratios('next'), 1, 'x', 2):>13}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--rates", default="250,400", help="offered decisions per second, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the single topology")
    parser.add_argument("--topology", choices=("single", "multi", "both"), default="single",
                        help="multi: 2 web, 2 stream and 3 worker processes; both: each, side by side")
    args = parser.parse_args()
    with scratch_database():
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        run(tables=args.tables, rates=[float(r) for r in args.rates.split(",")], workers=args.workers,
            warmup=args.warmup, seconds=args.seconds,
            topologies=("single", "multi") if args.topology == "both" else (args.topology,))
        from django.db import connections

        connections.close_all()


class scratch_database:
    """A database of its own next to DATABASE_URL's, dropped afterwards: the benchmark's
    hundreds of half-played AI games must not land where a `bin/run` worker would play them."""

    def __enter__(self):
        import psycopg

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")
        self.base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        head, _, rest = self.base.rpartition("/")
        name, _, query = rest.partition("?")
        self.name = f"rdi_bench_{os.getpid()}"
        self.admin = self.base
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}"')
        os.environ["DATABASE_URL"] = f"{head}/{self.name}" + (f"?{query}" if query else "")
        return self

    def __exit__(self, *exc):
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
