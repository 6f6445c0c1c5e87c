"""Persistent database connections: kept by the web tier (gunicorn, WSGI) with a health check
before reuse, kept longer by Celery workers, and off under ASGI, where Django would keep one
per request thread (docs/operations.md "Database connections")."""
from tests.settings_probe import settings_in_process


def _database_settings(module: str, **env) -> dict:
    return settings_in_process(module, "{k: settings.DATABASES['default'][k] for k in ('CONN_MAX_AGE', "
                               "'CONN_HEALTH_CHECKS')}", unset=("CONN_MAX_AGE", "CONN_HEALTH_CHECKS"), **env)


def test_the_web_tier_keeps_its_connections_with_a_health_check():
    assert _database_settings("rdi_service.wsgi") == {"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}


def test_the_settings_override_the_defaults():
    assert _database_settings("rdi_service.wsgi", CONN_MAX_AGE="5", CONN_HEALTH_CHECKS="false") == \
        {"CONN_MAX_AGE": 5, "CONN_HEALTH_CHECKS": False}


def test_asgi_does_not_keep_connections():
    assert _database_settings("rdi_service.asgi")["CONN_MAX_AGE"] == 0
