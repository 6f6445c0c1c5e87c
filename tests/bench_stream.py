"""Live-update stream benchmark: N open SSE streams while decisions are appended.

    python tests/bench_stream.py [--streams 1000] [--games 10] [--decisions 200] [--interval 0.05]

Starts the stream app (games.web.stream, one uvicorn process) on a database of its own,
opens N EventSource-like connections spread over G games, appends decisions through
`games.appends.submit_decision` and measures, for every (stream, seq), the time from the
append's return to the `id: seq` line arriving. Prints delivery p50/p99, the stream server's
CPU time and memory (RSS), and a same-run baseline: the same pings read by one plain Redis
subscriber. Never passes or fails on time (DESIGN.md §9); the suite runs it at a tiny size.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def make_games(count: int):
    from django.contrib.auth import get_user_model

    from games import appends, services

    User = get_user_model()
    games = []
    for g in range(count):
        users = [User.objects.get_or_create(username=f"bench-stream-{os.getpid()}-{g}-{i}")[0] for i in range(2)]
        table = services.table_create(owner=users[0], player_count=2)
        services.seat_take(table_id=table.pk, user=users[0], character="zot")
        services.seat_take(table_id=table.pk, user=users[1], character="fiona")
        games.append(services.table_start(table_id=table.pk, user=users[0], seed=f"{g:064x}"))
    return games


class Clients:
    """N raw HTTP/1.1 SSE readers on one asyncio loop in a thread; records arrival times."""

    def __init__(self, port: int, games: list[int], streams: int):
        self.port, self.games, self.streams = port, games, streams
        self.arrivals: dict[tuple[int, int], list[float]] = {}
        self.connected = 0
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.tasks = []

    async def _one(self, game: int):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**16)
        writer.write(f"GET /stream/games/{game}/ HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass                                           # response headers
        self.connected += 1
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"id: "):
                    # chunked encoding wraps lines; the id line itself is intact
                    self.arrivals.setdefault((game, int(line[4:].strip())), []).append(time.time())
        finally:
            writer.close()

    def start(self):
        self.thread.start()
        for i in range(self.streams):
            game = self.games[i % len(self.games)]
            self.tasks.append(asyncio.run_coroutine_threadsafe(self._one(game), self.loop))

    def stop(self):
        async def cancel_all():
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancel_all(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


class RedisBaseline:
    """One plain Redis pattern subscriber: the floor under any fan-out."""

    def __init__(self, redis_url: str):
        import redis

        from games import live_channels

        self.pubsub = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
        self.pubsub.psubscribe(live_channels.pattern())
        self.arrivals: dict[tuple[int, int], float] = {}
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        import orjson

        while self.running:
            m = self.pubsub.get_message(timeout=0.2)
            if m and m["type"] == "pmessage":
                d = orjson.loads(m["data"])
                self.arrivals[(d["game"], d["seq"])] = time.time()

    def stop(self):
        self.running = False
        self.thread.join(2)
        self.pubsub.close()


def run(*, streams: int, games: int, decisions: int, interval: float, database_url: str, out=sys.stdout) -> dict:
    import psutil
    from django.conf import settings

    from games import appends, engine, selectors, services

    settings.RDI_SCHEDULE_TASKS = False
    rows = make_games(games)
    ids = [g.pk for g in rows]
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE":
           "rdi_service.settings"}
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "rdi_service.asgi:application", "--host", "127.0.0.1",
                               "--port", str(port), "--log-level", "warning", "--backlog", "4096", "--timeout-graceful-shutdown", "1"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proc = psutil.Process(server.pid)
    clients = baseline = None
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("uvicorn did not start: " + (server.stderr.read() or b"").decode()[-2000:])
                time.sleep(0.2)
        rss_idle = proc.memory_info().rss
        baseline = RedisBaseline(settings.REDIS_URL)
        clients = Clients(port, ids, streams)
        t0 = time.monotonic()
        clients.start()
        while clients.connected < streams and time.monotonic() - t0 < 60:
            time.sleep(0.05)
        connect_s = time.monotonic() - t0
        time.sleep(0.5)                     # every stream has had its opening message
        cpu0 = proc.cpu_times()
        rng = random.Random(1)
        sent: dict[tuple[int, int], float] = {}
        wall0 = time.monotonic()
        for n in range(decisions):
            game = rows[n % len(rows)]
            game.refresh_from_db()
            if game.status == "over":
                continue
            state = selectors.game_state(game=game)
            prompt = engine.prompts(state)[0]
            result = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                              actor="bench", expected_seq=game.seq)
            sent[(game.pk, result.seq)] = time.time()
            if interval:
                time.sleep(interval)
        time.sleep(1.5)                     # the last pings arrive
        wall = time.monotonic() - wall0
        cpu1 = proc.cpu_times()
        rss = proc.memory_info().rss
        lat = [(t - sent[key]) * 1000 for key, times in list(clients.arrivals.items()) if key in sent for t in times]
        base = [(baseline.arrivals[k] - t) * 1000 for k, t in sent.items() if k in baseline.arrivals]
        expected = sum(streams // len(ids) + (1 if i < streams % len(ids) else 0)
                       for i, gid in enumerate(ids) for (g, _) in sent if g == gid)
        cpu = (cpu1.user + cpu1.system) - (cpu0.user + cpu0.system)
        result = {
            "streams": streams, "connected": clients.connected, "games": len(ids), "decisions": len(sent),
            "deliveries": len(lat), "expected": expected, "p50_ms": _pct(lat, .5), "p99_ms": _pct(lat, .99),
            "max_ms": max(lat) if lat else float("nan"), "base_p50_ms": _pct(base, .5), "base_p99_ms": _pct(base, .99),
            "cpu_s": cpu, "cpu_pct": 100 * cpu / wall, "rss_mb": rss / 2**20, "rss_idle_mb": rss_idle / 2**20,
            "connect_s": connect_s,
        }
        print(f"Stream: {result['connected']}/{streams} streams open over {len(ids)} games in {connect_s:.1f} s; "
              f"{len(sent)} decisions appended in {wall:.1f} s; {os.cpu_count()} cores", file=out)
        print(f"  delivery (append returned -> id line read): p50 {result['p50_ms']:.1f} ms, p99 "
              f"{result['p99_ms']:.1f} ms, max {result['max_ms']:.1f} ms; {len(lat)}/{expected} deliveries", file=out)
        print(f"  baseline (one plain Redis subscriber):      p50 {result['base_p50_ms']:.1f} ms, p99 "
              f"{result['base_p99_ms']:.1f} ms; stream/baseline p50 "
              f"{result['p50_ms'] / result['base_p50_ms'] if result['base_p50_ms'] else float('nan'):.1f}x", file=out)
        print(f"  stream server: CPU {cpu:.2f} s ({result['cpu_pct']:.0f}% of one core), RSS {result['rss_mb']:.0f} MB "
              f"(idle {result['rss_idle_mb']:.0f} MB, {(rss - rss_idle) / max(streams, 1) / 1024:.1f} KB per stream)",
              file=out)
        return result
    finally:
        if clients:
            clients.stop()
        if baseline:
            baseline.stop()
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between appends")
    args = parser.parse_args(argv)
    import psycopg

    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    name = f"rdi_bench_stream_{os.getpid()}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = base.rsplit("/", 1)[0] + "/" + name
    os.environ["DATABASE_URL"] = url
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        run(streams=args.streams, games=args.games, decisions=args.decisions, interval=args.interval,
            database_url=url)
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
