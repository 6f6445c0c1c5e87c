"""Shared pytest set-up.

Tests that touch the database use the real Postgres from DATABASE_URL (pytest-django creates
and drops a `test_...` database). Several people and CI may run the suite on one machine at
once, so each run gets its own test database name: `test_<db>_<suffix>`, the suffix being
$RDI_TEST_DB_SUFFIX if set (set it to an empty string to use the plain name, e.g. with
--reuse-db), else `pid<process id>`.

Roles (docs/security.md): the test database is created, migrated, flushed and dropped by the
owner role (DATABASE_OWNER_URL); everything a test does runs as the service role (DATABASE_URL).
The test connection logs in as the owner and switches to the service role with `SET ROLE`
right after connecting, so every query of the code under test is checked against the service
role's privileges, while the teardown of a transactional test (a TRUNCATE, which the service
may not do) and the few tests that tamper with the log step back to the owner in the same
session (`tests.owner.owner_role`). Threads and subprocesses (Celery workers, uvicorn) log in
as the service role itself. With neither URL set, the development roles are created when missing
(as RDI_DATABASE_ADMIN_URL, default the `postgres` superuser on 127.0.0.1).
"""
import itertools
import os

import pytest
from django.db.backends.signals import connection_created


FAST_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"


def pytest_configure(config):
    """A fast password hasher for the tests' users, here and in every process a test starts
    (uvicorn, Celery workers: they read RDI_PASSWORD_HASHERS). The settings were loaded before
    this conftest, so the running process is told directly. RDI_PASSWORD_HASHERS set outside
    (say to Django's PBKDF2) is kept. No read replica from outside."""
    from django.conf import settings

    os.environ.setdefault("RDI_PASSWORD_HASHERS", FAST_HASHER)
    settings.PASSWORD_HASHERS = os.environ["RDI_PASSWORD_HASHERS"].split(",")
    # A read replica configured for bin/run has no test database, and the servers the tests
    # start would read from it: the suite starts a primary and standby of its own (tests/replica/).
    os.environ.pop("DATABASE_REPLICA_URL", None)
    settings.DATABASES.pop("replica", None)


LAB = "tests/lab/"


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true",
                     help="the developer loop: leave out the lab's tests (tests/lab/, marked `lab`)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Everything under tests/lab/ is marked `lab` (the research tools' tests, docs/lab/README.md);
    `--fast` leaves them out. Marked here, by path, before `-m` selects."""
    lab, rest = [], []
    for item in items:
        if item.nodeid.startswith(LAB):
            item.add_marker(pytest.mark.lab)
            lab.append(item)
        else:
            rest.append(item)
    if config.getoption("--fast") and lab:
        config.hook.pytest_deselected(items=lab)
        items[:] = rest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    from django.conf import settings
    from django.db import connection
    from pytest_django.fixtures import _set_suffix_to_test_databases

    from rdi_service import db_roles

    suffix = os.environ.get("RDI_TEST_DB_SUFFIX", f"pid{os.getpid()}")
    if suffix:
        _set_suffix_to_test_databases(suffix=suffix)
    if not os.environ.get("DATABASE_URL") and not os.environ.get("DATABASE_OWNER_URL"):
        db_roles.ensure(*db_roles.urls(), os.environ.get("RDI_DATABASE_ADMIN_URL") or db_roles.DEFAULT_ADMIN_URL)
    # A copy: settings.DATABASES keeps the service role for threads and subprocesses.
    owner = settings.RDI_DATABASE_OWNER
    connection.close()
    connection.settings_dict = {**connection.settings_dict,
                                **{k: owner[k] for k in db_roles.CREDENTIALS if k in owner}}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """After the owner created and migrated the test database: the service role from here on."""
    from django.db import connection

    from rdi_service import db_roles

    service = db_roles.service_user()
    if service != db_roles.owner_user():
        connection.close()
        connection.settings_dict["RDI_SET_ROLE"] = service
    yield
    connection.settings_dict.pop("RDI_SET_ROLE", None)
    connection.close()


def _set_role(sender, connection, **kwargs):
    from tests.owner import set_role_sql

    role = connection.settings_dict.get("RDI_SET_ROLE")
    if role:
        with connection.cursor() as cursor:
            cursor.execute(set_role_sql(role))


connection_created.connect(_set_role)


def _flush_as_owner():
    """TransactionTestCase empties the tables with TRUNCATE after each test: the owner's job."""
    from django.test import TransactionTestCase

    from tests.owner import owner_role

    flush = TransactionTestCase._fixture_teardown

    def _fixture_teardown(self):
        with owner_role():
            flush(self)

    TransactionTestCase._fixture_teardown = _fixture_teardown


_flush_as_owner()


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


@pytest.fixture(autouse=True)
def _expensive_reads_unthrottled(settings):
    """Tests read replays, exports and verifications many times in a row from one address; the
    tests of those throttles (tests/replay/test_verify_cache_throttle.py) set rates of their own."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
             "reads_anon": None, "reads_user": None, "frames_anon": None, "frames_user": None}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


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
