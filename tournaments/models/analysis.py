"""The stored double-dummy analysis of a deal (rules.md 8.1): table, par and an optimal line.

Re-exported by ``tournaments.models``.
Computed by ``tournaments.services.analysis`` in the background once the deal's round closes.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class DealAnalysis(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    deal = models.OneToOneField(
        "tournaments.Deal", on_delete=models.CASCADE, related_name="analysis"
    )
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.PENDING
    )
    # The rule variant the analysis was made under (the championship's at the time).
    variant = models.CharField(_("rule variant"), max_length=32)
    # NS points with perfect play, by contract code: {"O": 40, "C": 31, ..., "BOT": 38}.
    table = models.JSONField(_("double-dummy table"), default=dict, blank=True)
    par_contract = models.CharField(_("par contract"), max_length=3, blank=True)
    par_score = models.IntegerField(_("par deal score"), null=True, blank=True)
    # One optimal line in the par contract: 48 card codes separated by spaces.
    line = models.CharField(_("optimal line"), max_length=160, blank=True)
    error = models.TextField(blank=True)
    seconds = models.FloatField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("deal analysis")
        verbose_name_plural = _("deal analyses")
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["pending", "done", "failed"]),
                name="deal_analysis_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal} · {self.get_status_display()}"
