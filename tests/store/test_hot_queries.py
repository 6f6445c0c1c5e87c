"""Every query the append and the load run is keyed by the game's id (issue 15): each table
scan in its plan is an index scan, the event, snapshot and seed tables' on `game_id` and the
game row on its id, and it reads ONE partition of the events and of the snapshots, the game's
(games/0008 partitions both by hash of game_id). That keeps the per-decision cost flat as
games multiply.

The SQL is taken from psycopg itself and from the append's prepared statement on libpq
(`store.run_prepared`), so the hot append is seen as well as anything going through Django;
Postgres then plans each statement with sequential scans disabled, which it still picks when
no index can serve the condition. Each is planned twice: with its parameters in the text, as
Django sends them (a custom plan, pruned when it is planned), and as a prepared statement
with a generic plan, as the append runs on libpq (pruned when it starts: EXPLAIN shows the
partition left and "Subplans Removed: 15"); every partition a plan still names counts as read.
Rows are written through the partitioned table, which routes each to its game's partition: a
check reads back where the game's rows landed."""
import itertools
import random
import re

import psycopg
import pytest
from django.db import connection, transaction

from games import appends, services, store, timers
from games.models import Game

from .conftest import pick, twin

pytestmark = pytest.mark.django_db(transaction=True)   # the hot path starts from a committed cache entry

KEYED = {"games_event": "game_id", "games_snapshot": "game_id", "games_gameseed": "game_id", "games_game": "id"}
SCANS = ("Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Bitmap Index Scan")
NOT_QUERIES = ("SAVEPOINT", "RELEASE", "ROLLBACK", "BEGIN", "COMMIT", "SET ", "SHOW ")


@pytest.fixture
def captured(monkeypatch):
    """Every statement run through psycopg or as the append's prepared statement while the
    test runs: [(sql, params)]."""
    seen = []
    execute = psycopg.Cursor.execute

    def recording(self, query, params=None, **kwargs):
        text = query.decode() if isinstance(query, bytes) else str(query)
        if not text.lstrip().upper().startswith(NOT_QUERIES):
            seen.append((text, list(params or [])))
        return execute(self, query, params, **kwargs)

    def prepared(conn, name, sql, params):
        seen.append((sql, list(params)))
        return run_prepared(conn, name, sql, params)

    run_prepared = store.run_prepared
    monkeypatch.setattr(psycopg.Cursor, "execute", recording)
    monkeypatch.setattr(store, "run_prepared", prepared)
    return seen


def plan_nodes(node):
    yield node
    for child in node.get("Plans", []):
        yield from plan_nodes(child)


#: The game's partition of each partitioned table, found from the partition bounds alone.
HOME = """
SELECT i.inhparent::regclass::text, c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
       regexp_match(pg_get_expr(c.relpartbound, c.oid), 'modulus (\\d+), remainder (\\d+)') b
 WHERE c.relkind = 'r' AND satisfies_hash_partition(i.inhparent, b[1]::int, b[2]::int, %s::bigint)
"""

_names = itertools.count()


def partitions() -> dict[str, str]:
    """{partition: its partitioned table}"""
    with connection.cursor() as cursor:
        cursor.execute("SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits"
                       " JOIN pg_class ON pg_class.oid = inhrelid WHERE relkind = 'r'")
        return dict(cursor.fetchall())


def home(game_id: int) -> dict[str, str]:
    """{partitioned table: the partition that holds `game_id`'s rows}"""
    with connection.cursor() as cursor:
        cursor.execute(HOME, [game_id])
        return dict(cursor.fetchall())


def plans(sql: str, params: list) -> dict[str, dict]:
    """{"custom": plan, "generic": plan} of one statement, sequential scans disabled."""
    name = f"hot_{next(_names)}"
    numbered = iter(range(1, len(params) + 1))
    prepared = re.sub(r"%%|%s", lambda m: "%" if m[0] == "%%" else f"${next(numbered)}", sql)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql, params)
        custom = cursor.fetchone()[0][0]["Plan"]
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE {name} AS {prepared}")
        arguments = f"({', '.join(['%s'] * len(params))})" if params else ""
        cursor.execute(f"EXPLAIN (FORMAT JSON) EXECUTE {name}{arguments}", params)
        generic = cursor.fetchone()[0][0]["Plan"]
        cursor.execute(f"DEALLOCATE {name}")
    return {"custom": custom, "generic": generic}


def unkeyed(sql: str, params: list, game_id: int) -> list[str]:
    """What is wrong with one statement's plans: [] when every scan is keyed and reads the
    game's partition alone."""
    problems = [] if game_id in params else [f"the game id {game_id} is not one of its parameters"]
    parents, homes = partitions(), home(game_id)
    for kind, plan in plans(sql, params).items():
        found, read = [], {}
        for node in plan_nodes(plan):
            relation = node.get("Relation Name")
            if node["Node Type"] not in SCANS or relation is None:
                continue
            table = parents.get(relation, relation)
            if relation != table:
                read.setdefault(table, set()).add(relation)
            if node["Node Type"] == "Seq Scan":
                found.append(f"a sequential scan of {table}")
                continue
            column = KEYED.get(table)
            conditions = node.get("Index Cond", "") + "".join(
                child.get("Index Cond", "") for child in node.get("Plans", []))
            if column and f"{column} =" not in conditions:
                found.append(f"{table} is scanned by {conditions or 'no condition'}, not by {column}")
        for table, seen in sorted(read.items()):
            if seen != {homes[table]}:
                found.append(f"it reads {len(seen)} partitions of {table}, not only {homes[table]}")
        problems += [f"{problem} ({kind} plan)" for problem in dict.fromkeys(found)]
    return problems


