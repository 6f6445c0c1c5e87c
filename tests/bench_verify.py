"""A bystander's request time while anonymous loops hammer GET /api/games/{id}/verify/
(issue 37, item 6). Nothing here passes or fails on time (DESIGN.md §9).

Gunicorn (2 sync workers) on this run's database; a logged-in bystander reads its own game
(`GET /api/games/{id}/`) every 50 ms, alone and then beside N anonymous loops that verify a
finished game as fast as they are answered. Two configurations of the same code:

- before: RDI_VERIFY_CACHE_SECONDS=0 and the expensive-read throttles off (what issue 37 found)
- after:  the defaults (the verification cached in Redis, anonymous reads 30/min per address)

Run through pytest (it needs the test database): tests/replay/test_bench_verify.py runs it at a
tiny size; RDI_BENCH_VERIFY_FULL=1 there runs six loops for 15 s per phase and prints figures.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CONFIGS = {
    "before": {"RDI_VERIFY_CACHE_SECONDS": "0", "RDI_THROTTLE_READS_ANON": "", "RDI_THROTTLE_READS_USER": ""},
    "after": {},
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


def _get(url, headers=None) -> int:
    """The status, or 0 when no answer came within a minute."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=60) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as e:
        e.read()
        return e.code
    except OSError:
        return 0


def _server(database_url: str, extra: dict, tag: str):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT), "DEBUG": "false",
           "DJANGO_SETTINGS_MODULE": "rdi_service.settings", "RDI_SCHEDULE_TASKS": "false",
           "RDI_CACHE_PREFIX": f"bench-verify-{os.getpid()}-{tag}-{time.time_ns()}", **extra}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "rdi_service.wsgi:application", "-w", "2",
                             "-b", f"127.0.0.1:{port}", "--log-level", "warning"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=open(f"/tmp/bench-verify-{tag}.log", "wb"),
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while _up(base) is False:
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise RuntimeError(f"gunicorn did not start: see /tmp/bench-verify-{tag}.log")
        time.sleep(0.2)
    return proc, base


def _up(base) -> bool:
    try:
        return _get(base + "/healthz") == 200
    except OSError:
        return False


def _phase(base, *, bystander_url, token, verify_url, loops, seconds):
    stop = threading.Event()
    answers: dict[int, int] = {}

    def loop():
        while not stop.is_set():
            code = _get(verify_url)
            answers[code] = answers.get(code, 0) + 1

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(loops)]
    for t in threads:
        t.start()
    times, failures = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        if _get(bystander_url, {"Authorization": f"Token {token}"}) != 200:
            failures += 1
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.05)
    stop.set()
    for t in threads:
        t.join(60)
    if failures:
        answers["bystander failures"] = failures
    return times, answers


def run(*, database_url: str, finished: int, bystander: int, token: str, loops: int = 6, seconds: float = 15.0,
        out=sys.stdout) -> dict:
    results = {}
    print(f"Bystander GET /api/games/{bystander}/ every 50 ms; {loops} anonymous loops on "
          f"/api/games/{finished}/verify/; gunicorn -w 2; {os.cpu_count()} cores", file=out)
    for name, extra in CONFIGS.items():
        proc, base = _server(database_url, extra, name)
        try:
            _get(f"{base}/api/games/{finished}/verify/")          # warm both paths once
            for label, n in (("alone", 0), (f"{loops} loops", loops)):
                times, answers = _phase(base, bystander_url=f"{base}/api/games/{bystander}/", token=token,
                                        verify_url=f"{base}/api/games/{finished}/verify/", loops=n, seconds=seconds)
                results[(name, n)] = {"p50": _pct(times, .5), "p90": _pct(times, .9), "n": len(times),
                                      "answers": answers}
                print(f"  {name:6} {label:8}: bystander p50 {_pct(times, .5):7.1f} ms, p90 {_pct(times, .9):7.1f} ms "
                      f"({len(times)} requests); verify answers {dict(sorted(answers.items(), key=str)) or '-'}", file=out)
        finally:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
    return results
