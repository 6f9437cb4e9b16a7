"""A table's game of two pairs (rules.md 11.2, 12.1): its entries and their reviews."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models.records import Entry, Review, review_meta
from tournaments.models import Table


class GameEntry(Entry):
    """One submitted result of one game at a table of two pairs (rules.md 11.2, and the
    group games of 12.1): both pairs' points, how the game ended, the hands played, and
    optionally the hand-by-hand record. ``table.ns_team`` is the first pair, ``ew_team`` the
    second. Every format whose table plays one game of two pairs keeps its games here
    (``scoring.services.games``); the format checks the values (``Format.check_game``).
    The table is the one the free-deal format made (``db_table``), kept when the model
    moved to the core."""

    class EndedBy(models.TextChoices):
        TARGET = "target", _("A pair reached the target")
        HANDS = "hands", _("Hand limit")
        TIME = "time", _("Time")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="game_entries")
    first_points = models.PositiveSmallIntegerField(_("first pair's points"))
    second_points = models.PositiveSmallIntegerField(_("second pair's points"))
    ended_by = models.CharField(_("how the game ended"), max_length=8, choices=EndedBy.choices)
    hands_played = models.PositiveSmallIntegerField(_("hands played"))
    # The score pad's record, hand by hand (engine.free_deal.HandRecord as dicts), or null.
    hands = models.JSONField(_("hand by hand"), null=True, blank=True)

    class Meta(Entry.Meta):
        db_table = "free_deal_gameentry"
        ordering = ["table", "created_at", "id"]
        verbose_name = _("game entry")
        verbose_name_plural = _("game entries")
        indexes = [models.Index(fields=["table", "id"])]
        constraints = [
            *Entry.Meta.constraints,
            models.CheckConstraint(condition=Q(ended_by__in=["target", "hands", "time"]),
                                   name="game_entry_ended_by_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.first_points}-{self.second_points}"


class GameReview(Review):
    """The other pair's (or the director's) verdict on a game entry."""

    entry = models.ForeignKey(GameEntry, on_delete=models.PROTECT, related_name="reviews")
    Meta = review_meta("entry", _("game review"), _("game reviews"),
                       db_table="free_deal_gamereview")
