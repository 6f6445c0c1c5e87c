"""Two deployments on one Postgres server: each one's service role can neither connect to nor
touch the other's database (issue 37 item 11; docs/security.md "Database roles").

Against the real server: a second deployment (its database and its own two roles, created by
`db_roles.ensure` and granted by `db_roles.grant` as `migrate` does) beside the test database,
with an `auth_user` and an `authtoken_token` of its own. Everything created is dropped again.
"""
import os

import psycopg
import pytest
from django.conf import settings
from psycopg import sql

from rdi_service import db_roles

ADMIN_URL = os.environ.get("RDI_DATABASE_ADMIN_URL") or db_roles.DEFAULT_ADMIN_URL


def _url(user, database):
    db = settings.DATABASES["default"]
    return f"postgres://{user}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{database}"


def _connect(user, database):
    return db_roles._connect(db_roles._config(_url(user, database)))


@pytest.fixture
def other():
    """The other deployment: database `rdi_other_<pid>`, roles `<database>_owner/_service`."""
    name = f"rdi_other_{os.getpid()}"
    owner, service = f"{name}_owner", f"{name}_service"
    db_roles.ensure(_url(service, name), _url(owner, name), ADMIN_URL)
    try:
        with _connect(owner, name) as conn, conn.cursor() as cursor:
            cursor.execute("CREATE TABLE auth_user (id int PRIMARY KEY, username text, is_superuser bool)")
            cursor.execute("CREATE TABLE authtoken_token (key text PRIMARY KEY, user_id int)")
            cursor.execute("INSERT INTO auth_user VALUES (1, 'staff', false)")
            cursor.execute("INSERT INTO authtoken_token VALUES ('secret-token', 1)")
            db_roles.grant(cursor, service)
        yield {"name": name, "owner": owner, "service": service}
    finally:
        with db_roles._connect(db_roles._config(ADMIN_URL)) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            for role in (service, owner):
                admin.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


@pytest.mark.django_db
def test_a_service_role_cannot_reach_the_other_deployments_database(other):
    ours = settings.DATABASES["default"]
    # this deployment's service cannot connect to the other's database...
    with pytest.raises(psycopg.OperationalError, match="permission denied for database"):
        _connect(ours["USER"], other["name"]).close()
    # ...and the other's service cannot connect to this (test) database, migrated by `migrate`
    with pytest.raises(psycopg.OperationalError, match="permission denied for database"):
        _connect(other["service"], ours["NAME"]).close()
    # nor could it read or change anything there if CONNECT were ever granted back
    with db_roles._connect(db_roles._config(ADMIN_URL), dbname=other["name"]) as admin:
        for table in ("auth_user", "authtoken_token"):
            assert admin.execute("SELECT has_table_privilege(%s, %s, 'SELECT, UPDATE, INSERT, DELETE')",
                                 [ours["USER"], table]).fetchone() == (False,), table
        assert admin.execute("SELECT has_schema_privilege(%s, 'public', 'USAGE')",
                             [ours["USER"]]).fetchone() == (False,)
    # while the other deployment's own service works in its own database
    with _connect(other["service"], other["name"]) as conn:
        assert conn.execute("SELECT key FROM authtoken_token").fetchone() == ("secret-token",)
        conn.execute("UPDATE auth_user SET is_superuser = false WHERE id = 1")


@pytest.mark.django_db
def test_a_deployment_cannot_be_set_up_with_another_deployments_roles(other):
    """The shared default role names are how the hole opened: `ensure` refuses them."""
    ours = settings.DATABASES["default"]
    third = f"{other['name']}_third"
    try:
        with pytest.raises(SystemExit, match="already serves the database"):
            db_roles.ensure(_url(other["service"], third), _url(f"{third}_owner", third), ADMIN_URL)
        with pytest.raises(SystemExit, match="already serves the database"):
            db_roles.ensure(_url(f"{third}_service", third), _url(other["owner"], third), ADMIN_URL)
        with db_roles._connect(db_roles._config(ADMIN_URL)) as admin:
            assert admin.execute("SELECT count(*) FROM pg_database WHERE datname = %s", [third]).fetchone() == (0,)
            assert admin.execute("SELECT count(*) FROM pg_roles WHERE rolname LIKE %s",
                                 [f"{third}%"]).fetchone() == (0,), "a refused set-up leaves nothing behind"
    finally:    # what a set-up that was not refused created
        with db_roles._connect(db_roles._config(ADMIN_URL)) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(third)))
            for role in (f"{third}_owner", f"{third}_service"):
                admin.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
    assert ours["USER"] != other["service"]
