"""A round, its tables (which entrants meet) and its deals (the cards every table holds)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.championship import Championship
from tournaments.models.teams import Team


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFTED = "drafted", _("Drafted")
        RELEASED = "released", _("Released")
        CLOSED = "closed", _("Closed")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFTED
    )
    # With an odd field one team sits out each round and scores the bye (rules.md 6.5).
    bye_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="byes"
    )
    released_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["championship", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["drafted", "released", "closed"]),
                name="round_status_valid",
            ),
            # A released or closed round records when it was released; only a closed
            # round has a closing time.
            models.CheckConstraint(
                condition=Q(status="drafted") | Q(released_at__isnull=False),
                name="round_released_at_set",
            ),
            models.CheckConstraint(
                condition=(Q(status="closed") & Q(closed_at__isnull=False))
                | (~Q(status="closed") & Q(closed_at__isnull=True)),
                name="round_closed_at_iff_closed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.championship} – {self.number}"

    @property
    def first_deal(self) -> int:
        return (self.number - 1) * self.championship.deals_per_match + 1

    @property
    def last_deal(self) -> int:
        return self.number * self.championship.deals_per_match


class Table(models.Model):
    """One match of a round: the NS team against the EW team."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    ns_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="ns_tables", verbose_name=_("NS team")
    )
    ew_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="ew_tables", verbose_name=_("EW team")
    )
    # Set when the other team withdrew before this round was released: this team scores a
    # bye here and the table plays nothing (rules.md 6.5, policy — withdrawal).
    bye_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="withdrawal_byes",
        verbose_name=_("bye (opponent withdrawn)"),
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            # One team per seat per round. A team sitting NS at one table and EW at another
            # of the same round spans two columns, which SQL cannot express portably; the
            # round services check it (and a test asserts it).
            models.UniqueConstraint(fields=["round", "ns_team"], name="table_ns_team_unique"),
            models.UniqueConstraint(fields=["round", "ew_team"], name="table_ew_team_unique"),
            models.CheckConstraint(
                condition=~Q(ns_team=F("ew_team")), name="table_teams_differ"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.number}"


class Deal(models.Model):
    class Source(models.TextChoices):
        GENERATED = "generated", _("Generated from the key")
        IMPORTED = "imported", _("Imported")

    class Dealer(models.TextChoices):
        N = "N", _("North")
        E = "E", _("East")
        S = "S", _("South")
        W = "W", _("West")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="deals"
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=Dealer.choices)
    # The four hands in rules.md section 2 notation, e.g. "N:9RS.A82..RC654 ...".
    cards = models.CharField(_("cards"), max_length=80)
    source = models.CharField(
        max_length=16, choices=Source.choices, default=Source.GENERATED
    )

    class Meta:
        ordering = ["championship", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="deal_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(
                condition=Q(dealer__in=["N", "E", "S", "W"]), name="deal_dealer_valid"
            ),
            models.CheckConstraint(
                condition=Q(source__in=["generated", "imported"]), name="deal_source_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.championship} – {self.number}"
