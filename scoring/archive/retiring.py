"""Retiring a championship (issue 24 item 8): archiving it, bringing it back, deleting it.

- :func:`archive` takes it off its directors' list of active championships; it stays whole
  and readable (its pages, results and backups), and :func:`restore` brings it back.
- :func:`delete` removes it and every row of it for good. Nothing is lost silently: it is
  refused until a director has downloaded the full backup of the championship *as it is
  now* (:func:`backup_is_current`), unless the director says in so many words that they
  delete it without one. Each of the three is audited; the deletion's event outlives the
  championship (it has no championship and names it in its detail).

"As it is now" is a fingerprint of the full backup (:func:`state_fingerprint`), recorded with
each download from the archive page (``record_backup_download``). It leaves out when the
file was written, whether the championship is archived, and the audit trail: each backup
download adds an audit event, so a fingerprint that counted them could never match.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.archive.export import export_full
from scoring.archive.format import to_json_bytes
from scoring.exports import jobs
from scoring.exports.models import ExportJob
from tournaments import audit
from tournaments.models import AuditEvent, Championship, Round
from tournaments.services.common import ServiceError

#: Parts of a full backup that say nothing about the championship's play.
_NOT_STATE = ("exported_at", "audit_events")
#: The prefix of a backup download's audit detail that carries the fingerprint.
FINGERPRINT_PREFIX = "state "


def state_fingerprint(archive: dict) -> str:
    """SHA-256 (hex) of a full backup without the parts that are not the championship's
    state (``_NOT_STATE``, and its archived flag)."""
    state = {key: value for key, value in archive.items() if key not in _NOT_STATE}
    state["championship"] = {key: value for key, value in archive["championship"].items()
                             if key != "archived_at"}
    return hashlib.sha256(to_json_bytes(state)).hexdigest()


def current_fingerprint(championship: Championship) -> str:
    return state_fingerprint(export_full(championship))


def last_current_backup(championship: Championship, fingerprint: str | None = None):
    """The latest audited download of a full backup of the championship as it is now, or
    ``None``."""
    fingerprint = fingerprint or current_fingerprint(championship)
    return (AuditEvent.objects.filter(
        championship=championship, action=AuditEvent.Action.BACKUP_DOWNLOADED,
        detail=FINGERPRINT_PREFIX + fingerprint,
    ).select_related("by_director").order_by("-created_at", "-id").first())


def backup_is_current(championship: Championship) -> bool:
    return last_current_backup(championship) is not None


@transaction.atomic
def archive(championship: Championship, *, by, origin=None) -> None:
    """Off the active list, still readable. Refused while a round is in play (its tables
    are entering results: the director would lose sight of it)."""
    championship = Championship.objects.select_for_update().get(pk=championship.pk)
    if championship.archived_at is not None:
        raise ServiceError(_("The championship is already archived."))
    if championship.rounds.filter(status=Round.Status.RELEASED).exists():
        raise ServiceError(_("A round is in play: close it before archiving the championship."))
    championship.archived_at = timezone.now()
    championship.save(update_fields=["archived_at"])
    audit.record(AuditEvent.Action.CHAMPIONSHIP_ARCHIVED, championship, by=by, origin=origin)


@transaction.atomic
def restore(championship: Championship, *, by, origin=None) -> None:
    championship = Championship.objects.select_for_update().get(pk=championship.pk)
    if championship.archived_at is None:
        raise ServiceError(_("The championship is not archived."))
    championship.archived_at = None
    championship.save(update_fields=["archived_at"])
    audit.record(AuditEvent.Action.CHAMPIONSHIP_RESTORED, championship, by=by, origin=origin)


@transaction.atomic
def delete(championship: Championship, *, without_backup: bool, by, origin=None) -> str:
    """Delete the championship and all its rows; returns its name. Refused (nothing
    deleted) unless its current backup was downloaded or ``without_backup`` says the
    director deletes it knowingly without one."""
    championship = Championship.objects.select_for_update().get(pk=championship.pk)
    backed_up = backup_is_current(championship)
    if not backed_up and not without_backup:
        raise ServiceError(
            _("Download the full backup of the championship as it is now first, or tick "
              "“Delete it without a backup”."), field="without_backup")
    name, pk = championship.name, championship.pk
    detail = f"#{pk} {name}" + ("" if backed_up else " (without a backup)")
    # Its export files go with it (a kept full backup holds every secret), once committed.
    made = list(ExportJob.objects.filter(championship_id=pk))
    transaction.on_commit(lambda: [jobs.remove_file(job) for job in made])
    _delete_with_what_protects_it(Championship.objects.filter(pk=pk))
    audit.record(AuditEvent.Action.CHAMPIONSHIP_DELETED, None, by=by, origin=origin,
                 detail=detail)
    return name


def _delete_with_what_protects_it(queryset, depth: int = 0) -> None:
    """Delete ``queryset`` and, first, the rows that protect it from deletion (results,
    reviews and the like point at tables, deals and teams with ``on_delete=PROTECT``, so
    that nothing else removes a result). Every such row belongs to the same championship:
    a team, table or deal is one championship's. Each attempt runs in a savepoint."""
    while True:
        try:
            with transaction.atomic():
                queryset.delete()
            return
        except ProtectedError as error:
            if depth > 20:  # a cycle of protection: nothing of this schema has one
                raise
            protecting = defaultdict(set)
            for row in error.protected_objects:
                protecting[type(row)].add(row.pk)
            for model, pks in protecting.items():
                _delete_with_what_protects_it(model.objects.filter(pk__in=pks), depth + 1)
