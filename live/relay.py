"""The layer events travel through: in-process, or Redis pub/sub between web processes.

Without Redis (the embedded default), an event goes straight to this process's streams.
With ``LIVE_REDIS_URL`` (by default ``CELERY_BROKER_URL``), it is published on one Redis
channel (:func:`channel_name`) and every web process, this one included, hands what it
receives to its own streams, so a confirmation stored through one process reaches a grid
open on another.

Publishing to Redis happens in one background thread per process with one-second socket
timeouts, fed by a bounded queue: a captain's request only puts the event in the queue.
If Redis is away, events are dropped (and logged once a minute); the listener notices,
closes the streams, and pages poll until it is back (:attr:`RedisLayer.ready`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time

from django.conf import settings

from live.hub import hub

logger = logging.getLogger(__name__)

#: Events waiting for the publisher thread before new ones are dropped.
OUTBOX_SIZE = 1000
#: Seconds the Redis client waits to connect, or for an answer.
REDIS_TIMEOUT = 1.0
#: Seconds between attempts to reach Redis again after it went away.
RECONNECT_PAUSE = 2.0


def redis_url() -> str:
    return getattr(settings, "LIVE_REDIS_URL", "") or ""


def channel_name() -> str:
    # Several installations may share one Redis: the queue name tells them apart.
    return f"duplicada.live.{settings.CELERY_TASK_DEFAULT_QUEUE}"


class InProcessLayer:
    """The embedded default: events reach the streams of this process only."""

    ready = True

    def send(self, event: dict) -> None:
        hub.dispatch(event)

    def start_listening(self) -> None:
        pass

    def warm(self) -> None:
        pass


class RedisLayer:
    def __init__(self, url: str, channel: str):
        self.url = url
        self.channel = channel
        self._outbox: queue.Queue = queue.Queue(maxsize=OUTBOX_SIZE)
        self._publisher: threading.Thread | None = None
        self._listener: asyncio.Task | None = None
        self._lock = threading.Lock()
        self._warned_at = 0.0
        #: Whether this process is subscribed to the channel right now.
        self.ready = False

    # -- publishing (any thread) ------------------------------------------------------------

    def send(self, event: dict) -> None:
        try:
            self._outbox.put_nowait(json.dumps(event))
        except queue.Full:
            self._warn("live events are piling up; dropping one")
            return
        self.warm()

    def warm(self) -> None:
        """Start the publisher thread (it imports the client and connects) if it is not
        running: done when the server starts, so the first event does not pay for it."""
        if self._publisher is None or not self._publisher.is_alive():
            with self._lock:
                if self._publisher is None or not self._publisher.is_alive():
                    self._publisher = threading.Thread(
                        target=self._publish_forever, name="live-publisher", daemon=True
                    )
                    self._publisher.start()

    def _publish_forever(self) -> None:
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=REDIS_TIMEOUT,
                                      socket_timeout=REDIS_TIMEOUT)
        try:
            client.ping()
        except Exception as exc:
            self._warn(f"live updates: Redis does not answer ({exc})")
        while True:
            message = self._outbox.get()
            try:
                client.publish(self.channel, message)
            except Exception as exc:  # Redis away: the event is lost, pages will poll
                self._warn(f"could not publish a live event to Redis ({exc})")

    def _warn(self, text: str) -> None:
        now = time.monotonic()
        if now - self._warned_at > 60:
            self._warned_at = now
            logger.warning(text)

    # -- listening (on the server's event loop) --------------------------------------------

    def start_listening(self) -> None:
        """Start the listener on the running loop, once per process."""
        loop = asyncio.get_running_loop()
        if self._listener is None or self._listener.done() or self._listener.get_loop() is not loop:
            self.ready = False  # (a listener on another, finished loop says nothing of this one)
            self._listener = loop.create_task(self._listen_forever())

    async def wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.ready and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.ready

    async def _listen_forever(self) -> None:
        import redis.asyncio as aioredis

        while True:
            client = aioredis.Redis.from_url(self.url, socket_connect_timeout=REDIS_TIMEOUT)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    self.ready = True
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        try:
                            event = json.loads(message["data"])
                        except (TypeError, ValueError):
                            continue
                        hub.dispatch(event)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._warn(f"live updates: lost Redis ({exc}); pages poll meanwhile")
            finally:
                if self.ready:
                    self.ready = False
                    hub.close_all()
                try:
                    await client.aclose()
                except Exception:  # noqa: S110 - closing a client that is gone already
                    pass
            await asyncio.sleep(RECONNECT_PAUSE)


_layer = None
_layer_lock = threading.Lock()


def layer():
    """The layer of this process (chosen once, from the settings)."""
    global _layer
    if _layer is None:
        with _layer_lock:
            if _layer is None:
                url = redis_url()
                _layer = RedisLayer(url, channel_name()) if url else InProcessLayer()
    return _layer


def reset() -> None:
    """Forget the layer (tests that change the settings)."""
    global _layer
    _layer = None
