"""The Redis layer in one process, with a connection to Redis that the test can cut: events
travel through Redis to an open stream; when Redis goes away the streams end (the pages then
poll) and new ones are refused until it is back."""

from __future__ import annotations

import asyncio
import json
import threading
import uuid

import pytest
from django.conf import settings
from servers import redis_answers

from live import asgi as live_asgi
from live import relay
from live.scopes import make_token

REDIS = settings.CELERY_BROKER_URL or "redis://127.0.0.1:6379/0"


class CuttableProxy:
    """A TCP relay to Redis whose connections the test can cut."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.writers: list[asyncio.StreamWriter] = []
        self.server = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer):
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, up_writer]

        async def pipe(source, sink):
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self):
        self.server.close()
        for writer in self.writers:
            writer.close()


async def _scenario(channel_queue: str):
    from urllib.parse import urlsplit

    import redis.asyncio as aioredis

    parts = urlsplit(REDIS)
    proxy = CuttableProxy(parts.hostname, parts.port or 6379)
    port = await proxy.start()
    db = (parts.path or "/0").lstrip("/") or "0"
    layer = relay.RedisLayer(f"redis://127.0.0.1:{port}/{db}", f"duplicada.live.{channel_queue}")
    relay._layer = layer
    token = make_token("director", 7)
    payloads, opened, ended = [], asyncio.Event(), asyncio.Event()
    statuses = []

    async def receive():
        await asyncio.Event().wait()  # the client never leaves: the server ends the stream

    async def send(message):
        if message["type"] == "http.response.start":
            statuses.append(message["status"])
        body = message.get("body", b"").decode()
        if ": open" in body:
            opened.set()
        payloads.extend(json.loads(line[6:]) for line in body.splitlines()
                        if line.startswith("data: "))
        if message["type"] == "http.response.body" and not message.get("more_body"):
            ended.set()

    scope = {"type": "http", "method": "GET", "path": "/live/",
             "query_string": f"s={token}".encode()}
    stream = asyncio.ensure_future(live_asgi.stream(scope, receive, send))
    await asyncio.wait_for(opened.wait(), 5)
    publisher = aioredis.Redis.from_url(REDIS)
    await publisher.publish(layer.channel, json.dumps(
        {"kind": "result", "c": 7, "round": 1, "table": 2, "deal": 3, "teams": [1, 2]}))
    for _ in range(100):
        if payloads:
            break
        await asyncio.sleep(0.02)
    proxy.cut()  # Redis goes away
    await asyncio.wait_for(ended.wait(), 5)
    await asyncio.wait_for(stream, 5)
    # A page that tries again meanwhile is told to poll.
    ended.clear()
    await live_asgi.stream(scope, receive, send)
    await publisher.aclose()
    return statuses, payloads


def test_redis_going_away_ends_the_streams_and_refuses_new_ones(monkeypatch):
    if not redis_answers(REDIS):
        print(f"SKIPPED: no Redis answers at {REDIS}")
        pytest.skip(f"no Redis answers at {REDIS}")
    monkeypatch.setattr(relay, "_layer", None)
    outcome = {}

    def target():  # a loop of its own: the browser tests leave playwright's in this thread
        outcome["value"] = asyncio.run(_scenario(f"test-{uuid.uuid4().hex[:8]}"))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    statuses, payloads = outcome["value"]
    assert payloads == [{"kind": "result", "round": 1, "table": 2, "deal": 3}]
    assert statuses == [200, 503]
