"""Results as entered at the table, their reviews, adjustments, and derived scores.

Nothing here is ever updated in place: every submission, confirmation, dispute, director
override and adjustment is a new row that records who made it, when and from where.
The result that counts for a table and deal is the latest confirmed entry; scores are
derived from the stored rows and can always be recomputed (``recompute_scores``).
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Deal, Table, Team


class Provenance(models.Model):
    """Who made a row and from where: a team (through its link) or a director."""

    by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # A director who is no account here: a row imported from a full backup keeps its
    # author's username as text (an import never creates or links accounts).
    by_director_name = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True

    @property
    def author(self) -> str:
        if self.by_director_id:
            return str(self.by_director)
        if self.by_director_name:
            return self.by_director_name
        return str(self.by_team) if self.by_team_id else "?"


class Entry(Provenance):
    """What every format's entry holds besides its values (``results``): whether the
    director entered it (it counts at once), the request key that stores it once, and the
    director's note. Each format's entry adds its table, its slot and its values."""

    # A director's entry or override counts at once, without the entrants' confirmation.
    by_director_override = models.BooleanField(default=False)
    # Re-sending the same form (a double tap, the offline outbox) is stored once.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # The director's reason for entering or overriding a result.
    note = models.TextField(_("note"), blank=True)

    class Meta:
        abstract = True
        # Someone made it: an entrant, a director, or (imported from a full backup, which
        # never links accounts) a director's name. A format's entry that adds constraints
        # lists these first (``[*Entry.Meta.constraints, ...]``).
        constraints = [
            models.CheckConstraint(
                condition=Q(by_team__isnull=False) | Q(by_director__isnull=False)
                | ~Q(by_director_name=""),
                name="%(app_label)s_%(class)s_has_author",
            ),
        ]


class PinAttemptRecord(models.Model):
    """One attempt to confirm an entry with another entrant's PIN, typed on the entering
    phone (``results.pins``): kept in the database, not in process memory, so that the
    lockout holds across several web processes. Each format's attempts add their table."""

    # The entrant whose phone was used (the one who entered the result).
    by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ok = models.BooleanField()
    created_at = models.DateTimeField(auto_now_add=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.table} · {'ok' if self.ok else 'wrong'}"


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


class Review(Provenance):
    """A verdict on an entry of any format (``results``): another entrant's (or the
    director's) confirmation or dispute. Each format's review adds its foreign key to its
    entry (named as ``results.kinds.EntryKind.review_field`` says) and its constraints."""

    class Verdict(models.TextChoices):
        CONFIRM = "confirm", _("Confirmed")
        DISPUTE = "dispute", _("Disputed")

    verdict = models.CharField(max_length=8, choices=Verdict.choices)
    comment = models.TextField(_("comment"), blank=True)
    # Confirmed on the entering entrant's phone by typing another entrant's PIN.
    via_pin = models.BooleanField(default=False)

    #: The review's foreign key to its entry (``EntryKind.review_field``).
    entry_field = "entry"

    class Meta:
        abstract = True
        # A format's review subclasses this Meta (``class Meta(Review.Meta)``).
        constraints = [
            models.CheckConstraint(condition=Q(verdict__in=["confirm", "dispute"]),
                                   name="%(app_label)s_%(class)s_verdict_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.get_verdict_display()} · {getattr(self, f'{self.entry_field}_id')}"


def review_meta(entry_field: str, verbose_name, verbose_name_plural, **options) -> type:
    """A format's review's ``Meta``: the core's constraints (``Review.Meta``), its rows in
    the order of their entries, then of time; ``options`` adds others (a ``db_table``)."""
    return type("Meta", (Review.Meta,), {
        "ordering": [entry_field, "created_at", "id"], "verbose_name": verbose_name,
        "verbose_name_plural": verbose_name_plural, "__module__": __name__, **options})


class ResultReview(Review):
    """The other team's (or the director's) verdict on an entry: confirm or dispute."""

    entry = models.ForeignKey(ResultEntry, on_delete=models.PROTECT, related_name="reviews")
    Meta = review_meta("entry", _("result review"), _("result reviews"))


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


# Export jobs live with the exports (scoring/exports/models.py); imported here so that Django
# finds the model of the app.
# The API's own tables (tokens, idempotent answers, throttle counters).
from scoring.api_models import ApiToken, IdempotentRequest, ThrottleCount  # noqa: E402, F401
from scoring.exports.models import ExportJob  # noqa: E402, F401
