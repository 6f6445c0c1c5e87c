"""The connection string the live stream builds for its own pool (games/web/stream.py): the
same server and database Django connects to (issue 43 item 1). The embedded Postgres of
bin/run is reached through its socket directory only (`postgres://rdi_service@/rdi?host=
<var>/pg`): the directory is in the URL's options, not its host, and a conninfo without it
reaches libpq's default socket, another server's database."""
import json
import os
import subprocess
import sys
from pathlib import Path

import environ
from psycopg.conninfo import conninfo_to_dict

from rdi_service import db_roles

ROOT = Path(__file__).resolve().parents[2]
SERVICE_VARIABLES = ("DATABASE_URL", "DATABASE_OWNER_URL", "RDI_DATABASE_ADMIN_URL")


def _env(**extra) -> dict:
    return {**{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}, "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "rdi_service.settings", **extra}


def test_the_conninfo_of_a_socket_directory_url_names_the_socket_directory():
    config = environ.Env.db_url_config("postgres://rdi_service@/rdi?host=/srv/rdi/var/pg")
    assert conninfo_to_dict(db_roles.conninfo(config)) == {
        "dbname": "rdi", "user": "rdi_service", "host": "/srv/rdi/var/pg"}


def test_the_conninfo_keeps_libpq_options_quotes_values_and_drops_djangos_own():
    config = {"NAME": "my db", "USER": "rdi_service", "PASSWORD": "it's a secret", "HOST": "db.example",
              "PORT": 6543, "OPTIONS": {"sslmode": "require", "host": "ignored: HOST wins, as in Django",
                                        "isolation_level": 2, "pool": True, "server_side_binding": True}}
    assert conninfo_to_dict(db_roles.conninfo(config)) == {
        "dbname": "my db", "user": "rdi_service", "password": "it's a secret", "host": "db.example",
        "port": "6543", "sslmode": "require"}


def test_the_stream_connects_where_django_does():
    url = "postgres://rdi_service@/rdi?host=/srv/rdi/var/pg"
    code = ("import django; django.setup(); from django.db import connection; "
            "from games.web.stream import _conninfo_from_django; import json; "
            "p = connection.get_connection_params(); "
            "print(json.dumps([_conninfo_from_django(), {k: p[k] for k in ('dbname', 'user', 'host')}]))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env=_env(DATABASE_URL=url, DATABASE_OWNER_URL=url.replace("rdi_service", "rdi_owner")))
    assert run.returncode == 0, run.stderr[-2000:]
    stream, django = json.loads(run.stdout.strip().splitlines()[-1])
    assert conninfo_to_dict(stream) == django == {"dbname": "rdi", "user": "rdi_service", "host": "/srv/rdi/var/pg"}
