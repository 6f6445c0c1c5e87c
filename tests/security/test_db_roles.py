"""The database itself refuses what the service must never do (docs/security.md).

Connected as the service role (a real log-in with DATABASE_URL's credentials, not the test
connection's SET ROLE), against the real Postgres and the test database that `migrate`
granted: every way of changing or removing an event, of getting round the append-only
trigger, or of creating objects fails, through the partitioned tables and through their
partitions named directly, and the normal append path works.
"""
import psycopg
import pytest
from django.conf import settings
from django.db import connection
from psycopg import errors

from games import store
from games.models import Game, GameEvent, Table
from rdi_service import db_roles
from tests.owner import owner_role

SERVICE = settings.DATABASES["default"]["USER"]
OWNER = settings.RDI_DATABASE_OWNER["USER"]


def _service_connection():
    db = settings.DATABASES["default"]
    params = {"dbname": db["NAME"], "user": db["USER"], "password": db.get("PASSWORD"), "host": db.get("HOST"),
              "port": db.get("PORT")}
    return psycopg.connect(**{k: v for k, v in params.items() if v not in (None, "")}, autocommit=True)


@pytest.fixture
def game(transactional_db, make_user):
    """A game with its game_created event, committed so that another connection sees it."""
    table = Table.objects.create(owner=make_user("owner"), player_count=2, status="started")
    game = Game.objects.create(table=table, rules_version="test", setup={}, seed_sha256="0" * 64, last_hash="",
                               state_hash="0" * 64)
    with connection.cursor() as cursor:
        store.append_event(cursor, game_id=game.pk, seq=0, prev_hash=store.GENESIS_HASH, kind="game_created",
                           seat=None, actor="system", payload={"setup": {}}, state_hash="0" * 64, key=None)
    return game


@pytest.fixture
def partition(game):
    """The partition of games_event that holds the game's events."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT tableoid::regclass::text FROM games_event WHERE game_id = %s AND seq = 0", [game.pk])
        return cursor.fetchone()[0]


@pytest.fixture
def service(game):
    with _service_connection() as conn:
        yield conn


def test_the_roles_are_two_and_the_service_is_no_superuser_and_owns_nothing(service):
    assert SERVICE != OWNER, "DATABASE_URL and DATABASE_OWNER_URL must name different roles"
    assert service.execute("SELECT current_user").fetchone() == (SERVICE,)
    attributes = service.execute("SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls"
                                 " FROM pg_roles WHERE rolname = current_user").fetchone()
    assert attributes == (False,) * 5
    owned = service.execute(
        "SELECT count(*) FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)"
        " UNION ALL SELECT count(*) FROM pg_namespace WHERE nspowner = (SELECT oid FROM pg_roles"
        " WHERE rolname = current_user)").fetchall()
    assert owned == [(0,), (0,)]
    members = service.execute("SELECT count(*) FROM pg_auth_members WHERE member ="
                              " (SELECT oid FROM pg_roles WHERE rolname = current_user)").fetchone()
    assert members == (0,), "the service role must not be a member of any role"


FORBIDDEN = {
    "update an event": "UPDATE games_event SET actor = 'forged' WHERE game_id = {game}",
    "delete an event": "DELETE FROM games_event WHERE game_id = {game}",
    "truncate the events": "TRUNCATE games_event",
    "truncate the events with the games": "TRUNCATE games_game, games_event CASCADE",
    "disable the trigger": "ALTER TABLE games_event DISABLE TRIGGER games_event_append_only",
    "disable every trigger": "ALTER TABLE games_event DISABLE TRIGGER ALL",
    "drop the trigger": "DROP TRIGGER games_event_append_only ON games_event",
    "replace the trigger function": "CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger"
                                    " LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
    "replica mode skips triggers": "SET session_replication_role = replica",
    "alter the event table": "ALTER TABLE games_event ADD COLUMN note text",
    "drop the event table": "DROP TABLE games_event",
    "create a table": "CREATE TABLE games_shadow (id int)",
    "create a temporary table": "CREATE TEMPORARY TABLE shadow (id int)",
    "create a function": "CREATE FUNCTION shadow() RETURNS int LANGUAGE sql AS 'SELECT 1'",
    "become the owner": f'SET ROLE "{OWNER}"',
    "become a superuser": f'ALTER ROLE "{SERVICE}" SUPERUSER',
    "change the secret seed": "UPDATE games_gameseed SET seed = 'x'",
    "edit a snapshot": "UPDATE games_snapshot SET state_hash = 'x'",
    "rewrite the migration history": "DELETE FROM django_migrations",
    # a partition named directly: its rows are the service's only through the parent
    "read a partition": "SELECT * FROM {partition}",
    "append to a partition": "INSERT INTO {partition} SELECT * FROM {partition}",
    "update an event in its partition": "UPDATE {partition} SET actor = 'forged' WHERE game_id = {game}",
    "delete an event from its partition": "DELETE FROM {partition} WHERE game_id = {game}",
    "truncate a partition": "TRUNCATE {partition}",
    "disable a partition's trigger": "ALTER TABLE {partition} DISABLE TRIGGER games_event_append_only",
    "detach a partition": "ALTER TABLE games_event DETACH PARTITION {partition}",
    "attach a partition": "CREATE TABLE games_event_shadow PARTITION OF games_event"
                          " FOR VALUES WITH (MODULUS 32, REMAINDER 0)",
    "edit a snapshot in its partition": "UPDATE games_snapshot_p00 SET state_hash = 'x'",
    "truncate a snapshot partition": "TRUNCATE games_snapshot_p00",
}


@pytest.mark.parametrize("statement", FORBIDDEN.values(), ids=FORBIDDEN.keys())
def test_the_service_role_may_not(service, game, partition, statement):
    before = list(GameEvent.objects.filter(game=game).values_list("seq", "actor", "hash"))
    with pytest.raises(errors.InsufficientPrivilege):
        service.execute(statement.format(game=game.pk, partition=partition))
    assert list(GameEvent.objects.filter(game=game).values_list("seq", "actor", "hash")) == before
    assert service.execute("SHOW session_replication_role").fetchone() == ("origin",)


def test_granting_itself_more_gives_it_nothing(service, game):
    # Postgres answers a GRANT by a role without the grant option with a warning, not an error:
    # what matters is that the privilege is still missing afterwards.
    try:
        service.execute(f'GRANT UPDATE, DELETE, TRUNCATE ON games_event TO "{SERVICE}"')
    except errors.InsufficientPrivilege:
        pass
    for privilege in ("UPDATE", "DELETE", "TRUNCATE"):
        assert service.execute("SELECT has_table_privilege('games_event', %s)", [privilege]).fetchone() == (False,)
    with pytest.raises(errors.InsufficientPrivilege):
        service.execute("DELETE FROM games_event")


def test_the_append_path_works(service, game):
    head = GameEvent.objects.get(game=game, seq=0)
    with service.cursor() as cursor:
        store.append_event(cursor, game_id=game.pk, seq=1, prev_hash=head.hash, kind="admin_note", seat=None,
                           actor="system", payload={"text": "appended as the service role"},
                           state_hash=head.state_hash, key=None)
        cursor.execute("UPDATE games_game SET seq = 1 WHERE id = %s", [game.pk])
    assert list(GameEvent.objects.filter(game=game).values_list("seq", flat=True)) == [0, 1]


PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")


def partitions() -> dict[str, str]:
    """{partition: the partitioned table it belongs to} in the public schema."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT i.inhrelid::regclass::text, i.inhparent::regclass::text FROM pg_inherits i"
                       " JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relispartition AND c.relkind IN ('r', 'p')"
                       " AND c.relnamespace = 'public'::regnamespace")
        return dict(cursor.fetchall())


