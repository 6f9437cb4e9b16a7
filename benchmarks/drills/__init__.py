"""Fault drills: break one thing under the captain API (or send it bursts) and check what
the captains and the database see. Not part of ``make test``.

Run from the repository root (only 127.0.0.1 is contacted; PostgreSQL is expected at
127.0.0.1:5432, user postgres, trust authentication, and Redis at 127.0.0.1:6379; neither
is ever stopped or restarted)::

    make drills                                  # every drill, in order
    .venv/bin/python -m benchmarks.drills redis gunicorn    # some of them

Each drill prints what it observes, then one ``PASS``, ``FAIL`` or ``SKIP`` line with its
figures; a summary repeats those lines. The exit status is 1 if any drill failed. Each
drill builds its own fresh database and championship (``benchmarks.load``: ``migrate``,
then a Swiss championship with round 1 released, 4 deals a match) and its own gunicorn
on a free loopback port (DEBUG off), is stopped after :data:`run.TIME_LIMIT` seconds
at most, and always removes what it made: processes, databases, SQLite files, Redis keys.
Its logs stay in ``var/drills/<drill>/`` only when it failed.

1. ``database``: the database goes away mid-request. PostgreSQL: gunicorn reaches the
   database through a tiny TCP proxy (``pgproxy``); captains stream submissions and
   confirmations; while queries are in flight the proxy is cut (all connections closed,
   nothing listening). Every answer must be a success or a clean 503 (``{"detail",
   "code": "database_unavailable"}`` with ``Retry-After: 5`` under ``/api/``, the static
   ``templates/503.html`` page elsewhere: ``config.middleware``), with no 500 and no
   traceback; nothing partial may be stored (each idempotency key at most once, each
   confirmation of an existing entry, nothing acknowledged lost). The proxy then listens
   again and every request without a success answer is sent again with the same key: all
   must succeed first time and be stored exactly once, and the standings and stored
   scores must equal a full recompute. SQLite (a lock held past the busy timeout) is
   skipped: the 20 s busy timeout in ``config/settings.py`` has no override.
2. ``redis``: Redis goes away. Gunicorn runs with ``CELERY_BROKER_URL`` (hence the result
   backend) on a loopback port where nothing listens (the machine's Redis is untouched);
   captains submit, then confirm. Every request must succeed in well under a second
   (latency p50/p95/max reported, within a time budget); the rebuild of stored scores must
   fall back to the web process (its warning logged; no ``ScoreRefresh`` note left a few
   seconds later), and the stored scores and standings must equal a recompute.
3. ``celery``: the Celery worker is killed during a task. A real worker (prefork,
   concurrency 1, its own queue in an empty Redis database, a fresh PostgreSQL database)
   is sent ``scoring.recompute_championship`` while the drill holds a lock on one of the
   championship's deals, so the task waits inside its transaction; once PostgreSQL shows
   it waiting, its pool process (``ps --ppid``) gets SIGKILL and the lock is released.
   The task must be given back and completed (``reject_on_worker_lost``) or end FAILURE
   with its error recorded (the drill says which); the stored scores must equal a
   recompute.
4. ``gunicorn``: a gunicorn worker is killed mid-submit (SQLite, then PostgreSQL).
   Gunicorn with 2 workers serves a stream of submissions; a worker holding a client's
   connection gets SIGKILL. The requests on it get no answer; every request without a
   success answer is sent again with the same key; every result must be stored exactly
   once and confirmed once, and the master must have started a new worker.
5. ``connections``: bursts must not pile up database connections (PostgreSQL). The
   production command (``config/gunicorn.conf.py``, ``config.asgi`` on uvicorn workers, 4
   of them, the settings' defaults) gets 6 bursts of 32 requests released at once (captain
   pages and the captain API's tables, with 8 submissions or confirmations); meanwhile
   ``pg_stat_activity`` is sampled every 10 ms. The connections held on the drill's
   database must never pass 16 (4 workers, a pool of ``DATABASE_POOL_MAX`` = 4 each,
   ``config/database.py``), every request must succeed (p95 reported) and every
   acknowledged write be stored once. The server is shared: a burst that could take the
   drill past 64 connections is not sent, and the drill fails.

Modules: ``run`` (entry point), ``common`` (verdicts, databases, processes),
``captains`` (the HTTP client and the stream of requests), ``facts`` and ``results``
(child processes that read the database and enter results), ``pgproxy``, ``redisdb``
(the scratch Redis database), ``webserver`` (gunicorn, or the production command),
``pgconnections`` (the connections PostgreSQL holds), and one ``drill_*`` module each.
"""
