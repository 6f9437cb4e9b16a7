"""The ``DATABASES["default"]`` entry, from ``DATABASE_URL`` and the pool's variables.

PostgreSQL goes through a connection pool in each process (Django's, psycopg_pool). Under
ASGI every request runs its sync view in a thread of its own, and Django keeps one
connection per thread: with persistent connections (``CONN_MAX_AGE`` > 0) each of those
threads left its connection open, so a few bursts of requests held about a hundred and
PostgreSQL began refusing new ones. With the pool a request borrows a connection and gives
it back when it ends, so a process never holds more than ``DATABASE_POOL_MAX``; requests
beyond that wait for one (up to ``DATABASE_POOL_TIMEOUT`` seconds, then a 503 that asks to
send again, ``config.middleware``). That wait is also what a request costs while the
server is down (a direct connection was refused at once): hence 5 s, far above the few
hundred milliseconds a burst waits, and no more than a captain should wait for "send again".

The defaults: 4 connections at most per process, so the 8 gunicorn workers of
``config/gunicorn.conf.py`` hold 32 at most, well under PostgreSQL's default
``max_connections`` of 100 with room for Celery workers, ``manage.py`` and a second web
machine. A worker is one Python process: more connections than that would rarely run
queries at the same time anyway. After a burst the pool keeps what it opened until a
connection has been idle for 10 minutes (psycopg_pool's ``max_idle``), then shrinks to
``DATABASE_POOL_MIN``: one stays open, so a quiet worker answers without connecting first.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from django.core.exceptions import ImproperlyConfigured

POSTGRES_SCHEMES = {"postgres", "postgresql", "pgsql"}
POOL_MIN_DEFAULT = 1
POOL_MAX_DEFAULT = 4
POOL_TIMEOUT_DEFAULT = 5  # seconds a request waits for a free connection, then 503
# When the server cannot be reached, the pool retries each connection 1, 2, 4, 8 ... s
# apart until this many seconds have passed, then gives up on it; the next request that
# finds no connection starts again at once. psycopg_pool's 300 s let those gaps grow to a
# minute or more during a long outage, so requests kept failing well after the server was
# back (drill "database"); with 5 s the pool retries at most 2 s apart.
POOL_RECONNECT_TIMEOUT = 5


def database_from_url(url: str, sqlite_default: Path) -> dict:
    """Translate ``DATABASE_URL`` (postgres://user:pass@host:port/name or sqlite:///path);
    ``sqlite:`` without a path is ``sqlite_default``."""
    parsed = urlparse(url)
    if parsed.scheme in POSTGRES_SCHEMES:
        return postgres_database(parsed)
    if parsed.scheme == "sqlite":
        return sqlite_database(Path(unquote(parsed.path)) if parsed.path else sqlite_default)
    raise ImproperlyConfigured(
        f"DATABASE_URL has an unsupported scheme {parsed.scheme!r}: use postgres:// or sqlite://"
    )


def postgres_database(parsed) -> dict:
    pool = pool_options()
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parsed.path.lstrip("/")),
        "USER": unquote(parsed.username or ""),
        "PASSWORD": unquote(parsed.password or ""),
        "HOST": parsed.hostname or "",
        "PORT": str(parsed.port or ""),
        # A pooled connection goes back to the pool at the end of each request (Django
        # refuses a pool with persistent connections).
        "CONN_MAX_AGE": 0 if pool else _conn_max_age(),
        # With the pool: a connection is checked before it is lent (a server that went away
        # costs a reconnection, not a failed request).
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {"pool": pool} if pool else {},
    }


def pool_options() -> dict | None:
    """psycopg_pool's options from ``DATABASE_POOL_MIN``/``_MAX``/``_TIMEOUT``; ``None``
    when ``DATABASE_POOL_MAX`` is 0 (no pool: e.g. behind PgBouncer)."""
    maximum = _natural("DATABASE_POOL_MAX", POOL_MAX_DEFAULT)
    if maximum == 0:
        return None
    minimum = _natural("DATABASE_POOL_MIN", min(POOL_MIN_DEFAULT, maximum))
    if minimum > maximum:
        raise ImproperlyConfigured(
            f"DATABASE_POOL_MIN ({minimum}) is more than DATABASE_POOL_MAX ({maximum})"
        )
    if _natural("DATABASE_CONN_MAX_AGE", 0):
        raise ImproperlyConfigured(
            "DATABASE_CONN_MAX_AGE keeps a connection open per thread and cannot be used with "
            "the connection pool: unset it, or set DATABASE_POOL_MAX=0 to turn the pool off"
        )
    timeout = _natural("DATABASE_POOL_TIMEOUT", POOL_TIMEOUT_DEFAULT)
    if timeout == 0:
        raise ImproperlyConfigured("DATABASE_POOL_TIMEOUT must be at least 1 second")
    return {"min_size": minimum, "max_size": maximum, "timeout": timeout,
            "reconnect_timeout": POOL_RECONNECT_TIMEOUT}


def _conn_max_age() -> int:
    # Without the pool: close the connection at the end of each request unless told
    # otherwise (persistent connections are only safe with sync WSGI workers).
    return _natural("DATABASE_CONN_MAX_AGE", 0)


def _natural(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise ImproperlyConfigured(f"{name} must be a whole number of 0 or more, not {value!r}")
    return number


def sqlite_database(path: Path) -> dict:
    # WAL lets readers work while one writer writes; the busy timeout and IMMEDIATE
    # transactions make concurrent writers queue for the lock instead of failing with
    # "database is locked" halfway through a transaction.
    path.parent.mkdir(parents=True, exist_ok=True)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }
