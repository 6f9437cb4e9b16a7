"""The streams open in this process, and handing each an event (the in-process layer).

Streams are coroutines on the server's event loop; events come from any thread (a sync
view's ``on_commit``, the Redis listener). :meth:`Hub.dispatch` only schedules a callback
on each stream's loop, so a publisher never waits for a listener.
"""

from __future__ import annotations

import asyncio
import threading

#: Events a slow stream may have waiting before it is told to re-fetch everything instead.
QUEUE_SIZE = 100

#: Sent to a stream in place of an event when its layer went away: the stream ends and the
#: page falls back to polling, then tries again.
CLOSE = object()


class Subscription:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_SIZE)

    def offer(self, event) -> None:
        """Runs on the stream's loop."""
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            # Too far behind: drop what waits and ask the page to re-fetch once.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait({"kind": "resync"})


def _offer_all(subscriptions: list[Subscription], event) -> None:
    for subscription in subscriptions:
        subscription.offer(event)


class Hub:
    def __init__(self):
        self._lock = threading.Lock()
        self._subscriptions: set[Subscription] = set()

    def subscribe(self) -> Subscription:
        """Called on the event loop by a stream that opens."""
        subscription = Subscription(asyncio.get_running_loop())
        with self._lock:
            self._subscriptions.add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            self._subscriptions.discard(subscription)

    def __len__(self) -> int:
        return len(self._subscriptions)

    def dispatch(self, event) -> None:
        """Hand ``event`` to every open stream; safe from any thread, never blocks."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Subscription]] = {}
        with self._lock:
            for subscription in self._subscriptions:
                by_loop.setdefault(subscription.loop, []).append(subscription)
        # One wake-up per loop (a server has one), not one per stream.
        for loop, subscriptions in by_loop.items():
            try:
                loop.call_soon_threadsafe(_offer_all, subscriptions, event)
            except RuntimeError:  # the loop has closed
                for subscription in subscriptions:
                    self.unsubscribe(subscription)

    def close_all(self) -> None:
        self.dispatch(CLOSE)


hub = Hub()
