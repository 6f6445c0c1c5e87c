"""A primary and a hot standby on this machine, with streaming replication (docs/operations.md
"Running with a read replica"): two embedded Postgres servers (rdi_service/embedded.py) in
$RDI_VAR_DIR/replica (default ./var/replica), each reached through its own unix socket only.

    eval "$(python -m rdi_service.replica start)"   # bin/replica start; then bin/run
    python -m rdi_service.replica status            # exit 1 unless both run and the standby streams
    python -m rdi_service.replica stop

`start` starts whatever of the pair is not running, and creates what is missing: the primary
(initdb) with its database `rdi`, the owner and service roles (rdi_service/db_roles.py) and a
replication role, the only one its pg_hba lets connect for replication; then the standby, a
base backup of the primary (`pg_basebackup -R`) through a replication slot, so the primary keeps
the WAL a stopped standby still needs. The standby runs with hot_standby on (it answers
queries) and hot_standby_feedback on (a long read of the log there is not cancelled because the
primary vacuumed rows it still reads). It prints the exports every process needs: DATABASE_URL
and DATABASE_OWNER_URL on the primary, DATABASE_REPLICA_URL (the service role) on the standby.
On failure it prints why on stderr, nothing on stdout, and exits 1.

As root, both servers and pg_basebackup run the way embedded.py runs Postgres: as `nobody`
inside a user namespace, every file root's. The test suite starts its own pair in a temporary
directory (tests/replica/conftest.py).
"""
from __future__ import annotations

import fcntl
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from rdi_service import embedded
from rdi_service.embedded import Failed, log

DATABASE, SERVICE, OWNER = "rdi", "rdi_service", "rdi_owner"
REPLICATOR = "rdi_replicator"
SLOT = "rdi_standby"
#: What the pair depends on, said rather than left to the defaults.
PRIMARY_SETTINGS = ("wal_level=replica", "max_wal_senders=4", "max_replication_slots=4")
STANDBY_SETTINGS = ("hot_standby=on", "hot_standby_feedback=on")
#: Unix sockets only, trusted, as the embedded Postgres; replication for the replication role alone.
HBA = f"""# rdi_service/replica.py
local   all             all                     trust
local   replication     {REPLICATOR}          trust
"""


def directory() -> Path:
    return embedded.VAR / "replica"


def url(sockets: Path, role: str, database: str = DATABASE) -> str:
    """A URL to the server of the socket directory `sockets` (no TCP: the directory is the way in)."""
    return f"postgres://{role}@/{database}?host={quote(str(sockets))}"


@dataclass(frozen=True)
class Pair:
    primary: Path       # socket directories
    standby: Path

    def exports(self) -> dict[str, str]:
        return {"DATABASE_URL": url(self.primary, SERVICE), "DATABASE_OWNER_URL": url(self.primary, OWNER),
                "DATABASE_REPLICA_URL": url(self.standby, SERVICE)}


def start(var: Path | None = None, settings: Sequence[str] = ()) -> Pair:
    """Start the pair in `var` (default `directory()`), creating what is missing; `settings`
    are extra `name=value` server settings for both (the tests turn fsync off)."""
    var = var or directory()
    primary_data, standby_data = var / "primary", var / "standby"
    with _locked(var):
        embedded.init_postgres(primary_data)
        hba = primary_data / "pg_hba.conf"
        if hba.read_text() != HBA:
            hba.write_text(HBA)
        primary = embedded.start_postgres(primary_data, (*PRIMARY_SETTINGS, *settings))
        _roles(primary)
        if not (standby_data / "PG_VERSION").exists():
            _base_backup(primary, standby_data)
        return Pair(primary, embedded.start_postgres(standby_data, (*STANDBY_SETTINGS, *settings)))


def superuser(sockets: Path, database: str = "postgres"):
    """A psycopg connection (autocommit) as the superuser `postgres` of the server of `sockets`."""
    import psycopg

    return psycopg.connect(host=str(sockets), user="postgres", dbname=database, autocommit=True)


def _roles(primary: Path) -> None:
    from rdi_service import db_roles

    for what in db_roles.ensure(url(primary, SERVICE), url(primary, OWNER), url(primary, "postgres", "postgres")):
        log(f"created {what}")
    with superuser(primary) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [REPLICATOR]).fetchone():
            conn.execute(f"CREATE ROLE {REPLICATOR} LOGIN REPLICATION")
            log(f"created role {REPLICATOR}")


