"""The event table is append-only at the database level: UPDATE and DELETE raise.

Corrections are new events (admin_note, game_voided), never edits. TRUNCATE is left to the
table owner (test databases are flushed with it); production roles should not hold it.
"""
from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'games_event is append-only: % is not allowed (append a correcting event instead)', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER games_event_append_only
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_event_append_only ON games_event;
DROP FUNCTION IF EXISTS games_event_append_only();
"""


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunSQL(CREATE, DROP)]
