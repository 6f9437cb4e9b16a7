"""A groups-then-knockout championship's settings and its groups (rules.md 12.1, 12.3).

The group rounds are the core's :class:`~tournaments.models.Round` and
:class:`~tournaments.models.Table` rows (a table is one game: ``ns_team`` the first pair,
``ew_team`` the second, the seats meaning nothing in a free-deal game); a group's sit-out in
a round is a :class:`GroupSitOut`. The groups themselves are :class:`Group` and
:class:`GroupPair`, made once by the director (a seeded draw or the snake) and changed only
by swaps before round 1 is released.
"""

from __future__ import annotations

import string

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Championship, Round, Team

GROUP_SIZES = [(4, "4"), (5, "5"), (6, "6")]
WIN_POINTS = [(1, "1"), (2, "2"), (3, "3")]
BEST_OF = [(1, _("One game per tie")), (3, _("Best of three games per tie"))]


class GroupsSettings(models.Model):
    """The settings of rules.md 12: locked, like the championship's others, once round 1 is
    released. ``bracket_size`` empty is the default (the smallest power of two that holds G
    × Q pairs)."""

    class Seeding(models.TextChoices):
        DRAW = "draw", _("Seeded draw")
        SNAKE = "snake", _("Snake from the pairs' numbers (the director's seeding order)")

    championship = models.OneToOneField(
        Championship, on_delete=models.CASCADE, related_name="groups_settings")
    group_size = models.PositiveSmallIntegerField(_("group size"), choices=GROUP_SIZES,
                                                  default=4)
    hands_per_game = models.PositiveSmallIntegerField(_("hands per game"), default=8)
    extra_hands = models.PositiveSmallIntegerField(_("extra hands when level"), default=2)
    win_points = models.PositiveSmallIntegerField(_("match points for a win"),
                                                  choices=WIN_POINTS, default=1)
    qualifiers_per_group = models.PositiveSmallIntegerField(_("pairs through per group"),
                                                            default=1)
    bracket_size = models.PositiveSmallIntegerField(_("bracket size"), null=True, blank=True)
    best_of = models.PositiveSmallIntegerField(_("knockout ties"), choices=BEST_OF, default=1)
    third_place = models.BooleanField(_("third-place game"), default=False)
    seeding = models.CharField(_("groups"), max_length=8, choices=Seeding.choices,
                               default=Seeding.DRAW)

    class Meta:
        verbose_name = _("groups-then-knockout settings")
        verbose_name_plural = _("groups-then-knockout settings")
        constraints = [
            models.CheckConstraint(condition=Q(group_size__gte=4) & Q(group_size__lte=6),
                                   name="groups_group_size_range"),
            models.CheckConstraint(
                condition=Q(hands_per_game__gte=1) & Q(hands_per_game__lte=99),
                name="groups_hands_per_game_range"),
            models.CheckConstraint(condition=Q(extra_hands__gte=1) & Q(extra_hands__lte=99),
                                   name="groups_extra_hands_range"),
            models.CheckConstraint(condition=Q(win_points__in=[1, 2, 3]),
                                   name="groups_win_points_valid"),
            models.CheckConstraint(
                condition=Q(qualifiers_per_group__gte=1) & Q(qualifiers_per_group__lte=5),
                name="groups_qualifiers_per_group_range"),
            models.CheckConstraint(
                condition=Q(bracket_size__isnull=True)
                | Q(bracket_size__in=[2, 4, 8, 16, 32, 64, 128]),
                name="groups_bracket_size_power_of_two"),
            models.CheckConstraint(condition=Q(best_of__in=[1, 3]),
                                   name="groups_best_of_valid"),
            models.CheckConstraint(condition=Q(seeding__in=["draw", "snake"]),
                                   name="groups_seeding_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.championship}"

    @property
    def seed_by_rating(self) -> bool:
        """The groups made snake-wise from the ratings (rules.md 13.3): kept on the
        championship, offered among these settings (``services.settings`` stores it)."""
        return self.championship.seed_by_rating


def group_letter(number: int) -> str:
    """Group 1 is A, 2 is B, … 26 is Z, 27 is AA (no event has that many)."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


class Group(models.Model):
    """One group of the championship, numbered from 1 (shown as a letter)."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="groups")
    number = models.PositiveSmallIntegerField(_("number"))
    # The seed of the draw that made the groups (empty for the snake): the same seed gives the
    # same groups (rules.md 12.1).
    draw_seed = models.CharField(_("draw seed"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"],
                                    name="groups_group_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="groups_group_number_positive"),
        ]

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        return group_letter(self.number)


class GroupPair(models.Model):
    """A pair in its group, at its position (from 1: the order the schedule seats them)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="pairs")
    # The championship again, so that a pair is in one group per championship (a constraint).
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="group_pairs")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="group_places")
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        verbose_name = _("pair in a group")
        verbose_name_plural = _("pairs in groups")
        ordering = ["group__number", "position"]
        constraints = [
            models.UniqueConstraint(fields=["championship", "team"],
                                    name="groups_pair_one_group"),
            models.UniqueConstraint(fields=["group", "position"],
                                    name="groups_pair_position_unique"),
            models.CheckConstraint(condition=Q(position__gte=1),
                                   name="groups_pair_position_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.group}{self.position}: {self.team}"


class GroupSitOut(models.Model):
    """A pair of a group that sits out a group round (an odd group's, or a group whose round
    robin is over): no game, no score (rules.md 12.1)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="group_sit_outs")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="group_sit_outs")

    class Meta:
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="groups_sit_out_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team}"


class GroupWalkover(models.Model):
    """A group game that a withdrawn pair loses without playing (rules.md 12.4): won by
    ``winner`` by ``margin`` to 0, the mean winning margin of the group's games played when
    the withdrawal was recorded (``made_at``), fixed then. ``round_number`` is the group
    round the schedule gives the game, so the standings after a round count it with that
    round's games. Not a game entry: nobody entered or confirmed it."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="walkovers")
    winner = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="walkovers_won")
    withdrawn = models.ForeignKey(Team, on_delete=models.CASCADE,
                                  related_name="walkovers_lost")
    margin = models.PositiveSmallIntegerField(_("margin"))
    round_number = models.PositiveSmallIntegerField(_("round"))
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("walkover")
        verbose_name_plural = _("walkovers")
        ordering = ["round_number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["winner", "withdrawn"],
                                    name="groups_walkover_once"),
            models.CheckConstraint(condition=~Q(winner=models.F("withdrawn")),
                                   name="groups_walkover_two_pairs"),
        ]

    def __str__(self) -> str:
        return f"{self.group}: {self.winner} {self.margin}-0 {self.withdrawn} (w/o)"


class GroupDraw(models.Model):
    """The director's draw between pairs level on every figure, kept (rules.md 12.2, 12.3):
    a tie of a group's ranking (``group``) or of the comparison across groups (``group``
    empty). Its pairs (:class:`GroupDrawPair`) are the tied pairs in the drawn order; the draw
    settles only a tie of exactly those pairs, so a corrected result that changes who is
    level leaves it aside rather than applying it to other pairs."""

    class Method(models.TextChoices):
        GIVEN = "given", _("drawn at the venue, order given")
        SERVER = "server", _("drawn by the server")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="group_draws")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="draws")
    method = models.CharField(_("how"), max_length=8, choices=Method.choices)
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("draw between level pairs")
        verbose_name_plural = _("draws between level pairs")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(method__in=["given", "server"]),
                                   name="groups_draw_method_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.group or '*'}: {self.method}"


class GroupDrawPair(models.Model):
    """A pair of a kept draw at its drawn position (1: the better place)."""

    draw = models.ForeignKey(GroupDraw, on_delete=models.CASCADE, related_name="pairs")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="group_draws")
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        verbose_name = _("pair in a draw")
        verbose_name_plural = _("pairs in draws")
        ordering = ["draw", "position"]
        constraints = [
            models.UniqueConstraint(fields=["draw", "team"], name="groups_draw_pair_once"),
            models.UniqueConstraint(fields=["draw", "position"],
                                    name="groups_draw_position_unique"),
            models.CheckConstraint(condition=Q(position__gte=1),
                                   name="groups_draw_position_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.team}"
