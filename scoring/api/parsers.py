"""Request parsers with limits: no body, however malformed, deep or large, gives a 5xx.

- JSON bodies are capped (``API_MAX_JSON_BYTES``, 256 KB; a deal import of a whole
  championship is a few KB): a larger one is a 413, refused before it is read when it
  declares its length.
- Nesting deep enough to exhaust Python's recursion (a thousand nested lists) is a 400,
  like any malformed JSON.
- Uploads (a team list) are capped at ``API_MAX_UPLOAD_BYTES`` (2 MB).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from scoring.api.errors import PayloadTooLarge


def _declared_length(parser_context) -> int | None:
    request = (parser_context or {}).get("request")
    if request is None:
        return None
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None


def _check_declared(parser_context, limit: int) -> None:
    length = _declared_length(parser_context)
    if length is not None and length > limit:
        raise PayloadTooLarge(limit)


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = getattr(settings, "API_MAX_JSON_BYTES", 256 * 1024)
        _check_declared(parser_context, limit)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge(limit)
        if not raw:
            return {}
        try:
            return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        except RecursionError:
            raise ParseError(_("The JSON body is nested too deeply.")) from None
        except (ValueError, TypeError):
            # Includes bad UTF-8, bad syntax and numbers too long to convert.
            raise ParseError(_("The body is not valid JSON.")) from None


def _no_constant(name: str):
    # NaN and Infinity are not JSON: refuse them rather than pass them to a field.
    raise ValueError(name)


class LimitedMultiPartParser(MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        _check_declared(parser_context, getattr(settings, "API_MAX_UPLOAD_BYTES", 2 * 1024 * 1024))
        return super().parse(stream, media_type, parser_context)


class LimitedFormParser(FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        _check_declared(parser_context, getattr(settings, "API_MAX_JSON_BYTES", 256 * 1024))
        return super().parse(stream, media_type, parser_context)
