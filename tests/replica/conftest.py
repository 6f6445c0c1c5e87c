"""A primary and a hot standby of the tests' own (rdi_service/replica.py), and Django pointed at
them for one test at a time.

The suite's database is on the machine's Postgres, which may not replicate; so a test of the
replica asks for `on_the_pair`: for that test Django's `default` is the pair's primary (its
database `rdi`, migrated once per session by the owner role, then used as the service role as
every test is) and `replica` the standby's copy of the same database, the service role on it.
Nothing is mirrored: the standby has the database because physical replication copies
everything the primary writes. Rows are committed (they must reach the standby) and the tables
emptied after each test, as a transactional test's are; then Django is pointed back.
"""
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import environ
import pytest
from django.core.management import call_command

from rdi_service import db_roles, replica

#: Test data is thrown away: no need to wait for the disk.
SETTINGS = ("fsync=off",)


class ReplicaPair:
    def __init__(self, var: Path, pair: replica.Pair):
        self.var, self.primary, self.standby = var, pair.primary, pair.standby

    def config(self, role: str, *, standby: bool = False) -> dict:
        return environ.Env.db_url_config(replica.url(self.standby if standby else self.primary, role))

    def caught_up(self, timeout: float = 20.0) -> None:
        """Wait until the standby has replayed everything the primary has written so far."""
        with replica.superuser(self.primary) as primary:
            written = primary.execute("SELECT pg_current_wal_lsn()").fetchone()[0]
        with replica.superuser(self.standby) as standby:
            deadline = time.monotonic() + timeout
            while not standby.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [written]).fetchone()[0]:
                assert time.monotonic() < deadline, f"the standby did not replay up to {written} in {timeout} s"
                time.sleep(0.02)

    @contextmanager
    def lagging(self):
        """The standby receives the primary's WAL but replays none of it inside the block."""
        with replica.superuser(self.standby) as standby:
            standby.execute("SELECT pg_wal_replay_pause()")
            deadline = time.monotonic() + 20
            while standby.execute("SELECT pg_get_wal_replay_pause_state()").fetchone()[0] != "paused":
                assert time.monotonic() < deadline, "the standby's replay did not pause"
                time.sleep(0.02)
            try:
                yield
            finally:
                standby.execute("SELECT pg_wal_replay_resume()")

    def seq_on_standby(self, game_id: int) -> int | None:
        """The game row's seq as the standby has it."""
        with replica.superuser(self.standby, replica.DATABASE) as standby:
            row = standby.execute("SELECT seq FROM games_game WHERE id = %s", [game_id]).fetchone()
        return None if row is None else row[0]


@pytest.fixture(scope="session")
def pair():
    """The pair, started once per test session (each xdist worker its own) in a temporary
    directory laid out as $RDI_VAR_DIR is (`<dir>/replica`), stopped and removed at the end."""
    var = Path(tempfile.mkdtemp(prefix="rdi-rep-")) / "replica"   # short: the sockets live in it
    try:
        yield ReplicaPair(var, replica.start(var, settings=SETTINGS))
    finally:
        replica.stop(var)
        assert replica.running(var) is None, "the pair did not stop"
        shutil.rmtree(var.parent, ignore_errors=True)


@contextmanager
def _pointed_at(pair: ReplicaPair, *, set_role: str | None):
    """Django's `default` on the pair's primary (logged in as the owner, under `SET ROLE
    set_role` when given: tests/conftest.py) and `replica` on its standby, inside the block;
    as before afterwards. `settings.DATABASES` too: threads, the stream's pool and
    `db_roles.service_user()` read it."""
    from django.conf import settings
    from django.db import connection, connections

    from games import store
    from replay import frames

    def on(config: dict, base: dict) -> dict:
        return {**base, **{k: config[k] for k in db_roles.CREDENTIALS if k in config}, "NAME": replica.DATABASE}

    saved_connection, saved_default = connection.settings_dict, settings.DATABASES["default"]
    connection.close()
    connection.settings_dict = {**on(pair.config(replica.OWNER), saved_connection), "RDI_SET_ROLE": set_role}
    settings.DATABASES["default"] = on(pair.config(replica.SERVICE), saved_default)
    # connections.settings is settings.DATABASES: a new alias is known to both
    settings.DATABASES["replica"] = on(pair.config(replica.SERVICE, standby=True), saved_default)
    store.cache.clear()
    frames.clear_caches()
    try:
        yield
    finally:
        for alias in ("default", "replica"):
            connections[alias].close()
        del connections["replica"]
        del settings.DATABASES["replica"]
        connection.settings_dict, settings.DATABASES["default"] = saved_connection, saved_default
        store.cache.clear()
        frames.clear_caches()


@pytest.fixture(scope="session")
def pair_database(pair, django_db_blocker):
    """The pair's `rdi` database migrated by the owner (the standby follows)."""
    with django_db_blocker.unblock(), _pointed_at(pair, set_role=None):
        call_command("migrate", verbosity=0, interactive=False)
    return pair


@pytest.fixture
def on_the_pair(pair_database, django_db_blocker):
    from tests.owner import owner_role

    with django_db_blocker.unblock(), _pointed_at(pair_database, set_role=replica.SERVICE):
        try:
            yield pair_database
        finally:
            with owner_role():
                call_command("flush", verbosity=0, interactive=False, database="default")
