"""gunicorn's access log with team links redacted (used by ``config/gunicorn.conf.py``).

Every value an access-log line can show (request line, path, query, Referer, any header) goes
through the same filter as the application's logs."""

from __future__ import annotations

from gunicorn.glogging import Logger

from config.logging_filters import RedactLinkSecrets, redact_link_secrets


class RedactingLogger(Logger):
    def setup(self, cfg):
        super().setup(cfg)
        # The error log can quote a request line too (a bad request, a worker timeout), and
        # uvicorn's workers write their own access lines through these handlers (not atoms()).
        for handler in (*self.error_log.handlers, *self.access_log.handlers):
            handler.addFilter(RedactLinkSecrets())

    def atoms(self, resp, req, environ, request_time):
        return {
            key: redact_link_secrets(value) if isinstance(value, str) else value
            for key, value in super().atoms(resp, req, environ, request_time).items()
        }
