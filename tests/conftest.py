"""Shared pytest set-up.

Tests that touch the database use the real Postgres from DATABASE_URL (pytest-django creates
and drops a `test_...` database). Several people and CI may run the suite on one machine at
once, so each run gets its own test database name: `test_<db>_<suffix>`, the suffix being
$RDI_TEST_DB_SUFFIX if set (set it to an empty string to use the plain name, e.g. with
--reuse-db), else `pid<process id>`.
"""
import os

import pytest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    from pytest_django.fixtures import _set_suffix_to_test_databases

    suffix = os.environ.get("RDI_TEST_DB_SUFFIX", f"pid{os.getpid()}")
    if suffix:
        _set_suffix_to_test_databases(suffix=suffix)
