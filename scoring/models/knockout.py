"""A knockout bracket (rules.md 11.3, 12.4): its ties, the games that count, the pairs'
reports of a game and the other pair's verdicts. Every format whose championship ends in a
knockout keeps its bracket here (``scoring.services.knockout``); how the format picks the
bracket's pairs is its own. The tables are the ones the free-deal format made
(``db_table``), kept when the models moved to the core. As elsewhere, nothing is updated in
place: every game, report and verdict is a new row with who, when and from where; a tie's
pairs and winner are filled in as the bracket is played.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models.records import Entry, Provenance, Review, review_meta
from tournaments.models import Championship, Team


class KnockoutTie(models.Model):
    """One tie of the knockout bracket (rules.md 11.3, 12.4): drawn whole when the stage starts
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
        db_table = "free_deal_knockouttie"
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
    (``number``, from 1), both pairs' points, never equal (a tied game goes on until one
    pair leads, rules.md 11.3), and the hands played when the format's knockout games are
    counted in hands (rules.md 12.4: 8, 10, 12...; ``Format.knockout_pad``). Empty for a
    game played to a target (the free-deal knockout, rules.md 11.3)."""

    number = models.PositiveSmallIntegerField(_("game"))
    first_points = models.PositiveSmallIntegerField(_("first pair's points"))
    second_points = models.PositiveSmallIntegerField(_("second pair's points"))
    hands = models.PositiveSmallIntegerField(_("hands played"), null=True, blank=True)

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
        db_table = "free_deal_knockoutgame"
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
    of the results core (``scoring.services.knockout_captains.KNOCKOUT_GAMES``): it waits for the
    other pair of the tie, which confirms it (the game then counts: a :class:`KnockoutGame`,
    ``game``, set once then) or disputes it (the director settles it on the bracket page).
    ``number`` is the game of the tie it reports; an entry for a game the director has
    already entered, or older than a newer entry, can no longer be confirmed."""

    tie = models.ForeignKey(KnockoutTie, on_delete=models.CASCADE, related_name="entries")
    game = models.OneToOneField(KnockoutGame, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="entry")

    class Meta(Entry.Meta):
        db_table = "free_deal_knockoutentry"
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
    Meta = review_meta("entry", _("knockout game review"), _("knockout game reviews"),
                       db_table="free_deal_knockoutreview")
