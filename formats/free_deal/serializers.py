"""Serializers of the free-deal API (``formats.free_deal.api``): the format's settings, a
pair's game as its link reads it, the ranking lines and the sections. A game as a table
reports it, and the games and histories the API answers with, are the core's
(``scoring.api.serializers_games``, named here too for this format's modules). They check the
shape of the input, as the forms do (``forms``); the rules decide what a game may be, naming
the field."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from engine import show_score
from formats.free_deal.forms import MAX_POINTS
from formats.free_deal.models import FreeDealSettings
from formats.free_deal.services import settings_of
from formats.free_deal.services.sections import sections_of
from scoring.api import enums
from scoring.api.serializers_games import (  # noqa: F401  the core's, as this format's
    MAX_ID,
    SMALL_INT,
    STATE_HELP,
    CaptainTableSerializer,
    DirectorGameSerializer,
    EntryChoiceSerializer,
    GameAnswerSerializer,
    GameEntrySerializer,
    GameHistorySerializer,
    GameSerializer,
    GameSubmitSerializer,
    HandSerializer,
    HistoryEntrySerializer,
    PairPinSerializer,
    PairSerializer,
    ReviewSerializer,
    RoundGamesSerializer,
    TableGameSerializer,
)
from tournaments.models import Championship


def _limit(help_text):
    return serializers.IntegerField(min_value=1, max_value=MAX_POINTS, required=False,
                                    allow_null=True, help_text=help_text)


class FreeDealSettingsSerializer(serializers.Serializer):
    """The settings of rules.md 11 (every field optional: what is left out keeps its value,
    or the default of rules.md 11 when creating)."""

    def get_attribute(self, instance):
        # Nested in a championship: its settings (saved, or the defaults), or null for a
        # championship of another format. Elsewhere: the attribute, as any field.
        if isinstance(instance, Championship):
            from formats import FREE_DEAL_PAIRS  # late: registered once the apps are ready

            return settings_of(instance) if instance.format == FREE_DEAL_PAIRS.key else None
        return super().get_attribute(instance)

    target = _limit(_("Points that win a game (default 101); null for none."))
    hand_limit = _limit(_("Hands a game lasts at most (default 12); null for none."))
    round_minutes = _limit(_("The round's clock in minutes (default 60); null for none."))
    cap = _limit(_("Points above it are not counted (default 121); null for none."))
    sant_vicenc = serializers.BooleanField(required=False)
    match_points = serializers.ChoiceField(choices=FreeDealSettings.MatchPoints.choices,
                                           required=False)
    tie_breaks = serializers.CharField(
        max_length=120, required=False,
        help_text=_("Comma-separated, first decides first: match_points, point_difference, "
                    "points, buchholz."))
    bye_difference = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS,
                                              required=False)
    bye_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, required=False)
    seeding = serializers.ChoiceField(choices=FreeDealSettings.Seeding.choices, required=False)
    seed_by_rating = serializers.BooleanField(
        required=False, help_text=_("Round 1 seeded by the pairs' ratings, best first, "
                                    "instead of the seeding above (rules.md 13.3)."))
    knockout_size = serializers.ChoiceField(
        choices=[0, 2, 4, 8, 16], required=False,
        help_text=_("The knockout stage after the Swiss: how many of the final ranking play "
                    "it (0 for none)."))
    knockout_best_of = serializers.ChoiceField(
        choices=[1, 3], required=False,
        help_text=_("A knockout tie is one game (1) or the best of three (3)."))
    sections = serializers.ListField(
        child=serializers.CharField(max_length=60), max_length=20, required=False,
        help_text=_("The sections' names, in order; each section is paired and ranked on "
                    "its own. Empty for a single field."))

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if isinstance(instance, FreeDealSettings):
            data["sections"] = [s.name for s in sections_of(instance.championship)]
        return data


class CaptainGameSerializer(CaptainTableSerializer):
    """A pair's game, as its link shows it: its table in the open round (else its latest
    one), whether it may enter or confirm now, the game's state and latest entry."""

    bye_round = serializers.IntegerField(allow_null=True, help_text=_(
        "The open round in which the pair has the bye (no game), if any."))
    state = enums.enum_field(enums.GAME_STATES, nullable=True, help_text=STATE_HELP)
    entry = GameEntrySerializer(allow_null=True, help_text=_("The latest entry."))
    settings = FreeDealSettingsSerializer()


class RankingLineSerializer(serializers.Serializer):
    """A pair's line of the ranking (rules.md 11.3). Match points and Buchholz are shown as
    the duplicate standings show a total: 2 decimals as text, and the exact fraction."""

    place = serializers.IntegerField(source="placed.place")
    label = serializers.CharField(source="place", help_text=_("The place as shown, e.g. '4='."))
    shared = serializers.BooleanField(source="placed.shared")
    team = serializers.IntegerField(source="team.number", help_text=_("The pair's number."))
    section = serializers.CharField(source="section_name", help_text=_(
        "The pair's section (its place is within it); empty without sections."))
    name = serializers.CharField(source="team.name")
    players = serializers.CharField(source="team.players")
    withdrawn = serializers.BooleanField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    match_points = serializers.SerializerMethodField(help_text=_("2 decimals, e.g. '2.50'."))
    match_points_exact = serializers.SerializerMethodField(help_text=_(
        "Exact fraction, e.g. '5/2'."))
    points = serializers.IntegerField()
    points_against = serializers.IntegerField()
    point_difference = serializers.IntegerField()
    buchholz = serializers.SerializerMethodField(help_text=_("2 decimals."))
    buchholz_exact = serializers.SerializerMethodField(help_text=_("Exact fraction."))

    def get_match_points(self, line) -> str:
        return show_score(line.match_points)

    def get_match_points_exact(self, line) -> str:
        return str(line.match_points)

    def get_buchholz(self, line) -> str:
        return show_score(line.buchholz)

    def get_buchholz_exact(self, line) -> str:
        return str(line.buchholz)



# --- Sections ---------------------------------------------------------------------------------


class PairSectionSerializer(serializers.Serializer):
    pair = serializers.IntegerField(min_value=1, max_value=MAX_ID,
                                    help_text=_("The pair's number."))
    name = serializers.CharField(read_only=True)
    section = serializers.CharField(max_length=60, allow_blank=True, help_text=_(
        "The section's name; empty for none."))


class PairSectionsSerializer(serializers.Serializer):
    """The sections, in order, and each pair's (rules.md 11.3)."""

    sections = serializers.ListField(child=serializers.CharField(), read_only=True)
    pairs = PairSectionSerializer(many=True, max_length=1000)
