"""What the groups-then-knockout API answers: a pair's group game as its link reads it, the
groups with their pairs, a pair's line of its group's standing, who goes through (and the
director's confirmation of it) and the final ranking. A game as a table reports it, a
table's game and the knockout bracket are the core's (``scoring.api.serializers_games``,
``scoring.api.knockout``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from formats.groups_knockout.serializers import GroupsSettingsSerializer
from scoring.api import enums
from scoring.api.serializers_games import (
    STATE_HELP,
    CaptainTableSerializer,
    GameEntrySerializer,
    PairSerializer,
)


class CaptainGroupGameSerializer(CaptainTableSerializer):
    """A pair's group game, as its link shows it: its table in the open round (else its
    latest one), whether it may enter or confirm now, its group, the game's state and latest
    entry; or the open round it sits out."""

    group = serializers.CharField(help_text=_("The pair's group (its letter); empty before "
                                              "the groups are made."))
    sit_out_round = serializers.IntegerField(allow_null=True, help_text=_(
        "The open round the pair sits out (no game), if any."))
    state = enums.enum_field(enums.GAME_STATES, nullable=True, help_text=STATE_HELP)
    entry = GameEntrySerializer(allow_null=True, help_text=_("The latest entry."))
    settings = GroupsSettingsSerializer()


class GroupPairSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text=_("The pair's position in its group (1 "
                                                    "first), as the schedule reads it."))
    pair = serializers.IntegerField(source="team.number", help_text=_("The pair's number."))
    name = serializers.CharField(source="team.name")
    withdrawn = serializers.BooleanField(source="team.withdrawn")


class GroupSerializer(serializers.Serializer):
    """A group (rules.md 12.1) and its pairs in position order."""

    group = serializers.CharField(source="letter")
    pairs = GroupPairSerializer(many=True)


class GroupStandingLineSerializer(serializers.Serializer):
    """A pair's line in its group's standing (rules.md 12.2), the groups one after the other
    (A first), each best first."""

    group = serializers.CharField()
    place = serializers.CharField(help_text=_("The place in the group as shown, e.g. '2=' "
                                              "while a draw is needed."))
    pair = serializers.IntegerField(source="row.team.number", help_text=_("The pair's number."))
    name = serializers.CharField(source="row.team.name")
    withdrawn = serializers.BooleanField(source="row.team.withdrawn")
    games = serializers.IntegerField(source="row.line.games")
    wins = serializers.IntegerField(source="row.line.wins")
    losses = serializers.IntegerField(source="row.line.losses")
    match_points = serializers.IntegerField(source="row.line.match_points")
    points = serializers.IntegerField(source="row.line.points_for")
    points_against = serializers.IntegerField(source="row.line.points_against")
    through = serializers.ChoiceField(
        choices=["direct", "repechage", ""], source="row.through",
        help_text=_("How the pair goes through once every group game counts: direct, "
                    "repechage, or empty."))


class SeedSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    pair = serializers.IntegerField(source="team.number", help_text=_("The pair's number."))
    name = serializers.CharField(source="team.name")
    group = serializers.CharField()
    place = serializers.IntegerField(help_text=_("The pair's place in its group."))
    through = serializers.ChoiceField(choices=["direct", "repechage"])


class FirstRoundTieSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    top = serializers.IntegerField(source="top.number", allow_null=True, default=None,
                                   help_text=_("The better seed's pair number."))
    top_seed = serializers.IntegerField(allow_null=True)
    bottom = serializers.IntegerField(source="bottom.number", allow_null=True, default=None,
                                      help_text=_("The other pair's number; null: a bye."))
    bottom_seed = serializers.IntegerField(allow_null=True)


class DrawTieSerializer(serializers.Serializer):
    """Pairs level on every figure where their order matters (rules.md 12.2, 12.3)."""

    group = serializers.CharField(source="letter", allow_null=True, help_text=_(
        "The group's letter; null: a tie across the groups."))
    pairs = serializers.ListField(child=serializers.IntegerField(), help_text=_(
        "The pairs' numbers (in the drawn order once drawn, best first)."))


class GoingThroughSerializer(serializers.Serializer):
    """Who goes through (rules.md 12.3): empty but for the games still missing, the ties
    waiting for the director's draw and the kept draws until every group game counts and
    nothing blocks it."""

    complete = serializers.BooleanField(source="stage.complete", help_text=_(
        "Whether every group game counts."))
    missing = serializers.IntegerField(source="stage.missing", help_text=_(
        "The group games not confirmed yet."))
    blocked = serializers.CharField(source="stage.blocked", help_text=_(
        "Why nobody goes through although every game counts (a draw needed...)."))
    seeds = SeedSerializer(many=True)
    excluded = PairSerializer(many=True, help_text=_("Left out of the repechage: no win."))
    byes = PairSerializer(many=True)
    first_round = FirstRoundTieSerializer(many=True, source="ties")
    draws_needed = DrawTieSerializer(many=True, help_text=_(
        "The ties waiting for the director's draw (rules.md 12.2, 12.3)."))
    drawn = DrawTieSerializer(many=True, help_text=_("The kept draws that settle a tie now."))


class DrawSerializer(serializers.Serializer):
    """The director's draw of a tie between level pairs (rules.md 12.2, 12.3)."""

    pairs = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1), allow_empty=False,
        help_text=_("The tie's pairs by number, in the drawn order (best first); with "
                    "``for_me`` the order given does not matter."))
    for_me = serializers.BooleanField(required=False, default=False, help_text=_(
        "Let the server draw the order of the pairs given."))


class ConfirmQualifiersSerializer(serializers.Serializer):
    """Confirming who goes through: optionally two qualifiers changing places first."""

    swap_first = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=2**31 - 1,
        help_text=_("A pair going through to swap with ``swap_second`` (its number)."))
    swap_second = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=2**31 - 1,
        help_text=_("The other pair of the swap (its number)."))

    def validate(self, data):
        first, second = data.get("swap_first"), data.get("swap_second")
        if (first is None) != (second is None):
            raise serializers.ValidationError({
                "swap_second" if second is None else "swap_first":
                    [_("Give both pairs to swap, or neither.")]})
        return data


class FinalPlaceSerializer(serializers.Serializer):
    place = serializers.CharField(source="label", help_text=_("1, 2, 3= ..."))
    pair = serializers.IntegerField(source="team.number", help_text=_("The pair's number."))
    name = serializers.CharField(source="team.name")
    knockout = serializers.BooleanField(help_text=_(
        "Whether the pair played in the bracket (else it is ranked by its group place)."))


class FinalRankingSerializer(serializers.Serializer):
    decided = serializers.BooleanField(help_text=_(
        "Whether the final (and the third-place game, when there is one) is decided."))
    places = FinalPlaceSerializer(many=True)
