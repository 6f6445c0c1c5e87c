"""games/0008 partitions the events and the snapshots by game without losing anything, and
the layout can change later (docs/event-store.md "Partitioned by game").

The migration test takes this worker's test database back to the plain tables of 0007 and
forward again with games in it, as `migrate` does it: Django's MigrationExecutor as the owner,
then the service role's grants. The other tests change the layout inside the test's
transaction, which is rolled back."""
import importlib
import random

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from games.models import Game
from games.store import load_state
from rdi_service import db_roles
from replay.verification import verify_game
from tests.owner import owner_role

from .conftest import play, twin
from .test_hot_queries import home, unkeyed

partitioning = importlib.import_module("games.migrations.0008_partition_events_by_game")
PLAIN, PARTITIONED = ("games", "0007_seat_resigned"), ("games", "0008_partition_events_by_game")
TABLES = ("games_event", "games_snapshot")
#: These tests' games were appended in the transaction that changes the layout: their deferred
#: foreign key checks must run before a table holding their rows can be detached or dropped.
IMMEDIATE = "SET CONSTRAINTS ALL IMMEDIATE"
SEEDS = iter(f"{n:02d}" * 32 for n in range(1, 100))


def migrate(*targets):
    with owner_role():
        MigrationExecutor(connection).migrate(list(targets))
        with connection.cursor() as cursor:
            db_roles.grant(cursor, db_roles.service_user())


def rows() -> dict[str, list[tuple]]:
    """Every row of both tables, every column, in id order."""
    with connection.cursor() as cursor:
        found = {}
        for table in TABLES:
            cursor.execute(f"SELECT * FROM {table} ORDER BY id")
            found[table] = [tuple(bytes(v) if isinstance(v, memoryview) else v for v in row)
                            for row in cursor.fetchall()]
        return found


def sequences() -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_value, is_called FROM games_event_id_seq"
                       " UNION ALL SELECT last_value, is_called FROM games_snapshot_id_seq")
        return cursor.fetchall()


def layout() -> dict[str, tuple[str, int]]:
    """{table: (relkind, number of partitions)}"""
    with connection.cursor() as cursor:
        cursor.execute("SELECT c.relname, c.relkind, count(i.inhrelid) FROM pg_class c"
                       " LEFT JOIN pg_inherits i ON i.inhparent = c.oid WHERE c.oid = ANY(%s::regclass[])"
                       " GROUP BY 1, 2", [list(TABLES)])
        return {name: (kind, count) for name, kind, count in cursor.fetchall()}


def keys(table: str) -> dict[str, tuple]:
    """{constraint or index: (columns, primary key, unique, foreign key, check)} as Django sees them."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    return {name: (tuple(c["columns"]), c["primary_key"], c["unique"], c["foreign_key"], c["check"])
            for name, c in found.items()}


def homes_of_rows() -> dict[int, set[str]]:
    """{game id: the partitions (or tables) its events and snapshots are in}"""
    with connection.cursor() as cursor:
        cursor.execute("SELECT game_id, tableoid::regclass::text FROM games_event"
                       " UNION SELECT game_id, tableoid::regclass::text FROM games_snapshot")
        found = {}
        for game_id, table in cursor.fetchall():
            found.setdefault(game_id, set()).add(table)
        return found


def append_only():
    """The owner's UPDATE of an event is refused by the trigger."""
    with owner_role(), pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE games_event SET kind = kind WHERE seq = 0")


def played(start_game, rng, steps=9):
    seed = next(SEEDS)
    game, _ = start_game(seed=seed)
    play(game, twin(game, seed), rng, steps=steps)
    return game.pk


def go_on(game_id: int, rng, steps=5):
    """Play on from where the log stands, through the store."""
    game = Game.objects.get(pk=game_id)
    with connection.cursor() as cursor:
        state = load_state(cursor, game_id=game_id, seq=game.seq, expected_hash=game.state_hash)
    return play(game, state, rng, steps=steps)


def all_verify():
    results = [verify_game(game_id) for game_id in Game.objects.values_list("pk", flat=True)]
    assert results and all(result.ok for result in results), [r for r in results if not r.ok]


