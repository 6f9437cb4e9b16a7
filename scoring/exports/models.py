"""An export job: one file asked for by a director, made in the background."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Championship


class ExportJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting")
        RUNNING = "running", _("Being made")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="export_jobs"
    )
    kind = models.CharField(_("kind"), max_length=32)  # a key of ``registry.kinds_of``
    language = models.CharField(_("language"), max_length=8)
    after = models.PositiveSmallIntegerField(_("after round"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    error = models.TextField(_("error"), blank=True)
    # Relative to settings.EXPORTS_DIR; empty until the file is made.
    file_path = models.CharField(max_length=300, blank=True)
    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    size = models.PositiveIntegerField(null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at", "-id"]
        verbose_name = _("export job")
        verbose_name_plural = _("export jobs")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["queued", "running", "done", "failed"]),
                name="export_job_status_valid",
            ),
        ]

    #: Stored in ``error`` for a job that failed because this computer makes no PDF: the cause,
    #: not its words, so that each reader reads it in their language (``error_said``).
    NO_PDF_LIBRARY = "no-pdf-library"

    def __str__(self) -> str:
        return f"{self.championship} · {self.kind} · {self.status}"

    @property
    def error_said(self) -> str:
        """Why the job failed, in the reader's language where the cause is known; an
        unforeseen failure's own text otherwise."""
        if self.error == self.NO_PDF_LIBRARY:
            from tournaments import pdf_support

            return pdf_support.job_note()
        return self.error
