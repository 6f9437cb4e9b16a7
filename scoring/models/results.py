"""A duplicate deal's results as entered at the table, their reviews, the director's adjusted
scores, and the scores derived from them (rules.md 6 and 7)."""

from __future__ import annotations

from fractions import Fraction

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models.records import Entry, PinAttemptRecord, Provenance, Review, review_meta
from tournaments.models import Deal, Table


class ResultEntry(Entry):
    """One submitted result of one deal at one table (rules.md 6.1)."""

    class Contract(models.TextChoices):
        OROS = "O", _("Coins")
        COPES = "C", _("Cups")
        ESPASES = "E", _("Swords")
        BASTOS = "B", _("Batons")
        BOTIFARRA = "BOT", _("Botifarra")

    class Breach(models.TextChoices):
        NONE = "none", _("None")
        NS = "NS", _("NS")
        EW = "EW", _("EW")
        BOTH = "both", _("Both")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="entries")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="entries")
    contract = models.CharField(_("contract"), max_length=3, choices=Contract.choices)
    delegated = models.BooleanField(_("delegated"), default=False)
    contro = models.BooleanField(_("contro"), default=False)
    recontro = models.BooleanField(_("recontro"), default=False)
    points_ns = models.PositiveSmallIntegerField(_("NS points"))
    breach = models.CharField(
        _("rule breach"), max_length=4, choices=Breach.choices, default=Breach.NONE
    )
    class Meta(Entry.Meta):
        ordering = ["table", "deal", "created_at", "id"]
        verbose_name = _("result entry")
        verbose_name_plural = _("result entries")
        indexes = [models.Index(fields=["table", "deal", "id"])]
        constraints = [
            *Entry.Meta.constraints,
            models.CheckConstraint(condition=Q(points_ns__lte=72), name="entry_points_range"),
            models.CheckConstraint(
                condition=Q(recontro=False) | Q(contro=True), name="entry_recontro_needs_contro"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.deal.number}: {self.points_ns}-{self.points_ew}"

    @property
    def points_ew(self) -> int:
        return 72 - self.points_ns


class ResultReview(Review):
    """The other team's (or the director's) verdict on an entry: confirm or dispute."""

    entry = models.ForeignKey(ResultEntry, on_delete=models.PROTECT, related_name="reviews")
    Meta = review_meta("entry", _("result review"), _("result reviews"))


class Adjustment(Provenance):
    """A director's adjusted score for one side of one table on one deal (rules.md 6.5).

    The latest row for (table, deal, side) is in force; ``cleared`` rows withdraw it.
    """

    class Side(models.TextChoices):
        NS = "NS", _("NS")
        EW = "EW", _("EW")

    class Kind(models.TextChoices):
        AVERAGE = "average", _("Average (1.5)")
        AVERAGE_PLUS = "average_plus", _("Average plus (1.6)")
        AVERAGE_MINUS = "average_minus", _("Average minus (1.4)")
        CUSTOM = "custom", _("Custom value")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="adjustments")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="adjustments")
    side = models.CharField(_("side"), max_length=2, choices=Side.choices)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    # The exact adjusted score as a fraction, e.g. 3/2.
    score_num = models.IntegerField(default=0)
    score_den = models.PositiveIntegerField(default=1)
    reason = models.TextField(_("reason"))
    cleared = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "deal", "side", "created_at", "id"]
        verbose_name = _("adjusted score")
        verbose_name_plural = _("adjusted scores")
        constraints = [
            models.CheckConstraint(condition=Q(score_den__gte=1), name="adjustment_den_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.deal.number} · {self.side}: {self.score}"

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_num, self.score_den)


class DealScore(models.Model):
    """Derived: the scores of both sides of one table on one deal.

    Rebuilt from entries and adjustments by the scoring services; never edited by hand.
    Finals are exact fractions stored as numerator and denominator.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="scores")
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="scores")
    entry = models.ForeignKey(
        ResultEntry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ns_deal_score = models.IntegerField(null=True, blank=True)
    ew_deal_score = models.IntegerField(null=True, blank=True)
    # A final is null only for the unadjusted side of a table that did not play the deal
    # but whose other side the director adjusted: that side has not played (rules.md 6.5).
    ns_final_num = models.BigIntegerField(null=True, blank=True)
    ns_final_den = models.BigIntegerField(default=1)
    ew_final_num = models.BigIntegerField(null=True, blank=True)
    ew_final_den = models.BigIntegerField(default=1)
    ns_adjusted = models.BooleanField(default=False)
    ew_adjusted = models.BooleanField(default=False)
    # The counted result's rule breach, copied so that the standings read one table only.
    breach = models.CharField(max_length=4, default=ResultEntry.Breach.NONE)
    # The deal scores the standings' tie-break adds (``engine.TableScore.counted_deal_score``:
    # 0 unless the final was computed from the deal score), stored so that the standings
    # read whole numbers only.
    ns_tie_break = models.IntegerField(default=0)
    ew_tie_break = models.IntegerField(default=0)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["deal", "table"]
        constraints = [
            models.UniqueConstraint(fields=["table", "deal"], name="deal_score_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.deal.number}"

    @property
    def ns_final(self) -> Fraction | None:
        if self.ns_final_num is None:
            return None
        return Fraction(self.ns_final_num, self.ns_final_den)

    @property
    def ew_final(self) -> Fraction | None:
        if self.ew_final_num is None:
            return None
        return Fraction(self.ew_final_num, self.ew_final_den)


class ScoreRefresh(models.Model):
    """A note that the stored scores of a deal are out of date.

    Every operation that can change which result counts on a deal (a confirmation, a
    director's entry, an adjustment) adds one row in its own transaction; it never rescores
    the deal itself, so a write costs the same however many tables play the deal. After the
    commit the deal is rescored in the background (``scoring.services.rescoring``), which
    deletes the notes it has dealt with. Until then, readers score such a deal from its
    results themselves (``scoring.selectors.scores``), so no page is ever behind a commit.
    Rows are only inserted and deleted, never updated: concurrent writers do not contend.
    """

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.deal_id} · {self.created_at}"


class PinAttempt(PinAttemptRecord):
    """One attempt to confirm a result at a pairs' table with the other team's PIN."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="pin_attempts")
    # The entry the PIN was typed to confirm, so that the cell's history shows the attempt.
    entry = models.ForeignKey(
        "ResultEntry", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    class Meta:
        ordering = ["table", "created_at", "id"]
        indexes = [models.Index(fields=["table", "created_at"])]
        verbose_name = _("PIN attempt")
        verbose_name_plural = _("PIN attempts")
