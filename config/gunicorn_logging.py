"""gunicorn's access log with team links redacted (used by ``config/gunicorn.conf.py``).

Every value an access-log line can show (request line, path, query, Referer, any header) goes
through the same filter as the application's logs.

Under the uvicorn worker the access lines are ``config.access_log``'s, written when each
response ends (with its time, in gunicorn's ``access_log_format``): they go to gunicorn's
access-log handlers, and uvicorn's own line, written before the response's time is known, is
dropped."""

from __future__ import annotations

import logging

from gunicorn.glogging import Logger

from config.access_log import LOGGER
from config.logging_filters import RedactLinkSecrets, redact_link_secrets


def _none(record: logging.LogRecord) -> bool:
    return False


class RedactingLogger(Logger):
    def setup(self, cfg):
        super().setup(cfg)
        # The error log can quote a request line too (a bad request, a worker timeout), and
        # the ASGI application's access lines go through these handlers (not atoms()).
        for handler in (*self.error_log.handlers, *self.access_log.handlers):
            handler.addFilter(RedactLinkSecrets())
        timed = logging.getLogger(LOGGER)
        timed.handlers = list(self.access_log.handlers)
        timed.setLevel(self.access_log.level if self.access_log.handlers else logging.WARNING)
        timed.propagate = False
        logging.getLogger("uvicorn.access").addFilter(_none)  # config.access_log's line instead

    def atoms(self, resp, req, environ, request_time):
        return {
            key: redact_link_secrets(value) if isinstance(value, str) else value
            for key, value in super().atoms(resp, req, environ, request_time).items()
        }