@pytest.fixture
def leaves():
    """Whatever the test did, the test database ends on the latest migrations again."""
    yield
    migrate(*MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_every_event_and_snapshot_and_back(start_game, settings, leaves):
    settings.RDI_SNAPSHOT_EVERY = 4
    rng = random.Random(8)
    first = [played(start_game, rng) for _ in range(2)]
    partitioned_keys = {table: keys(table) for table in TABLES}

    migrate(PLAIN)                        # the reverse: back to plain tables, rows and all
    assert layout() == {table: ("r", 0) for table in TABLES}
    before = rows()
    assert len(before["games_event"]) == 20 and before["games_snapshot"]
    plain_keys = {table: keys(table) for table in TABLES}
    assert plain_keys["games_event"]["games_event_pkey"][0] == ("id",)
    append_only()
    all_verify()

    # the schema every deployment had before 0008, with its games going on
    go_on(first[0], rng)
    games = first + [played(start_game, rng) for _ in range(3)]
    before, counters = rows(), sequences()
    assert {row[-1] for row in before["games_event"]} == {row[-1] for row in before["games_snapshot"]} == set(games)

    migrate(PARTITIONED)
    assert layout() == {table: ("p", partitioning.PARTITIONS) for table in TABLES}
    assert rows() == before, "every row, every column, the same ids"
    assert sequences() == counters
    assert {table: keys(table) for table in TABLES} == partitioned_keys
    for table in TABLES:   # the same constraints and indexes as the plain tables, the key widened
        assert partitioned_keys[table].pop(f"{table}_pkey")[:1] == (("id", "game_id"),)
        assert partitioned_keys[table] == {name: key for name, key in plain_keys[table].items()
                                           if name != f"{table}_pkey"}
    assert {game_id: len(tables) for game_id, tables in homes_of_rows().items()} == {
        game_id: 2 for game_id in games}, "a game's events and snapshots: one partition each"
    append_only()
    all_verify()

    last_id = counters[0][0]
    go_on(games[-1], rng, steps=4)        # new appends, a snapshot among them
    games.append(played(start_game, rng, steps=3))
    after = rows()
    new = [row for row in after["games_event"] if row not in before["games_event"]]
    assert [row[0] for row in new] == list(range(last_id + 1, last_id + 1 + len(new))), \
        "the ids go on from where the sequence stood"
    assert len(after["games_snapshot"]) > len(before["games_snapshot"])
    all_verify()


@pytest.mark.django_db
def test_a_partition_splits_in_two_keeping_its_rows_trigger_and_pruning(start_game):
    """The way to grow one partition (docs/event-store.md): hash partitions of moduli 16 and
    32 live side by side, a remainder r of 16 holding what r and r + 16 of 32 hold."""
    rng = random.Random(9)
    game_id = played(start_game, rng)
    before = rows()
    old = home(game_id)["games_event"]
    remainder = int(old.removeprefix("games_event_p"))
    with owner_role(), connection.cursor() as cursor:
        for statement in (
                IMMEDIATE,
                f"ALTER TABLE games_event DETACH PARTITION {old}",
                f"ALTER TABLE {old} RENAME TO games_event_split",
                f"CREATE TABLE {old} PARTITION OF games_event FOR VALUES WITH (MODULUS 32, REMAINDER {remainder})",
                f"CREATE TABLE games_event_p{remainder + 16} PARTITION OF games_event"
                f" FOR VALUES WITH (MODULUS 32, REMAINDER {remainder + 16})",
                "INSERT INTO games_event SELECT * FROM games_event_split",
                "DROP TABLE games_event_split"):
            cursor.execute(statement)
        db_roles.grant(cursor, db_roles.service_user())
    assert rows() == before
    assert layout()["games_event"] == ("p", partitioning.PARTITIONS + 1)
    now = home(game_id)["games_event"]
    assert now in (old, f"games_event_p{remainder + 16}")
    with connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT tableoid::regclass::text FROM games_event WHERE game_id = %s", [game_id])
        assert cursor.fetchall() == [(now,)]
        cursor.execute("SELECT count(*) FROM pg_trigger WHERE tgname = 'games_event_append_only'"
                       " AND tgrelid = ANY(%s::regclass[])", [[old, f"games_event_p{remainder + 16}"]])
        assert cursor.fetchone() == (2,)
        cursor.execute("SELECT has_table_privilege(%s, %s, 'SELECT')", [db_roles.service_user(), now])
        assert cursor.fetchone() == (False,)
    append_only()
    assert go_on(game_id, random.Random(10), steps=3)
    fold = "SELECT kind, payload::text FROM games_event WHERE game_id = %s AND seq > %s ORDER BY seq"
    assert unkeyed(fold, [game_id, 0], game_id) == []   # last: it sets the plan settings for the transaction


@pytest.mark.django_db
def test_the_partition_count_can_change(start_game):
    """A later migration that runs 0008's `rebuild_both` with another count rebuilds both
    tables again, rows, ids and trigger kept."""
    rng = random.Random(11)
    games = [played(start_game, rng) for _ in range(3)]
    before, counters = rows(), sequences()
    with owner_role(), connection.cursor() as cursor:
        for statement in [IMMEDIATE] + partitioning.rebuild_both(4):
            cursor.execute(statement)
        db_roles.grant(cursor, db_roles.service_user())
    assert layout() == {table: ("p", 4) for table in TABLES}
    assert rows() == before and sequences() == counters
    append_only()
    assert go_on(games[0], rng, steps=2)
    all_verify()
