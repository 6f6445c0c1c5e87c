"""A real Celery worker (with beat) on the real Redis broker, against this test run's
database, on a queue of its own so that concurrent test runs never share tasks."""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from games import store
from games.models import Game, GameEvent
from rdi_service.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[2]
QUEUE = f"rdi-test-{os.getpid()}"
FAST_TIMERS = {"RDI_SWEEP_SECONDS": "1", "RDI_SWEEP_STALE_SECONDS": "2", "RDI_TIMEOUTS_BEFORE_HANDOVER": "2"}


def _database_url() -> str:
    db = settings.DATABASES["default"]
    user = db.get("USER") or "postgres"
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}@{host}:{port}/{db['NAME']}"


class Worker:
    """`celery worker -B` in its own process group; `kill()` SIGKILLs the worker alone."""

    def __init__(self, env: dict, log_path: Path):
        self.env, self.log_path, self.proc = env, log_path, None

    def start(self):
        schedule = tempfile.mktemp(prefix="rdi-beat-", dir=self.log_path.parent)
        cmd = [sys.executable, "-m", "celery", "-A", "rdi_service", "worker", "-B", "--pool=solo", "-Q", QUEUE,
               "--schedule", schedule, "-l", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
               "-n", f"{QUEUE}-{time.monotonic_ns()}@%h"]
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        return self

    def kill(self):
        """SIGKILL the worker process only (as a crash would); its beat child may live on."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)   # the group this fixture started
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
        self.log.close()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def ran(self, task: str) -> int:
        """How many times this worker has finished `task` (e.g. "games.tasks.sweep")."""
        return len(re.findall(rf"Task {re.escape(task)}\[[^\]]+\] succeeded", self.log_path.read_text(errors="replace")))


@pytest.fixture
def worker_factory(transactional_db, tmp_path):
    """start(**env) -> a running Worker against this test's database and queue."""
    celery_app.conf.task_default_queue = QUEUE
    store.cache.clear()
    started = []

    def start(**extra):
        env = {**os.environ, "DATABASE_URL": _database_url(), "RDI_CELERY_QUEUE": QUEUE, "PYTHONPATH": str(ROOT),
               "DJANGO_SETTINGS_MODULE": "rdi_service.settings", **FAST_TIMERS,
               **{k: str(v) for k, v in extra.items()}}
        w = Worker(env, tmp_path / f"worker{len(started)}.log").start()
        started.append(w)
        return w

    yield start
    for w in started:
        w.stop()
    import redis

    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(QUEUE, *broker.keys(f"{QUEUE}-*.dq2"))     # and the workers' own queues
    store.cache.clear()


def wait_for(predicate, *, timeout: float, what: str, worker=None, every: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    detail = f"\n--- worker log ---\n{worker.output()}" if worker else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}{detail}")


def game_row(game_id: int) -> Game:
    connection.close_if_unusable_or_obsolete()
    return Game.objects.get(pk=game_id)


def events_of(game_id: int) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game_id=game_id).order_by("seq"))
