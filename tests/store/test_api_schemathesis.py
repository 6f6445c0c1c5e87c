"""Schemathesis fuzzes every operation of /api/schema/ (in process, through WSGI) with an
account that sits at a started game: no input may produce a 5xx, and every error is JSON
with a code and a message."""
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from rdi_service.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


@pytest.fixture
def keep_connection():
    """The WSGI handler closes the database connection after each request, which would close
    the test transaction; Django's own test client switches that off the same way."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, django_user_model, keep_connection):
    from rest_framework.authtoken.models import Token

    from games import services

    owner = django_user_model.objects.create_user("fuzz", password="a long enough password 1")
    table = services.table_create(owner=owner, player_count=2)
    services.seat_take(table_id=table.pk, user=owner, character="zot")
    services.seat_take(table_id=table.pk, user=owner, character="fiona", ai=True)
    services.table_start(table_id=table.pk, user=owner)
    services.table_create(owner=owner, player_count=3)
    return Token.objects.get_or_create(user=owner)[0].key


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_makes_a_server_error(case, token):
    response = case.call(headers={"Authorization": f"Token {token}"})
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:500])
    if response.status_code >= 400 and response.status_code != 405:
        body = response.json()
        assert body["code"] and body["message"], body
