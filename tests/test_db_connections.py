"""Persistent database connections: kept by the web tier (gunicorn, WSGI) with a health check
before reuse, kept longer by Celery workers, and off under ASGI, where Django would keep one
per request thread (docs/operations.md "Database connections")."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _database_settings(module: str, **env) -> dict:
    code = (f"import {module}; from django.conf import settings; import json; "
            "print(json.dumps({k: settings.DATABASES['default'][k] for k in ('CONN_MAX_AGE', 'CONN_HEALTH_CHECKS')}))")
    clean = {k: v for k, v in os.environ.items() if k not in ("CONN_MAX_AGE", "CONN_HEALTH_CHECKS")}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**clean, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "rdi_service.settings", **env})
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_web_tier_keeps_its_connections_with_a_health_check():
    assert _database_settings("rdi_service.wsgi") == {"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}


def test_the_settings_override_the_defaults():
    assert _database_settings("rdi_service.wsgi", CONN_MAX_AGE="5", CONN_HEALTH_CHECKS="false") == \
        {"CONN_MAX_AGE": 5, "CONN_HEALTH_CHECKS": False}


def test_asgi_does_not_keep_connections():
    assert _database_settings("rdi_service.asgi")["CONN_MAX_AGE"] == 0