@pytest.mark.django_db
def test_every_table_has_a_deliberate_policy():
    with connection.cursor() as cursor:
        tables = {name for name, partition in db_roles.tables(cursor) if not partition}
    missing = sorted(tables - set(db_roles.POLICY))
    assert not missing, (f"add {missing} to POLICY in rdi_service/db_roles.py: say what the service role may do "
                         "with each new table (until then it may SELECT, INSERT, UPDATE and DELETE)")


@pytest.mark.django_db
def test_a_partition_is_covered_by_its_parents_policy_alone():
    parents = partitions()
    assert sorted(set(parents.values())) == ["games_event", "games_snapshot"]
    assert all(parent in db_roles.POLICY and partition not in db_roles.POLICY
               for partition, parent in parents.items())


@pytest.mark.django_db
def test_migrate_granted_exactly_the_policy():
    with connection.cursor() as cursor:
        for table, allowed in db_roles.POLICY.items():
            for privilege in PRIVILEGES:
                cursor.execute("SELECT has_table_privilege(%s, %s, %s)", [SERVICE, table, privilege])
                assert cursor.fetchone()[0] == (privilege in allowed), (table, privilege)


@pytest.mark.django_db
def test_migrate_granted_nothing_on_a_partition():
    with connection.cursor() as cursor:
        for partition in partitions():
            for privilege in PRIVILEGES:
                cursor.execute("SELECT has_table_privilege(%s, %s, %s)", [SERVICE, partition, privilege])
                assert cursor.fetchone()[0] is False, (partition, privilege)


@pytest.mark.django_db
def test_a_table_from_a_later_migration_gets_grants_too():
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("CREATE TABLE games_later (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY)")
        db_roles.grant(cursor, SERVICE)
        cursor.execute("SELECT has_table_privilege(%s, 'games_later', 'UPDATE'),"
                       " has_table_privilege(%s, 'games_later', 'TRUNCATE')", [SERVICE, SERVICE])
        assert cursor.fetchone() == (True, False)
    with connection.cursor() as cursor:   # and as the service role it can use it
        cursor.execute("INSERT INTO games_later DEFAULT VALUES")


@pytest.mark.django_db
def test_a_partitioned_table_from_a_later_migration_gets_its_policy_and_its_partitions_nothing():
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("CREATE TABLE games_later (id bigint, game_id bigint) PARTITION BY HASH (game_id)")
        cursor.execute("CREATE TABLE games_later_p0 PARTITION OF games_later FOR VALUES WITH (MODULUS 1, REMAINDER 0)")
        cursor.execute(f'GRANT ALL ON games_later_p0 TO "{SERVICE}"')   # taken back by grant()
        db_roles.grant(cursor, SERVICE)
        cursor.execute("SELECT has_table_privilege(%s, 'games_later', 'DELETE'),"
                       " has_table_privilege(%s, 'games_later_p0', 'SELECT')", [SERVICE, SERVICE])
        assert cursor.fetchone() == (True, False)
    with connection.cursor() as cursor:   # the rows are the service's through the parent
        cursor.execute("INSERT INTO games_later VALUES (1, 7)")
        cursor.execute("DELETE FROM games_later WHERE game_id = 7")
