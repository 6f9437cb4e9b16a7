"""The access log's line under ASGI, with the request's time, as gunicorn writes it for WSGI.

gunicorn writes its access lines in ``access_log_format`` (``config/gunicorn.conf.py``),
ending with the request's duration in milliseconds. Its uvicorn worker does not: uvicorn
writes its own line when the response *starts* (``client - "GET /path HTTP/1.1" 200``), so
it knows neither the duration nor the size, and a slow request could not be told from the
log. This ASGI wrapper (outermost in ``config/asgi.py``) writes the line itself, in the same
format, when the response ends, to the :data:`LOGGER` logger; under gunicorn
``config.gunicorn_logging.RedactingLogger`` sends that logger to gunicorn's access log (its
handlers redact team links) and silences uvicorn's own line, so each request has one line.
"""

from __future__ import annotations

import logging
import time

#: gunicorn's ``access_log_format`` (``config/gunicorn.conf.py``; a test keeps them equal).
ACCESS_LOG_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(M)sms'
#: The logger of the timed lines.
LOGGER = "duplicada.access"

logger = logging.getLogger(LOGGER)


def with_access_log(application):
    """``application`` writing one access line per HTTP request when its response ends."""

    async def logged(scope, receive, send):
        if scope["type"] != "http" or not logger.isEnabledFor(logging.INFO):
            await application(scope, receive, send)
            return
        line = _Line(scope)

        async def watched_send(message):
            await send(message)
            line.saw(message)

        try:
            await application(scope, receive, watched_send)
        finally:
            line.write()

    return logged


class _Line:
    """What the access line of one request says, gathered as its response goes out."""

    def __init__(self, scope):
        self.scope = scope
        self.started = time.perf_counter()
        self.at = time.strftime("[%d/%b/%Y:%H:%M:%S %z]")
        self.status: int | None = None
        self.size = 0
        self.written = False

    def saw(self, message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        elif message["type"] == "http.response.body":
            self.size += len(message.get("body", b""))
            if not message.get("more_body", False):
                self.write()  # the response is out: its time is the request's

    def write(self) -> None:
        if self.written:
            return
        self.written = True
        milliseconds = int((time.perf_counter() - self.started) * 1000)
        # No response started: the server answers 500 for an application that failed.
        logger.info(ACCESS_LOG_FORMAT, _atoms(self.scope, self.status or 500, self.size,
                                              self.at, milliseconds))


def _atoms(scope, status: int, size: int, at: str, milliseconds: int) -> dict:
    """gunicorn's access-log atoms (``h``, ``r``, ``s``, ``M``...) for one request."""
    headers = {name.decode("latin-1").lower(): value.decode("latin-1")
               for name, value in scope.get("headers", [])}
    path = scope.get("raw_path") or scope.get("path", "").encode()
    path = path.decode("latin-1") if isinstance(path, bytes) else path
    query = scope.get("query_string", b"").decode("latin-1")
    request = (f"{scope.get('method', '-')} {path}{'?' + query if query else ''} "
               f"HTTP/{scope.get('http_version', '1.1')}")
    client = scope.get("client")
    return {"h": client[0] if client else "-", "l": "-", "u": "-", "t": at, "r": request,
            "s": status, "b": size or "-", "f": headers.get("referer", "-"),
            "a": headers.get("user-agent", "-"), "M": milliseconds}
