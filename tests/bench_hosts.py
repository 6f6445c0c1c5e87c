"""Multi-host load benchmark (issue 42 item 4): the web, stream, worker and database processes
on separate hosts (network namespaces, tests/hosts.py) with a delay between them, under the
paced all-AI load of tests/bench_stack.py plus a stream of human decisions made over HTTP;
printed beside the same processes on one host. Never passes or fails on time.

    bin/bench-hosts                                   # single, then hosts at 0, 0.5 and 2 ms RTT
    bin/bench-hosts --rtts 2 --seconds 10 --no-single

Each configuration, on its own Celery queue with its own fresh tables:

- *single*: every process (web, stream, workers) on the db host, reaching Postgres and Redis
  over its loopback: today's one-host topology. The benchmark driver (the players' browsers and
  the SSE clients) stays outside, at RTT 0 from it.
- *hosts* at each RTT: gunicorn on the web host, uvicorn on the stream host, Celery workers on
  the work host, Postgres and Redis on the db host; every round trip between two hosts, and
  between the driver and a host, takes the RTT.

Load: `--tables` four-bot tables whose bots think `tables / rate` seconds (the AI clock), so
they offer `--rate` decisions/s, and `--human-tables` tables of one person and three bots.
The driver plays each person as a browser does: it follows the game on a stream process (SSE),
fetches `GET /api/games/<id>/` when the seq moves, and when the person is asked, thinks
`--human-think` seconds and sends `POST /api/games/<id>/decisions/` with `expected_seq`.

Printed per configuration and side by side: AI decisions/s; commit -> the table's next AI
decision beyond the think time, p50/p99; a human decision's request -> response p50/p99 and
the server's own part of it (the web process's Server-Timing header, RDI_SERVER_TIMING on);
commit -> SSE message on a stream client p50/p99, for AI and human decisions. And where the
time went: the measured round trip (a TCP connect) from each host to Postgres and Redis and
from the driver to the web host, how many round trips each host made to Postgres and Redis
per decision (data segments its connections sent, from `ss`), Postgres transactions and rows
per decision (pg_stat_database) and Redis commands per decision (INFO commandstats).
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import sys
import threading
import time
from dataclasses import dataclass, field

from tests import bench_stack
from tests.bench_stack import CHARACTERS, SSEClients, Topology, _after, _pct
from tests.hosts import PG_PORT, REDIS_PORT, Hosts

WEB_PORT, STREAM_PORT = 8000, 8100
AI_SSE_SAMPLE = 50


@dataclass
class Human:
    """A person at one table, played by the driver: what each of their decisions cost."""
    game: int
    token: str
    port: int
    decisions: list = field(default_factory=list)   # (sent, answered, status, server ms, seq)
    errors: int = 0


def _play(human: Human, host: str, sse: SSEClients, think: float, stop_at: float, rng: random.Random) -> None:
    import orjson

    conn = http.client.HTTPConnection(host, human.port, timeout=30)
    auth = {"Authorization": f"Token {human.token}"}

    def request(method, path, body=None, headers=auth):
        """(time sent, response, body): on a connection the server closed while idle (gunicorn
        keeps one alive 2 s), once more on a new one, as a browser does; the time is the try
        that was answered."""
        for attempt in (1, 2):
            sent = time.time()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                return sent, response, response.read()
            except (http.client.HTTPException, OSError):
                conn.close()
                if attempt == 2:
                    raise

    seen = -1
    step = 0
    while time.time() < stop_at:
        try:
            _, response, answer = request("GET", f"/api/games/{human.game}/")
            game = orjson.loads(answer)
        except (http.client.HTTPException, OSError, ValueError):
            human.errors += 1
            time.sleep(0.5)
            continue
        if game.get("over"):
            return
        seen = game["seq"]
        prompt = (game.get("view") or {}).get("prompt") or {}
        choices = [d for d in prompt.get("decisions") or []
                   if not re.search(r"concede|resign", str(d.get("type") or d.get("kind") or ""))]
        if game.get("your_prompt") and choices:
            time.sleep(think * rng.uniform(0.5, 1.5))
            step += 1     # the key makes a retried POST safe: it is applied once
            body = orjson.dumps({"expected_seq": seen, "decision": rng.choice(choices),
                                 "idempotency_key": f"bench-{human.game}-{step}"})
            try:
                sent, response, answer = request("POST", f"/api/games/{human.game}/decisions/", body,
                                                 {**auth, "Content-Type": "application/json"})
            except (http.client.HTTPException, OSError):
                human.errors += 1
                continue
            answered = time.time()
            timing = re.search(r"app;dur=([\d.]+)", response.headers.get("Server-Timing") or "")
            seq = orjson.loads(answer).get("seq") if response.status == 201 else None
            human.decisions.append((sent, answered, response.status, float(timing[1]) if timing else None, seq))
            continue
        # not asked: wait for the live stream to announce a newer seq, as the table page does
        deadline = time.time() + 5
        while sse.latest.get(human.game, 0) <= seen and time.time() < min(deadline, stop_at):
            time.sleep(0.02)
    conn.close()


def _create_tables(n_ai: int, n_human: int, tag: str):
    """(owner, AI table ids, [(human user, table id)]): created in the driver, through services,
    four at a time (each thread its own connection)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth import get_user_model
    from django.db import connection

    from games import services

    users = get_user_model().objects
    owner, _ = users.get_or_create(username="bench-hosts-owner")

    def ai_table(_):
        try:
            table = services.table_create(owner=owner, player_count=4, turn_seconds=None)
            for character in CHARACTERS:
                services.seat_take(table_id=table.pk, user=owner, character=character, ai=True)
            return table.pk
        finally:
            connection.close()

    def human_table(i):
        try:
            person, _ = users.get_or_create(username=f"bench-hosts-{tag}-{i}")
            table = services.table_create(owner=person, player_count=4, turn_seconds=None, window_seconds=None)
            services.seat_take(table_id=table.pk, user=person, character=CHARACTERS[0])
            for character in CHARACTERS[1:]:
                services.seat_take(table_id=table.pk, user=person, character=character, ai=True)
            return person, table.pk
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=4) as pool:
        return owner, list(pool.map(ai_table, range(n_ai))), list(pool.map(human_table, range(n_human)))


