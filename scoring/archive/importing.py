"""Importing a full backup: all of it in one transaction, or nothing.

Choices (``docs/archive.md``):

- Only **full backups** are imported. A public archive has no team links, PINs or deal key,
  so a championship made from it could not be played on; it is refused with that reason.
- Rows take **new ids**, given out by this installation's database; the archive's ids
  only say which row refers to which, and are translated through a map as the rows go in.
  An id from a file never becomes a key here: a backup with ids near 2**63 would otherwise
  leave every id sequence with nothing after it, and every later insert would fail.
  Captain links (``/t/<team id>/<secret>/``) therefore change with the team's id (the
  secrets and PINs stay). A championship whose deal key is already used here (the same
  championship, or a copy of it) is refused, as is a result's idempotency key already used.
- **Accounts** are never created nor linked. Only the importing director directs the
  imported championship: an account here with the username of one of the archive's
  directors may be someone else, so those names are returned
  (``championship.archive_directors``) for the importer to add by hand. For the same reason
  a result, review, adjusted score or audit event made by a director keeps that director's
  username as text (``by_director_name``), not as a reference to an account here, so that
  the history still says who did what.
- Stored scores are derived: they are recomputed from the imported results
  (``recompute_championship``), so the standings are the same as before; a finished
  championship's final places are kept again from them.
- **The register** (rules.md 13.1): the archive's register players are not inserted; each
  imported entrant's players are linked to this installation's register by the archive's
  register entries (a licence first, then the exact name and club, else a new player;
  ``scoring.archive.register``), or by the names typed when the file has none.
- The deals' double-dummy analysis is derived too: once the import is committed, the
  closed rounds' deals are analysed again in the background, as when their rounds closed
  (``tournaments.services.analysis.on_championship_imported``).
"""

from __future__ import annotations

from django.db import IntegrityError, connection, models, transaction
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import (
    CHAMPIONSHIP,
    USER,
    TableSpec,
    backup_layout,
    user_name_field,
)
from scoring.archive.names import check_names
from scoring.archive.reading import load
from scoring.archive.register import check_register, link_imported
from scoring.archive.rules import check_rules
from scoring.archive.validation import CheckedArchive, read_full
from scoring.models import ResultEntry
from scoring.services import recompute_championship
from tournaments.models import Championship
from tournaments.services import places
from tournaments.services.analysis import on_championship_imported

# Ids asked about at a time (SQLite allows a limited number of query parameters).
_CHUNK = 900
# Rows sent to the database at a time.
_BATCH = 1000


def check_archive(source) -> CheckedArchive:
    """Read and check a full backup without writing anything; raises ``ArchiveError``.
    ``source``: the file's bytes, or a binary file read up to the cap (``reading.load``)."""
    checked = read_full(load(source))
    check_names(checked)
    check_rules(checked)
    check_register(checked)
    return checked


def import_archive(source, *, director) -> Championship:
    """Import a full backup as a new championship directed by ``director``. ``source`` is
    the file's bytes, or a binary file (an upload, an open file): then no more than the cap
    is read, and the bytes are let go before the JSON is parsed.

    The returned championship's ``archive_directors`` lists the archive's other directors
    (usernames), who are not made directors here (see the module docstring); its
    ``register_summary`` (``scoring.archive.register.RegisterSummary``) says how its
    players were linked to this installation's register and which the director should
    review.

    Raises :class:`ArchiveError` with a message saying what is wrong; then nothing has
    been written.
    """
    checked = check_archive(source)
    del source
    try:
        with transaction.atomic():
            championship = _write(checked, director)
    except IntegrityError as error:  # a rule only the database knows, or an import racing
        raise ArchiveError(
            _("The database refused the archive (%(detail)s); nothing was imported.")
            % {"detail": str(error).strip().splitlines()[0][:200]}
        ) from None
    return championship


def _write(checked: CheckedArchive, director) -> Championship:
    _refuse_existing(checked)
    # archive id -> new id, per table key (the championship's under its own key).
    new_ids: dict[str, dict[int, int]] = {}
    for spec in (CHAMPIONSHIP, *backup_layout().tables):
        rows = [checked.championship] if spec is CHAMPIONSHIP else checked.rows[spec.key]
        new_ids[spec.key] = dict(zip((row["id"] for row in rows),
                                     _new_ids(spec.model, len(rows)), strict=True))
        _insert(spec, rows, new_ids)
    (championship_id,) = new_ids[CHAMPIONSHIP.key].values()
    championship = Championship.objects.get(pk=championship_id)
    championship.directors.add(director)
    # The archive's own directors are told, not added: an account with the same username
    # here need not be the same person.
    championship.archive_directors = [name for name in checked.directors
                                      if name != director.get_username()]
    championship.register_summary = link_imported(checked, new_ids["teams"])
    recompute_championship(championship)
    _keep_final_places(championship)
    on_championship_imported(championship)
    return championship


def _keep_final_places(championship: Championship) -> None:
    """A championship imported finished keeps its final places (rules.md 13), as finishing
    it here would have, for the series and the ratings."""
    if championship.status == Championship.Status.FINISHED:
        places.keep_final_places(championship)


