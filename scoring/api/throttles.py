"""Throttles counted in the database, so that every web process shares the count: one
upsert per counted request (``ThrottleCount``: a fixed window per key). A throttled call
gets 429 with ``Retry-After`` (the seconds until its window ends).

- :class:`CaptainWriteThrottle`: a team link's writes (submit, confirm, dispute, PIN),
  ``API_CAPTAIN_WRITES`` per minute (default 60: a table enters a handful a round; a
  retry loop gone wrong stops here).
- :func:`token_failures_exceeded` / :func:`count_token_failure`: failed token
  authentications per client address, ``API_TOKEN_FAILURES`` per 10 minutes (default 20),
  so that tokens cannot be guessed.
"""

from __future__ import annotations

import random
import time

from django.conf import settings
from django.db import connection
from rest_framework.throttling import BaseThrottle

from scoring.api_models import ThrottleCount
from scoring.services import client_ip

#: The share of counted requests that also delete their kind's windows long past: an amortised
#: sweep, so the table stays small without a scheduled job. The suite sets it to 0 (a random
#: extra statement would make the query-count tests flaky) and tests the sweep on its own.
FORGET_SHARE = 0.005


def _bucket(window: int, now: float) -> int:
    return int(now // window)


def hit(key: str, window: int, now: float | None = None) -> int:
    """Count one request for ``key`` in the current window; return the window's count.
    One statement (an upsert), committed at once."""
    now = time.time() if now is None else now
    bucket = _bucket(window, now)
    table = connection.ops.quote_name(ThrottleCount._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (scope_key, bucket, hits) VALUES (%s, %s, 1) "
            f"ON CONFLICT (scope_key, bucket) DO UPDATE SET hits = {table}.hits + 1 "
            "RETURNING hits",
            [key[:120], bucket],
        )
        hits = cursor.fetchone()[0]
    if random.random() < FORGET_SHARE:
        ThrottleCount.objects.filter(bucket__lt=bucket - 2, scope_key__startswith=key.split(":")[0]
                                     ).delete()
    return hits


def count(key: str, window: int, now: float | None = None) -> int:
    now = time.time() if now is None else now
    row = ThrottleCount.objects.filter(scope_key=key[:120], bucket=_bucket(window, now)).first()
    return row.hits if row else 0


def seconds_left(window: int, now: float | None = None) -> int:
    now = time.time() if now is None else now
    return max(1, int((_bucket(window, now) + 1) * window - now + 0.999))


class CaptainWriteThrottle(BaseThrottle):
    """A team link's writes per minute (reads are not counted)."""

    window = 60

    def allow_request(self, request, view) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        team_id = view.kwargs.get("team_id")
        limit = getattr(settings, "API_CAPTAIN_WRITES", 60)
        return hit(f"captain:{team_id}", self.window) <= limit

    def wait(self) -> float:
        return seconds_left(self.window)


TOKEN_FAILURE_WINDOW = 600


def _failure_key(request) -> str:
    return f"token-fail:{client_ip(request) or 'unknown'}"


def token_failures_exceeded(request) -> bool:
    limit = getattr(settings, "API_TOKEN_FAILURES", 20)
    return count(_failure_key(request), TOKEN_FAILURE_WINDOW) >= limit


def count_token_failure(request) -> None:
    hit(_failure_key(request), TOKEN_FAILURE_WINDOW)
