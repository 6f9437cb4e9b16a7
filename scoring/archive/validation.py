"""Checking a full backup's rows before anything is written: the type of every field (named by its path, e.g. ``teams[3].pin``), ids, references and uniqueness.

The championship's own rules (constraints and the services' checks) are in ``rules``.
"""

from __future__ import annotations

import datetime
import decimal
import ipaddress
import json
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import (
    CHAMPIONSHIP,
    REGISTER_TABLES,
    USER,
    TableSpec,
    backup_layout,
    read_datetime,
)
from scoring.archive.reading import wrong

_INT_RANGES = {
    "SmallIntegerField": (-32768, 32767),
    "PositiveSmallIntegerField": (0, 32767),
    "IntegerField": (-(2**31), 2**31 - 1),
    "PositiveIntegerField": (0, 2**31 - 1),
}
_BIG = (-(2**63), 2**63 - 1)
_IDS = (1, 2**63 - 1)


# --- Field values ----------------------------------------------------------------------------


def _reader(model_field, ref: str | None):
    """A function ``(value, path) -> value`` that checks one field's values. Built once per
    field, so that checking thousands of rows costs a few type tests per value; the path is
    only put together when a value is wrong."""
    read = _plain_reader(model_field, ref)

    def reader(value, path):
        if value is None:
            if model_field.null:
                return None
            raise wrong(path(), _("a value"), value)
        return read(value, path)

    return reader


def _plain_reader(model_field, ref: str | None):
    if ref == USER:
        def read(value, path):
            if type(value) is not str or not 0 < len(value) <= 150:
                raise wrong(path(), _("a username"), value)
            return value
    elif ref is not None or model_field.primary_key:
        def read(value, path):
            if type(value) is not int:
                raise wrong(path(), _("an id (a whole number)"), value)
            if not _IDS[0] <= value <= _IDS[1]:
                raise ArchiveError(_("%(path)s: %(value)s is not a valid id.")
                                   % {"path": path(), "value": value}, path=path())
            return value
    elif isinstance(model_field, models.BooleanField):
        def read(value, path):
            if type(value) is not bool:
                raise wrong(path(), _("true or false"), value)
            return value
    elif isinstance(model_field, models.DateTimeField | models.DateField):
        parse = read_datetime if isinstance(model_field, models.DateTimeField) \
            else datetime.date.fromisoformat

        def read(value, path):
            if type(value) is not str:
                raise wrong(path(), _("a date"), value)
            try:
                return parse(value)
            except ValueError:
                raise ArchiveError(
                    _("%(path)s: %(value)s is not a date in the archive's format.")
                    % {"path": path(), "value": value[:40]}, path=path()) from None
    elif isinstance(model_field, models.GenericIPAddressField):
        def read(value, path):
            if type(value) is not str:
                raise wrong(path(), _("an IP address"), value)
            try:
                return str(ipaddress.ip_address(value))
            except ValueError:
                raise ArchiveError(_("%(path)s: %(value)s is not an IP address.")
                                   % {"path": path(), "value": str(value)[:40]},
                                   path=path()) from None
    elif isinstance(model_field, models.IntegerField):
        low, high = _INT_RANGES.get(model_field.get_internal_type(), _BIG)

        def read(value, path):
            if type(value) is not int:
                raise wrong(path(), _("a whole number"), value)
            if not low <= value <= high:
                raise ArchiveError(
                    _("%(path)s: %(value)s is out of range (%(low)s to %(high)s).")
                    % {"path": path(), "value": value, "low": low, "high": high}, path=path())
            return value
    elif isinstance(model_field, models.DecimalField):
        # An individual seat's adjusted score: written as text ("1.6000"), never a float.
        places = model_field.decimal_places

        def read(value, path):
            try:
                number = decimal.Decimal(value) if type(value) is str else None
            except decimal.InvalidOperation:
                number = None
            if number is None or not number.is_finite() or number != number.quantize(
                    decimal.Decimal(1).scaleb(-places)) or abs(number) >= 10 ** (
                    model_field.max_digits - places):
                raise wrong(path(), _("a decimal number written as text"), value)
            return number
    elif isinstance(model_field, models.CharField | models.TextField):
        read = _text_reader(model_field)
    elif isinstance(model_field, models.JSONField):
        # A free-deal game's hand-by-hand record: a list of plain objects (its rules are
        # checked with the game's, in ``rules``).
        def read(value, path):
            if type(value) is not list or len(value) > 99 or not all(
                    type(item) is dict and all(type(k) is str and type(v) in (str, int, type(None))
                                               for k, v in item.items()) for item in value):
                raise wrong(path(), _("a list of hands"), value)
            return value
    else:
        raise AssertionError(f"no reader for {model_field!r}")  # a new kind of field: decide
    return read


