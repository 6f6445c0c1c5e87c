"""Load benchmark of the full stack (issue 4): all-AI tables played by real Celery workers
through `submit_decision` (Postgres, Redis, Celery) at a paced rate, beside a bare pipeline
paced the same way in the same run. Prints decisions per second and, from a decision's
commit, the p50/p99 to its Redis publish and to the table's next decision (less the pacing
delay), with full/bare ratios. Never passes or fails on time.

    bin/bench-stack                                  # 500 tables at 250 and 400 decisions/s
    bin/bench-stack --tables 100 --rates 200 --seconds 10

Pacing: every table's bots think `tables / rate` seconds before each decision
(RDI_AI_THINK_SECONDS, the AI clock of games/clock.py), so 500 tables offer `rate` decisions
per second. The bare pipeline is one chain per table of a no-op task that stamps the time,
inserts a row, publishes and queues its next step with a countdown of the same think time:
a task per decision, the floor a Celery pipeline has on this machine.

Run through `bin/bench-stack`, it plays in a scratch database it creates next to
DATABASE_URL's and drops at the end, on a Celery queue of its own with its own workers.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ("deirdre", "zot", "fiona", "gerki")


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Listener:
    """Stamps every message on the channels matching `pattern` as it arrives: {(channel, n): t}."""

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
                self.seen[(message["channel"].decode(), orjson.loads(message["data"])[key])] = time.time()
        pubsub.close()

    def stop(self) -> dict:
        time.sleep(0.5)
        self._stop.set()
        self._thread.join()
        return self.seen


def start_workers(n: int, queue: str, env_extra: dict) -> list[subprocess.Popen]:
    env = {**os.environ, "RDI_CELERY_QUEUE": queue, "PYTHONPATH": str(ROOT), **env_extra}
    procs = [subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "rdi_service", "worker", "--pool=solo", "-Q", queue, "-l", "WARNING",
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
    publish = [seen[(channel(t), s)] - stamp for t, s, stamp in inside if (channel(t), s) in seen]
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


def full(tables: int, think: float, warmup: float, seconds: float, out) -> dict:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games import services

    settings.RDI_AI_THINK_SECONDS = think   # the starts below put the first turns on the clock
    owner, _ = get_user_model().objects.get_or_create(username="bench-stack-owner")
    pending = []
    for _ in range(tables):
        table = services.table_create(owner=owner, player_count=4, turn_seconds=None)
        for character in CHARACTERS:
            services.seat_take(table_id=table.pk, user=owner, character=character, ai=True)
        pending.append(table.pk)
    listener = Listener("rdi:game:*", "seq")
    games = []
    started = time.time()
    for i, table_id in enumerate(pending):   # spread the starts over one think time
        time.sleep(max(0.0, started + i * think / tables - time.time()))
        games.append(services.table_start(table_id=table_id, user=owner).pk)
    lo = max(started + warmup, time.time() + 1)
    window = (lo, lo + seconds)
    time.sleep(max(0.0, window[1] - time.time()) + 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT game_id, seq, extract(epoch from created_at) FROM games_event"
                       " WHERE game_id = ANY(%s) AND kind = 'decision'", [games])
        rows = [(g, s, float(t)) for g, s, t in cursor.fetchall()]
    seen = listener.stop()
    out.write(f"  tables waiting on each worker's AI clock at the end: {_homes()}\n")
    return _measure(f"full stack, {tables} tables", rows, seen, services.live_channel, think, window, out)


def run(*, tables: int, rates: list[float], workers: int, warmup: float = 8.0, seconds: float = 30.0,
        out=sys.stdout) -> list[dict]:
    from django.conf import settings

    from rdi_service.celery import app

    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    saved = settings.RDI_SCHEDULE_TASKS, settings.RDI_AI_THINK_SECONDS, app.conf.task_default_queue
    settings.RDI_SCHEDULE_TASKS = True
    results = []
    out.write(f"{tables} tables, {workers} workers, {os.cpu_count()} cores; each rate: bare pipeline, then the "
              f"full stack, {seconds:.0f} s measured after {warmup:.0f} s of warm-up\n")
    try:
        for rate in rates:
            results.append(_run_at(rate, tables=tables, workers=workers, warmup=warmup, seconds=seconds, url=url,
                                   out=out))
    finally:
        settings.RDI_SCHEDULE_TASKS, settings.RDI_AI_THINK_SECONDS, app.conf.task_default_queue = saved
    return results


def _run_at(rate: float, *, tables: int, workers: int, warmup: float, seconds: float, url: str, out) -> dict:
    from rdi_service.celery import app

    think = tables / rate
    # a queue (and AI clock) per run: the last run's tables must not play on into this one
    queue = app.conf.task_default_queue = f"rdi-bench-{os.getpid()}-{rate:.0f}"
    out.write(f"at {rate:.0f} decisions/s offered (think {think:.2f} s):\n")
    procs = start_workers(workers, queue, {"DATABASE_URL": url, "RDI_SCHEDULE_TASKS": "1",
                                           "RDI_AI_THINK_SECONDS": str(think)})
    try:
        b = bare(tables, think, warmup, seconds, out)
        f = full(tables, think, warmup, seconds, out)
    finally:
        stop_workers(procs)
        _forget(queue)
    ratio = lambda key, q: _pct(f[key], q) / _pct(b[key], q)  # noqa: E731
    out.write(f"  ratios full/bare: rate {f['rate'] / b['rate']:.2f}x; publish p50 {ratio('publish', .5):.2f}x "
              f"p99 {ratio('publish', .99):.2f}x; next decision p50 {ratio('next', .5):.2f}x "
              f"p99 {ratio('next', .99):.2f}x\n")
    return {"rate": rate, "bare": b, "full": f}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--rates", default="250,400", help="offered decisions per second, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with scratch_database():
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        run(tables=args.tables, rates=[float(r) for r in args.rates.split(",")], workers=args.workers,
            warmup=args.warmup, seconds=args.seconds)
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