def probe(hosts: Hosts, servers, role: str | None, tag: str, n: int = 8) -> dict:
    """Before the load starts: a table of two people and no bots, played by the driver one
    request at a time while nothing else runs, with the web host's round trips to Postgres and
    Redis (data segments its connections sent, `ss`) counted around each request; not when
    `role` is None (the one-host run: there every process shares the db host's loopback).
    {"GET"|"POST": [(latency, server time, Postgres round trips, Redis round trips)]}.
    (pg_stat_database and INFO commandstats cannot be read per request: Postgres flushes its
    counters about once a second, and idle workers poll the AI clock on the same Redis.)"""
    import orjson
    from django.contrib.auth import get_user_model

    from accounts.tokens import token_rotate
    from games import services

    users = get_user_model().objects
    a, _ = users.get_or_create(username=f"bench-hosts-probe-{tag}-a")
    b, _ = users.get_or_create(username=f"bench-hosts-probe-{tag}-b")
    table = services.table_create(owner=a, player_count=2, turn_seconds=None, window_seconds=None)
    services.seat_take(table_id=table.pk, user=a, character=CHARACTERS[0])
    services.seat_take(table_id=table.pk, user=b, character=CHARACTERS[1])
    tokens = [token_rotate(a).key, token_rotate(b).key]
    game = bench_stack.start_over_http(servers.web[:1], tokens[0], [table.pk], time.time(), 0, host=servers.web_host)[0]
    conn = http.client.HTTPConnection(servers.web_host, servers.web[0], timeout=30)

    def request(method, token, body=None):
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        before = (hosts.segments(role, PG_PORT), hosts.segments(role, REDIS_PORT)) if role else (0, 0)
        sent = time.perf_counter()
        conn.request(method, f"/api/games/{game}/" + ("decisions/" if body else ""), body=body, headers=headers)
        response = conn.getresponse()
        answer = orjson.loads(response.read())
        latency = time.perf_counter() - sent
        after = (hosts.segments(role, PG_PORT), hosts.segments(role, REDIS_PORT)) if role else (None, None)
        timing = re.search(r"app;dur=([\d.]+)", response.headers.get("Server-Timing") or "")
        cost = (latency, float(timing[1]) / 1000 if timing else float("nan"),
                *((after[0] - before[0], after[1] - before[1]) if role else (None, None)))
        return answer, cost

    figures = {"GET": [], "POST": []}
    rng = random.Random(7)
    request("GET", tokens[0])      # the connection and its first statements are not a decision's
    for _ in range(n + 2):
        for token in tokens:
            detail, cost = request("GET", token)
            if detail.get("your_prompt"):
                break
        figures["GET"].append(cost)
        choices = detail["view"]["prompt"]["decisions"]
        _, cost = request("POST", token, orjson.dumps({"expected_seq": detail["seq"],
                                                         "decision": rng.choice(choices)}))
        figures["POST"].append(cost)
    conn.close()
    return {k: v[2:] for k, v in figures.items()}       # the first ones warm the web process up


