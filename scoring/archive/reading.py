"""Reading the file of an archive: its size, encoding, JSON, marker, version and kind.

What is inside (the rows and their fields) is checked by ``validation`` and ``rules``.
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import (
    FORMAT,
    FORMAT_VERSION,
    KIND_FULL,
    KIND_PUBLIC,
    OPTIONAL_CHAMPIONSHIP,
    VERSION_1_DEFAULTS,
    backup_layout,
)

# The caps, each overridden by the setting of the same name in capitals. The demo's full
# backup is 70 kB (306 rows). A 200-team, 9-round event of 4 deals a match, every result
# entered once and confirmed, is 2.4 MB: 8,400 rows, 113,000 values. With 12 deals a match
# (the most) and every result entered seven times, six of them disputed, it is 64 MB:
# 152,000 rows, 2.3 million values, imported in 185 MB of memory beyond the process's own.
# Parsing costs memory per value, whatever the file's size (a 65 MB file of empty objects
# takes 1.6 GB), so rows and values are counted, in C, before anything is parsed: the
# costliest file found that the caps let through (2.4 million short non-Latin texts) takes
# 320 MB, and a refused one nothing beyond its bytes (docs/archive.md, "Limits").
#: The largest archive accepted (bytes).
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
#: The most rows (JSON objects) an archive may hold.
DEFAULT_MAX_ROWS = 200_000
#: The most values (numbers, texts, true/false/null, lists and objects) it may hold.
DEFAULT_MAX_VALUES = 2_500_000


def max_bytes() -> int:
    return getattr(settings, "ARCHIVE_MAX_BYTES", DEFAULT_MAX_BYTES)


def max_rows() -> int:
    return getattr(settings, "ARCHIVE_MAX_ROWS", DEFAULT_MAX_ROWS)


def max_values() -> int:
    return getattr(settings, "ARCHIVE_MAX_VALUES", DEFAULT_MAX_VALUES)


def read_capped(stream) -> bytes:
    """The file's bytes, read from ``stream`` (an upload, an open file, standard input),
    but never more than the cap: a larger file is refused once its first
    ``max_bytes() + 1`` bytes are read, without the rest."""
    limit = max_bytes()
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise ArchiveError(
            _("The file is too large for an archive (more than %(limit)s bytes).")
            % {"limit": limit}
        )
    return data


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


_STRING_BYTES = re.compile(rb'"(?:[^"\\]|\\.)*"')


def _counts(data: bytes) -> tuple[int, int]:
    """(objects, values) in the JSON text, or more: braces and commas inside strings count
    too. Every value but the first of a list or an object follows a comma, so commas plus
    containers bound the values. Counted in C, before anything is parsed."""
    objects = data.count(b"{")
    return objects, data.count(b",") + objects + data.count(b"[")


def _counts_in_strings(data: bytes) -> tuple[int, int]:
    """What :func:`_counts` counted inside strings. One string at a time, so that the
    memory stays that of one string (a regex ``sub`` would copy the whole file)."""
    objects = values = 0
    for match in _STRING_BYTES.finditer(data):
        found = _counts(match.group())
        objects, values = objects + found[0], values + found[1]
    return objects, values


def _check_counts(data: bytes) -> None:
    """Refuse, before parsing, a file with more rows or values than the caps allow.
    Braces and commas in texts are only left out (a second, slower count) when the first
    count is over a cap."""
    rows, values = max_rows(), max_values()
    objects, found = _counts(data)
    if objects > rows or found > values:
        in_strings = _counts_in_strings(data)
        objects, found = objects - in_strings[0], found - in_strings[1]
    if objects > rows:
        raise ArchiveError(
            _("The archive holds too many rows (%(count)s objects; at most %(limit)s).")
            % {"count": objects, "limit": rows}
        )
    if found > values:
        raise ArchiveError(
            _("The archive holds too many values (%(count)s; at most %(limit)s).")
            % {"count": found, "limit": values}
        )


def load(source) -> dict:
    """The archive's JSON object, once its size, encoding, marker and version are right.
    ``source`` is the file's bytes, or a binary file (an upload, an open file) to read up
    to the cap: then its bytes are let go once decoded, before the JSON is parsed."""
    data = source if isinstance(source, bytes) else read_capped(source)
    del source
    if len(data) > max_bytes():
        raise ArchiveError(
            _("The file is too large for an archive (%(size)s bytes; at most %(limit)s).")
            % {"size": len(data), "limit": max_bytes()}
        )
    if not data or data.isspace():  # (strip() would copy the file)
        raise ArchiveError(_("The file is empty."))
    _check_counts(data)  # before the text is decoded: a refusal copies nothing
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":  # cut in the middle of a character
            raise _truncated() from None
        raise ArchiveError(_("The file is not a Duplicada archive: it is not UTF-8 text.")) from None
    del data  # the text is parsed; the bytes are only kept by a caller that passed them
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
    if version < 1:
        raise ArchiveError(
            _("The archive has format version %(version)s; this installation reads version "
              "%(supported)s only.") % {"version": version, "supported": FORMAT_VERSION},
            path="format_version",
        )
    up_to_date(archive)
    kind = archive.get("kind")
    if kind == KIND_PUBLIC:
        raise ArchiveError(
            _("This is a public archive: it has no private links, PINs or deal key, so it "
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


def up_to_date(archive: dict) -> None:
    """A file written before today's rows (its version and marker checked), rewritten in
    place as today's: what a version 1 file, a list or a field added since, or a format's
    rows of an earlier shape (``ArchivePart.upgrade``) mean."""
    if archive.get("format_version") == 1:
        _upgrade_version_1(archive)
    if isinstance(archive.get("championship"), dict):  # ... from before archiving
        for name, value in OPTIONAL_CHAMPIONSHIP.items():
            archive["championship"].setdefault(name, value)
    layout = backup_layout()
    for key in layout.optional_tables:  # a version 2 file from before free-deal sections
        archive.setdefault(key, [])
    for key, defaults in layout.optional_settings.items():  # ... or before the knockout stage
        for row in archive.get(key) or ():
            if isinstance(row, dict):
                for name, value in defaults.items():
                    row.setdefault(name, value)
    for key, defaults in layout.optional_row_fields.items():  # ... or before a field of its rows
        for row in archive.get(key) if isinstance(archive.get(key), list) else ():
            if isinstance(row, dict):
                for name, value in defaults.items():
                    row.setdefault(name, value)
    for upgrade in layout.upgrades:  # ... or before a format's rows changed their shape
        upgrade(archive)


def _upgrade_version_1(archive: dict) -> None:
    """A version 1 file is a duplicate championship from before formats: it has no format
    and none of the free-deal tables (``version_2_tables`` of ``format.backup_layout``)."""
    if isinstance(archive.get("championship"), dict):
        for name, value in VERSION_1_DEFAULTS.items():
            archive["championship"].setdefault(name, value)
    for key in backup_layout().version_2_tables:
        archive.setdefault(key, [])
