"""The event table is append-only at the database: UPDATE and DELETE fail there, even for
the owner of the table (the trigger), through the partitioned table and on a partition named
directly. The service role cannot even try: it has no UPDATE, DELETE or TRUNCATE privilege on
it, and no privilege at all on a partition (tests/security/test_db_roles.py)."""
import pytest
from django.db import IntegrityError, ProgrammingError, connection, transaction

from games import store
from games.models import Game, GameEvent, Table
from tests.owner import owner_role

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_user):
    owner = make_user("owner")
    table = Table.objects.create(owner=owner, player_count=2, status="started")
    game = Game.objects.create(table=table, rules_version="test", setup={}, seed_sha256="0" * 64, last_hash="",
                               state_hash="0" * 64)
    with connection.cursor() as cursor:
        store.append_event(cursor, game_id=game.pk, seq=0, prev_hash=store.GENESIS_HASH, kind="game_created",
                           seat=None, actor="system", payload={"setup": {}}, state_hash="0" * 64, key=None)
    return GameEvent.objects.get(game=game, seq=0)


def test_update_is_rejected_by_the_database(event):
    with owner_role(), pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE games_event SET payload = '{}'::jsonb WHERE id = %s", [event.pk])


def test_orm_update_is_rejected_too(event):
    with owner_role(), pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        GameEvent.objects.filter(pk=event.pk).update(kind="admin_note")
    # and as the service role the privilege check refuses it before the trigger is reached
    with pytest.raises(ProgrammingError, match="permission denied"), transaction.atomic():
        GameEvent.objects.filter(pk=event.pk).update(kind="admin_note")


def test_delete_is_rejected_by_the_database(event):
    with owner_role(), pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM games_event WHERE id = %s", [event.pk])
    assert GameEvent.objects.filter(pk=event.pk).exists()


def partition_of(event) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tableoid::regclass::text FROM games_event WHERE id = %s", [event.pk])
        return cursor.fetchone()[0]


@pytest.mark.parametrize("statement", ["UPDATE {} SET kind = 'admin_note' WHERE id = %s",
                                       "DELETE FROM {} WHERE id = %s"])
def test_a_partition_named_directly_is_append_only_too(event, statement):
    with owner_role(), pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(statement.format(partition_of(event)), [event.pk])
    assert GameEvent.objects.get(pk=event.pk).kind == "game_created"


def test_every_partition_carries_the_trigger():
    with connection.cursor() as cursor:
        cursor.execute("SELECT c.relname, t.tgenabled FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
                       " LEFT JOIN pg_trigger t ON t.tgrelid = c.oid AND t.tgname = 'games_event_append_only'"
                       " WHERE i.inhparent = 'games_event'::regclass")
        partitions = dict(cursor.fetchall())
    assert len(partitions) > 1 and set(partitions.values()) == {"O"}, partitions


def test_seq_is_unique_per_game(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            store.append_event(cursor, game_id=event.game_id, seq=0, prev_hash=event.hash, kind="admin_note",
                               seat=None, actor="system", payload={}, state_hash="0" * 64, key=None)


def test_chain_hash_covers_the_content(event):
    canonical = store.canonical_event(game_id=event.game_id, seq=0, kind=event.kind, seat=None, actor=event.actor,
                                      payload=event.payload, at=store.format_time(event.created_at),
                                      state_hash=event.state_hash)
    assert store.chain_hash(store.GENESIS_HASH, canonical) == event.hash
    altered = canonical.replace(b"game_created", b"game_voided")
    assert store.chain_hash(store.GENESIS_HASH, altered) != event.hash
