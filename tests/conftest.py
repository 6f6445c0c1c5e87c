"""Shared pytest set-up.

Tests that touch the database use the real Postgres from DATABASE_URL (pytest-django creates
and drops a `test_...` database). Several people and CI may run the suite on one machine at
once, so each run gets its own test database name: `test_<db>_<suffix>`, the suffix being
$RDI_TEST_DB_SUFFIX if set (set it to an empty string to use the plain name, e.g. with
--reuse-db), else `pid<process id>`.
"""
import itertools
import os

import pytest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    from pytest_django.fixtures import _set_suffix_to_test_databases

    suffix = os.environ.get("RDI_TEST_DB_SUFFIX", f"pid{os.getpid()}")
    if suffix:
        _set_suffix_to_test_databases(suffix=suffix)


@pytest.fixture(autouse=True)
def _no_task_scheduling_unless_asked(request):
    """Appends schedule AI turns and timers on Celery after commit; only the tests under
    tests/tasks/ (with a real worker) want that, so everywhere else it is off."""
    from django.conf import settings

    before = getattr(settings, "RDI_SCHEDULE_TASKS", True)
    settings.RDI_SCHEDULE_TASKS = bool(request.node.get_closest_marker("celery_worker"))
    yield
    settings.RDI_SCHEDULE_TASKS = before


_cache_namespaces = itertools.count()


@pytest.fixture(autouse=True)
def _own_cache_namespace(settings):
    """Each test gets a key prefix of its own in the shared Redis cache, so log-in and sign-up
    throttle counts never carry over from another test or another run on this machine."""
    settings.CACHES = {"default": {**settings.CACHES["default"],
                                   "KEY_PREFIX": f"test-{os.getpid()}-{next(_cache_namespaces)}"}}


@pytest.fixture
def make_user(django_user_model):
    def make(username):
        return django_user_model.objects.create_user(username=username, password="a long enough password 1")
    return make


@pytest.fixture
def api_for():
    """An APIClient authenticated with the user's token (anonymous without a user)."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    def make(user=None):
        client = APIClient()
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client
    return make
