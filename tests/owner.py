"""The owner role inside a test (tests/conftest.py runs the suite as the service role)."""
from contextlib import contextmanager, nullcontext

from django.db import DatabaseError, connection as default_connection

from rdi_service import db_roles


@contextmanager
def owner_role(connection=default_connection):
    """Act as the owner inside the block, in the same session and transaction: for set-up and
    teardown (flushing a transactional test's tables) and for tests that tamper with the log
    behind the trigger's back. The test connection logs in as the owner and runs everything
    else under `SET ROLE <service>` (tests/conftest.py)."""
    role = connection.settings_dict.get("RDI_SET_ROLE")
    if not role:
        # A connection that logged in as the service role itself (a thread's, or the one a
        # browser test's teardown gets in another async context) cannot RESET ROLE: it logs
        # in again as the owner (outside a transaction only: a transactional test's flush).
        with nullcontext() if connection.in_atomic_block else db_roles.as_owner(connection):
            yield
        return
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("RESET ROLE")
    try:
        yield
    finally:
        if connection.connection is not None:   # a closed one gets the role again when it reconnects
            try:
                with connection.cursor() as cursor:
                    cursor.execute(set_role_sql(role))
            except DatabaseError:
                pass   # an aborted transaction: its rollback restores the service role anyway


def set_role_sql(role: str) -> str:
    from psycopg import sql

    return sql.SQL("SET ROLE {}").format(sql.Identifier(role)).as_string(None)
