"""An individual championship's settings, seatings and deal reports (rules.md 10).

Each entrant is one player. A player is stored as a :class:`~tournaments.models.Team` row of
the championship with ``player1`` set and ``player2`` empty, so that everything an entrant
has in Duplicada (a number, a private link and PIN, withdrawal, the import, the cards with a
QR code, the audit trail) works for players unchanged. This module adds what a pair's
championship does not have:

- :class:`IndividualSettings`: the form (four players and 48 cards, or three and 36);
- :class:`PlayerTable` and :class:`Seating`: a round's tables of four (or three) players,
  one per seat; a player sits once per round (a unique constraint);
- :class:`SitOut`: the players sitting out a round (rules.md 10.3), each scoring the bye;
- :class:`DealReport` and :class:`ReportReview`: what a table reports of one deal (10.2)
  and the other players' verdicts. As for the pairs' results nothing is updated in place:
  every entry, confirmation, dispute and director's result is a new row with who, when and
  from where, and the report that counts is the latest confirmed one;
- :class:`SeatAdjustment`: the director's adjusted score for one seat of one deal;
- :class:`GameTotals` and :class:`GameTotalsReview`: a free-deal evening's game (10.4), each
  seat's game total, with the same confirmation.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models import Entry, PinAttemptRecord, Provenance, ResultEntry, Review, review_meta
from tournaments.models import Championship, Round, Team

SEATS = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
SEAT_LETTERS = "NESW"


def _seats_only(field: str) -> Q:
    """A string of distinct seat letters in notation order ("", "E", "ES", ...)."""
    return Q(**{f"{field}__regex": r"^N?E?S?W?$"})


class IndividualSettings(models.Model):
    """The settings of rules.md 10 that a pairs championship does not have. Locked, like
    the others, once round 1 is released."""

    class Form(models.IntegerChoices):
        FOUR = 4, _("Four players a table (48 cards)")
        THREE = 3, _("Three players a table (36 cards, no 2s, 3s or 4s)")

    championship = models.OneToOneField(
        Championship, on_delete=models.CASCADE, related_name="individual_settings"
    )
    form = models.PositiveSmallIntegerField(_("players a table"), choices=Form.choices,
                                            default=Form.FOUR)
    # A free-deal evening's game lasts a number of hands or a time (10.4); empty is off.
    hand_limit = models.PositiveSmallIntegerField(_("hand limit"), null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), null=True,
                                                     blank=True)

    class Meta:
        verbose_name = _("individual settings")
        verbose_name_plural = _("individual settings")
        constraints = [
            models.CheckConstraint(condition=Q(form__in=[3, 4]),
                                   name="individual_form_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.championship}"


class PlayerTable(models.Model):
    """One table of a round: four (or three) players, one per seat."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="player_tables")
    number = models.PositiveSmallIntegerField(_("table"))

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"],
                                    name="individual_table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1),
                                   name="individual_table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.number}"


