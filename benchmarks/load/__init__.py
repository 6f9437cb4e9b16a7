"""Load test of the captain API: a whole field entering and confirming results at once.

What it measures: for each database (SQLite, then PostgreSQL), a fresh database is migrated
and a Swiss championship is built through the project's services (``--tables`` tables, so
twice as many teams, 4 deals a match; round 1 generated and released). Gunicorn then serves
it (4 sync workers, DEBUG off) on a free loopback port, and both captains of every table
use the captain API within ``--duration`` seconds, open loop: every request has a scheduled
send time drawn uniformly in the window (each table's requests in a plausible order: both
captains read their tables; for each deal the entering captain submits it, and the other
captain reads its results and confirms it), with about 5 % duplicate sends (same
idempotency key, same confirmation) and a few bad requests that must be refused with a 4xx.

It prints per request type the count and p50/p95/p99/max latency, the throughput, the
errors (5xx, connection errors, unexpected 4xx), then checks the database in-process: one
entry per table and deal, every deal confirmed once, nothing written by bad requests, the
stored values are the ones sent, and the standings equal a full recompute. ``--capacity``
then searches the largest field whose burst still meets the p95 target with no errors.

``--format free-deal`` runs the same burst for a free-deal pairs championship (rules.md 11):
2N pairs (75 tables, 150 pairs, unless ``--tables`` says otherwise) with the default settings, round 1 drawn and released, and the end of the round:
both pairs of every table read their game, the first pair submits it (a valid random game:
a winner at the target or above and a loser below, or a game ended by time or by the hand
limit), the second pair reads it and confirms it; duplicates as above, and bad requests
(points above the cap, both pairs over the target, a wrong link, a missing entry, a
self-confirmation). The check: one entry per table, each confirmed once by the second
pair, the stored games are the ones sent, nothing written by bad requests, and the ranking
equals an independent computation from the stored games. Without ``--seed`` the free-deal
plan draws a fresh seed and prints it; ``--seed N`` replays the same requests and games
(the pairs at each table are the championship's own draw).

``--format groups`` runs it for the group games of groups then knockout (rules.md 12, issue
38): 2N pairs (32 tables, 64 pairs, unless ``--tables`` says otherwise; N even) in groups of
4 drawn with a fixed seed, the first of each through, a bracket of 16, round 1 drafted and
released, and the same end of round as a free-deal one through the pair's ``group-game/``
link: valid random group games (by their hands, never level, sometimes after extra hands),
duplicates, and bad requests (level points, another ending, hands the rules do not allow,
a wrong link, a missing entry, a self-confirmation). The check: the free-deal one's game
rows (``game_check``), the count of games stored and confirmed (0 lost), and every group's
standing against an independent computation. A fresh seed unless ``--seed``, as free-deal.

What differs by format is in ``formats`` (the registry), a plan module (``plan``,
``free_deal_plan``, ``groups_plan``: the requests and the captain API's paths and answers;
``table_games``: what the one-game-a-table formats share), a build child (``build``,
``free_deal_build``, ``groups_build``) and a check child (``check``, ``free_deal_check``,
``groups_check``); the runner, the driver, the report, the server and the databases are
shared.

Run from the repository root (only 127.0.0.1 is contacted; PostgreSQL is expected at
127.0.0.1:5432, user postgres, trust authentication, and is skipped if unreachable)::

    make load                                   # 200 tables, 60 s, SQLite then PostgreSQL
    make load LOAD_ARGS="--capacity"
    make load LOAD_ARGS="--format free-deal"    # 75 tables (150 pairs), 60 s
    make load LOAD_ARGS="--format groups"       # 32 tables (64 pairs in 16 groups), 60 s
    .venv/bin/python -m benchmarks.load --tables 4 --duration 3 --databases sqlite

The exit status is non-zero when a check fails, a request errs, or the overall p95 misses
``--target-ms`` (100 ms).

After the burst the server runs on for ``SCORING_REBUILD_DELAY`` (2 s unless set) and one
second more, so that the stored scores' rebuild can finish before the database check.
``--sqlite-template FILE`` is for tests that run the command several times
(``tests/test_load_smoke.py``): each SQLite burst starts from a copy of that migrated file
instead of migrating (the first makes it if it is missing); a real run leaves it out.
"""
