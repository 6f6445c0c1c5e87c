"""The event log and the snapshots become tables partitioned by game: `PARTITION BY HASH
(game_id)` into PARTITIONS partitions each (docs/event-store.md "Partitioned by game").

Every hot query names one game (tests/store/test_hot_queries.py), so each reads and writes
one partition: its indexes are a sixteenth of the whole, and vacuum and analyze take one
partition at a time.

Each table is rebuilt in this migration's one transaction, under an exclusive lock: a new
partitioned table, every row copied across in one statement (ids, seqs and hashes as they
were), the id sequence carried on from where it stood, the old table dropped and the new one
renamed, then the constraints, indexes, foreign key and, on the events, the append-only
trigger of 0002. Postgres requires a partitioned table's unique constraints to include the
partition key, so the primary keys become (id, game_id): ids still come from one sequence per
table and so stay unique, and an index that leads with id still finds a row by id alone (the
admin, `.get(pk=)`) with one probe per partition. Nothing references either table's id.

The reverse migration rebuilds both as the plain tables they were, rows included.
"""
from django.db import migrations

#: Partitions per table. A power of two, because hash partitions of different moduli may live
#: side by side only when each modulus divides the next: one partition can later be split into
#: two of modulus 32 without touching the others (docs/event-store.md says how). Each is a
#: table with its own indexes and files, which every query that cannot prune (cross-game reads,
#: admin lists) scans and every TRUNCATE recreates (the test suite's, after each transactional
#: test); sixteen keeps those small while each partition's indexes are a sixteenth of the log.
PARTITIONS = 16

EVENT = [
    "ALTER TABLE games_event ADD CONSTRAINT games_event_pkey PRIMARY KEY ({pk})",
    "ALTER TABLE games_event ADD CONSTRAINT event_unique_seq UNIQUE (game_id, seq)",
    "CREATE UNIQUE INDEX event_unique_actor_idempotency_key ON games_event (game_id, actor, idempotency_key)"
    " WHERE idempotency_key IS NOT NULL",
    "ALTER TABLE games_event ADD CONSTRAINT event_seq_non_negative CHECK (seq >= 0)",
    "ALTER TABLE games_event ADD CONSTRAINT games_event_game_id_afa0391c_fk_games_game_id"
    " FOREIGN KEY (game_id) REFERENCES games_game (id) DEFERRABLE INITIALLY DEFERRED",
    # on a partitioned table Postgres clones a row trigger to every partition, present and future
    "CREATE TRIGGER games_event_append_only BEFORE UPDATE OR DELETE ON games_event"
    " FOR EACH ROW EXECUTE FUNCTION games_event_append_only()",
]

SNAPSHOT = [
    "ALTER TABLE games_snapshot ADD CONSTRAINT games_snapshot_pkey PRIMARY KEY ({pk})",
    "ALTER TABLE games_snapshot ADD CONSTRAINT snapshot_unique_seq UNIQUE (game_id, rules_version, seq)",
    "CREATE INDEX games_snapshot_game_id_9fa1b8a5 ON games_snapshot (game_id)",
    "ALTER TABLE games_snapshot ADD CONSTRAINT games_snapshot_game_id_9fa1b8a5_fk_games_game_id"
    " FOREIGN KEY (game_id) REFERENCES games_game (id) DEFERRABLE INITIALLY DEFERRED",
]


def rebuild(table: str, keys: list[str], partitions: int | None) -> list[str]:
    """SQL that rebuilds `table` (plain or partitioned) with every row and its id sequence,
    partitioned by hash of game_id into `partitions` named `<table>_p<remainder>` (None: a
    plain table), then adds `keys` (constraints, indexes, triggers; `{pk}` is the primary
    key's columns). A later change of the partition count is `rebuild_both(<count>)` again."""
    new = f"{table}_rebuilt"
    names = [f"p{n:02d}" for n in range(partitions or 0)]
    sql = [f"CREATE TABLE {new} (LIKE {table} INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE)"
           + (" PARTITION BY HASH (game_id)" if partitions else "")]
    sql += [f"CREATE TABLE {new}_{name} PARTITION OF {new} FOR VALUES WITH (MODULUS {partitions}, REMAINDER {n})"
            for n, name in enumerate(names)]
    sql += [
        f"INSERT INTO {new} SELECT * FROM {table}",
        # the state as it is, is_called included, so the next id is exactly the one the old
        # table would have handed out
        f"SELECT setval('{new}_id_seq', last_value, is_called) FROM {table}_id_seq",
        f"DROP TABLE {table}",
        f"ALTER TABLE {new} RENAME TO {table}",
        f"ALTER SEQUENCE {new}_id_seq RENAME TO {table}_id_seq",
        *(f"ALTER TABLE {new}_{name} RENAME TO {table}_{name}" for name in names),
        *(key.format(pk="id, game_id" if partitions else "id") for key in keys),
        # autovacuum never analyzes a partitioned parent, and the new partitions have no
        # statistics until its next pass
        f"ANALYZE {table}",
    ]
    return sql


def rebuild_both(partitions: int | None) -> list[str]:
    # both locked before either is touched: an append writes events and snapshots together
    return (["LOCK TABLE games_event, games_snapshot IN ACCESS EXCLUSIVE MODE"]
            + rebuild("games_event", EVENT, partitions) + rebuild("games_snapshot", SNAPSHOT, partitions))


class Migration(migrations.Migration):
    dependencies = [("games", "0007_seat_resigned")]

    operations = [migrations.RunSQL(rebuild_both(PARTITIONS), rebuild_both(None))]
