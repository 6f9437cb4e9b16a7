"""The register of players (rules.md 13.1): one row per person, named by every entrant.

- :class:`Player`: a person of the installation's register: name, club, an optional licence
  number (unique when given). A duplicate merged into another player stays (a merge can be
  undone) but is off the register (``merged_into``).
- :class:`EntrantPlayer`: which register player an entrant names in which place (a pair's
  first and second player; an individual entrant's only player). The entrant keeps the
  names as typed (``Team.player1``, ``player2``), which is what its printouts show.
- :class:`PlayerMerge`: a director's merge of a duplicate into the player kept, with the
  entries it moved, so that it can be undone exactly; who, when and from where.

Rows are written by ``tournaments.services.register``; read queries are in
``tournaments.register_selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.teams import Team

#: What a licence number may hold (the individual format's rule since it had one).
LICENCE_PATTERN = r"^[A-Za-z0-9./ -]{0,20}$"


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    licence = models.CharField(_("licence number"), max_length=20, blank=True)
    # The name as searched: lower case, no accents, single spaces (tournaments.names).
    search_name = models.CharField(max_length=120, db_index=True, editable=False)
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("merged into"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["search_name", "club", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["licence"], condition=~Q(licence=""),
                                    name="player_licence_unique"),
            models.CheckConstraint(condition=Q(licence__regex=LICENCE_PATTERN),
                                   name="player_licence_valid"),
            models.CheckConstraint(condition=~Q(merged_into=F("id")),
                                   name="player_not_merged_into_itself"),
        ]
        indexes = [models.Index(fields=["search_name", "club"], name="player_name_club")]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


class EntrantPlayer(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="register_entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    # 1: the entrant's first (or only) player, 2: a pair's second player.
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        ordering = ["team", "position"]
        verbose_name = _("entrant's player")
        verbose_name_plural = _("entrants' players")
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="entrant_player_position"),
            models.CheckConstraint(condition=Q(position__gte=1),
                                   name="entrant_player_position_positive"),
        ]
        indexes = [models.Index(fields=["player", "team"], name="entrant_player_player")]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class PlayerMerge(models.Model):
    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("player kept"))
    merged = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("duplicate merged"))
    # The EntrantPlayer ids moved from the duplicate to the player kept (undo moves them back).
    entries = models.JSONField(default=list)
    # The duplicate's licence, when the player kept had none and took it.
    licence_moved = models.CharField(max_length=20, blank=True)
    by_director = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("players merged")
        verbose_name_plural = _("players merged")
        constraints = [
            models.CheckConstraint(condition=~Q(kept=F("merged")), name="player_merge_two"),
        ]

    def __str__(self) -> str:
        return f"{self.merged_id} → {self.kept_id}"