class Seating(models.Model):
    """A player's seat at a table. ``round`` repeats the table's so that the database
    itself holds "one seat per player per round"."""

    table = models.ForeignKey(PlayerTable, on_delete=models.CASCADE, related_name="seatings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    seat = models.CharField(_("seat"), max_length=1, choices=SEATS)
    player = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="seatings",
                               verbose_name=_("player"))

    class Meta:
        ordering = ["table", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="individual_seat_unique"),
            models.UniqueConstraint(fields=["round", "player"],
                                    name="individual_player_once_a_round"),
            models.CheckConstraint(condition=Q(seat__in=list(SEAT_LETTERS)),
                                   name="individual_seat_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}: {self.player}"


class SitOut(models.Model):
    """A player sitting out a round (rules.md 10.3): the bye of 6.5 on each of its deals."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sit_outs")
    player = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="sit_outs")

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="individual_sit_out_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player}"


class DealReport(Entry):
    """One submitted report of one deal at one table (rules.md 10.2). Seat W's points are
    empty in the three-player form. ``by_team`` is the player who entered it."""

    table = models.ForeignKey(PlayerTable, on_delete=models.PROTECT, related_name="reports")
    deal_number = models.PositiveIntegerField(_("deal"))
    maker = models.CharField(_("trump maker"), max_length=1, choices=SEATS)
    contract = models.CharField(_("contract"), max_length=3,
                                choices=ResultEntry.Contract.choices)
    contro_by = models.CharField(_("contro by"), max_length=4, blank=True)
    recontro_by = models.CharField(_("recontro by"), max_length=1, blank=True, choices=SEATS)
    sant_vicenc_by = models.CharField(_("Sant Vicenç by"), max_length=1, blank=True,
                                      choices=SEATS)
    delegations = models.PositiveSmallIntegerField(_("delegations"), default=0)
    estevet = models.BooleanField(_("Estevet"), default=False)
    points_n = models.PositiveSmallIntegerField(_("North's points"))
    points_e = models.PositiveSmallIntegerField(_("East's points"))
    points_s = models.PositiveSmallIntegerField(_("South's points"))
    points_w = models.PositiveSmallIntegerField(_("West's points"), null=True, blank=True)
    breaches = models.CharField(_("breaches"), max_length=4, blank=True)

    class Meta(Entry.Meta):
        ordering = ["table", "deal_number", "id"]
        verbose_name = _("deal report")
        verbose_name_plural = _("deal reports")
        indexes = [models.Index(fields=["table", "deal_number", "id"])]
        constraints = [
            *Entry.Meta.constraints,
            models.CheckConstraint(condition=_seats_only("contro_by"),
                                   name="deal_report_contro_seats"),
            models.CheckConstraint(condition=_seats_only("breaches"),
                                   name="deal_report_breach_seats"),
            models.CheckConstraint(condition=Q(maker__in=list(SEAT_LETTERS)),
                                   name="deal_report_maker_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.deal_number}"

    @property
    def points(self) -> dict[str, int]:
        """Each seat's points by letter (no W in the three-player form)."""
        values = {"N": self.points_n, "E": self.points_e, "S": self.points_s,
                  "W": self.points_w}
        return {seat: value for seat, value in values.items() if value is not None}


class ReportReview(Review):
    """Another player's (or the director's) verdict on a deal report."""

    report = models.ForeignKey(DealReport, on_delete=models.PROTECT, related_name="reviews")
    entry_field = "report"
    Meta = review_meta("report", _("report review"), _("report reviews"))


class SeatAdjustment(Provenance):
    """The director's adjusted final for one seat of one deal at one table (rules.md 6.5,
    per seat). The latest row of a seat counts; an empty ``value`` takes the adjustment
    back."""

    table = models.ForeignKey(PlayerTable, on_delete=models.PROTECT,
                              related_name="adjustments")
    deal_number = models.PositiveIntegerField(_("deal"))
    seat = models.CharField(_("seat"), max_length=1, choices=SEATS)
    value = models.DecimalField(_("adjusted score"), max_digits=6, decimal_places=4,
                                null=True, blank=True)
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["table", "deal_number", "seat", "id"]
        verbose_name = _("seat adjustment")
        verbose_name_plural = _("seat adjustments")
        constraints = [
            models.CheckConstraint(condition=Q(value__isnull=True)
                                   | (Q(value__gte=0) & Q(value__lte=2)),
                                   name="seat_adjustment_in_range"),
            models.CheckConstraint(condition=Q(seat__in=list(SEAT_LETTERS)),
                                   name="seat_adjustment_seat_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.deal_number} {self.seat}: {self.value}"


class PlayerDetails(models.Model):
    """What a player has beyond a pair's entrant row: an optional licence number."""

    player = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="player_details")
    licence = models.CharField(_("licence number"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("player's details")
        verbose_name_plural = _("players' details")
        constraints = [
            models.CheckConstraint(condition=Q(licence__regex=r"^[A-Za-z0-9./ -]{0,20}$"),
                                   name="individual_licence_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.licence}"


class GameTotals(Entry):
    """One submitted report of a free-deal evening's game at one table (rules.md 10.4): each
    seat's game total (the sum of the player's ordinary scores of the hands played). As for
    a deal report, the latest confirmed entry counts. ``by_team`` is the player who entered
    it. Seat W's total is empty in the three-player form."""

    table = models.ForeignKey(PlayerTable, on_delete=models.PROTECT, related_name="game_totals")
    total_n = models.PositiveSmallIntegerField(_("North's total"))
    total_e = models.PositiveSmallIntegerField(_("East's total"))
    total_s = models.PositiveSmallIntegerField(_("South's total"))
    total_w = models.PositiveSmallIntegerField(_("West's total"), null=True, blank=True)
    hands_played = models.PositiveSmallIntegerField(_("hands played"), null=True, blank=True)

    class Meta(Entry.Meta):
        ordering = ["table", "id"]
        verbose_name = _("game totals")
        verbose_name_plural = _("game totals")
        indexes = [models.Index(fields=["table", "id"])]

    def __str__(self) -> str:
        return f"{self.table}: {self.totals}"

    @property
    def totals(self) -> dict[str, int]:
        values = {"N": self.total_n, "E": self.total_e, "S": self.total_s, "W": self.total_w}
        return {seat: value for seat, value in values.items() if value is not None}


class GameTotalsReview(Review):
    """Another player's (or the director's) verdict on a game's totals."""

    report = models.ForeignKey(GameTotals, on_delete=models.PROTECT, related_name="reviews")
    entry_field = "report"
    Meta = review_meta("report", _("game totals review"), _("game totals reviews"))


class SeatPinAttempt(PinAttemptRecord):
    """One attempt to confirm an entry at a table of players with another player's PIN,
    typed on the entering player's phone (the lockout: ``results.pins``)."""

    table = models.ForeignKey(PlayerTable, on_delete=models.CASCADE, related_name="pin_attempts")

    class Meta:
        ordering = ["table", "created_at", "id"]
        indexes = [models.Index(fields=["table", "created_at"])]
        verbose_name = _("PIN attempt")
        verbose_name_plural = _("PIN attempts")

    def __str__(self) -> str:
        return f"{self.table} {'ok' if self.ok else 'wrong'}"
