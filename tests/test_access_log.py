"""The access log's line carries the request's time under the uvicorn worker too
(``config/access_log.py``), as gunicorn's ``access_log_format`` asks."""

from __future__ import annotations

import asyncio
import logging
import re
import runpy
import threading
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
    """The access lines written meanwhile, and only to this handler (a gunicorn logger set up
    by another test may have given the logger its handlers)."""
    logger = logging.getLogger(LOGGER)
    handler = Lines()
    kept = logger.handlers, logger.level, logger.propagate
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.INFO)
    yield handler.lines
    handlers, level, propagate = kept
    logger.handlers, logger.propagate = handlers, propagate
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

    # In a thread of its own: a browser test earlier in the same process may have left an
    # event loop running in this one, where asyncio.run() refuses to start another.
    failed = []

    def serve() -> None:
        try:
            asyncio.run(application(scope, _receive, send))
        except BaseException as error:  # noqa: BLE001 - raised again below, in the test
            failed.append(error)

    thread = threading.Thread(target=serve)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
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