def _base_backup(primary: Path, data: Path) -> None:
    log(f"creating the standby in {data} (a base backup of the primary)")
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    with superuser(primary) as conn:
        # a slot left by a standby that was removed: it would keep WAL for nobody
        conn.execute("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = %s",
                     [SLOT])
    try:
        embedded.run_tool(data, ["pg_basebackup", "-D", data, "-h", primary, "-U", REPLICATOR, "-R",
                                 "-X", "stream", "-c", "fast", "-C", "-S", SLOT])
    except Failed:
        for child in data.iterdir():        # a half-made standby would be started next time
            if child.is_dir():
                shutil.rmtree(child)
            else:
                child.unlink()
        raise
    # The primary's socket lock file and log come along when its socket directory is its data
    # directory; the lock file names the primary's pid, and the standby would refuse to start.
    for copied in [*data.glob(".s.PGSQL.*"), data / "log"]:
        copied.unlink(missing_ok=True)


def stop(var: Path | None = None, wait: float = 30.0) -> list[str]:
    """Stop the standby, then the primary (fast shutdown: open sessions are ended). What it
    stopped, in words."""
    var = var or directory()
    stopped = []
    for name in ("standby", "primary"):
        pidfile = var / name / "postmaster.pid"
        try:
            pid = int(pidfile.read_text().split()[0])
            os.kill(pid, signal.SIGINT)
        except (OSError, ValueError, IndexError):
            continue
        # Done when Postgres removes its pid file, as pg_ctl waits: the exited postmaster may
        # linger as a zombie until whatever adopted it reaps it.
        deadline = time.monotonic() + wait
        while pidfile.exists() and embedded.alive(pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        if pidfile.exists() and embedded.alive(pid):
            raise Failed(f"the {name} (pid {pid}) did not stop within {wait:.0f} s; see {var / name / 'log'}")
        stopped.append(f"{name} (pid {pid})")
    return stopped


def running(var: Path | None = None) -> Pair | None:
    """The pair's socket directories when both servers run, else None."""
    var = var or directory()
    primary, standby = embedded._postmaster(var / "primary"), embedded._postmaster(var / "standby")
    return Pair(primary, standby) if primary and standby else None


def status(var: Path | None = None) -> tuple[bool, list[str]]:
    """(whether both run and the standby replays the primary's stream, one line per server)."""
    var = var or directory()
    lines, ok = [], True
    primary, standby = embedded._postmaster(var / "primary"), embedded._postmaster(var / "standby")
    if primary is None:
        ok = False
        lines.append(f"primary: not running ({var / 'primary'})")
    else:
        with superuser(primary) as conn:
            senders = conn.execute(
                "SELECT state, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) FROM pg_stat_replication").fetchall()
        streams = "; ".join(f"a standby {state}, {int(behind or 0)} bytes of WAL behind" for state, behind in senders)
        lines.append(f"primary: running, socket in {primary}; {streams or 'no standby connected'}")
        ok = ok and any(state == "streaming" for state, _ in senders)
    if standby is None:
        ok = False
        lines.append(f"standby: not running ({var / 'standby'})")
    else:
        with superuser(standby) as conn:
            recovering, paused, replayed = conn.execute(
                "SELECT pg_is_in_recovery(), CASE WHEN pg_is_in_recovery() THEN pg_is_wal_replay_paused() END,"
                " pg_last_wal_replay_lsn()").fetchone()
        what = "a hot standby" if recovering else "NOT a standby (promoted?)"
        lines.append(f"standby: running, socket in {standby}; {what}, replayed up to {replayed}"
                     + (", replay paused (SELECT pg_wal_replay_resume() on it)" if paused else ""))
        ok = ok and recovering and not paused
    return ok, lines


@contextmanager
def _locked(var: Path) -> Iterator[None]:
    """One start at a time per directory."""
    var.mkdir(parents=True, exist_ok=True)
    with open(var / "replica.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


DOING = {"start": "start", "status": "read the state of", "stop": "stop"}
USAGE = "usage: python -m rdi_service.replica start|status|stop   (in $RDI_VAR_DIR/replica, default ./var/replica)"


def main(argv: list[str]) -> None:
    import psycopg

    command = argv[1] if len(argv) == 2 else None
    if command not in DOING:
        print(USAGE, file=sys.stderr)
        raise SystemExit(2)
    try:
        if command == "start":
            began = time.monotonic()
            pair = start()
            log(f"primary and standby running ({time.monotonic() - began:.1f} s)")
            for name, value in pair.exports().items():
                print(f"export {name}={shlex.quote(value)}")
        elif command == "stop":
            for what in stop():
                log(f"stopped the {what}")
        else:
            ok, lines = status()
            print("\n".join(lines))
            raise SystemExit(0 if ok else 1)
    except (Failed, OSError, subprocess.SubprocessError, psycopg.Error) as error:
        log(f"cannot {DOING[command]} the primary and its standby in {directory()}: {error}")
        raise SystemExit(1) from None


if __name__ == "__main__":
    main(sys.argv)
