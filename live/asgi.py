"""The Server-Sent Events endpoint, as plain ASGI in front of Django.

``GET /live/?s=<token>`` answers ``text/event-stream``: one ``data:`` line of JSON per event
the token's scope may see (``live.scopes``), a comment every :data:`HEARTBEAT` seconds so
that proxies keep the connection, and an end after :data:`LIFETIME` seconds (the browser
reconnects by itself). It reads no session (the token is signed) and no database, except
one query when a captain's stream opens (is the team's link still the one the token was
made for? ``live.scopes``), so an open stream costs a coroutine and a queue: no worker, no
thread. A captain's open stream ends when the team's link is reissued.

Answers: 403 for a bad or expired token, or a captain's token made for a link since
reissued; 503 when the Redis layer is configured but not connected, or the database cannot
be read (the page polls, and tries again later).
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from django.db import DatabaseError

from live import STREAM_PATH
from live.hub import CLOSE, hub
from live.scopes import ends, link_is_current, read_token, visible

#: Seconds between keep-alive comments (proxies commonly cut idle connections at 60 s).
HEARTBEAT = 20.0
#: Seconds a stream stays open before the browser is made to reconnect.
LIFETIME = 15 * 60.0
#: Milliseconds the browser waits before reconnecting after a stream ends.
RETRY_MS = 2000

_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    # nginx: pass each event on at once instead of buffering the response.
    (b"x-accel-buffering", b"no"),
]


async def _plain(send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": text.encode()})


async def _wait_for_disconnect(receive) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


async def stream(scope, receive, send) -> None:
    from live import relay

    if scope.get("method") != "GET":
        await _plain(send, 405, "GET only")
        return
    token = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("s", [""])[0]
    listener = read_token(token)
    if listener is None:
        await _plain(send, 403, "bad or expired stream token")
        return
    if listener["k"] == "team":  # the others need no query: skip the thread hop
        try:
            current = await sync_to_async(link_is_current)(listener)
        except DatabaseError:
            await _plain(send, 503, "live updates unavailable")
            return
        if not current:
            await _plain(send, 403, "bad or expired stream token")
            return
    layer = relay.layer()
    layer.start_listening()
    if not layer.ready and not await layer.wait_ready(1.0):
        await _plain(send, 503, "live updates unavailable")
        return
    subscription = hub.subscribe()
    disconnect = asyncio.ensure_future(_wait_for_disconnect(receive))
    try:
        await send({"type": "http.response.start", "status": 200, "headers": _HEADERS})
        await send({"type": "http.response.body", "more_body": True,
                    "body": f"retry: {RETRY_MS}\n: open\n\n".encode()})
        loop = asyncio.get_running_loop()
        ends_at = loop.time() + LIFETIME
        while loop.time() < ends_at:
            getter = asyncio.ensure_future(subscription.queue.get())
            done, _pending = await asyncio.wait(
                {getter, disconnect}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED
            )
            if disconnect in done:
                getter.cancel()
                return
            if getter not in done:
                getter.cancel()
                body = b": ping\n\n"
            else:
                event = getter.result()
                if event is CLOSE or ends(listener, event):
                    break
                payload = visible(listener, event)
                if payload is None:
                    continue
                body = f"data: {json.dumps(payload)}\n\n".encode()
            await send({"type": "http.response.body", "body": body, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    finally:
        hub.unsubscribe(subscription)
        disconnect.cancel()


def with_live(django_application):
    """The ASGI application: the event stream at :data:`STREAM_PATH`, Django for the rest."""
    from live import relay

    relay.layer().warm()

    async def application(scope, receive, send):
        if scope["type"] == "http" and scope.get("path") == STREAM_PATH:
            await stream(scope, receive, send)
        else:
            await django_application(scope, receive, send)

    return application
