"""The two database roles (docs/security.md "The database refuses it too").

- The **owner** (`DATABASE_OWNER_URL`, `rdi_owner` by default) owns the schema: `migrate` runs
  as it (games/management/commands/migrate.py), and only it can alter tables or triggers.
- The **service** (`DATABASE_URL`, `rdi_service` by default) is what the web, stream and Celery
  processes connect as. It owns nothing and is no superuser; `grant()` gives it exactly the
  privileges in `POLICY`, so it can append events but never change or remove one.

Both are one deployment's alone: `grant()` takes CONNECT (and the public schema) away from
PUBLIC, so no other role of the server may even connect, and `ensure()` refuses to reuse a role
that another database on the server was granted to (docs/security.md "Database roles").

`grant()` runs after every `migrate`, on every table of the schema, so a table added by a later
migration gets its grants without anyone remembering to: `FULL` unless `POLICY` says less
(tests/security/test_db_roles.py fails until a new table is listed there, so the choice is
made on purpose). A partition (`games_event_p00`, ...) gets nothing: its rows are reached
through its parent, whose privileges are the only ones Postgres checks then, so the parent's
policy is the whole policy and a statement naming a partition itself is refused.

    python -m rdi_service.db_roles   # create the roles and the database when missing (needs
                                     # RDI_DATABASE_ADMIN_URL, a role allowed to create roles)
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager

READ = ("SELECT",)
APPEND = ("SELECT", "INSERT")
FULL = ("SELECT", "INSERT", "UPDATE", "DELETE")

#: What the service may do with each table; anything else it may not (no TRUNCATE, ever).
POLICY: dict[str, tuple[str, ...]] = {
    # the truth: appended, never changed (the trigger of games/0002 refuses it for the owner too)
    "games_event": APPEND,
    # the seed is drawn once at the start and only ever read afterwards
    "games_gameseed": APPEND,
    # projections, rewritten by every append; a game row is never deleted (PROTECT)
    "games_game": ("SELECT", "INSERT", "UPDATE"),
    # a cache: written every N events, deleted when it disagrees with the log, never edited
    "games_snapshot": ("SELECT", "INSERT", "DELETE"),
    "games_table": FULL,
    # content packs staff upload in the admin; a game pins the documents it plays, so an
    # upload may be replaced or deleted without changing any game
    "games_uploadedpack": FULL,
    "games_seat": FULL,
    "disputes_dispute": ("SELECT", "INSERT", "UPDATE"),
    # the staff's audit trail of a dispute
    "disputes_disputeaction": APPEND,
    "auth_user": FULL,
    "auth_group": FULL,
    "auth_group_permissions": FULL,
    "auth_user_groups": FULL,
    "auth_user_user_permissions": FULL,
    "authtoken_token": FULL,
    # a user's normalised name, kept in step with every save that may change the name
    "accounts_usernamekey": FULL,
    "django_session": FULL,
    # written by the admin; rows go only when their user is deleted (CASCADE)
    "django_admin_log": ("SELECT", "INSERT", "DELETE"),
    # written by `migrate` (the owner) alone
    "django_migrations": READ,
    "django_content_type": READ,
    "auth_permission": READ,
}

DEFAULT_SERVICE_URL = "postgres://rdi_service@127.0.0.1:5432/rdi"
DEFAULT_OWNER_URL = "postgres://rdi_owner@127.0.0.1:5432/rdi"
DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


#: What `as_owner` takes from the owner's URL (the database name stays the connection's: a test
#: run's database has its own name).
CREDENTIALS = ("USER", "PASSWORD", "HOST", "PORT", "OPTIONS")


def privileges(table: str) -> tuple[str, ...]:
    return POLICY.get(table, FULL)


def urls() -> tuple[str, str]:
    """(service URL, owner URL) from the environment. With neither set: the development roles
    on 127.0.0.1. With only DATABASE_URL set, the owner is the same role (one role, as before
    the split: nothing is refused beyond the trigger; docs/security.md says why not to)."""
    service = os.environ.get("DATABASE_URL") or DEFAULT_SERVICE_URL
    owner = os.environ.get("DATABASE_OWNER_URL") or (
        os.environ["DATABASE_URL"] if os.environ.get("DATABASE_URL") else DEFAULT_OWNER_URL)
    return service, owner


# --- the grants (run by `migrate`, as the owner) -------------------------------------------


def grant(cursor, service: str) -> None:
    """Give `service` exactly POLICY's privileges on every table of the public schema (and
    nothing it had before beyond them), the sequences behind its INSERTs, and no way to create
    objects. Idempotent; must run as the owner of the tables."""
    from psycopg import sql

    role = sql.Identifier(service)
    cursor.execute("SELECT current_database()")
    database = sql.Identifier(cursor.fetchone()[0])
    # By default PUBLIC (every role of the server, e.g. another deployment's service role) may
    # connect to any database and create temporary tables in it, and use its public schema:
    # only this deployment's service may (its owner owns the database, superusers bypass).
    cursor.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(database).as_string(None))
    cursor.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(database, role).as_string(None))
    cursor.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC")
    cursor.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(role).as_string(None))
    cursor.execute("SELECT has_schema_privilege(%s, 'public', 'CREATE')", [service])
    if cursor.fetchone()[0]:   # Postgres before 15 let PUBLIC create in the public schema
        cursor.execute(sql.SQL("REVOKE CREATE ON SCHEMA public FROM PUBLIC, {}").format(role).as_string(None))
    for table, partition in tables(cursor):
        name = sql.Identifier(table)
        cursor.execute(sql.SQL("REVOKE ALL ON TABLE {} FROM {}").format(name, role).as_string(None))
        if not partition:
            cursor.execute(sql.SQL("GRANT {} ON TABLE {} TO {}").format(
                sql.SQL(", ").join(map(sql.SQL, privileges(table))), name, role).as_string(None))
    cursor.execute(sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(role)
                   .as_string(None))


def tables(cursor) -> list[tuple[str, bool]]:
    """[(name, whether it is a partition)] of every table of the public schema, partitioned
    parents and their partitions included."""
    cursor.execute("SELECT relname, relispartition FROM pg_class WHERE relnamespace = 'public'::regnamespace"
                   " AND relkind IN ('r', 'p') ORDER BY relname")
    return cursor.fetchall()


def service_user() -> str:
    from django.conf import settings

    return settings.DATABASES["default"]["USER"]


def owner_user() -> str:
    from django.conf import settings

    return settings.RDI_DATABASE_OWNER["USER"]


@contextmanager
def as_owner(connection):
    """Run Django's `connection` as the owner role inside the block: same server and database,
    the owner's credentials. A no-op when it already is the owner (one-role set-ups, or a
    test run that created its database as the owner)."""
    from django.conf import settings

    owner = settings.RDI_DATABASE_OWNER
    if connection.settings_dict.get("USER") == owner["USER"]:
        yield
        return
    saved = connection.settings_dict
    connection.close()
    connection.settings_dict = {**saved, **{k: owner[k] for k in CREDENTIALS if k in owner}}
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict = saved


# --- creating the roles (bin/run, docker compose, the test suite) ---------------------------


def _config(url: str) -> dict:
    import environ

    return environ.Env.db_url_config(url)


#: Keys of a Django database's OPTIONS that Django consumes itself: not libpq's, so never
#: passed on (django/db/backends/postgresql/base.py get_connection_params).
DJANGO_OPTIONS = ("assume_role", "isolation_level", "pool", "server_side_binding", "prepare_threshold",
                  "cursor_factory", "context")


def connect_params(config: dict, dbname: str | None = None) -> dict:
    """libpq's keywords for a Django database dict, the way Django itself connects: OPTIONS
    first, then HOST/PORT/USER/PASSWORD when set. A socket-directory URL
    (`postgres://rdi_service@/rdi?host=/path/var/pg`, the embedded Postgres) has an empty HOST
    and the directory in OPTIONS["host"]: leaving OPTIONS out connects to libpq's default
    socket, i.e. to another server (issue 43)."""
    params = {k: v for k, v in (config.get("OPTIONS") or {}).items() if k not in DJANGO_OPTIONS}
    params["dbname"] = dbname or config.get("NAME")
    for key, keyword in (("USER", "user"), ("PASSWORD", "password"), ("HOST", "host"), ("PORT", "port")):
        if config.get(key) not in (None, ""):
            params[keyword] = config[key]
    return {k: v for k, v in params.items() if v not in (None, "")}


def conninfo(config: dict, dbname: str | None = None) -> str:
    """The libpq connection string of a Django database dict (values quoted by psycopg)."""
    from psycopg.conninfo import make_conninfo

    return make_conninfo(**{k: str(v) for k, v in connect_params(config, dbname).items()})


def _connect(config: dict, dbname: str | None = None):
    import psycopg

    return psycopg.connect(**connect_params(config, dbname), autocommit=True)


def other_databases(conn, role: str, database: str) -> list[str]:
    """The databases other than `database` (and its test databases, `test_<database>...`,
    pytest-django's) that `role` was granted CONNECT on by name: another deployment's."""
    rows = conn.execute(
        "SELECT d.datname FROM pg_database d, aclexplode(d.datacl) a JOIN pg_roles r ON r.oid = a.grantee"
        " WHERE r.rolname = %s AND a.privilege_type = 'CONNECT' AND d.datname <> %s ORDER BY 1",
        [role, database]).fetchall()
    return [name for (name,) in rows if not name.startswith(f"test_{database}")]


def ensure(service_url: str, owner_url: str, admin_url: str) -> list[str]:
    """Create the owner and service roles and the database (owned by the owner) when missing,
    connected as `admin_url` (a superuser or a role with CREATEROLE and CREATEDB). Returns what
    it created. Safe to run concurrently (an advisory lock) and again (it changes nothing)."""
    from psycopg import sql

    service, owner, admin = _config(service_url), _config(owner_url), _config(admin_url)
    if service["NAME"] != owner["NAME"]:
        raise SystemExit(f"DATABASE_URL names database {service['NAME']!r} but DATABASE_OWNER_URL names "
                         f"{owner['NAME']!r}: both roles must use the same database.")
    if service["USER"] == owner["USER"]:
        return []
    done = []
    with _connect(admin) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext('rdi_service.db_roles'))")
        # One deployment's roles must not be another's: grant() gives the service CONNECT and
        # its tables by role name, so a shared name would reach both databases.
        for config in (service, owner):
            shared = other_databases(conn, config["USER"], owner["NAME"])
            if shared:
                conn.execute("SELECT pg_advisory_unlock(hashtext('rdi_service.db_roles'))")
                raise SystemExit(
                    f"The role {config['USER']!r} already serves the database {shared[0]!r} on this server; give "
                    f"the deployment of {owner['NAME']!r} roles of its own in DATABASE_URL and DATABASE_OWNER_URL "
                    f"(e.g. {owner['NAME']}_service and {owner['NAME']}_owner).")
        # The owner creates the test databases (pytest-django), hence CREATEDB; the service
        # gets nothing beyond logging in.
        for config, attributes in ((owner, "LOGIN CREATEDB"),
                                   (service, "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT "
                                             "NOREPLICATION NOBYPASSRLS")):
            if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [config["USER"]]).fetchone():
                continue
            statement = sql.SQL("CREATE ROLE {} " + attributes).format(sql.Identifier(config["USER"]))
            if config.get("PASSWORD"):
                statement += sql.SQL(" PASSWORD {}").format(sql.Literal(config["PASSWORD"]))
            conn.execute(statement)
            done.append(f"role {config['USER']}")
        # So that the test suite can log in as the owner and `SET ROLE` to the service
        # (tests/conftest.py); the reverse would give the service the owner's powers.
        conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(service["USER"]), sql.Identifier(owner["USER"])))
        name = owner["NAME"]
        row = conn.execute("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s", [name]).fetchone()
        if row is None:
            conn.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name),
                                                                       sql.Identifier(owner["USER"])))
            done.append(f"database {name}")
        elif row[0] != owner["USER"] and row[0] == admin["USER"]:
            # e.g. the postgres image's POSTGRES_DB, created by its superuser: the owner takes it
            conn.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(name),
                                                                        sql.Identifier(owner["USER"])))
            done.append(f"database {name} now owned by {owner['USER']}")
        conn.execute("SELECT pg_advisory_unlock(hashtext('rdi_service.db_roles'))")
    return done


def main() -> None:
    service, owner = urls()
    admin = os.environ.get("RDI_DATABASE_ADMIN_URL") or DEFAULT_ADMIN_URL
    for what in ensure(service, owner, admin):
        print(f"[rdi] created {what}", file=sys.stderr)


if __name__ == "__main__":
    main()
