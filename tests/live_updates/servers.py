"""Start uvicorn processes serving ``config.asgi:application`` against the test database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user, password = quote(settings_dict["USER"] or "", safe=""), quote(
        settings_dict["PASSWORD"] or "", safe="")
    return (f"postgres://{user}:{password}@"
            f"{settings_dict['HOST'] or '127.0.0.1'}:{settings_dict['PORT'] or 5432}/"
            f"{settings_dict['NAME']}")


def redis_answers(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except Exception:
        return False


@contextmanager
def uvicorn_servers(count: int, *, database: str, live_redis: str, channel: str,
                    secret_key: str):
    """``count`` uvicorn processes on loopback; yields their base URLs."""
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "LIVE_REDIS_URL": live_redis,
        # No Celery from the servers: a rebuild runs in their own threads.
        "CELERY_BROKER_URL": "",
        "CELERY_TASK_DEFAULT_QUEUE": channel,
        "SECRET_KEY": secret_key,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "",
        # Duplicada's settings with the suite's password hasher (served_settings.py).
        "DJANGO_SETTINGS_MODULE": "served_settings",
        "PYTHONPATH": os.pathsep.join(
            [str(Path(__file__).resolve().parent), str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    processes, urls = [], []
    try:
        for _ in range(count):
            port = free_port()
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host",
                 "127.0.0.1", "--port", str(port), "--lifespan", "off", "--no-access-log",
                 "--log-level", "warning"],
                cwd=ROOT, env=env,
            ))
            urls.append(f"http://127.0.0.1:{port}")
        for process, url in zip(processes, urls, strict=True):
            _wait_until_up(process, url)
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_until_up(process, url: str, timeout: float = 30.0) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"uvicorn exited with {process.returncode}")
        try:
            urllib.request.urlopen(f"{url}/", timeout=2).read()
            return
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"uvicorn at {url} did not answer within {timeout} s")
