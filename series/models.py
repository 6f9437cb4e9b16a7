"""A series (rules.md 13.2): a named, ordered list of championships of any format, with its
points table, its best N and when it updates.

Rows are written by ``series.services``; the ranking is read by ``series.selectors`` from
the core's final places (``tournaments.models.FinalPlace``) and the register.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Championship


class Series(models.Model):
    class PointsTable(models.TextChoices):
        DEFAULT = "default", _("25, 20, 16, 13, 11, 10, then one less a place to 1 at 15th")
        ENTRANTS = "entrants", _("Entrants ranked − place + 1")
        TYPED = "typed", _("A table typed by the director")

    class Updates(models.TextChoices):
        FINISHED = "finished", _("When a championship finishes")
        ROUNDS = "rounds", _("After every published round")

    name = models.CharField(_("name"), max_length=200)
    points_table = models.CharField(_("points table"), max_length=16,
                                    choices=PointsTable.choices, default=PointsTable.DEFAULT)
    # The typed table: the points of 1st, 2nd, ... as decimal strings ("25", "20.5").
    typed_points = models.JSONField(_("typed points"), default=list, blank=True)
    # Each player's best N results count (null: all of them).
    best_of = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    updates = models.CharField(_("updates"), max_length=16, choices=Updates.choices,
                               default=Updates.FINISHED)
    results_public = models.BooleanField(_("ranking is public"), default=False)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="series",
                                       verbose_name=_("directors"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = [
            models.CheckConstraint(condition=Q(points_table__in=["default", "entrants", "typed"]),
                                   name="series_points_table_valid"),
            models.CheckConstraint(condition=Q(updates__in=["finished", "rounds"]),
                                   name="series_updates_valid"),
            models.CheckConstraint(condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                                   name="series_best_of_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class SeriesChampionship(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="series_entries")
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        ordering = ["series", "position"]
        verbose_name = _("championship of a series")
        verbose_name_plural = _("championships of a series")
        constraints = [
            models.UniqueConstraint(fields=["series", "championship"],
                                    name="series_championship_once"),
            models.UniqueConstraint(fields=["series", "position"],
                                    name="series_championship_position"),
            models.CheckConstraint(condition=Q(position__gte=1),
                                   name="series_championship_position_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.series}: {self.championship}"
