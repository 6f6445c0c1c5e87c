"""bin/run's embedded Postgres and Redis (rdi_service/embedded.py; issue 43 item 1): every
process (web, stream, Celery worker and beat) reaches the same embedded servers, and starting
them works as root without adding a system account.

The embedded Postgres is reached through its socket directory only
(`postgres://rdi_service@/rdi?host=<var>/pg`): the directory is in the URL's options, not its
host, and the stream once left it out and read the default server's database instead."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What a process of bin/run gets from its caller and must not: the test run's own servers.
SERVICE_VARIABLES = ("DATABASE_URL", "DATABASE_OWNER_URL", "REDIS_URL", "RDI_CELERY_QUEUE", "CELERY_BROKER_URL",
                     "RDI_CACHE_URL", "RDI_DATABASE_ADMIN_URL", "RDI_VAR_DIR", "RDI_EMBEDDED")


def _env(**extra) -> dict:
    return {**{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}, "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "rdi_service.settings", **extra}


# --- the embedded servers themselves --------------------------------------------------------

#: Commands that would add or change a system account: here they only write down that they ran.
TRAPPED = ("useradd", "adduser", "usermod", "groupadd")


@pytest.fixture(scope="module")
def embedded():
    """The embedded servers started as bin/run starts them (as root in CI) in a var directory
    of this module's, with an account-making command on PATH that only records its call."""
    var = Path(tempfile.mkdtemp(prefix="rdi-emb-"))     # short: the socket lives in var/pg
    trap = var / "trap"
    trap.mkdir()
    for name in TRAPPED:
        (trap / name).write_text(f'#!/bin/sh\necho "{name} $*" >> {trap}/called\nexit 1\n')
        (trap / name).chmod(0o755)
    passwd = Path("/etc/passwd").read_bytes()
    env = _env(RDI_EMBEDDED="always", RDI_VAR_DIR=str(var / "var"), PATH=f"{trap}:{os.environ['PATH']}")
    try:
        run = subprocess.run([sys.executable, "-m", "rdi_service.embedded"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=180)
        exports = dict(line.removeprefix("export ").split("=", 1) for line in run.stdout.splitlines())
        yield type("Embedded", (), {"run": run, "env": env, "var": var / "var", "trap": trap, "passwd": passwd,
                                    "exports": {k: v.strip("'") for k, v in exports.items()}})()
    finally:
        subprocess.run([sys.executable, "-m", "rdi_service.embedded", "stop"], cwd=ROOT, env=env, timeout=60)
        shutil.rmtree(var, ignore_errors=True)


def test_the_embedded_servers_start_as_this_user_without_adding_an_account(embedded):
    # CI runs as root, where Postgres refuses to run and pgserver would `useradd` an account
    assert embedded.run.returncode == 0, embedded.run.stderr[-3000:]
    assert "Traceback" not in embedded.run.stderr
    assert not (embedded.trap / "called").exists(), (embedded.trap / "called").read_text()
    assert Path("/etc/passwd").read_bytes() == embedded.passwd
    pg = embedded.var / "pg"
    assert embedded.exports["DATABASE_URL"] == f"postgres://rdi_service@/rdi?host={pg}"
    assert embedded.exports["DATABASE_OWNER_URL"] == f"postgres://rdi_owner@/rdi?host={pg}"
    assert embedded.exports["REDIS_URL"].startswith("redis://127.0.0.1:")
    # nothing above the data was opened up to other accounts (pgserver, as root, chmods every
    # directory above it o+rx): the module's temporary directory is still its owner's alone
    assert embedded.var.parent.stat().st_mode & 0o777 == 0o700
    assert pg.stat().st_mode & 0o777 == 0o700


def test_every_process_reaches_the_same_embedded_servers(embedded):
    """What each process connects to, from the URLs bin/run exports: Django (web, Celery worker
    and beat), the stream's own pool, the Celery broker, the cache and the live pings."""
    assert embedded.run.returncode == 0, embedded.run.stderr[-3000:]
    code = """
import asyncio, json, django
django.setup()
from django.conf import settings
from django.db import connection
import psycopg, redis
from games.web.stream import _conninfo_from_django

SQL = "SELECT pg_postmaster_start_time()::text, current_database(), current_user"
with connection.cursor() as cursor:
    cursor.execute(SQL)
    django_sees = cursor.fetchone()

async def stream_sees():
    async with await psycopg.AsyncConnection.connect(_conninfo_from_django()) as conn:
        return await (await conn.execute(SQL)).fetchone()

def redis_dir(url):
    return redis.Redis.from_url(url).config_get("dir")["dir"]

print(json.dumps({"django": list(django_sees), "stream": list(asyncio.run(stream_sees())),
                  "redis": redis_dir(settings.REDIS_URL), "broker": redis_dir(settings.CELERY_BROKER_URL),
                  "cache": redis_dir(settings.CACHES["default"]["LOCATION"])}))
"""
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**embedded.env, **embedded.exports})
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    # the server whose data is in var/pg, asked as its superuser through the socket there
    with psycopg.connect(host=str(embedded.var / "pg"), user="postgres", dbname="postgres") as conn:
        data, started = conn.execute("SELECT current_setting('data_directory'), "
                                     "pg_postmaster_start_time()::text").fetchone()
    assert data == str(embedded.var / "pg")
    ours = [started, "rdi", "rdi_service"]
    assert seen["django"] == ours
    assert seen["stream"] == ours
    assert seen["redis"] == seen["broker"] == seen["cache"] == str(embedded.var / "redis")


def test_a_second_start_uses_the_running_servers(embedded):
    assert embedded.run.returncode == 0, embedded.run.stderr[-3000:]
    again = subprocess.run([sys.executable, "-m", "rdi_service.embedded"], cwd=ROOT, env=embedded.env,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "starting" not in again.stderr
    exports = dict(line.removeprefix("export ").split("=", 1) for line in again.stdout.splitlines())
    assert {k: v.strip("'") for k, v in exports.items()} == embedded.exports


def test_bin_run_stops_with_the_reason_when_there_are_no_servers_to_use(tmp_path):
    # a var "directory" that is a file: nothing can start there
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    run = subprocess.run([str(ROOT / "bin" / "run")], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env=_env(RDI_EMBEDDED="always", RDI_VAR_DIR=str(blocked), PORT="1"))
    assert run.returncode == 1, run.stderr[-3000:]
    assert "cannot set up the database and Redis" in run.stderr
    assert "Traceback" not in run.stderr and "unbound variable" not in run.stderr
    assert "migrating" not in run.stderr