def _probe_line(figures: dict) -> str:
    def median(rows, i):
        return sorted(r[i] for r in rows)[len(rows) // 2]
    parts = []
    for method, rows in figures.items():
        trips = (f", {median(rows, 2)} round trips to Postgres and {median(rows, 3)} to Redis"
                 if rows[0][2] is not None else "")
        parts.append(f"{method} {median(rows, 0) * 1000:.1f} ms (server {median(rows, 1) * 1000:.1f} ms){trips}")
    return "; ".join(parts)


def _pg_counters() -> tuple[int, int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database"
                       " WHERE datname = current_database()")
        return tuple(int(v) for v in cursor.fetchone())


def _redis_calls() -> int:
    import redis
    from django.conf import settings

    stats = redis.Redis.from_url(settings.REDIS_URL).info("commandstats")
    return sum(int(v["calls"]) for v in stats.values())


def _counters(hosts: Hosts, roles: tuple[str, ...]) -> dict:
    segs = {(role, port): hosts.segments(role, port) for role in roles for port in (PG_PORT, REDIS_PORT)}
    trouble = {role: hosts.tcp_trouble(role) for role in ("db", *roles)}
    return {"pg": _pg_counters(), "redis": _redis_calls(), "segs": segs, "trouble": trouble}


def run_config(hosts: Hosts, *, name: str, rtt: float, top: Topology, tables: int, rate: float, human_tables: int,
               human_think: float, warmup: float, seconds: float, env: dict, out) -> dict:
    from django.db import connection

    from accounts.tokens import token_rotate
    from rdi_service.celery import app

    think = tables / rate
    single = name == "single"
    on = {role: "db" if single else role for role in ("web", "stream", "work")}
    where = {role: hosts.addr[on[role]] for role in on}
    queue = app.conf.task_default_queue = f"rdi-bench-hosts-{os.getpid()}-{name}-{rtt:g}"
    hosts.set_rtt(0.0)          # the set-up is not the measurement
    owner, ai_tables, human_tables_ = _create_tables(tables, human_tables, f"{name}{rtt:g}".replace(".", "_"))
    hosts.set_rtt(rtt)
    proc_env = {**(hosts.local_env(env) if single else env), "DJANGO_SETTINGS_MODULE": "rdi_service.settings",
                "RDI_SCHEDULE_TASKS": "1", "RDI_AI_THINK_SECONDS": str(think), "RDI_CELERY_QUEUE": queue,
                "RDI_MAX_AI_GAMES_PER_USER": "0", "RDI_MAX_OPEN_TABLES_PER_USER": "0", "RDI_SERVER_TIMING": "1",
                "ALLOWED_HOSTS": f"{where['web']},{where['stream']},127.0.0.1,localhost"}
    out.write(f"{name}, RTT {rtt:g} ms: web on {on['web']}, stream on {on['stream']}, workers on {on['work']} "
              f"({top.web} web, {top.stream} stream, {top.workers} worker processes); Postgres and Redis on db\n")
    procs = bench_stack.start_workers(top.workers, queue, proc_env, wrap=tuple(hosts.command(on["work"], [])))
    servers = None
    try:
        servers = bench_stack.start_servers(top, proc_env, web_host=where["web"], stream_host=where["stream"],
                                            wraps={role: tuple(hosts.command(on[role], [])) for role in ("web", "stream")})
        rtts = _rtts(hosts, on, where, servers)
        out.write("  measured round trips (median TCP connect): "
                  + ", ".join(f"{k} {v:.2f} ms" for k, v in rtts.items()) + "\n")
        probed = probe(hosts, servers, None if single else "web", f"{name}{rtt:g}".replace(".", "_"))
        out.write(f"  one human decision alone (medians of {len(probed['POST'])} GET + POST, no other load; round "
                  f"trips counted on the web host): {_probe_line(probed)}\n")
        started = time.time()
        ai_games = bench_stack.start_over_http(servers.web, token_rotate(owner).key, ai_tables, started, think,
                                               host=servers.web_host)
        tokens = [token_rotate(person).key for person, _ in human_tables_]
        human_games = bench_stack.start_over_http(servers.web, tokens, [t for _, t in human_tables_], time.time(),
                                                  0.5, host=servers.web_host)
        followed = ai_games[:AI_SSE_SAMPLE] + human_games
        sse = SSEClients(servers.stream, followed, host=servers.stream_host)
        lo = max(started + warmup, time.time() + 1)
        hi = lo + seconds
        players = [Human(game, token, servers.web[i % len(servers.web)])
                   for i, (game, token) in enumerate(zip(human_games, tokens))]
        threads = [threading.Thread(target=_play, args=(p, servers.web_host, sse, human_think, hi,
                                                         random.Random(p.game)), daemon=True) for p in players]
        for t in threads:
            t.start()
        roles = () if single else ("web", "stream", "work")
        time.sleep(max(0.0, lo - time.time()))
        before = _counters(hosts, roles)
        time.sleep(max(0.0, hi - time.time()))
        after = _counters(hosts, roles)
        for t in threads:
            t.join(35)
        with connection.cursor() as cursor:
            cursor.execute("SELECT game_id, seq, extract(epoch from created_at), actor LIKE 'user:%%'"
                           " FROM games_event WHERE game_id = ANY(%s) AND kind = 'decision'", [ai_games + human_games])
            rows = [(g, s, float(t), human) for g, s, t, human in cursor.fetchall()]
        delivered = sse.stop()
    finally:
        try:
            out.write(f"  tables waiting on each worker's AI clock at the end: {bench_stack._homes()}\n")
        except Exception as error:      # the figures matter more than this line
            out.write(f"  (AI clock not read: {error})\n")
        bench_stack.stop_workers(procs + (servers.procs if servers else []))
        bench_stack._forget(queue)
    result = _figures(rows, set(ai_games), players, delivered, think, (lo, hi), before, after, rtts)
    result.update(name=name, rtt=rtt, probe=probed)
    _print_config(result, think, out)
    return result


def _rtts(hosts: Hosts, on: dict, where: dict, servers) -> dict:
    db = hosts.addr["db"]
    if on["web"] == "db":
        return {"db->Postgres (loopback)": hosts.connect_rtt("db", "127.0.0.1", PG_PORT),
                "driver->web": hosts.connect_rtt(None, where["web"], servers.web[0])}
    return {"web->Postgres": hosts.connect_rtt("web", db, PG_PORT),
            "web->Redis": hosts.connect_rtt("web", db, REDIS_PORT),
            "work->Postgres": hosts.connect_rtt("work", db, PG_PORT),
            "stream->Redis": hosts.connect_rtt("stream", db, REDIS_PORT),
            "driver->web": hosts.connect_rtt(None, where["web"], servers.web[0]),
            "driver->stream": hosts.connect_rtt(None, where["stream"], servers.stream[0])}


def _figures(rows, ai_games: set, players: list[Human], delivered: dict, think: float, window, before, after,
             rtts) -> dict:
    lo, hi = window
    at = {(g, s): t for g, s, t, _ in rows}
    inside = [r for r in rows if lo <= r[2] < hi]
    ai = [r for r in inside if r[0] in ai_games]
    nxt = [t - at[(g, s - 1)] - think for g, s, t, _ in ai if (g, s - 1) in at]
    ai_sse = [d for g, s, t, _ in ai if (g, s) in delivered and (d := _after(delivered, (g, s), t)) is not None]
    answered = [d for p in players for d in p.decisions if lo <= d[0] < hi]
    ok = [d for d in answered if d[2] == 201]
    latency = [d[1] - d[0] for d in ok]
    server = [d[3] / 1000 for d in ok if d[3] is not None]
    network = [d[1] - d[0] - d[3] / 1000 for d in ok if d[3] is not None]
    human_games = {p.game for p in players}
    human_sse = [d for p in players for sent, _, status, _, seq in p.decisions if status == 201 and lo <= sent < hi
                 and (p.game, seq) in at and (d := _after(delivered, (p.game, seq), at[(p.game, seq)])) is not None]
    bot_steps = sum(1 for r in inside if not r[3])              # every bot's, at AI and human tables
    human_steps = sum(1 for r in inside if r[3] and r[0] in human_games)
    steps = len(inside)
    delta = {"xact": after["pg"][0] - before["pg"][0], "rows": after["pg"][1] - before["pg"][1],
             "redis": after["redis"] - before["redis"],
             "segs": {k: after["segs"][k] - before["segs"].get(k, 0) for k in after["segs"]},
             "trouble": {k: tuple(x - y for x, y in zip(after["trouble"][k], before["trouble"][k]))
                         for k in after["trouble"]}}
    return {"ai_rate": len(ai) / (hi - lo), "ai_steps": len(ai), "next": nxt, "ai_sse": ai_sse,
            "human": latency, "server": server, "network": network, "human_sse": human_sse,
            "human_steps": human_steps, "human_sent": len(answered), "human_refused": len(answered) - len(ok),
            "bot_steps": bot_steps, "steps": steps, "delta": delta, "rtts": rtts, "seconds": hi - lo,
            "errors": sum(p.errors for p in players)}


def _ms(values, q) -> str:
    return f"{_pct(values, q) * 1000:.1f}" if values else "-"


def _print_config(r: dict, think: float, out) -> None:
    out.write(f"  AI: {r['ai_rate']:.0f} decisions/s ({r['ai_steps']} in {r['seconds']:.0f} s); commit->next AI "
              f"decision (beyond the {think:.2f} s think) p50 {_ms(r['next'], .5)} ms p99 {_ms(r['next'], .99)} ms; "
              f"commit->SSE p50 {_ms(r['ai_sse'], .5)} ms p99 {_ms(r['ai_sse'], .99)} ms ({len(r['ai_sse'])})\n")
    out.write(f"  human: {len(r['human'])} decisions ({r['human_refused']} refused, {r['errors']} request errors); "
              f"request->response p50 {_ms(r['human'], .5)} ms p99 {_ms(r['human'], .99)} ms, of which the server "
              f"(Server-Timing) p50 {_ms(r['server'], .5)} ms p99 {_ms(r['server'], .99)} ms and network + HTTP "
              f"p50 {_ms(r['network'], .5)} ms p99 {_ms(r['network'], .99)} ms; commit->SSE "
              f"p50 {_ms(r['human_sse'], .5)} ms p99 {_ms(r['human_sse'], .99)} ms ({len(r['human_sse'])})\n")
    d = r["delta"]
    steps = max(r["steps"], 1)
    out.write(f"  Postgres: {d['xact'] / steps:.2f} transactions and {d['rows'] / steps:.1f} rows written per "
              f"decision; Redis: {d['redis'] / steps:.1f} commands per decision ({r['steps']} decisions: "
              f"{r['bot_steps']} by bots, {r['human_steps']} by people)\n")
    if d["segs"]:
        per = lambda role, port, n: d["segs"][(role, port)] / max(n, 1)  # noqa: E731
        out.write(f"  round trips (data segments sent) per decision: work->Postgres "
                  f"{per('work', PG_PORT, r['bot_steps']):.2f} and work->Redis {per('work', REDIS_PORT, r['bot_steps']):.2f}"
                  f" per bot decision; web->Postgres {per('web', PG_PORT, r['human_steps']):.1f} and web->Redis "
                  f"{per('web', REDIS_PORT, r['human_steps']):.1f} per human decision (its POST and the GETs "
                  f"that fetched the view); stream->Postgres {per('stream', PG_PORT, r['steps']):.2f}, "
                  f"stream->Redis {per('stream', REDIS_PORT, r['steps']):.2f} per decision\n")
    out.write("  TCP segments retransmitted / packets dropped on eth0, per host: "
              + ", ".join(f"{role} {x}/{y}" for role, (x, y) in d["trouble"].items()) + "\n")


def side_by_side(results: list[dict], out) -> None:
    out.write("\nside by side (ms; AI next = commit->next AI decision beyond the think time; human = request->"
              "response, server = its Server-Timing):\n")
    out.write(f"  {'config':<7} {'RTT':>5} {'AI dec/s':>8} {'AI next p50/p99':>16} {'human p50/p99':>15} "
              f"{'server p50':>10} {'AI SSE p50/p99':>15} {'human SSE p50/p99':>18} {'humans':>6}\n")
    pair = lambda v: f"{_ms(v, .5)}/{_ms(v, .99)}"  # noqa: E731
    for r in results:
        out.write(f"  {r['name']:<7} {r['rtt']:>5g} {r['ai_rate']:>8.0f} {pair(r['next']):>16} {pair(r['human']):>15} "
                  f"{_ms(r['server'], .5):>10} {pair(r['ai_sse']):>15} {pair(r['human_sse']):>18} "
                  f"{len(r['human']):>6}\n")


def run(*, tables: int, rate: float, human_tables: int, human_think: float, rtts: list[float], single: bool,
        top: Topology, warmup: float, seconds: float, out=sys.stdout, hosts_tag: int | None = None) -> list[dict]:
    """Build the hosts, start the database, run each configuration; everything torn down after."""
    results = []
    with Hosts(rtt_ms=0.0, tag=hosts_tag) as hosts:
        env = hosts.start_database()
        os.environ.update(env)
        os.environ.update({"DJANGO_SETTINGS_MODULE": "rdi_service.settings", "RDI_MAX_OPEN_TABLES_PER_USER": "0",
                           "RDI_MAX_AI_GAMES_PER_USER": "0"})
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        out.write(f"{tables} AI tables at {rate:g} decisions/s offered (think {tables / rate:.2f} s) and "
                  f"{human_tables} tables of one person and three bots (the person thinks ~{human_think:g} s); "
                  f"{os.cpu_count()} cores; each configuration {seconds:g} s measured after {warmup:g} s of warm-up; "
                  f"hosts {', '.join(f'{r} {a}' for r, a in hosts.addr.items())}, driver {hosts.driver_addr} "
                  f"(namespaces {hosts.prefix}-*)\n")
        configs = ([("single", 0.0)] if single else []) + [("hosts", rtt) for rtt in rtts]
        try:
            for name, rtt in configs:
                results.append(run_config(hosts, name=name, rtt=rtt, top=top, tables=tables, rate=rate,
                                          human_tables=human_tables, human_think=human_think, warmup=warmup,
                                          seconds=seconds, env=env, out=out))
                out.flush()
        finally:
            from django.db import connections

            connections.close_all()
    side_by_side(results, out)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="all-AI tables")
    parser.add_argument("--rate", type=float, default=100, help="decisions/s the AI tables offer")
    parser.add_argument("--human-tables", type=int, default=20, help="tables of one person and three bots")
    parser.add_argument("--human-think", type=float, default=1.0, help="seconds a person thinks, on average")
    parser.add_argument("--rtts", default="0,0.5,2", help="round trips between hosts, ms, comma-separated")
    parser.add_argument("--no-single", action="store_true", help="skip the one-host run")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time per configuration")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--web", type=int, default=2, help="web processes (gunicorn, 1 worker x 8 threads)")
    parser.add_argument("--stream", type=int, default=2, help="stream processes (uvicorn)")
    parser.add_argument("--workers", type=int, default=3, help="Celery worker processes")
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("bin/bench-hosts makes network namespaces and needs root (sudo bin/bench-hosts ...)")
    # SIGTERM (a timeout, a kill) unwinds like Ctrl-C, so the hosts are torn down
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    from tests import hosts

    for item in hosts.cleanup():
        print(f"removed a dead run's {item}", file=sys.stderr)
    run(tables=args.tables, rate=args.rate, human_tables=args.human_tables, human_think=args.human_think,
        rtts=[float(r) for r in args.rtts.split(",") if r], single=not args.no_single,
        top=Topology("hosts", args.web, args.stream, args.workers), warmup=args.warmup, seconds=args.seconds)


if __name__ == "__main__":
    main()
