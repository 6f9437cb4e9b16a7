"""Ratings (rules.md 13.3): each player's rating after each finished championship they played.

The whole history is derived: ``tournaments.services.ratings`` rebuilds it from scratch, in
date order, from the final places and the register, and replaces these rows in one
transaction. ``sequence`` is the championship's place in that order (1 the earliest), so a
player's latest rating is their row of highest sequence.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.championship import Championship
from tournaments.models.players import Player


class PlayerRating(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="+")
    sequence = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    # What is shown: the conservative estimate, mu - 3 sigma.
    shown = models.FloatField(_("rating"))

    class Meta:
        ordering = ["player", "sequence"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "championship"],
                                    name="player_rating_once"),
        ]
        indexes = [models.Index(fields=["player", "sequence"], name="player_rating_history"),
                   models.Index(fields=["championship"], name="player_rating_championship")]

    def __str__(self) -> str:
        return f"{self.player}: {self.shown:.1f}"
