"""The project skeleton: settings load from the environment, the real Postgres is used,
the health and schema endpoints answer."""
import pytest
from django.conf import settings
from django.db import connection


def test_installed_apps():
    for app in ("rest_framework", "drf_spectacular", "games", "replay"):
        assert app in settings.INSTALLED_APPS


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


@pytest.mark.django_db
def test_uses_real_postgres():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)


def test_openapi_schema(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert b"RDI Service API" in response.content
