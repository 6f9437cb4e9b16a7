"""Export jobs: a director asks for a file, a Celery task makes it (in-process without a
broker, on a worker with one), the director's page shows it running, then a download link;
a failed job shows its error and can be tried again.

Files are kept under ``settings.EXPORTS_DIR`` (``var/exports``; ``var/demo/exports`` for the demo) for
``settings.EXPORTS_KEEP_HOURS`` (a day), then removed with their jobs by
:func:`cleanup_exports`, which runs whenever a job is started and from
``manage.py clean_exports``.
"""

from __future__ import annotations

import logging
import shutil
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.exports import registry
from scoring.exports.data import ScopeError, export_scope
from scoring.exports.models import ExportJob
from tournaments.models import Championship
from tournaments.pdf_support import PdfUnavailable
from tournaments.print_pages import page_url

logger = logging.getLogger(__name__)

UNFINISHED = (ExportJob.Status.QUEUED, ExportJob.Status.RUNNING)
# A job still unfinished this long after it was asked for lost its worker: it may be retried.
STUCK_AFTER = timedelta(minutes=15)


class ExportRefused(ValueError):
    """A job that cannot be started; the message names the field and the problem (``field``
    says which, for the API's field errors)."""

    def __init__(self, message: str, field: str = "kind"):
        super().__init__(message)
        self.field = field


def exports_dir() -> Path:
    return Path(settings.EXPORTS_DIR)


def languages() -> list[tuple[str, str]]:
    return list(settings.LANGUAGES)


def championship_jobs(championship: Championship, limit: int = 30) -> list[ExportJob]:
    return list(championship.export_jobs.select_related("requested_by")[:limit])


def describe(found: list[ExportJob]) -> list[ExportJob]:
    """The jobs as the director sees them: each with its kind's label and whether it may be
    tried again (``kind_label``, ``retry``), and its language by name in the page's language
    (``language_name``: "Catalan", not "ca")."""
    names = dict(languages())
    for job in found:
        job.language_name = str(names.get(job.language, job.language))
        kind = registry.get(job.kind, job.championship)
        job.kind_label = kind.label if kind else job.kind
        job.retry = can_retry(job)
        # A printed kind can always be printed from the browser instead (its page).
        job.page_url = (page_url(reverse("scoring:export", args=[job.championship_id, kind.key])
                                 + (f"?after={job.after}" if job.after else ""))
                        if kind and kind.content_type == registry.PDF else "")
    return found


def finished_file(championship: Championship, job_id: int) -> tuple[ExportJob, Path]:
    """A finished job of the championship and its file; 404 when there is none, the job is
    not done, or its file was cleaned up."""
    job = get_object_or_404(
        ExportJob, pk=job_id, championship=championship, status=ExportJob.Status.DONE
    )
    path = job_file(job)
    if path is None:
        raise Http404("The file is gone")
    return job, path


def download_file(championship: Championship, job_id: int, *, by, origin
                  ) -> tuple[ExportJob, Path]:
    """``finished_file``, for a director about to download it: the full backup (the kind
    that holds secrets) is audited as the archive page's download is."""
    job, path = finished_file(championship, job_id)
    found = registry.get(job.kind, championship)
    if found is not None and found.holds_secrets:
        from scoring.archive import record_backup_download  # late, as in the registry

        record_backup_download(championship, by=by, origin=origin)
    return job, path


def start_job(championship: Championship, kind: str, *, language: str | None,
              after=None, user=None) -> ExportJob:
    """Check the request, create the job and send it to be made (after the commit, so a
    worker finds it). Only a kind of the championship's format is made."""
    found = registry.get(kind, championship)
    if found is None:
        raise ExportRefused(_("kind: “%(kind)s” is not an export.") % {"kind": kind})
    codes = [code for code, _name in languages()]
    if language not in codes:
        raise ExportRefused(
            _("language: choose one of %(codes)s.") % {"codes": ", ".join(codes)},
            field="language",
        )
    after_round = None
    if found.scoped and after not in (None, ""):
        try:
            after_round = export_scope(championship, after).after
        except ScopeError as error:
            raise ExportRefused(str(error), field="after") from None
    cleanup_exports()
    job = ExportJob.objects.create(
        championship=championship, kind=kind, language=language, after=after_round,
        requested_by=user if user is not None and user.is_authenticated else None,
    )
    _send(job)
    return job


