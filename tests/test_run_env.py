"""The environment `bin/run` and `bin/manage` give themselves (rdi_service/embedded.py): on a
machine where the tests also run, the checkout's site keeps to its own Redis DB and Celery
queue, and the tool wrapper works without an activated virtualenv."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _without(*names: str) -> dict:
    return {k: v for k, v in os.environ.items() if k not in names}


def _exports(env: dict) -> dict:
    out = subprocess.run([sys.executable, "-m", "rdi_service.embedded"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    return dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines())


def test_run_uses_its_own_redis_db_and_queue_apart_from_the_tests(settings):
    from tests.tasks.conftest import QUEUE as TEST_QUEUE

    exports = _exports(_without("DATABASE_URL", "DATABASE_OWNER_URL", "REDIS_URL", "RDI_CELERY_QUEUE"))
    assert exports["DATABASE_URL"].rsplit("/", 1)[1] == "rdi"   # tests: test_rdi_pid<pid>
    assert exports["REDIS_URL"] == "redis://127.0.0.1:6379/1"
    assert settings.REDIS_URL != exports["REDIS_URL"]
    assert exports["RDI_CELERY_QUEUE"] == "rdi-run" != TEST_QUEUE


def test_run_keeps_a_queue_or_redis_given_to_it():
    exports = _exports({**_without("DATABASE_URL", "DATABASE_OWNER_URL"),
                        "REDIS_URL": "redis://127.0.0.1:6379/5", "RDI_CELERY_QUEUE": "mine"})
    assert exports["REDIS_URL"] == "redis://127.0.0.1:6379/5"
    assert exports["RDI_CELERY_QUEUE"] == "mine"


@pytest.mark.timeout(300)
def test_bin_manage_runs_a_tool_without_an_activated_virtualenv():
    # Only VIRTUAL_ENV names the venv to use (bin/_env.sh); nothing of it is on PATH.
    env = {**_without("PYTHONPATH", "DJANGO_SETTINGS_MODULE"), "VIRTUAL_ENV": sys.prefix, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([str(ROOT / "bin" / "manage"), "simulate", "--games", "1", "--players", "2",
                           "--seed", "1", "--policy", "random"], cwd="/", env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "finished" in done.stdout.lower()
