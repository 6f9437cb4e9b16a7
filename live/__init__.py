"""Live updates: after a result or a round changes, open pages learn of it within a second.

A write path calls :func:`publish` inside its transaction; the event leaves only after the
commit (``transaction.on_commit``), so a page that re-fetches on it always finds the change.
An event says *what* changed ("championship 3, round 2, table 5, deal 1"), never a result or
a card: each listener is told only what its scope may see (``live.scopes``) and then
re-fetches the page or fragment it is allowed to read, through the ordinary views.

- ``live.hub``: the fan-out to the streams open in this process (in-process layer);
- ``live.relay``: with Redis (``LIVE_REDIS_URL``, by default ``CELERY_BROKER_URL``), events
  go through one Redis pub/sub channel, so an event published by one web process reaches
  the streams of every other;
- ``live.asgi``: the Server-Sent Events endpoint ``/live/``, plain ASGI in front of Django,
  so an open stream holds neither a worker nor a thread, only a coroutine;
- ``live.scopes``: signed stream tokens and what each kind of listener sees.

A captain never waits for any of it: the in-process layer only schedules a callback on the
event loop, and the Redis publisher is a background thread with short timeouts that drops
events when Redis is away (pages then fall back to polling).
"""

from __future__ import annotations

import logging

from django.db import transaction

logger = logging.getLogger(__name__)

#: The path of the event stream (served by ``live.asgi``; a WSGI server answers 204).
STREAM_PATH = "/live/"


def send_now(event: dict) -> None:
    """Hand an event to the layer in use; never raises, never blocks on the network."""
    from live import relay

    try:
        relay.layer().send(event)
    except Exception:  # a live update is a convenience: never fail a write for it
        logger.exception("Could not publish a live event")


def publish(event: dict) -> None:
    """Publish ``event`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send_now(event))


def stream_url(kind: str, championship_id: int, team_id: int | None = None, *,
               link_secret: str | None = None) -> str:
    """The URL of the event stream for one listener (see ``live.scopes``); a team's needs
    the team's current ``link_secret``."""
    from live.scopes import make_token

    token = make_token(kind, championship_id, team_id, link_secret=link_secret)
    return f"{STREAM_PATH}?s={token}"
