"""Request parsers with limits: no body, however malformed, deep or large, gives a 5xx.

- JSON bodies are capped (``API_MAX_JSON_BYTES``, 256 KB; a deal import of a whole
  championship is a few KB): a larger one is a 413, refused before it is read when it
  declares its length.
- Nesting deeper than ``API_MAX_JSON_DEPTH`` (32, far deeper than any request nests) is a
  400 naming the field it is under, measured before the body is parsed: a thousand nested
  lists would exhaust Python's recursion.
- Uploads (a team list) are capped at ``API_MAX_UPLOAD_BYTES`` (2 MB).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from scoring.api.errors import PayloadTooLarge
from scoring.json_depth import too_deep


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
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ParseError(_("The body is not valid JSON.")) from None
        _check_depth(text)
        try:
            return json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise ParseError(_("The JSON body is nested too deeply.")) from None
        except (ValueError, TypeError):
            # Includes bad UTF-8, bad syntax and numbers too long to convert.
            raise ParseError(_("The body is not valid JSON.")) from None


def _check_depth(text: str) -> None:
    limit = getattr(settings, "API_MAX_JSON_DEPTH", 32)
    where = too_deep(text, limit)
    if where is None:
        return
    if where:  # under a field of the body: name it, as any refusal of a field does
        raise ParseError({where: [_("The value is nested too deeply: a request nests at most "
                                    "%(limit)s levels.") % {"limit": limit}]})
    raise ParseError(_("The JSON body is nested too deeply (at most %(limit)s levels).")
                     % {"limit": limit})


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
