"""Reading an archive before anything is written: its marker and version, the type of
every field (named by its path, e.g. ``teams[3].pin``), ids, references and uniqueness.

The championship's own rules (constraints and the services' checks) are in ``rules``.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import re
from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import (
    CHAMPIONSHIP,
    FORMAT,
    FORMAT_VERSION,
    IMPLICIT_CHAMPIONSHIP,
    KIND_FULL,
    KIND_PUBLIC,
    TABLES,
    USER,
    TableSpec,
    read_datetime,
)

#: The largest archive accepted (bytes); ``ARCHIVE_MAX_BYTES`` in the settings overrides it.
#: A 200-team, 9-round event with every result is about 2.5 MB.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024

_INT_RANGES = {
    "SmallIntegerField": (-32768, 32767),
    "PositiveSmallIntegerField": (0, 32767),
    "IntegerField": (-(2**31), 2**31 - 1),
    "PositiveIntegerField": (0, 2**31 - 1),
}
_BIG = (-(2**63), 2**63 - 1)
_IDS = (1, 2**63 - 1)


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


def _wrong(path: str, expected: str, value) -> ArchiveError:
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
    except RecursionError:
        raise ArchiveError(_("The file is not a Duplicada archive.")) from None
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError(
            _("The file is JSON but not a Duplicada championship archive "
              "(it has no \"format\": \"%(format)s\").") % {"format": FORMAT}
        )
    version = archive.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _wrong("format_version", _("a whole number"), version)
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


# --- Field values ----------------------------------------------------------------------------


def _read_value(model_field, value, path: str, ref: str | None):
    if value is None:
        if model_field.null:
            return None
        raise _wrong(path, _("a value"), value)
    if ref == USER:
        if not isinstance(value, str) or not 0 < len(value) <= 150:
            raise _wrong(path, _("a username"), value)
        return value
    if ref is not None or model_field.primary_key:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _wrong(path, _("an id (a whole number)"), value)
        if not _IDS[0] <= value <= _IDS[1]:
            raise ArchiveError(_("%(path)s: %(value)s is not a valid id.")
                               % {"path": path, "value": value}, path=path)
        return value
    if isinstance(model_field, models.BooleanField):
        if not isinstance(value, bool):
            raise _wrong(path, _("true or false"), value)
        return value
    if isinstance(model_field, models.DateTimeField | models.DateField):
        if not isinstance(value, str):
            raise _wrong(path, _("a date"), value)
        try:
            if isinstance(model_field, models.DateTimeField):
                return read_datetime(value)
            return datetime.date.fromisoformat(value)
        except ValueError:
            raise ArchiveError(_("%(path)s: %(value)s is not a date in the archive's format.")
                               % {"path": path, "value": value[:40]}, path=path) from None
    if isinstance(model_field, models.GenericIPAddressField):
        try:
            return str(ipaddress.ip_address(value))
        except ValueError:
            raise ArchiveError(_("%(path)s: %(value)s is not an IP address.")
                               % {"path": path, "value": str(value)[:40]}, path=path) from None
    if isinstance(model_field, models.IntegerField):
        if isinstance(value, bool) or not isinstance(value, int):
            raise _wrong(path, _("a whole number"), value)
        low, high = _INT_RANGES.get(model_field.get_internal_type(), _BIG)
        if not low <= value <= high:
            raise ArchiveError(_("%(path)s: %(value)s is out of range (%(low)s to %(high)s).")
                               % {"path": path, "value": value, "low": low, "high": high},
                               path=path)
        return value
    if isinstance(model_field, models.CharField | models.TextField):
        if not isinstance(value, str):
            raise _wrong(path, _("text"), value)
        if model_field.max_length and len(value) > model_field.max_length:
            raise ArchiveError(_("%(path)s: longer than %(max)s characters.")
                               % {"path": path, "max": model_field.max_length}, path=path)
        if not value and not model_field.blank:
            raise ArchiveError(_("%(path)s: must not be empty.") % {"path": path}, path=path)
        if model_field.choices and value not in {c[0] for c in model_field.choices}:
            raise ArchiveError(_("%(path)s: %(value)s is not one of %(choices)s.")
                               % {"path": path, "value": json.dumps(value)[:40],
                                  "choices": ", ".join(str(c[0]) for c in model_field.choices)},
                               path=path)
        if "\x00" in value:  # PostgreSQL cannot store it
            raise ArchiveError(_("%(path)s: text must not contain NUL characters.")
                               % {"path": path}, path=path)
        return value
    raise AssertionError(f"no reader for {model_field!r}")  # a new kind of field: decide here


def _read_row(spec: TableSpec, row, path: str) -> dict:
    """The row as ``{attname: value}``, every field present and of its type."""
    if not isinstance(row, dict):
        raise _wrong(path, _("an object"), row)
    unknown = set(row) - set(spec.fields)
    if unknown:
        name = sorted(unknown)[0]
        raise ArchiveError(_("%(path)s: unknown field \"%(field)s\".")
                           % {"path": path, "field": name[:40]}, path=f"{path}.{name}")
    values = {}
    meta = spec.model._meta
    for name in spec.fields:
        if name not in row:
            raise ArchiveError(_("%(path)s: missing.") % {"path": f"{path}.{name}"},
                               path=f"{path}.{name}")
        model_field = meta.get_field(name)
        attname = model_field.attname if spec.refs.get(name) != USER else name
        values[attname] = _read_value(model_field, row[name], f"{path}.{name}",
                                      spec.refs.get(name))
    return values


@dataclass
class CheckedArchive:
    """A full backup read and checked: rows as ``{attname: value}`` per table key; user
    references still hold usernames (under the field's name, e.g. ``by_director``)."""

    championship: dict
    directors: list[str]
    rows: dict[str, list[dict]]


def read_full(archive: dict) -> CheckedArchive:
    if "championship" not in archive:
        _missing("championship")
    championship = _read_row(CHAMPIONSHIP, archive["championship"], "championship")
    directors = archive.get("directors", None)
    if not isinstance(directors, list):
        raise _wrong("directors", _("a list of usernames"), directors)
    for i, name in enumerate(directors):
        if not isinstance(name, str) or not 0 < len(name) <= 150:
            raise _wrong(f"directors[{i}]", _("a username"), name)
    rows: dict[str, list[dict]] = {}
    for spec in TABLES:
        if spec.key not in archive:
            _missing(spec.key)
        items = archive[spec.key]
        if not isinstance(items, list):
            raise _wrong(spec.key, _("a list"), items)
        rows[spec.key] = [_read_row(spec, row, f"{spec.key}[{i}]") for i, row in enumerate(items)]
    checked = CheckedArchive(championship, directors, rows)
    _check_ids(checked)
    _check_references(checked)
    _check_unique(checked)
    return checked


def _missing(path: str):
    raise ArchiveError(_("%(path)s: missing.") % {"path": path}, path=path)


def _check_ids(checked: CheckedArchive) -> None:
    for spec in TABLES:
        seen: dict[int, int] = {}
        for i, row in enumerate(checked.rows[spec.key]):
            if row["id"] in seen:
                path = f"{spec.key}[{i}].id"
                raise ArchiveError(
                    _("%(path)s: id %(id)s is used twice in the archive (also by "
                      "%(table)s[%(other)s]).")
                    % {"path": path, "id": row["id"], "table": spec.key, "other": seen[row["id"]]},
                    path=path,
                )
            seen[row["id"]] = i


def _check_references(checked: CheckedArchive) -> None:
    ids = {spec.key: {row["id"] for row in checked.rows[spec.key]} for spec in TABLES}
    for spec in TABLES:
        for name, target in spec.refs.items():
            if target == USER:
                continue
            attname = spec.model._meta.get_field(name).attname
            for i, row in enumerate(checked.rows[spec.key]):
                value = row[attname]
                if value is not None and value not in ids[target]:
                    path = f"{spec.key}[{i}].{name}"
                    raise ArchiveError(
                        _("%(path)s: refers to %(table)s id %(id)s, which is not in the archive.")
                        % {"path": path, "table": target, "id": value},
                        path=path,
                    )


def _check_unique(checked: CheckedArchive) -> None:
    """The models' unique constraints and unique fields, within the archive (the database
    would refuse them anyway, but without naming the row)."""
    for spec in TABLES:
        meta = spec.model._meta
        groups = [
            tuple(meta.get_field(name).attname for name in constraint.fields
                  if name != "championship" or spec.model not in IMPLICIT_CHAMPIONSHIP)
            for constraint in meta.constraints
            if isinstance(constraint, models.UniqueConstraint) and constraint.fields
        ]
        groups += [(f.attname,) for f in meta.concrete_fields if f.unique and not f.primary_key]
        for group in groups:
            seen: dict[tuple, int] = {}
            for i, row in enumerate(checked.rows[spec.key]):
                key = tuple(row[attname] for attname in group)
                if None in key:
                    continue
                if key in seen:
                    fields = ", ".join(name.removesuffix("_id") for name in group)
                    path = f"{spec.key}[{i}]"
                    raise ArchiveError(
                        _("%(path)s: the same %(fields)s as %(table)s[%(other)s]; each must "
                          "be unique.")
                        % {"path": path, "fields": fields, "table": spec.key, "other": seen[key]},
                        path=path,
                    )
                seen[key] = i