def can_retry(job: ExportJob) -> bool:
    if job.status == ExportJob.Status.FAILED:
        # Made again here, a PDF would fail the same way: the print-ready page is offered.
        return job.error != ExportJob.NO_PDF_LIBRARY
    return job.status in UNFINISHED and job.created_at < timezone.now() - STUCK_AFTER


def retry_job(job: ExportJob) -> ExportJob:
    """Make a failed (or stuck) job again; any other job is left as it is."""
    if not can_retry(job):
        return job
    remove_file(job)
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.QUEUED, error="", file_path="", size=None, started_at=None,
        finished_at=None, created_at=timezone.now(),
    )
    job.refresh_from_db()
    _send(job)
    return job


def _send(job: ExportJob) -> None:
    from scoring.exports.tasks import run_export_job_task

    transaction.on_commit(lambda: run_export_job_task.delay(job.pk))


def run_job(job_id: int) -> str:
    """Make the job's file (the task's body). Returns the job's status; any error in the
    making is stored on the job, not raised, so the page can show it."""
    job = ExportJob.objects.select_related("championship").filter(pk=job_id).first()
    if job is None or job.status == ExportJob.Status.DONE:
        return job.status if job else "gone"
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.RUNNING, started_at=timezone.now()
    )
    kind = registry.get(job.kind, job.championship)
    try:
        if kind is None:
            raise ExportRefused(_("kind: “%(kind)s” is not an export.") % {"kind": job.kind})
        made = registry.build(kind, job.championship, job.language, job.after)
        relative = Path(f"job-{job.pk}") / Path(made.filename).name
        target = exports_dir() / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        partial.write_bytes(made.data)
        partial.replace(target)  # a download never sees half a file
    except PdfUnavailable:
        # Not a failure of the job: this computer has no PDF library. The director reads
        # why, and prints the kind's page from the browser instead (tournaments.print_pages).
        ExportJob.objects.filter(pk=job.pk).update(
            status=ExportJob.Status.FAILED, error=ExportJob.NO_PDF_LIBRARY,
            finished_at=timezone.now())
        return ExportJob.Status.FAILED
    except Exception as error:  # noqa: BLE001 - any failure is shown to the director
        logger.exception("export job %s failed", job.pk)
        ExportJob.objects.filter(pk=job.pk).update(
            status=ExportJob.Status.FAILED, error=str(error) or type(error).__name__,
            finished_at=timezone.now(),
        )
        return ExportJob.Status.FAILED
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.DONE, file_path=str(relative), filename=made.filename,
        content_type=made.content_type, size=len(made.data), finished_at=timezone.now(),
    )
    return ExportJob.Status.DONE


def job_file(job: ExportJob) -> Path | None:
    """The finished file of ``job``, or None if it is gone."""
    if not job.file_path:
        return None
    path = (exports_dir() / job.file_path).resolve()
    if exports_dir().resolve() not in path.parents or not path.is_file():
        return None
    return path


def remove_file(job: ExportJob) -> None:
    if job.file_path:
        shutil.rmtree(exports_dir() / Path(job.file_path).parent, ignore_errors=True)


def cleanup_exports(now=None) -> int:
    """Remove jobs asked for more than ``EXPORTS_KEEP_HOURS`` ago, with their files, and
    any file left in the exports folder that old. Returns how many jobs went."""
    now = now or timezone.now()
    cutoff = now - timedelta(hours=settings.EXPORTS_KEEP_HOURS)
    old = list(ExportJob.objects.filter(created_at__lt=cutoff))
    for job in old:
        remove_file(job)
    ExportJob.objects.filter(pk__in=[job.pk for job in old]).delete()
    oldest = cutoff.timestamp()
    for folder in (exports_dir(), exports_dir() / "public"):
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if entry.name == "public" and folder == exports_dir():
                continue
            try:
                if entry.stat().st_mtime < oldest:
                    if entry.is_dir():
                        shutil.rmtree(entry, ignore_errors=True)
                    else:
                        entry.unlink(missing_ok=True)
            except FileNotFoundError:
                continue
    return len(old)
