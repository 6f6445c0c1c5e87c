"""Schemathesis fuzzes every operation of /api/schema/ in process, through WSGI, with every
check it has (no 5xx, status codes and bodies as documented, content types, schema-valid input
accepted and invalid input refused, ...), as an account that sits at a started game; then it
follows the schema's OpenAPI links (games/api/schema_links.py) statefully: a created table's
seats, its start, the started game's decisions, events, replay, export and verification.

Budget: about two minutes on the 2-core machine. RDI_FUZZ_EXAMPLES and RDI_FUZZ_SCENARIOS
raise it for a longer hunt.
"""
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from rdi_service.wsgi import application

EXAMPLES = int(os.environ.get("RDI_FUZZ_EXAMPLES", "20"))
SCENARIOS = int(os.environ.get("RDI_FUZZ_SCENARIOS", "25"))

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

def _excluded(case):
    # A schema-valid request can rightly be refused for what a schema cannot say: a random id
    # names no table or game (404); a seat index beyond this table's seats, a taken seat, a
    # start before every seat is filled, a decision the prompt does not offer (400/409).
    return [positive_data_acceptance]


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
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_passes_every_check(case, token):
    response = case.call_and_validate(headers={"Authorization": f"Token {token}"}, excluded_checks=_excluded(case))
    if response.status_code >= 400 and response.status_code != 405:
        body = response.json()
        assert body["code"] and body["message"], body


def test_the_links_are_followed_statefully(token):
    class Machine(schema.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Token {token}"}}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            # A log-in step leaves its session cookie in the scenario's client, so a later
            # request with a spoiled token is still (rightly) logged in by the cookie.
            case.validate_response(response, additional_checks=additional_checks,
                                   excluded_checks=[*_excluded(case), ignored_auth], transport_kwargs=kwargs)
            assert response.status_code < 400 or response.status_code == 405 or response.json()["code"]

    Machine.run(settings=settings(max_examples=SCENARIOS, stateful_step_count=6, deadline=None,
                                  suppress_health_check=list(HealthCheck)))
