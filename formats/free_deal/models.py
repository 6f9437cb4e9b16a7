"""A free-deal championship's settings and sections, and its knockout stage's settings
(rules.md 11).

A round's :class:`~tournaments.models.Table` is one game: its ``ns_team`` is the **first**
pair (the higher-ranked one, table 1 being the top pairing) and its ``ew_team`` the
second; the seats mean nothing in a free-deal game. The games its tables report are the
core's (``scoring.models.GameEntry``, shared with every format whose table plays one game
of two pairs), and so is the knockout bracket (``scoring.models.KnockoutTie`` and its
games, reports and reviews, shared with every format that ends in a knockout).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Championship, Round, Team

#: The default tie-break order of rules.md 11.3, by metric name (engine.free_deal.ranking).
DEFAULT_TIE_BREAKS = "match_points,point_difference,points,buchholz"

#: The knockout stage's sizes (rules.md 11.3; engine.free_deal.knockout), 0 being none.
KNOCKOUT_SIZES = [
    (0, _("No knockout stage")), (2, _("Final of the top 2")), (4, _("Top 4 (semi-finals)")),
    (8, _("Top 8 (quarter-finals)")), (16, _("Top 16 (round of 16)")),
]
KNOCKOUT_BEST_OF = [(1, _("One game per tie")), (3, _("Best of three games per tie"))]


class FreeDealSettings(models.Model):
    """The settings of rules.md 11 that a duplicate championship does not have. Locked,
    like the others, once round 1 is released. An empty limit is off."""

    class MatchPoints(models.TextChoices):
        ONE_HALF_ZERO = "1-1/2-0", _("Win 1, draw ½, loss 0")
        TWO_ONE_ZERO = "2-1-0", _("Win 2, draw 1, loss 0")
        THREE_ONE_ZERO = "3-1-0", _("Win 3, draw 1, loss 0")

    class Seeding(models.TextChoices):
        DRAW = "draw", _("Seeded draw")
        ORDER = "order", _("The pairs' numbers, as the director seeded them")

    championship = models.OneToOneField(
        Championship, on_delete=models.CASCADE, related_name="free_deal_settings"
    )
    target = models.PositiveSmallIntegerField(_("target"), null=True, blank=True, default=101)
    hand_limit = models.PositiveSmallIntegerField(
        _("hand limit"), null=True, blank=True, default=12
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"), null=True, blank=True, default=60
    )
    cap = models.PositiveSmallIntegerField(_("cap"), null=True, blank=True, default=121)
    sant_vicenc = models.BooleanField(_("Sant Vicenç allowed"), default=True)
    match_points = models.CharField(
        _("match points"), max_length=8, choices=MatchPoints.choices,
        default=MatchPoints.ONE_HALF_ZERO,
    )
    tie_breaks = models.CharField(_("tie-break order"), max_length=120,
                                  default=DEFAULT_TIE_BREAKS)
    bye_difference = models.SmallIntegerField(_("bye: point difference"), default=0)
    bye_points = models.PositiveSmallIntegerField(_("bye: points"), default=0)
    seeding = models.CharField(_("round 1"), max_length=8, choices=Seeding.choices,
                               default=Seeding.DRAW)
    # The knockout stage after the Swiss (rules.md 11.3): how many of the final ranking play
    # it (0: none) and whether a tie is one game or the best of three.
    knockout_size = models.PositiveSmallIntegerField(
        _("knockout stage: pairs"), choices=KNOCKOUT_SIZES, default=0)
    knockout_best_of = models.PositiveSmallIntegerField(
        _("knockout stage: games per tie"), choices=KNOCKOUT_BEST_OF, default=1)

    class Meta:
        verbose_name = _("free-deal settings")
        verbose_name_plural = _("free-deal settings")
        constraints = [
            models.CheckConstraint(condition=Q(target__isnull=True) | Q(target__gte=1),
                                   name="free_deal_target_positive"),
            models.CheckConstraint(condition=Q(hand_limit__isnull=True) | Q(hand_limit__gte=1),
                                   name="free_deal_hand_limit_positive"),
            models.CheckConstraint(
                condition=Q(round_minutes__isnull=True) | Q(round_minutes__gte=1),
                name="free_deal_round_minutes_positive"),
            models.CheckConstraint(condition=Q(cap__isnull=True) | Q(cap__gte=1),
                                   name="free_deal_cap_positive"),
            models.CheckConstraint(
                condition=Q(match_points__in=["1-1/2-0", "2-1-0", "3-1-0"]),
                name="free_deal_match_points_valid"),
            models.CheckConstraint(condition=Q(seeding__in=["draw", "order"]),
                                   name="free_deal_seeding_valid"),
            models.CheckConstraint(condition=Q(knockout_size__in=[0, 2, 4, 8, 16]),
                                   name="free_deal_knockout_size_valid"),
            models.CheckConstraint(condition=Q(knockout_best_of__in=[1, 3]),
                                   name="free_deal_knockout_best_of_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.championship}"

    @property
    def seed_by_rating(self) -> bool:
        """Round 1 seeded by rating (rules.md 13.3): kept on the championship, offered
        among these settings (``services.settings.save_settings`` stores it)."""
        return self.championship.seed_by_rating


class Section(models.Model):
    """A section of the event (rules.md 11.3): its pairs are paired and ranked among
    themselves, and share the rounds and the clock with the other sections. A championship
    without sections is one implicit section."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="free_deal_sections")
    name = models.CharField(_("name"), max_length=60)
    # The sections' order: their tables are numbered through in this order.
    position = models.PositiveSmallIntegerField(_("order"))

    class Meta:
        ordering = ["championship", "position"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        constraints = [
            models.UniqueConstraint(fields=["championship", "name"],
                                    name="free_deal_section_name_unique"),
            models.UniqueConstraint(fields=["championship", "position"],
                                    name="free_deal_section_position_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class PairSection(models.Model):
    """The section a pair plays in (none: the championship has no sections)."""

    team = models.OneToOneField(Team, on_delete=models.CASCADE,
                                related_name="free_deal_section")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")

    class Meta:
        verbose_name = _("pair's section")
        verbose_name_plural = _("pairs' sections")

    def __str__(self) -> str:
        return f"{self.team} · {self.section}"


class SectionBye(models.Model):
    """A section's bye in a round (rules.md 11.3): with sections, each section with an odd
    number of pairs has its own, and ``Round.bye_team`` (one per round) stays empty."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="section_byes")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="section_byes")

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("section bye")
        verbose_name_plural = _("section byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "team"],
                                    name="free_deal_section_bye_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team}"
