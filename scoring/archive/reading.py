"""Reading the file of an archive: its size, encoding, JSON, marker, version and kind.

What is inside (the rows and their fields) is checked by ``validation`` and ``rules``.
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import FORMAT, FORMAT_VERSION, KIND_FULL, KIND_PUBLIC

#: The largest archive accepted (bytes); ``ARCHIVE_MAX_BYTES`` in the settings overrides it.
#: A 200-team, 9-round event with every result is about 2.5 MB.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024

def max_bytes() -> int:
    return getattr(settings, "ARCHIVE_MAX_BYTES", DEFAULT_MAX_BYTES)


def _type_name(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    return _("an object")


def wrong(path: str, expected: str, value) -> ArchiveError:
    return ArchiveError(
        _("%(path)s: expected %(expected)s, found %(found)s.")
        % {"path": path, "expected": expected, "found": _type_name(value)},
        path=path,
    )


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _cut_short(text: str) -> bool:
    """Whether the JSON stops inside a string or with brackets still open: the end of the
    file is missing, rather than something wrong in it."""
    rest = _STRING.sub("", text)
    if '"' in rest:  # a string that never closes
        return True
    return rest.count("{") + rest.count("[") > rest.count("}") + rest.count("]")


def _truncated() -> ArchiveError:
    return ArchiveError(
        _("The archive is truncated: the file ends before the JSON does "
          "(was the download or copy interrupted?).")
    )


def load(data: bytes) -> dict:
    """The archive's JSON object, once its size, encoding, marker and version are right."""
    if len(data) > max_bytes():
        raise ArchiveError(
            _("The file is too large for an archive (%(size)s bytes; at most %(limit)s).")
            % {"size": len(data), "limit": max_bytes()}
        )
    if not data.strip():
        raise ArchiveError(_("The file is empty."))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":  # cut in the middle of a character
            raise _truncated() from None
        raise ArchiveError(_("The file is not a Duplicada archive: it is not UTF-8 text.")) from None
    try:
        archive = json.loads(text)
    except json.JSONDecodeError as error:
        if _cut_short(text):
            raise _truncated() from None
        raise ArchiveError(
            _("The file is not valid JSON (line %(line)s, column %(column)s: %(problem)s).")
            % {"line": error.lineno, "column": error.colno, "problem": error.msg}
        ) from None
    except (RecursionError, ValueError):  # nested too deep, a number of 5,000 digits...
        raise ArchiveError(_("The file is not a Duplicada archive.")) from None
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError(
            _("The file is JSON but not a Duplicada championship archive "
              "(it has no \"format\": \"%(format)s\").") % {"format": FORMAT}
        )
    version = archive.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise wrong("format_version", _("a whole number"), version)
    if version > FORMAT_VERSION:
        raise ArchiveError(
            _("The archive has format version %(version)s, newer than this installation "
              "reads (%(supported)s): update Duplicada, then import it again.")
            % {"version": version, "supported": FORMAT_VERSION},
            path="format_version",
        )
    if version != FORMAT_VERSION:
        raise ArchiveError(
            _("The archive has format version %(version)s; this installation reads version "
              "%(supported)s only.") % {"version": version, "supported": FORMAT_VERSION},
            path="format_version",
        )
    kind = archive.get("kind")
    if kind == KIND_PUBLIC:
        raise ArchiveError(
            _("This is a public archive: it has no team links, PINs or deal key, so it "
              "cannot be imported. Import the championship's full backup instead."),
            path="kind",
        )
    if kind != KIND_FULL:
        raise ArchiveError(
            _("kind: expected \"%(full)s\", found %(found)s.")
            % {"full": KIND_FULL, "found": json.dumps(kind)[:40]},
            path="kind",
        )
    return archive
