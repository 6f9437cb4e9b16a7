"""The access log's line carries the request's time under the uvicorn worker too
(``config/access_log.py``), as gunicorn's ``access_log_format`` asks."""

from __future__ import annotations

import asyncio
import logging
import re
import runpy
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from config.access_log import ACCESS_LOG_FORMAT, LOGGER, with_access_log

ROOT = Path(settings.BASE_DIR)
SECRET = "S3cr3tL1nkValue"
LINE = re.compile(r'^(\S+) - - \[[^]]+\] "(.*?)" (\d{3}) (\S+) "(.*?)" "(.*?)" (\d+)ms$')


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage())


@pytest.fixture
def access_lines():
    logger = logging.getLogger(LOGGER)
    handler, level = Lines(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield handler.lines
    logger.removeHandler(handler)
    logger.setLevel(level)


def _scope(path="/t/4/page/", query=b"round=2"):
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query,
            "headers": [(b"host", b"example.org"), (b"referer", b"https://example.org/"),
                        (b"user-agent", b"Phone/1.0")],
            "client": ("203.0.113.9", 50000), "server": ("example.org", 80)}


async def _receive():
    return {"type": "http.request", "body": b"", "more_body": False}


def _serve(application, scope) -> list[dict]:
    sent = []

    async def send(message):
        sent.append(message)

    asyncio.run(application(scope, _receive, send))
    return sent


def test_a_slow_request_is_logged_with_its_time_when_its_response_ends(access_lines):
    async def slow(scope, receive, send):
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"abc", "more_body": True})
        await asyncio.sleep(0.12)  # the time goes on until the last chunk is out
        await send({"type": "http.response.body", "body": b"de"})

    sent = _serve(with_access_log(slow), _scope())
    assert [m["type"] for m in sent] == ["http.response.start", *["http.response.body"] * 2]
    assert len(access_lines) == 1, access_lines
    client, request, status, size, referer, agent, ms = LINE.match(access_lines[0]).groups()
    assert (client, request, status, size) == ("203.0.113.9", "GET /t/4/page/?round=2 HTTP/1.1",
                                               "201", "5")
    assert (referer, agent) == ("https://example.org/", "Phone/1.0")
    assert 120 <= int(ms) < 5000


def test_a_failing_application_is_logged_as_500_and_still_fails(access_lines):
    async def failing(scope, receive, send):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        _serve(with_access_log(failing), _scope(query=b""))
    assert LINE.match(access_lines[0]).group(2, 3) == ("GET /t/4/page/ HTTP/1.1", "500")


def test_other_connections_pass_through_unlogged(access_lines):
    async def lifespan(scope, receive, send):
        await send({"type": "lifespan.startup.complete"})

    _serve(with_access_log(lifespan), {"type": "lifespan"})
    assert access_lines == []


def test_the_format_is_gunicorns():
    config = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))
    assert config["access_log_format"] == ACCESS_LOG_FORMAT


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_uvicorn_workers_access_line_has_the_time(tmp_path):
    """gunicorn with the uvicorn worker, as production runs it (docs/operations.md): one
    access line per request, in gunicorn's format with the time, the team link redacted."""
    port = _free_port()
    log = tmp_path / "gunicorn.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn) if gunicorn.exists() else sys.executable, *(
        [] if gunicorn.exists() else ["-m", "gunicorn"]),
        "-c", "config/gunicorn.conf.py", "config.asgi:application",
        "-k", "uvicorn_worker.UvicornWorker"]
    drop = {"DATABASE_URL", "DEBUG", "CELERY_BROKER_URL", "LIVE_REDIS_URL"}
    env = {k: v for k, v in __import__("os").environ.items() if k not in drop}
    env.update({"SECRET_KEY": "access-log-test", "DJANGO_SETTINGS_MODULE": "config.settings",
                "ALLOWED_HOSTS": "127.0.0.1", "GUNICORN_BIND": f"127.0.0.1:{port}",
                "GUNICORN_WORKERS": "1"})
    path = f"/t/4/{SECRET}/entries/1/confirm/"
    with log.open("w") as out:
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                  env=env)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10)
                except urllib.error.HTTPError as error:
                    assert error.code == 405
                    break
                except (ConnectionError, urllib.error.URLError):
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.3)
            time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=30)
    logged = log.read_text()
    lines = [line for line in logged.splitlines() if "/entries/1/confirm/ HTTP/" in line]
    assert len(lines) == 1, logged  # ours, not uvicorn's as well
    match = LINE.match(lines[0])
    assert match, lines[0]
    assert match.group(2, 3) == ("GET /t/4/[secret]/entries/1/confirm/ HTTP/1.1", "405")
    assert SECRET not in logged