def _insert(spec: TableSpec, rows: list[dict], new_ids: dict[str, dict[int, int]]) -> None:
    """Insert the rows with ``executemany``, under their new ids, their references
    translated through ``new_ids`` and their timestamps as they are.
    Not through model instances: their ``save``/``bulk_create`` would replace
    ``auto_now_add`` times with the time of the import, and building thousands of objects
    costs more than the insert. Values are adapted as Django adapts them
    (``connection.ops``); the database's constraints still apply."""
    if not rows:
        return
    meta = spec.model._meta
    ops = connection.ops
    columns, readers = [], []
    for name in spec.fields:
        model_field = meta.get_field(name)
        columns.append(model_field.column)
        key = model_field.attname
        target = spec.key if name == "id" else spec.refs.get(name)
        if target == USER:
            # No account: the username is kept as text (module docstring).
            readers.append(lambda row: None)
            columns.append(meta.get_field(user_name_field(name)).column)
            readers.append(lambda row, name=name: row[name] or "")
        elif target is not None:
            readers.append(lambda row, key=key, ids=new_ids[target]: (
                None if row[key] is None else ids[row[key]]))
        elif (adapt := _adapter(model_field, ops)) is None:
            readers.append(lambda row, key=key: row[key])
        else:
            readers.append(lambda row, key=key, adapt=adapt: (
                None if row[key] is None else adapt(row[key])))
    if spec.model in backup_layout().implicit_championship:
        columns.append(meta.get_field("championship").column)
        (championship_id,) = new_ids[CHAMPIONSHIP.key].values()
        readers.append(lambda row: championship_id)
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        ops.quote_name(meta.db_table),
        ", ".join(ops.quote_name(column) for column in columns),
        ", ".join(["%s"] * len(columns)),
    )
    # One statement, many rows: psycopg parses it once and pipelines the rows; sqlite3
    # runs them in C. (One statement with many VALUES lists is slower on psycopg, which
    # parses its placeholders in Python.)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), _BATCH):
            cursor.executemany(
                sql, [tuple(read(row) for read in readers) for row in rows[start:start + _BATCH]]
            )


def _new_ids(model, count: int) -> list[int]:
    """``count`` ids for new rows of ``model``, in increasing order, as the database would
    give them out. PostgreSQL: drawn from the table's own id sequence (``nextval``), so a
    row inserted meanwhile by another transaction never gets one of them. SQLite: the next
    ones after the largest id the table ever used (what ``AUTOINCREMENT`` gives next);
    no other writer runs meanwhile, as this project's SQLite transactions start IMMEDIATE
    (``config/settings.py``), and the insert moves ``AUTOINCREMENT``'s counter past them."""
    if not count:
        return []
    table, pk = model._meta.db_table, model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) "
                           "FROM generate_series(1, %s)", [table, pk, count])
            return sorted(row[0] for row in cursor.fetchall())
        quote = connection.ops.quote_name
        cursor.execute(f"SELECT MAX({quote(pk)}) FROM {quote(table)}")  # names, not values
        (largest,) = cursor.fetchone()
        if connection.vendor == "sqlite":
            cursor.execute("SELECT MAX(seq) FROM sqlite_sequence WHERE name = %s", [table])
            largest = max(largest or 0, cursor.fetchone()[0] or 0)
    first = (largest or 0) + 1
    return list(range(first, first + count))


def _adapter(model_field, ops):
    """How Django writes this field's values to the database (None: as they are)."""
    if isinstance(model_field, models.DateTimeField):
        return ops.adapt_datetimefield_value
    if isinstance(model_field, models.DateField):
        return ops.adapt_datefield_value
    if isinstance(model_field, models.GenericIPAddressField):
        return ops.adapt_ipaddressfield_value
    if isinstance(model_field, models.JSONField):
        return lambda value: model_field.get_db_prep_value(value, connection)
    return None


def _refuse_existing(checked: CheckedArchive) -> None:
    """Refuse the championship if it is already here (its deal key is: the same
    championship, or a copy), or if a result's idempotency key is already used here."""
    championship = Championship.objects.filter(deal_key=checked.championship["deal_key"]).first()
    if championship is not None:
        raise ArchiveError(
            _("This championship is already in this installation (id %(id)s, “%(name)s”: "
              "the same deal key). An archive never adds a championship twice: delete that "
              "one first, or import the archive into another installation.")
            % {"id": championship.pk, "name": championship.name},
            path="championship.deal_key",
        )
    keys = [r["idempotency_key"] for r in checked.rows["result_entries"] if r["idempotency_key"]]
    taken = _taken(ResultEntry, "idempotency_key", keys)
    if taken:
        raise ArchiveError(
            _("result_entries: idempotency key %(key)s is already used in this installation.")
            % {"key": taken[0]},
            path="result_entries",
        )


def _taken(model, field: str, values: list) -> list:
    taken = []
    for start in range(0, len(values), _CHUNK):
        chunk = values[start:start + _CHUNK]
        taken += model._base_manager.filter(**{f"{field}__in": chunk}).values_list(
            field, flat=True
        )
    return sorted(taken)
