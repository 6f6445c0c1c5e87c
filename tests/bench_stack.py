"""Load benchmark of the full stack (issue 4): all-AI tables played by real Celery workers
through `submit_decision` (Postgres, Redis, Celery), beside a bare pipeline measured in the
same run (a no-op task that inserts a row, publishes and queues the next one). Prints
decisions per second and the p50/p99 from a decision's commit to its publish and to the next
AI decision, with ratios against the bare pipeline. Never passes or fails on time.

    bin/bench-stack --tables 500 --workers 2          # the issue's size
    python -m tests.bench_stack --tables 4 --decisions 50

It needs a database it may write to (DATABASE_URL; it creates tables and games there) and
Redis; it starts and stops its own workers on a queue of its own.
"""
from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _listen(pattern: str, seen: dict, stop: threading.Event):
    import orjson
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.psubscribe(pattern)
    while not stop.is_set():
        message = pubsub.get_message(timeout=0.2)
        if message:
            seen[(message["channel"], orjson.loads(message["data"]).get("seq",
                 orjson.loads(message["data"]).get("step")))] = time.time()
    pubsub.close()


def start_workers(n: int, queue: str, env_extra: dict) -> list[subprocess.Popen]:
    env = {**os.environ, "RDI_CELERY_QUEUE": queue, "PYTHONPATH": str(ROOT), **env_extra}
    procs = []
    for i in range(n):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "rdi_service", "worker", "--pool=solo", "-Q", queue, "-l", "WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{queue}-{i}@%h"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    time.sleep(3)
    return procs


def stop_workers(procs):
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()


def bare(chains: int, steps: int, out) -> dict:
    from django.conf import settings
    from django.db import connection

    from games import tasks

    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS rdi_bench_bare (chain int, step int, queued_at float8,"
                       " started_at float8, committed_at float8)")
        cursor.execute("DELETE FROM rdi_bench_bare")
    seen: dict = {}
    stop = threading.Event()
    listener = threading.Thread(target=_listen, args=("rdi:bench:*", seen, stop), daemon=True)
    listener.start()
    time.sleep(0.3)
    started = time.time()
    for c in range(chains):
        tasks.bench_noop.apply_async((c, 0, steps, time.time()))
    total = chains * steps
    deadline = time.time() + 60 + total / 50
    with connection.cursor() as cursor:
        while time.time() < deadline:
            cursor.execute("SELECT count(*) FROM rdi_bench_bare")
            if cursor.fetchone()[0] >= total:
                break
            time.sleep(0.2)
        cursor.execute("SELECT chain, step, queued_at, started_at, committed_at FROM rdi_bench_bare")
        rows = cursor.fetchall()
    elapsed = max(r[4] for r in rows) - started if rows else float("nan")
    time.sleep(0.5)
    stop.set()
    commits = {(r[0], r[1]): r[4] for r in rows}
    publish = [seen[(f"rdi:bench:{c}".encode(), s)] - t for (c, s), t in commits.items()
               if (f"rdi:bench:{c}".encode(), s) in seen]
    nxt = [r[3] - commits[(r[0], r[1] - 1)] for r in rows if (r[0], r[1] - 1) in commits]
    result = {"steps": len(rows), "rate": len(rows) / elapsed, "publish": publish, "next": nxt}
    _print("bare pipeline", result, out)
    return result


def full(tables: int, decisions: int, out) -> dict:
    """`tables` 4-seat all-AI tables (random bots), played until `decisions` decisions in all."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games import services

    owner, _ = get_user_model().objects.get_or_create(username="bench-stack-owner")
    seen: dict = {}
    stop = threading.Event()
    listener = threading.Thread(target=_listen, args=("rdi:game:*", seen, stop), daemon=True)
    listener.start()
    time.sleep(0.3)
    games = []
    started = time.time()
    for i in range(tables):
        table = services.table_create(owner=owner, player_count=4, turn_seconds=None)
        for character in ("deirdre", "zot", "fiona", "gerki"):
            services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot="random")
        games.append(services.table_start(table_id=table.pk, user=owner).pk)
    deadline = time.time() + 120 + decisions / 20
    sql = "SELECT count(*) FROM games_event WHERE game_id = ANY(%s) AND kind = 'decision'"
    with connection.cursor() as cursor:
        while time.time() < deadline:
            cursor.execute(sql, [games])
            done = cursor.fetchone()[0]
            cursor.execute("SELECT count(*) FROM games_game WHERE id = ANY(%s) AND status = 'active'", [games])
            if done >= decisions or cursor.fetchone()[0] == 0:
                break
            time.sleep(0.2)
        cursor.execute("SELECT game_id, seq, kind, actor, extract(epoch from created_at) FROM games_event"
                       " WHERE game_id = ANY(%s) ORDER BY game_id, seq", [games])
        rows = cursor.fetchall()
    time.sleep(0.5)
    stop.set()
    decisions_rows = [r for r in rows if r[2] == "decision"]
    elapsed = max(float(r[4]) for r in decisions_rows) - started if decisions_rows else float("nan")
    publish = [seen[(f"rdi:game:{g}".encode(), s)] - float(t) for g, s, k, a, t in decisions_rows
               if (f"rdi:game:{g}".encode(), s) in seen]
    nxt = [float(b[4]) - float(a[4]) for a, b in zip(rows, rows[1:])
           if a[0] == b[0] and b[1] == a[1] + 1 and b[2] == "decision" and b[3].startswith("ai:")]
    result = {"steps": len(decisions_rows), "rate": len(decisions_rows) / elapsed, "publish": publish, "next": nxt}
    _print(f"full stack, {tables} tables", result, out)
    return result


def _print(name, r, out):
    ms = lambda v: f"{v * 1000:.1f} ms"  # noqa: E731
    out.write(f"{name}: {r['steps']} decisions, {r['rate']:.0f} decisions/s; commit->publish p50 "
              f"{ms(_pct(r['publish'], .5))} p99 {ms(_pct(r['publish'], .99))}; commit->next decision p50 "
              f"{ms(_pct(r['next'], .5))} p99 {ms(_pct(r['next'], .99))}\n")


def run(*, tables: int, decisions: int, workers: int, bare_chains: int | None = None, out=sys.stdout) -> dict:
    from rdi_service.celery import app

    queue = f"rdi-bench-{os.getpid()}"
    app.conf.task_default_queue = queue
    from django.conf import settings

    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    procs = start_workers(workers, queue, {"DATABASE_URL": url, "RDI_SCHEDULE_TASKS": "1"})
    settings.RDI_SCHEDULE_TASKS = True
    try:
        chains = bare_chains or tables
        b = bare(chains, max(2, decisions // chains), out)
        f = full(tables, decisions, out)
    finally:
        stop_workers(procs)
    ratio = lambda key, q: _pct(f[key], q) / _pct(b[key], q) if b[key] and f[key] else float("nan")  # noqa: E731
    out.write(f"ratios full/bare: rate {f['rate'] / b['rate']:.2f}x; publish p50 {ratio('publish', .5):.2f}x "
              f"p99 {ratio('publish', .99):.2f}x; next p50 {ratio('next', .5):.2f}x p99 {ratio('next', .99):.2f}x\n")
    return {"bare": b, "full": f}


def main():
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")
    django.setup()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--decisions", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    run(tables=args.tables, decisions=args.decisions, workers=args.workers)


if __name__ == "__main__":
    main()
