"""A free-deal championship's settings, sections and knockout stage (rules.md 11).

A round's :class:`~tournaments.models.Table` is one game: its ``ns_team`` is the **first**
pair (the higher-ranked one, table 1 being the top pairing) and its ``ew_team`` the
second; the seats mean nothing in a free-deal game. The games its tables report are the
core's (``scoring.models.GameEntry``, shared with every format whose table plays one game
of two pairs); the knockout's reports are here. As for duplicate results, nothing is
updated in place: every entry, confirmation, dispute and director's result is a new row
with who, when and from where.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models import Entry, Provenance, Review, review_meta
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


class KnockoutTie(models.Model):
    """One tie of the knockout bracket (rules.md 11.3): drawn whole when the stage starts
    (the first round's pairs set, the later rounds' empty), each later tie's pairs set as the
    ties before it are decided. ``stage`` counts from 1 (the first round of the bracket);
    ``slot`` from 1 within its stage, top of the bracket first. ``first`` is the better seed.
    A pair in the bracket cannot be removed (RESTRICT), but the whole championship can."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="knockout_ties")
    stage = models.PositiveSmallIntegerField(_("knockout round"))
    slot = models.PositiveSmallIntegerField(_("tie"))
    first = models.ForeignKey(Team, null=True, blank=True, on_delete=models.RESTRICT,
                              related_name="+")
    second = models.ForeignKey(Team, null=True, blank=True, on_delete=models.RESTRICT,
                               related_name="+")
    first_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    second_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    winner = models.ForeignKey(Team, null=True, blank=True, on_delete=models.RESTRICT,
                               related_name="+")

    class Meta:
        ordering = ["championship", "stage", "slot"]
        verbose_name = _("knockout tie")
        verbose_name_plural = _("knockout ties")
        constraints = [
            models.UniqueConstraint(fields=["championship", "stage", "slot"],
                                    name="free_deal_knockout_tie_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.championship}: {self.stage}.{self.slot}"

    @property
    def sides(self) -> tuple:
        """Each side as (pair, seed, 1 or 2), the first pair first: for the bracket's rows."""
        return (self.first, self.first_seed, 1), (self.second, self.second_seed, 2)


class KnockoutScore(Provenance):
    """A game of a knockout tie as it was played or reported: which game of the tie
    (``number``, from 1) and both pairs' points, never equal (a tied game goes on until one
    pair leads, rules.md 11.3)."""

    number = models.PositiveSmallIntegerField(_("game"))
    first_points = models.PositiveSmallIntegerField(_("first pair's points"))
    second_points = models.PositiveSmallIntegerField(_("second pair's points"))

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.tie} #{self.number}: {self.first_points}-{self.second_points}"


class KnockoutGame(KnockoutScore):
    """One game of a knockout tie: both pairs' points, never equal (a tied game goes on
    until one pair leads, rules.md 11.3). Entered by the director; a row per game, never
    changed."""

    tie = models.ForeignKey(KnockoutTie, on_delete=models.CASCADE, related_name="games")

    class Meta:
        ordering = ["tie", "number"]
        verbose_name = _("knockout game")
        verbose_name_plural = _("knockout games")
        constraints = [
            models.UniqueConstraint(fields=["tie", "number"],
                                    name="free_deal_knockout_game_unique"),
            models.CheckConstraint(condition=~Q(first_points=models.F("second_points")),
                                   name="free_deal_knockout_game_has_winner"),
        ]

    @property
    def first_won(self) -> bool:
        return self.first_points > self.second_points


#: A knockout report's state, as the director's bracket words it.
KNOCKOUT_ENTRY_STATES = {"pending": _("waiting for confirmation"), "confirmed": _("confirmed"),
                         "disputed": _("disputed")}


class KnockoutEntries(models.QuerySet):
    def with_state(self):
        """Each report with what its ``state`` reads (whether it is confirmed, and the
        comment of its dispute, if any), in the same query."""
        reviews = KnockoutReview.objects.filter(entry=models.OuterRef("pk"))
        return self.annotate(
            confirmed=models.Exists(reviews.filter(verdict=Review.Verdict.CONFIRM)),
            dispute_comment=models.Subquery(reviews.filter(verdict=Review.Verdict.DISPUTE)
                                            .order_by("id").values("comment")[:1]))


class KnockoutEntry(Entry, KnockoutScore):
    """A knockout game as a pair's captain reports it on its phone (rules.md 11.3), an entry
    of the results core (``services.knockout_captains.KNOCKOUT_GAMES``): it waits for the
    other pair of the tie, which confirms it (the game then counts: a :class:`KnockoutGame`,
    ``game``, set once then) or disputes it (the director settles it on the bracket page).
    ``number`` is the game of the tie it reports; an entry for a game the director has
    already entered, or older than a newer entry, can no longer be confirmed."""

    tie = models.ForeignKey(KnockoutTie, on_delete=models.CASCADE, related_name="entries")
    game = models.OneToOneField(KnockoutGame, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="entry")

    class Meta(Entry.Meta):
        ordering = ["tie", "id"]
        verbose_name = _("knockout game entry")
        verbose_name_plural = _("knockout game entries")
        constraints = [
            *Entry.Meta.constraints,
            models.CheckConstraint(condition=~Q(first_points=models.F("second_points")),
                                   name="free_deal_knockout_entry_has_winner"),
        ]

    objects = KnockoutEntries.as_manager()

    @property
    def state(self) -> str:
        """``pending``, ``confirmed`` or ``disputed``, as the pages and the API say it (read
        ``with_state()``, or from its reviews)."""
        if hasattr(self, "confirmed"):
            confirmed, disputed = self.confirmed, self.dispute_comment is not None
        else:
            verdicts = set(self.reviews.values_list("verdict", flat=True))
            confirmed, disputed = (Review.Verdict.CONFIRM in verdicts,
                                   Review.Verdict.DISPUTE in verdicts)
        if confirmed:
            return "confirmed"
        return "disputed" if disputed else "pending"

    def get_state_display(self) -> str:
        return str(KNOCKOUT_ENTRY_STATES[self.state])


class KnockoutReview(Review):
    """The other pair's verdict on a captain's knockout report."""

    entry = models.ForeignKey(KnockoutEntry, on_delete=models.PROTECT, related_name="reviews")
    Meta = review_meta("entry", _("knockout game review"), _("knockout game reviews"))
