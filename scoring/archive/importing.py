"""Importing a full backup: all of it in one transaction, or nothing.

Choices (``docs/archive.md``):

- Only **full backups** are imported. A public archive has no team links, PINs or deal key,
  so a championship made from it could not be played on; it is refused with that reason.
- Rows keep their **original ids**, so captain links (``/t/<team id>/<secret>/``) and
  addresses stay the same. If any of those ids (or a result's idempotency key) is already
  used in this installation, the import is refused: an archive never overwrites anything.
  On PostgreSQL the id sequences are moved past the imported ids first.
- **Accounts** are named by username. Only the importing director directs the imported
  championship: an account here with the username of one of the archive's directors may
  be someone else, so those names are returned (``championship.archive_directors``) for
  the importer to add by hand. An account that made results or audited actions but does
  not exist here is created inactive, without a password (it cannot log in), so that the
  history still says who did what.
- Stored scores are derived: they are recomputed from the imported results
  (``recompute_championship``), so the standings are the same as before.
- The deals' double-dummy analysis is derived too: once the import is committed, the
  closed rounds' deals are analysed again in the background, as when their rounds closed
  (``tournaments.services.analysis.on_championship_imported``).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, models, transaction
from django.utils.translation import gettext as _

from scoring.archive.errors import ArchiveError
from scoring.archive.format import CHAMPIONSHIP, IMPLICIT_CHAMPIONSHIP, TABLES, USER, TableSpec
from scoring.archive.reading import load
from scoring.archive.rules import check_rules
from scoring.archive.validation import CheckedArchive, read_full
from scoring.models import ResultEntry
from scoring.services import recompute_championship
from tournaments.models import Championship
from tournaments.services.analysis import on_championship_imported

# Ids asked about at a time (SQLite allows a limited number of query parameters).
_CHUNK = 900
# Rows sent to the database at a time.
_BATCH = 1000


def check_archive(data: bytes) -> CheckedArchive:
    """Read and check a full backup without writing anything; raises ``ArchiveError``."""
    checked = read_full(load(data))
    check_rules(checked)
    return checked


def import_archive(data: bytes, *, director) -> Championship:
    """Import a full backup (bytes) as a new championship directed by ``director``.

    The returned championship's ``archive_directors`` lists the archive's other directors
    (usernames), who are not made directors here (see the module docstring).

    Raises :class:`ArchiveError` with a message saying what is wrong; then nothing has
    been written.
    """
    checked = check_archive(data)
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
    _refuse_collisions(checked)
    _advance_sequences(checked)
    users = _users(checked)
    championship_row = dict(checked.championship)
    championship_id = championship_row["id"]
    _insert(CHAMPIONSHIP, [championship_row], users, championship_id)
    for spec in TABLES:
        _insert(spec, checked.rows[spec.key], users, championship_id)
    championship = Championship.objects.get(pk=championship_id)
    championship.directors.add(director)
    # The archive's own directors are told, not added: an account with the same username
    # here need not be the same person.
    championship.archive_directors = [name for name in checked.directors
                                      if name != director.get_username()]
    recompute_championship(championship)
    on_championship_imported(championship)
    return championship


def _insert(spec: TableSpec, rows: list[dict], users: dict[str, int], championship_id) -> None:
    """Insert the rows as they are, ids and timestamps included, with ``executemany``.
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
        if spec.refs.get(name) == USER:
            readers.append(lambda row, name=name: None if row[name] is None else users[row[name]])
            continue
        key = model_field.attname
        adapt = _adapter(model_field, ops)
        if adapt is None:
            readers.append(lambda row, key=key: row[key])
        else:
            readers.append(lambda row, key=key, adapt=adapt: (
                None if row[key] is None else adapt(row[key])))
    if spec.model in IMPLICIT_CHAMPIONSHIP:
        columns.append(meta.get_field("championship").column)
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


def _adapter(model_field, ops):
    """How Django writes this field's values to the database (None: as they are)."""
    if isinstance(model_field, models.DateTimeField):
        return ops.adapt_datetimefield_value
    if isinstance(model_field, models.DateField):
        return ops.adapt_datefield_value
    if isinstance(model_field, models.GenericIPAddressField):
        return ops.adapt_ipaddressfield_value
    return None


def _users(checked: CheckedArchive) -> dict[str, int]:
    """``username -> id`` of every account the rows name, creating the missing ones inactive
    and without a password (they keep the history's names; they cannot log in)."""
    names = set()
    for spec in TABLES:
        for name, target in spec.refs.items():
            if target == USER:
                names.update(row[name] for row in checked.rows[spec.key] if row[name])
    User = get_user_model()
    field = User.USERNAME_FIELD
    found = dict(User.objects.filter(**{f"{field}__in": names}).values_list(field, "pk"))
    missing = sorted(names - set(found))
    if missing:
        created = []
        for username in missing:
            user = User(**{field: username}, is_active=False)
            user.set_unusable_password()
            created.append(user)
        User.objects.bulk_create(created)
        found.update(User.objects.filter(**{f"{field}__in": missing}).values_list(field, "pk"))
    return found


def _refuse_collisions(checked: CheckedArchive) -> None:
    """Refuse if any id of the archive, or a result's idempotency key, is already used here."""
    championship = Championship.objects.filter(pk=checked.championship["id"]).first()
    if championship is not None:
        raise ArchiveError(
            _("Championship id %(id)s already exists in this installation (“%(name)s”). An "
              "archive never overwrites a championship: delete that one first, or import the "
              "archive into another installation.")
            % {"id": championship.pk, "name": championship.name},
            path="championship.id",
        )
    for spec in TABLES:
        ids = [row["id"] for row in checked.rows[spec.key]]
        taken = _taken(spec.model, "pk", ids)
        if taken:
            raise ArchiveError(
                _("%(table)s: ids %(ids)s already exist in this installation (another "
                  "championship uses them); an archive never overwrites existing rows, and "
                  "ids are kept so that captain links stay the same.")
                % {"table": spec.key, "ids": ", ".join(map(str, taken[:5]))},
                path=spec.key,
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


def _advance_sequences(checked: CheckedArchive) -> None:
    """On PostgreSQL, move each id sequence past the archive's largest id, before the rows
    go in: a result entered meanwhile at another championship then never draws an id the
    import is about to use. Only ever forwards (``GREATEST`` with ``nextval``), unlike
    ``sequence_reset_sql``, which sets a sequence to the largest committed id and so could
    move it back behind a concurrent writer's uncommitted rows. SQLite needs nothing: its
    ``AUTOINCREMENT`` takes the next id after the largest one ever used."""
    if connection.vendor != "postgresql":
        return
    largest = [(CHAMPIONSHIP.model, checked.championship["id"])] + [
        (spec.model, max(row["id"] for row in checked.rows[spec.key]))
        for spec in TABLES if checked.rows[spec.key]
    ]
    with connection.cursor() as cursor:
        for model, top in largest:
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)",
                           [model._meta.db_table, model._meta.pk.column])
            (sequence,) = cursor.fetchone()
            cursor.execute("SELECT setval(%s::regclass, GREATEST(%s, nextval(%s::regclass)))",
                           [sequence, top, sequence])
