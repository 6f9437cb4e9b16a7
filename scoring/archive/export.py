"""Writing archives: the full backup (directors only) and the public archive."""

from __future__ import annotations

from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from scoring.archive.format import (
    CHAMPIONSHIP,
    ENTRANT_PLAYERS,
    FORMAT,
    FORMAT_VERSION,
    KIND_FULL,
    REGISTER_PLAYERS,
    USER,
    TableSpec,
    backup_layout,
    user_name_field,
    write_date,
    write_datetime,
)
from tournaments import audit
from tournaments.models import AuditEvent, Championship, EntrantPlayer, Player


def header(kind: str) -> dict:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "kind": kind,
        "exported_at": write_datetime(timezone.now()),
    }


def _writer(model_field):
    if isinstance(model_field, models.DateTimeField):
        return write_datetime
    if isinstance(model_field, models.DateField):
        return write_date
    if isinstance(model_field, models.DecimalField):
        return lambda value: None if value is None else str(value)
    return None


def _rows(spec: TableSpec, queryset, usernames: dict[int, str]) -> list[dict]:
    meta = spec.model._meta
    model_fields = [meta.get_field(name) for name in spec.fields]
    columns = [f.attname for f in model_fields]
    writers = [_writer(f) for f in model_fields]
    # A user reference: its account's username, else the name an imported row keeps.
    user_columns = {}
    for i, name in enumerate(spec.fields):
        if spec.refs.get(name) == USER:
            user_columns[i] = len(columns)
            columns.append(user_name_field(name))
    rows = []
    for values in queryset.order_by("pk").values_list(*columns):
        row = {}
        for i, name in enumerate(spec.fields):
            value = values[i]
            if i in user_columns:
                value = usernames[value] if value is not None else values[user_columns[i]] or None
            elif writers[i] is not None:
                value = writers[i](value)
            row[name] = value
        rows.append(row)
    return rows


def _queryset(spec: TableSpec, championship: Championship):
    model = spec.model
    if spec.championship_lookup:
        return model.objects.filter(**{spec.championship_lookup: championship})
    if model in backup_layout().implicit_championship:
        return model.objects.filter(championship=championship)
    if "table" in spec.refs:
        return model.objects.filter(table__round__championship=championship)
    if "entry" in spec.refs:
        return model.objects.filter(entry__table__round__championship=championship)
    if "round" in spec.refs:
        return model.objects.filter(round__championship=championship)
    if "tie" in spec.refs:
        return model.objects.filter(tie__championship=championship)
    if "team" in spec.refs:
        return model.objects.filter(team__championship=championship)
    if "report" in spec.refs:  # an individual report's (or evening game's) reviews
        return model.objects.filter(report__table__round__championship=championship)
    if "player" in spec.refs:  # an individual player's details
        return model.objects.filter(player__championship=championship)
    raise AssertionError(f"no championship filter for {spec.key}")


def _usernames(championship: Championship) -> dict[int, str]:
    """Every account a row of the championship names, by id (one query per table)."""
    ids: set[int] = set(championship.directors.values_list("pk", flat=True))
    for spec in backup_layout().tables:
        for name, target in spec.refs.items():
            if target == USER:
                ids.update(
                    _queryset(spec, championship)
                    .exclude(**{f"{name}__isnull": True})
                    .values_list(f"{name}_id", flat=True)
                )
    User = get_user_model()
    return dict(User.objects.filter(pk__in=ids).values_list("pk", User.USERNAME_FIELD))


@contextmanager
def snapshot():
    """Every query of the export sees the same moment: a result stored meanwhile is wholly
    in or wholly out. PostgreSQL needs REPEATABLE READ for that (READ COMMITTED takes a new
    snapshot per statement); a SQLite transaction reads one snapshot already (it holds the
    write lock while it lasts, as this project's SQLite transactions start IMMEDIATE: the
    export takes well under a second, within the writers' busy timeout)."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def export_full(championship: Championship) -> dict:
    """Every row of the championship, secrets included: enough to move it, running, to
    another installation (``import_archive``), and the register entries its entrants name.
    Directors only; derived scores are left out and recomputed on import (``derived_models``
    of ``format.backup_layout``)."""
    with snapshot():
        usernames = _usernames(championship)
        archive = header(KIND_FULL)
        archive["championship"] = _rows(
            CHAMPIONSHIP, Championship.objects.filter(pk=championship.pk), usernames
        )[0]
        archive["directors"] = sorted(
            usernames[pk] for pk in championship.directors.values_list("pk", flat=True)
        )
        for spec in backup_layout().tables:
            archive[spec.key] = _rows(spec, _queryset(spec, championship), usernames)
        archive.update(_register(championship, usernames))
    return archive


def _register(championship: Championship, usernames: dict[int, str]) -> dict[str, list[dict]]:
    """The register entries (rules.md 13.1): the register players the championship's
    entrants name, and which one each entrant names in which position
    (``scoring.archive.register`` links them on import)."""
    players = Player.objects.filter(entries__team__championship=championship).distinct()
    entries = EntrantPlayer.objects.filter(team__championship=championship)
    return {REGISTER_PLAYERS.key: _rows(REGISTER_PLAYERS, players, usernames),
            ENTRANT_PLAYERS.key: _rows(ENTRANT_PLAYERS, entries, usernames)}


def record_backup_download(championship: Championship | int, *, by, origin,
                           fingerprint: str = "") -> None:
    """A director downloads the championship's full backup. It holds every team's link and
    PIN and the deal key, so who took a copy, when and from where is audited like the
    director's other actions, whichever way it was downloaded (the archive page, or an
    export job's file on the exports page or through the API). ``fingerprint``: the state
    the file holds (``retiring.state_fingerprint``), when known, so that deleting the
    championship knows whether this copy is of the championship as it is now."""
    from scoring.archive.retiring import FINGERPRINT_PREFIX

    audit.record(AuditEvent.Action.BACKUP_DOWNLOADED, championship, by=by, origin=origin,
                 detail=FINGERPRINT_PREFIX + fingerprint if fingerprint else "")
