"""Logging filters. A team's private link is its only credential: its secret must never
reach a log file (Django logs the path of every 404 and 405, the development server and
gunicorn log every request line, and the Referer of a captain's own requests is its page).

A path may arrive percent-encoded (``/t/%34/<secret>/`` reaches the same page as
``/t/4/<secret>/``), so every character of the link's prefix may be written either way.
"""

from __future__ import annotations

import logging
import re


def _either(char: str) -> str:
    """``char`` itself or percent-encoded (any case of the hex digits)."""
    return f"(?:{re.escape(char)}|%{ord(char):02x})"


def _word(text: str) -> str:
    return "".join(_either(char) for char in text)


_SLASH = _either("/")
_DIGITS = "(?:" + "|".join(_either(str(digit)) for digit in range(10)) + ")+"
# /t/<team_id>/<secret>/... (the captain's pages) and /api/.../captain/<team_id>/<secret>/...
# (the captain API, whatever its version prefix); the secret runs to the next slash,
# encoded or not.
_LINK = re.compile(
    rf"({_SLASH}(?:{_word('api')}(?:{_SLASH}[\w.%-]+?){{0,3}}?{_SLASH}{_word('captain')}|{_word('t')})"
    rf"{_SLASH}{_DIGITS}{_SLASH})(?:(?!%2f)[^/\s?#\"'])+",
    re.IGNORECASE,
)


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
