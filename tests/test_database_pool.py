"""PostgreSQL goes through a connection pool (``config/database.py``).

Under ASGI each request runs its sync view in a thread of its own; with persistent
connections (``CONN_MAX_AGE`` > 0) every such thread left a connection open, and a few
bursts held a hundred. These tests pin the settings (a pool, no persistent connections,
the variables that size it) and, on PostgreSQL, that a burst of ASGI requests holds no
more connections than the pool's size.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.asgi import ASGIHandler
from django.db import connection
from django.http import HttpResponse
from django.urls import path

from config.database import POOL_MAX_DEFAULT, pool_options

POOL_VARIABLES = ("DATABASE_POOL_MIN", "DATABASE_POOL_MAX", "DATABASE_POOL_TIMEOUT",
                  "DATABASE_CONN_MAX_AGE")


def _loaded_database(**env_overrides) -> dict:
    """``DATABASES["default"]`` as ``config.settings`` builds it in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k not in POOL_VARIABLES}
    env.update({"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
                "DATABASE_URL": "postgres://user:pw@db.example:5433/champ", **env_overrides})
    code = ("import json, django; django.setup(); from django.conf import settings; "
            "print(json.dumps(settings.DATABASES['default'], default=str))")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, cwd=settings.BASE_DIR, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_postgresql_settings_use_a_pool_and_no_persistent_connections():
    database = _loaded_database()
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 5,
                                           "reconnect_timeout": 5}
    assert database["CONN_MAX_AGE"] == 0  # Django refuses a pool with persistent connections
    assert database["CONN_HEALTH_CHECKS"] is True


def test_a_wrong_pool_setting_stops_startup_with_a_clear_error():
    env = {k: v for k, v in os.environ.items() if k not in POOL_VARIABLES}
    env.update({"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
                "DATABASE_URL": "postgres://user:pw@db.example:5433/champ",
                "DATABASE_CONN_MAX_AGE": "60"})
    result = subprocess.run([sys.executable, "-c", "import django; django.setup()"], env=env,
                            capture_output=True, text=True, cwd=settings.BASE_DIR, check=False)
    assert result.returncode != 0
    assert "DATABASE_CONN_MAX_AGE keeps a connection open per thread" in result.stderr


@pytest.fixture
def pool_env(monkeypatch):
    for name in POOL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_pool_is_sized_by_environment_variables(pool_env):
    pool_env.setenv("DATABASE_POOL_MIN", "2")
    pool_env.setenv("DATABASE_POOL_MAX", "6")
    pool_env.setenv("DATABASE_POOL_TIMEOUT", "3")
    assert pool_options() == {"min_size": 2, "max_size": 6, "timeout": 3,
                              "reconnect_timeout": 5}


def test_a_pool_of_one_keeps_at_most_one_idle(pool_env):
    pool_env.setenv("DATABASE_POOL_MAX", "1")
    assert pool_options()["min_size"] == pool_options()["max_size"] == 1
    pool_env.setenv("DATABASE_POOL_MIN", "0")
    assert pool_options()["min_size"] == 0


def test_pool_max_zero_turns_the_pool_off(pool_env):
    pool_env.setenv("DATABASE_POOL_MAX", "0")
    assert pool_options() is None
    database = _loaded_database(DATABASE_POOL_MAX="0")
    assert database["OPTIONS"] == {}
    assert database["CONN_MAX_AGE"] == 0  # closed at the end of each request
    # Without the pool, persistent connections may be asked for (sync WSGI workers only).
    assert _loaded_database(DATABASE_POOL_MAX="0", DATABASE_CONN_MAX_AGE="60")[
        "CONN_MAX_AGE"] == 60


@pytest.mark.parametrize(("env", "message"), [
    ({"DATABASE_POOL_MAX": "many"}, "DATABASE_POOL_MAX must be a whole number"),
    ({"DATABASE_POOL_MAX": "-1"}, "DATABASE_POOL_MAX must be a whole number"),
    ({"DATABASE_POOL_MIN": "5", "DATABASE_POOL_MAX": "4"}, "is more than DATABASE_POOL_MAX"),
    ({"DATABASE_POOL_TIMEOUT": "0"}, "DATABASE_POOL_TIMEOUT must be at least 1 second"),
    ({"DATABASE_CONN_MAX_AGE": "60"}, "cannot be used with the connection pool"),
])
def test_wrong_pool_settings_are_refused(pool_env, env, message):
    for name, value in env.items():
        pool_env.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=message):
        pool_options()


def test_the_pool_module_is_installed():
    # Django asks for it only at the first connection: a missing package would let the
    # server start and then fail every request.
    import psycopg_pool  # noqa: F401


# --- A burst of ASGI requests on PostgreSQL ---------------------------------------------

REQUESTS = 12  # at once, each in a thread of its own (as Django's ASGI handler runs them)
HELD = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
seen: list[int] = []  # the connections each request saw open on the test database


def query_view(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(0.05)")  # so that the requests overlap
        cursor.execute(HELD)
        seen.append(cursor.fetchone()[0])
    return HttpResponse("ok")


urlpatterns = [path("held/", query_view)]


async def _get(app, url: str) -> int:
    """One GET through the ASGI application; returns its status."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": url, "raw_path": url.encode(),
             "query_string": b"", "headers": [(b"host", b"testserver")],
             "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
    sent: list[dict] = []
    body_given = False
    never = asyncio.Event()

    async def receive():
        nonlocal body_given
        if not body_given:
            body_given = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await never.wait()  # the client stays connected until the handler is done

    async def send(message):
        sent.append(message)

    await app(scope, receive, send)
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


@pytest.mark.django_db
def test_a_burst_of_asgi_requests_holds_no_more_connections_than_the_pool(settings):
    if connection.vendor != "postgresql":
        pytest.skip("the pool is PostgreSQL's")
    if os.environ.get("DATABASE_POOL_MAX", "").strip() == "0":
        pytest.skip("the pool is turned off (DATABASE_POOL_MAX=0)")
    bound = connection.settings_dict["OPTIONS"].get("pool", {}).get("max_size", POOL_MAX_DEFAULT)
    settings.ROOT_URLCONF = __name__
    seen.clear()
    with connection.cursor() as cursor:
        cursor.execute(HELD)
        before = cursor.fetchone()[0]  # this test's own connection among them

    async def burst():
        app = ASGIHandler()
        return await asyncio.gather(*(_get(app, "/held/") for _ in range(REQUESTS)))

    try:
        statuses = asyncio.run(burst())
        with connection.cursor() as cursor:
            cursor.execute(HELD)
            after = cursor.fetchone()[0]
    finally:
        gc.collect()  # without a pool, this is what would close the threads' connections
    assert statuses == [200] * REQUESTS
    # This test's connection comes from the pool too, so the bound is generous by one.
    assert max(seen) <= before + bound, seen
    assert after <= before + bound



def test_waiting_too_long_for_a_connection_answers_503(rf):
    if connection.vendor != "postgresql":
        pytest.skip("the pool is PostgreSQL's")
    from django.db import OperationalError
    from psycopg_pool import PoolTimeout

    from config.middleware import DatabaseUnavailableMiddleware

    # Django raises the pool's timeout as its own OperationalError ...
    with pytest.raises(OperationalError) as raised:
        with connection.wrap_database_errors:
            raise PoolTimeout("couldn't get a connection after 5.00 sec")
    # ... which the middleware answers as a server gone away: 503, send again.
    request = rf.post("/api/v1/captain/7/not-the-real-secret/results/")
    response = DatabaseUnavailableMiddleware(lambda r: None).process_exception(
        request, raised.value)
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
