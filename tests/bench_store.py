"""Event store benchmarks (DESIGN.md §9): printed figures with same-run baselines, never
pass/fail on time.

    python tests/bench_store.py [--appends 400] [--writers 8] [--repeats 5] [--load-games 12]
    python tests/bench_store.py --profile 3000       # where one append's client CPU goes (cProfile)
    python tests/bench_store.py --fast-disk          # on a Postgres in memory: commits cost no disk

1. The append path: `submit_decision` with a cheap legal decision (task scheduling off), with 1 writer and with
   N writer processes on distinct games, beside a raw psycopg single-row INSERT + COMMIT of
   the same row into a table of the same shape in the same Postgres, and beside the
   `eventsourcing` library's PostgreSQL aggregate and application recorders inserting one
   event per call. Prints rates and ratios.
2. Bot turns group-committed (`appends.submit_group`): precomputed decisions handed over as a
   bot's, and whole games of `random` bots played as a worker plays them.
3. The three ratios of issue 15 with their aims: one human decision >= 60 % of the raw insert
   with 1 writer and >= 50 % with N; group-committed bot events/s >= 1.5x the raw insert rate.
4. Loading a game's state: through the store (latest snapshot + tail fold, cache cold)
   against the bare floor (select snapshot + select the tail + load + fold, no checks) and a
   full re-fold from `new_game`, for games of several lengths.

It creates a scratch database `rdi_bench_<pid>` next to DATABASE_URL's and drops it at the end.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import shutil
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager, nullcontext
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH_DB = f"rdi_bench_{os.getpid()}"


def point_at(base_url: str) -> None:
    """Run against `base_url`'s server, in a scratch database created beside its database."""
    global BASE_URL, BENCH_URL
    BASE_URL = base_url
    BENCH_URL = urlunsplit(urlsplit(base_url)._replace(path="/" + BENCH_DB))
    os.environ["DATABASE_URL"] = BENCH_URL