def check(captured, game_id):
    assert captured, "nothing was captured"
    bad = {}
    for sql, params in captured:
        with transaction.atomic():
            problems = unkeyed(sql, params, game_id)
        if problems:
            bad[sql] = problems
    assert not bad, bad
    homes = home(game_id)
    with connection.cursor() as cursor:   # what the statements wrote went to the game's partitions
        for table in ("games_event", "games_snapshot"):
            cursor.execute(f"SELECT DISTINCT tableoid::regclass::text FROM {table} WHERE game_id = %s", [game_id])
            assert {name for (name,) in cursor.fetchall()} <= {homes[table]}


def started(start_game):
    game, _ = start_game()
    state = twin(game)
    return game, state


def test_the_hot_append_is_keyed_by_game(start_game, captured):
    game, state = started(start_game)
    rng = random.Random(2)
    captured.clear()
    for seq in range(3):
        decision = pick(state, rng)
        appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                 expected_seq=seq, idempotency_key=f"k{seq}")
        state, _ = services.engine.apply(state, decision)
    statements = list(captured)
    assert len(statements) == 3 and all("UPDATE games_game" in sql for sql, _ in statements), \
        "the hot append is one statement per decision"
    check(statements, game.pk)


def test_the_locked_append_the_load_and_a_retried_key_are_keyed_by_game(start_game, captured, settings):
    settings.RDI_SNAPSHOT_EVERY = 4
    game, state = started(start_game)
    rng = random.Random(3)
    for seq in range(6):        # past a snapshot, so the load reads one and folds a tail
        decision = pick(state, rng)
        appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                 expected_seq=seq, idempotency_key=f"k{seq}")
        state, _ = services.engine.apply(state, decision)
    store.cache.clear()
    captured.clear()
    decision = pick(state, rng)
    appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                             expected_seq=6, idempotency_key="k6")          # cold: lock, load, append
    appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                             idempotency_key="k6")                         # a retry: the first result
    row = Game.objects.get(pk=game.pk)
    store.cache.clear()
    with connection.cursor() as cursor:
        store.load_state(cursor, game_id=game.pk, seq=row.seq, expected_hash=row.state_hash)
        store.load_state(cursor, game_id=game.pk, seq=row.seq, expected_hash=row.state_hash,
                         use_snapshot=False)   # as before a game's first snapshot: from game_created
    texts = " ".join(sql for sql, _ in captured)
    for part in ("FOR UPDATE", "games_snapshot", "idempotency_key =", "UPDATE games_game", "games_gameseed"):
        assert part in texts
    check(list(captured), game.pk)


def test_a_group_commit_is_keyed_by_game(make_user, captured):
    owner = make_user("group-owner")
    table = services.table_create(owner=owner, player_count=2, turn_seconds=None)
    for character in ("deirdre", "zot"):
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot="random")
    game = services.table_start(table_id=table.pk, user=owner, seed="77" * 32)
    controls = timers.seat_controls(game.pk)
    captured.clear()
    result = appends.submit_group(game_id=game.pk, expected_seq=0,
                                   decide=lambda state, seq: timers.automatic_for(state, seq, controls))
    assert result.decisions > 1 and len(captured) == 1
    check(list(captured), game.pk)


def test_the_check_finds_a_query_not_keyed_by_game(start_game):
    game, _ = start_game()
    everywhere = f"it reads 16 partitions of games_event, not only {home(game.pk)['games_event']}"
    with transaction.atomic():
        assert unkeyed("SELECT count(*) FROM games_event WHERE kind = %s", ["decision"], game.pk) == [
            f"the game id {game.pk} is not one of its parameters",
            "a sequential scan of games_event (custom plan)", f"{everywhere} (custom plan)",
            "a sequential scan of games_event (generic plan)", f"{everywhere} (generic plan)"]
    with transaction.atomic():   # the (game, seq) index walked whole for one seq of every game
        assert unkeyed("SELECT count(*) FROM games_event WHERE seq = %s AND %s > 0", [3, game.pk], game.pk) == [
            "games_event is scanned by (seq = 3), not by game_id (custom plan)", f"{everywhere} (custom plan)",
            "games_event is scanned by (seq = $1), not by game_id (generic plan)", f"{everywhere} (generic plan)"]


def test_the_check_finds_a_query_that_prunes_only_when_planned_with_its_values(start_game):
    """Postgres prunes `game_id = ANY(array)` when the array is written in the statement, not
    when it is a parameter: the custom plan reads one partition, the generic plan all."""
    game, _ = start_game()
    sql = "SELECT count(*) FROM games_event WHERE game_id = ANY(%s) AND %s > 0"
    with transaction.atomic():
        assert unkeyed(sql, [[game.pk], game.pk], game.pk) == [
            f"it reads 16 partitions of games_event, not only {home(game.pk)['games_event']} (generic plan)"]
