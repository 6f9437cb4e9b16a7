"""Final places (rules.md 13): each entrant's place once its championship has finished.

Kept by ``tournaments.services.places`` when a championship finishes (its format says the
places: ``Format.final_places``), and read by the series (13.2) and the ratings (13.3)
without asking any format again. Shared places carry the same number (1, 2, 2, 4).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.championship import Championship
from tournaments.models.teams import Team


class FinalPlace(models.Model):
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="final_places")
    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="final_place")
    place = models.PositiveIntegerField(_("place"))

    class Meta:
        ordering = ["championship", "place", "team"]
        verbose_name = _("final place")
        verbose_name_plural = _("final places")
        constraints = [
            models.CheckConstraint(condition=Q(place__gte=1), name="final_place_positive"),
        ]
        indexes = [models.Index(fields=["championship", "place"], name="final_place_order")]

    def __str__(self) -> str:
        return f"{self.team}: {self.place}"