def _text_reader(model_field):
    longest = model_field.max_length
    choices = {str(c[0]) for c in model_field.choices} if model_field.choices else None
    shown = ", ".join(str(c[0]) for c in model_field.choices or ())

    def read(value, path):
        if type(value) is not str:
            raise wrong(path(), _("text"), value)
        if longest and len(value) > longest:
            raise ArchiveError(_("%(path)s: longer than %(max)s characters.")
                               % {"path": path(), "max": longest}, path=path())
        if not value and not model_field.blank:
            raise ArchiveError(_("%(path)s: must not be empty.") % {"path": path()}, path=path())
        if choices is not None and value not in choices and not (
                value == "" and model_field.blank):
            raise ArchiveError(_("%(path)s: %(value)s is not one of %(choices)s.")
                               % {"path": path(), "value": json.dumps(value)[:40],
                                  "choices": shown}, path=path())
        if "\x00" in value:  # PostgreSQL cannot store it
            raise ArchiveError(_("%(path)s: text must not contain NUL characters.")
                               % {"path": path()}, path=path())
        return value

    return read


_READERS: dict[str, list] = {}


def _readers(spec: TableSpec) -> list[tuple[str, str, object]]:
    """``(name, key in the checked row, reader)`` for each field of the table."""
    if spec.key not in _READERS:
        meta = spec.model._meta
        _READERS[spec.key] = [
            (name,
             name if spec.refs.get(name) == USER else meta.get_field(name).attname,
             _reader(meta.get_field(name), spec.refs.get(name)))
            for name in spec.fields
        ]
    return _READERS[spec.key]


def _read_row(spec: TableSpec, row, path: str) -> dict:
    """The row as ``{attname: value}``, every field present and of its type."""
    if type(row) is not dict:
        raise wrong(path, _("an object"), row)
    if len(row) != len(spec.fields) or not row.keys() <= set(spec.fields):
        unknown = sorted(set(row) - set(spec.fields))
        if unknown:
            raise ArchiveError(_("%(path)s: unknown field \"%(field)s\".")
                               % {"path": path, "field": unknown[0][:40]},
                               path=f"{path}.{unknown[0]}")
    values = {}
    for name, key, reader in _readers(spec):
        if name not in row:
            raise ArchiveError(_("%(path)s: missing.") % {"path": f"{path}.{name}"},
                               path=f"{path}.{name}")
        values[key] = reader(row[name], lambda name=name: f"{path}.{name}")
    return values


@dataclass
class CheckedArchive:
    """A full backup read and checked: rows as ``{attname: value}`` per table key; user
    references still hold usernames (under the field's name, e.g. ``by_director``)."""

    championship: dict
    directors: list[str]
    rows: dict[str, list[dict]]


def read_full(archive: dict) -> CheckedArchive:
    """The archive's rows read and checked. Consumes ``archive``: each row of the file is
    let go once read, so that the parsed file and the checked rows are never both whole
    in memory."""
    if "championship" not in archive:
        _missing("championship")
    championship = _read_row(CHAMPIONSHIP, archive["championship"], "championship")
    directors = archive.get("directors", None)
    if not isinstance(directors, list):
        raise wrong("directors", _("a list of usernames"), directors)
    for i, name in enumerate(directors):
        if not isinstance(name, str) or not 0 < len(name) <= 150:
            raise wrong(f"directors[{i}]", _("a username"), name)
    rows: dict[str, list[dict]] = {}
    for spec in backup_layout().tables:
        if spec.key not in archive:
            _missing(spec.key)
        items = archive.pop(spec.key)
        if not isinstance(items, list):
            raise wrong(spec.key, _("a list"), items)
        read = rows[spec.key] = []
        for i, row in enumerate(items):
            read.append(_read_row(spec, row, f"{spec.key}[{i}]"))
            items[i] = None
    # The register entries (added within version 2): a file without them links the
    # entrants by the names typed (``scoring.archive.register``).
    for spec in REGISTER_TABLES:
        items = archive.pop(spec.key, [])
        if not isinstance(items, list):
            raise wrong(spec.key, _("a list"), items)
        rows[spec.key] = [_read_row(spec, row, f"{spec.key}[{i}]")
                          for i, row in enumerate(items)]
    checked = CheckedArchive(championship, directors, rows)
    _check_ids(checked)
    _check_references(checked)
    _check_unique(checked)
    return checked


def _missing(path: str):
    raise ArchiveError(_("%(path)s: missing.") % {"path": path}, path=path)


def _check_ids(checked: CheckedArchive) -> None:
    for spec in (*backup_layout().tables, *REGISTER_TABLES):
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
    tables = (*backup_layout().tables, *REGISTER_TABLES)
    ids = {spec.key: {row["id"] for row in checked.rows[spec.key]} for spec in tables}
    for spec in tables:
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
    layout = backup_layout()
    implicit = layout.implicit_championship
    for spec in layout.tables:
        meta = spec.model._meta
        groups = [
            tuple(meta.get_field(name).attname for name in constraint.fields
                  if name != "championship" or spec.model not in implicit)
            for constraint in meta.constraints
            if isinstance(constraint, models.UniqueConstraint) and constraint.fields
        ]
        groups += [(f.attname,) for f in meta.concrete_fields if f.unique and not f.primary_key
                   and not (f.name == "championship" and spec.model in implicit)]
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
