"""How many open live streams one web process holds, and how fast an event reaches them.

Starts one uvicorn process serving ``config.asgi`` (Redis layer, Redis at 127.0.0.1:6379),
opens N event streams to it (a director's grid each), publishes one event on the Redis
channel, and prints: how long until every stream had it (median and slowest), and the
process's threads and memory before and after opening the streams. No database is read by a
stream, so the process serves them with no database of its own.

    SECRET_KEY=bench python -m benchmarks.live_streams [--streams 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REDIS = "redis://127.0.0.1:6379/0"


def _proc(pid: int) -> tuple[int, int]:
    """Threads and resident memory (MB) of a process."""
    threads = rss = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("Threads:"):
                threads = int(line.split()[1])
            elif line.startswith("VmRSS:"):
                rss = int(line.split()[1]) // 1024
    return threads, rss


async def _open(port: int, token: str):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /live/?s={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    while b": open" not in await reader.readline():
        pass
    return reader, writer


async def _wait_event(reader) -> float:
    while True:
        line = await reader.readline()
        if line.startswith(b"data: "):
            return time.perf_counter()


async def run(port: int, pid: int, streams: int, channel: str, token: str) -> None:
    import redis

    before = _proc(pid)
    connections = []
    for start in range(0, streams, 100):  # in batches, as a venue's phones arrive
        connections += await asyncio.gather(
            *(_open(port, token) for _ in range(min(100, streams - start))))
    after = _proc(pid)
    waiting = [asyncio.ensure_future(_wait_event(reader)) for reader, _ in connections]
    await asyncio.sleep(0.5)
    sent = time.perf_counter()
    redis.Redis.from_url(REDIS).publish(channel, json.dumps({"kind": "publish", "c": 1}))
    arrived = await asyncio.gather(*waiting)
    delays = sorted((at - sent) * 1000 for at in arrived)
    for _, writer in connections:
        writer.close()
    print(f"open streams                      {streams}")
    print(f"threads before / with the streams {before[0]} / {after[0]}")
    print(f"memory before / with the streams  {before[1]} MB / {after[1]} MB")
    print(f"event to every stream: median     {statistics.median(delays):.1f} ms")
    print(f"event to every stream: slowest    {delays[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    args = parser.parse_args()
    os.environ.setdefault("SECRET_KEY", "bench")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from live.scopes import make_token

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    channel_queue = f"bench-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "LIVE_REDIS_URL": REDIS, "CELERY_TASK_DEFAULT_QUEUE": channel_queue,
           "ALLOWED_HOSTS": "127.0.0.1", "DATABASE_URL": "sqlite:////tmp/duplicada-live-bench.db"}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port),
         "--lifespan", "off", "--no-access-log", "--log-level", "warning",
         "--limit-concurrency", str(args.streams + 100), "--timeout-graceful-shutdown", "2"],
        cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        asyncio.run(run(port, server.pid, args.streams, f"duplicada.live.{channel_queue}",
                        make_token("director", 1)))
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