point_at(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")
# The append path only: no Celery scheduling of AI turns and timers after commit (the
# full-stack benchmark, bin/bench-stack, measures that), and no stray tasks left in Redis.
os.environ["RDI_SCHEDULE_TASKS"] = "false"
# Its hundreds of AI games are the measurement, not one user's load: no per-user limits.
os.environ["RDI_MAX_AI_GAMES_PER_USER"] = "0"
os.environ["RDI_MAX_OPEN_TABLES_PER_USER"] = "0"


@contextmanager
def fast_disk():
    """A private Postgres with its data in memory (tmpfs) for the run: commits cost no disk,
    as on a machine whose fsync is fast, so what is left of an append is its CPU. Stopped
    and removed afterwards."""
    from rdi_service import embedded

    data = Path(tempfile.mkdtemp(prefix="rdi-bench-pg-", dir="/dev/shm"))
    try:
        sockets = embedded.start_postgres(data / "pg")
        point_at(f"postgres://postgres@/postgres?host={quote(str(sockets))}")
        yield
    finally:
        if (data / "pg" / "postmaster.pid").exists():
            embedded.run_tool(data / "pg", ["pg_ctl", "-D", data / "pg", "-m", "immediate", "-w", "stop"])
        shutil.rmtree(data, ignore_errors=True)


def create_db():
    with psycopg.connect(BASE_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{BENCH_DB}"')


def drop_db():
    from django.db import connections
    connections.close_all()
    with psycopg.connect(BASE_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


def django_setup():
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


# --- fixtures -----------------------------------------------------------------------------

def make_games(count: int, players: int = 2, bot: str = ""):
    """Started games with AI seats (played by `bot`: "" for none, the benchmark decides), each
    with a precomputed list of legal decisions."""
    from django.contrib.auth import get_user_model
    from games import appends, engine, services
    from games.models import Table

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    games = []
    for index in range(count):
        table = Table.objects.create(owner=owner, player_count=players)
        for seat in range(players):
            table.seats.create(index=seat, is_ai=True, bot=bot,
                               character=engine.CHARACTERS[seat % len(engine.CHARACTERS)])
        seed = f"{index:064x}"
        game = services.table_start(table_id=table.pk, user=owner, seed=seed)
        state = engine.new_game({**game.setup, "seed": seed})
        rng, decisions = random.Random(index), []
        while not state.over:
            decision = rng.choice(engine.prompts(state)[0].decisions)
            decisions.append(decision)
            state, _ = engine.apply(state, decision)
        games.append((game.pk, decisions[:-1]))  # stop one short of the end: every append is a plain one
    return games


def store_stream(games):
    """(game_id, expected_seq, decision) for every precomputed decision, game after game."""
    for game_id, decisions in games:
        for seq, decision in enumerate(decisions):
            yield game_id, seq, decision


def store_appends(stream, count: int) -> tuple[int, float]:
    """Submit the next `count` decisions of `stream`; returns (appends, seconds)."""
    from games import appends, services
    done, elapsed = 0, 0.0
    for game_id, seq, decision in stream:
        start = time.perf_counter()
        appends.submit_decision(game_id=game_id, seat=decision["seat"], decision=decision, actor="ai:bench",
                                 expected_seq=seq)
        elapsed += time.perf_counter() - start
        done += 1
        if done >= count:
            break
    return done, elapsed


class GroupStream:
    """Bot turns group-committed: the precomputed decisions of game after game handed to
    `appends.submit_group` as a bot would hand them (actor, `ai:<seq>:<seat>` key), so
    a statement carries up to RDI_GROUP_COMMIT_MAX events. Counts events appended."""

    def __init__(self, games):
        self.games, self.index, self.seq = list(games), 0, 0

    def appends(self, count: int) -> tuple[int, float]:
        from games import appends, services
        done, elapsed = 0, 0.0
        while done < count and self.index < len(self.games):
            game_id, decisions = self.games[self.index]
            stop = min(len(decisions), self.seq + count - done)

            def decide(state, seq, decisions=decisions, stop=stop):
                if seq >= stop:
                    return None
                return decisions[seq]["seat"], decisions[seq], "ai:bench", f"ai:{seq}:{decisions[seq]['seat']}"

            start = time.perf_counter()
            result = appends.submit_group(game_id=game_id, expected_seq=self.seq, decide=decide)
            elapsed += time.perf_counter() - start
            if result is None or result.decisions == 0:
                raise RuntimeError(f"game {game_id}: the group commit fell through at seq {self.seq}")
            done += result.decisions
            self.seq = result.seq
            if self.seq >= len(decisions):
                self.index, self.seq = self.index + 1, 0
        return done, elapsed


class BotGames:
    """Whole games of `random` bots played the way a worker plays them (`timers.play_automatic`:
    the bot decides, group commit appends). Counts decisions appended."""

    def __init__(self, games):
        self.games = [game_id for game_id, _ in games]

    def appends(self, count: int) -> tuple[int, float]:
        from games import timers
        done, elapsed = 0, 0.0
        while done < count and self.games:
            game_id = self.games.pop()
            start = time.perf_counter()
            done += timers.play_automatic(game_id, 0, budget=3600)
            elapsed += time.perf_counter() - start
        return done, elapsed


RAW_TABLE = ("CREATE TABLE IF NOT EXISTS bench_raw (LIKE games_event INCLUDING DEFAULTS INCLUDING IDENTITY "
             "INCLUDING CONSTRAINTS INCLUDING INDEXES)")
RAW_INSERT = ("INSERT INTO bench_raw (game_id, seq, kind, seat, actor, payload, created_at, prev_hash, hash, "
              "state_hash, idempotency_key) VALUES (%s, %s, %s, %s, %s, %s::jsonb, now(), %s, %s, %s, NULL)")
PAYLOAD = '{"seat": 0, "type": "discard", "cards": [12]}'


class Raw:
    """The baseline: the same row shape, one INSERT + COMMIT per row, plain psycopg."""

    def __init__(self, game_id: int):
        self.conn = psycopg.connect(BENCH_URL)
        self.conn.execute(RAW_TABLE)
        self.conn.commit()
        self.game_id, self.seq = game_id, 0

    def appends(self, count: int) -> tuple[int, float]:
        conn, start = self.conn, time.perf_counter()
        for _ in range(count):
            conn.execute(RAW_INSERT, (self.game_id, self.seq, "decision", 0, "ai:bench", PAYLOAD, "a" * 64, "b" * 64,
                                      "c" * 64))
            conn.commit()
            self.seq += 1
        return count, time.perf_counter() - start


class EventSourcing:
    """eventsourcing's PostgreSQL recorder ("aggregate" or "application"), one stored event
    per insert_events call."""

    def __init__(self, kind: str):
        from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder, PostgresDatastore

        with psycopg.connect(BENCH_URL) as conn:
            info = conn.info
            self.datastore = PostgresDatastore(dbname=info.dbname, host=info.host, port=info.port, user=info.user,
                                               password=info.password or "")
        recorder_class = PostgresAggregateRecorder if kind == "aggregate" else PostgresApplicationRecorder
        self.recorder = recorder_class(self.datastore, events_table_name=f"es_{kind}_events")
        self.originator, self.version = uuid.uuid4(), 0

    def create_table(self):
        self.recorder.create_table()

    def appends(self, count: int) -> tuple[int, float]:
        from eventsourcing.persistence import StoredEvent
        payload, start = PAYLOAD.encode(), time.perf_counter()
        for _ in range(count):
            self.version += 1
            self.recorder.insert_events([StoredEvent(originator_id=self.originator, originator_version=self.version,
                                                     topic="decision", state=payload)])
        return count, time.perf_counter() - start


# --- parallel writers ---------------------------------------------------------------------

def _worker(job, games, count, barrier, results, index):
    from django.db import connections
    connections.close_all()
    if job == "store":
        stream = store_stream(games)
        run = lambda: store_appends(stream, count)  # noqa: E731
    elif job == "raw":
        run = lambda: Raw(1_000_000 + index).appends(count)  # noqa: E731
    else:
        recorder = EventSourcing(job)
        run = lambda: recorder.appends(count)  # noqa: E731
    barrier.wait()
    start, cpu = time.perf_counter(), time.process_time()
    done, _ = run()
    results[index] = (done, time.perf_counter() - start, time.process_time() - cpu)


def parallel(job: str, writers: int, count: int, games_per_writer=None) -> tuple[float, float]:
    """Appends per second of `writers` processes together (each `count` appends), and the
    writers' own CPU seconds per append (with more writers than cores it is taken from
    Postgres, which is why it is printed)."""
    from django.db import connections
    connections.close_all()
    ctx = mp.get_context("fork")
    barrier, manager = ctx.Barrier(writers), ctx.Manager()
    results = manager.dict()
    procs = [ctx.Process(target=_worker, args=(job, (games_per_writer or [[]] * writers)[i], count, barrier, results, i))
             for i in range(writers)]
    start = time.perf_counter()
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join()
    wall = time.perf_counter() - start
    total = sum(done for done, _, _ in results.values())
    slowest = max(seconds for _, seconds, _ in results.values())
    cpu = sum(seconds for _, _, seconds in results.values()) / max(total, 1)
    manager.shutdown()
    return (total / max(slowest, 1e-9) if slowest < wall else total / wall), cpu


# --- loading --------------------------------------------------------------------------------

def load_figures(game_count: int, repeats: int):
    from django.db import connection
    from games import engine, store
    from games.models import Game

    games = make_games(game_count, players=8)
    rows = []
    for game_id, decisions in games:
        from games import appends, services
        for seq, decision in enumerate(decisions):
            appends.submit_decision(game_id=game_id, seat=decision["seat"], decision=decision, actor="ai:bench",
                                     expected_seq=seq)
        rows.append(Game.objects.get(pk=game_id))
    rows.sort(key=lambda g: g.seq)
    picked = [rows[0], rows[len(rows) // 2], rows[-1]]
    print(f"\nLoading a state (8 players; snapshot every {store_snapshot_every()} events; cache cold; "
          f"best of {repeats})")
    print(f"{'events':>7} {'store ms':>9} {'floor ms':>9} {'full ms':>9} {'store/floor':>12} {'full/store':>11}")
    for game in picked:
        def through_store():
            store.cache.clear()
            with connection.cursor() as cursor:
                store.load_state(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)

        def floor():
            with connection.cursor() as cursor:
                cursor.execute("SELECT seq, state FROM games_snapshot WHERE game_id = %s AND seq <= %s"
                               " ORDER BY seq DESC LIMIT 1", [game.pk, game.seq])
                snap_seq, blob = cursor.fetchone()
                state = engine.load_state(bytes(blob))
                store.fold(cursor, state, game_id=game.pk, after_seq=snap_seq, upto_seq=game.seq)

        def full():
            with connection.cursor() as cursor:
                store.load_state(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash,
                                 use_snapshot=False)

        times = [min(_timed(fn) for _ in range(repeats)) for fn in (through_store, floor, full)]
        print(f"{game.seq:>7} {times[0]*1e3:>9.2f} {times[1]*1e3:>9.2f} {times[2]*1e3:>9.2f} "
              f"{times[0]/times[1]:>11.2f}x {times[2]/times[0]:>10.1f}x")
    print("  (the engine's random games end before 2,000 decisions; the store column should stay flat "
          "with length, the full re-fold grows with it)")


# --- profile -------------------------------------------------------------------------------

#: What one append spends its time on: (label, module path suffix, function name). Each is
#: the cumulative time of that function, so the parts are disjoint only as the call tree is.
PARTS = (
    ("engine.apply", "games/engine/core/flow.py", "apply"),
    ("state encoding (canonical bytes)", "games/engine/core/state.py", "dump_state"),
    ("state hash (sha256 of those bytes)", "games/engine/core/canonical.py", "digest"),
    ("projection (prompts, deadline)", "games/appends.py", "_projection"),
    ("canonical event (the bytes the chain covers)", "games/chain.py", "canonical_event"),
    ("chain hash (HMAC-SHA256 under the game's key)", "games/chain.py", "chain_hash"),
    ("the append statement, built and run", "games/store.py", "append_events"),
    ("  of which the prepared statement on libpq", "games/store.py", "run_prepared"),
    ("connection checks (no Django cursor)", "games/appends.py", "_ready"),
    ("after commit (cache, publisher hand-off)", "games/appends.py", "_after_commit"),
)


def profile(count: int) -> None:
    """Where one append's client CPU goes: the CPU per append of the store and of the raw
    insert, measured in this run without the profiler, then `count` hot-path appends (one
    writer, cache warm) under cProfile on a CPU clock, so time spent waiting for Postgres
    (the commit's fsync) counts as nothing and what is left is the writer's own work."""
    import cProfile
    import pstats

    games = make_games(count // 40 + 2)
    stream = store_stream(games)
    store_appends(stream, 20)
    plain, raw = _cpu(lambda: store_appends(stream, count // 2)), _cpu(lambda: Raw(999_999).appends(count // 2))
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    done, _ = store_appends(stream, count - count // 2)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = _cumulative(stats, "games/appends.py", "submit_decision")
    print(f"Client CPU per append, without the profiler: store {plain[1] * 1e6:.0f} us "
          f"({plain[0] * 1e6:.0f} us wall), raw insert {raw[1] * 1e6:.0f} us ({raw[0] * 1e6:.0f} us wall): "
          f"store/raw {plain[1] / raw[1]:.2f}x (aim <= 2x)")
    print(f"\nProfile of {done} appends (cProfile on the CPU clock; it adds its own cost to every call)")
    print(f"  {'submit_decision, total':<46} {total / done * 1e6:>8.1f} us  100%")
    for label, path, name in PARTS:
        spent = _cumulative(stats, path, name)
        print(f"  {label:<46} {spent / done * 1e6:>8.1f} us {spent / total:>5.0%}")
    print("\nTop functions by own CPU time:")
    stats.sort_stats("tottime").print_stats(25)


def _cpu(run) -> tuple[float, float]:
    """(wall, CPU) seconds per call of `run`, which returns (calls, wall seconds)."""
    cpu = time.process_time()
    done, wall = run()
    return wall / done, (time.process_time() - cpu) / done


def _cumulative(stats, path: str, name: str) -> float:
    return sum(ct for (file, _, func), (_, _, _, ct, _) in stats.stats.items()
               if func == name and file.endswith(path))


def store_snapshot_every():
    from django.conf import settings
    return settings.RDI_SNAPSHOT_EVERY


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=400, help="appends per writer and per baseline")
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--load-games", type=int, default=12, help="8-player games played for the loading figures")
    parser.add_argument("--no-eventsourcing", action="store_true")
    parser.add_argument("--profile", type=int, metavar="N", default=0,
                        help="instead of the comparison: profile N appends with cProfile and print the breakdown")
    parser.add_argument("--fast-disk", action="store_true",
                        help="on a private Postgres with its data in memory (tmpfs), as on a machine with fast commits")
    args = parser.parse_args(argv)
    with fast_disk() if args.fast_disk else nullcontext():
        create_db()
        try:
            django_setup()
            if args.profile:
                profile(args.profile)
            else:
                _run(args)
        finally:
            drop_db()


def _rate(pair):
    done, seconds = pair
    return done / seconds


def _run(args):
    n, writers, rounds = args.appends, args.writers, 5
    print(f"Append path: {n} appends per contender (1 writer: {rounds} interleaved rounds); "
          f"Postgres {BASE_URL.rsplit('@', 1)[-1]}; {os.cpu_count()} cores")
    need = n // 40 + 2
    games = make_games(need * (writers + 3))
    stream = store_stream(games[:need])
    group = GroupStream(games[need * (writers + 1): need * (writers + 2)])
    bots = BotGames(make_games(need * 2, bot="random"))
    store_appends(stream, 20)  # warm up: connections, caches
    group.appends(20)
    contenders = {"store": lambda k: store_appends(stream, k), "raw insert": Raw(999_999).appends,
                  "bot turns, group commit": group.appends, "bot turns, group commit, random bot deciding": bots.appends}
    if not args.no_eventsourcing:
        for kind in ("aggregate", "application"):
            recorder = EventSourcing(kind)
            recorder.create_table()
            contenders[f"eventsourcing {kind}"] = recorder.appends
    totals = {name: [0, 0.0] for name in contenders}
    for _ in range(rounds):  # interleaved, so a noisy neighbour hits every contender alike
        for name, run in contenders.items():
            done, seconds = run(n // rounds)
            totals[name][0] += done
            totals[name][1] += seconds
    rows = {f"{name}, 1 writer": done / seconds for name, (done, seconds) in totals.items()}
    chunks = [games[need * (i + 1): need * (i + 2)] for i in range(writers)]
    jobs = {"store": "store", "raw insert": "raw"}
    if not args.no_eventsourcing:
        jobs.update({"eventsourcing aggregate": "aggregate", "eventsourcing application": "application"})
    cpu = {}
    for name, job in jobs.items():
        rows[f"{name}, {writers} writers"], cpu[name] = parallel(job, writers, n, chunks if job == "store" else None)
    for name, rate in rows.items():
        unit = "events/s" if name.startswith("bot turns") else "appends/s"
        print(f"  {name:<56} {rate:>9.0f} {unit}")
    print(f"  writers' own CPU per append, {writers} writers: "
          + ", ".join(f"{name} {seconds * 1e6:.0f} us" for name, seconds in cpu.items()))
    many = f"{writers} writers"
    raw1, raw_many = rows["raw insert, 1 writer"], rows[f"raw insert, {many}"]
    print("Ratios (issue 15's aims):")
    print(f"  one human decision, 1 writer:   store/raw {rows['store, 1 writer'] / raw1:.0%} (aim >= 60%)")
    print(f"  one human decision, {many}: store/raw {rows[f'store, {many}'] / raw_many:.0%} (aim >= 50%)")
    print(f"  bot turns group-committed:      events/s / raw inserts/s "
          f"{rows['bot turns, group commit, 1 writer'] / raw1:.2f}x (aim >= 1.5x); with the random bot deciding "
          f"{rows['bot turns, group commit, random bot deciding, 1 writer'] / raw1:.2f}x")
    if not args.no_eventsourcing:
        print("Beside the eventsourcing library (one event per call):")
        for suffix in ("1 writer", many):
            print(f"  {suffix:>10}: store/eventsourcing aggregate "
                  f"{rows[f'store, {suffix}'] / rows[f'eventsourcing aggregate, {suffix}']:.2f}x; "
                  f"store/eventsourcing application "
                  f"{rows[f'store, {suffix}'] / rows[f'eventsourcing application, {suffix}']:.2f}x")
    load_figures(args.load_games, args.repeats)


if __name__ == "__main__":
    main()
