"""Logging filters. A team's private link is its only credential: its secret must never
reach a log file (Django logs the path of every 404 and 405, and the development server
logs every request line)."""

from __future__ import annotations

import logging
import re

# /t/<team_id>/<secret>/... (the captain's pages) and /api/v1/captain/<team_id>/<secret>/...
_LINK = re.compile(r"(/(?:api/(?:v\d+/)?captain|t)/\d+/)[^/\s?#\"']+")


def redact_link_secrets(text: str) -> str:
    return _LINK.sub(r"\1[secret]", text)


class RedactLinkSecrets(logging.Filter):
    """Replace the secret of any team link in a record's message."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler
            return True
        redacted = redact_link_secrets(message)
        if redacted != message:
            record.msg = redacted
            record.args = ()
        return True
