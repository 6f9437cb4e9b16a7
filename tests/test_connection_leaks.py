"""The check that fails a test leaving a pooled connection out (``tests/connection_leaks.py``)
is itself tested: a small suite run in a separate pytest against this run's test database,
with a pool of one."""

import os
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

LEAKY_SUITE = '''
import threading

from django.db import connection, connections


def _in_thread(name, work, django_db_blocker):
    with django_db_blocker.unblock():
        thread = threading.Thread(target=work, name=name)
        thread.start()
        thread.join()


def test_a_thread_that_keeps_its_connection(django_db_blocker):
    _in_thread("leaky-worker", lambda: connection.ensure_connection(), django_db_blocker)


def test_a_thread_that_closes_its_connection(django_db_blocker):
    def work():
        try:
            connection.ensure_connection()  # the leaked one came back: the pool has one
        finally:
            connections.close_all()

    _in_thread("tidy-worker", work, django_db_blocker)


def test_the_test_threads_own_connection_stays(django_db_blocker):
    with django_db_blocker.unblock():
        connection.ensure_connection()
        connection.close()  # so that the pool's only connection is free again
'''


def test_a_test_that_leaves_a_connection_out_fails_naming_the_thread(pytester, monkeypatch):
    if connection.vendor != "postgresql" or not connection.settings_dict["OPTIONS"].get("pool"):
        pytest.skip("the check watches PostgreSQL's connection pool")
    pytester.makepyfile(test_leaky=LEAKY_SUITE)
    tests = Path(__file__).resolve().parent
    database = connection.settings_dict  # this run's test database; the suite creates none
    monkeypatch.setenv("DATABASE_URL", "postgres://{}:{}@{}:{}/{}".format(
        quote(database["USER"]), quote(database["PASSWORD"]), database["HOST"],
        database["PORT"], quote(database["NAME"])))
    monkeypatch.setenv("DATABASE_POOL_MIN", "0")
    monkeypatch.setenv("DATABASE_POOL_MAX", "1")
    monkeypatch.setenv("DATABASE_POOL_TIMEOUT", "2")
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "config.settings")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tests.parent), str(tests)]))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    result = pytester.runpytest_subprocess(
        "-p", "connection_leaks", "-p", "no:cacheprovider", "-p", "no:xdist", "-v", timeout=120)
    result.stdout.fnmatch_lines([
        "*test_a_thread_that_keeps_its_connection PASSED*",
        "*test_a_thread_that_keeps_its_connection ERROR*",
        "*test_a_thread_that_closes_its_connection PASSED*",
        "*test_the_test_threads_own_connection_stays PASSED*",
    ])
    result.stdout.fnmatch_lines([
        "*1 pooled database connection(s) left checked out after the test*",
        "*thread 'leaky-worker' (ended without giving it back)*test_a_thread_that_keeps*",
    ])
    result.assert_outcomes(passed=3, errors=1)
