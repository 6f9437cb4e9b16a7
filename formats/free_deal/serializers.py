"""Serializers of the free-deal API (``formats.free_deal.api``): the format's settings, a game
as a table reports it, and the games, histories and ranking lines it answers with. They
check the shape of the input, as the forms do (``forms``); the rules (through ``rules``)
decide what a game may be, naming the field."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from engine import show_score
from formats.free_deal.forms import MAX_HANDS, MAX_POINTS
from formats.free_deal.models import FreeDealSettings
from formats.free_deal.services import settings_of
from formats.free_deal.services.sections import sections_of
from scoring.api import enums
from scoring.models import GameEntry, GameReview
from scoring.services.games import GameValues
from tournaments.models import Championship

# The columns are small integers: anything beyond is refused here, before the rules.
SMALL_INT = 32_767
MAX_ID = 2**31 - 1


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


# --- A game as a table reports it ------------------------------------------------------------


class HandSerializer(serializers.Serializer):
    """One hand of the score pad. The types are checked here; what the hand may be (the
    contract, the doubling, the points) by the rules, naming ``hands.<index>.<field>``."""

    makers = enums.enum_field(enums.PAIRS, max_length=8)
    contract = enums.enum_field(enums.CONTRACTS, max_length=8)
    doubling = serializers.IntegerField(min_value=-SMALL_INT, max_value=SMALL_INT, help_text=_(
        "0 none, 1 contro, 2 recontro, 3 Sant Vicenç"))
    scorer = enums.enum_field(enums.PAIRS, nullable=True, max_length=8, help_text=_(
        "The pair that scored (first or second), null for a 36-36 hand"))
    points = serializers.IntegerField(min_value=-SMALL_INT, max_value=SMALL_INT, help_text=_(
        "What the scorer scored, already multiplied"))


class GameSerializer(serializers.Serializer):
    """Both pairs' points, how the game ended, the hands played (rules.md 11.2)."""

    first_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS,
                                            help_text=_("The first pair's points (0 to the cap)."))
    second_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, help_text=_(
        "The second pair's points (0 to the cap)."))
    ended_by = serializers.ChoiceField(choices=GameEntry.EndedBy.choices)
    hands_played = serializers.IntegerField(min_value=1, max_value=MAX_HANDS)
    hands = serializers.ListField(
        child=HandSerializer(), required=False, allow_null=True, max_length=MAX_HANDS,
        help_text=_("Optional, the hand-by-hand record: it must add up to the points."))

    def values(self) -> GameValues:
        data = self.validated_data
        hands = data.get("hands")
        return GameValues(
            first_points=data["first_points"], second_points=data["second_points"],
            ended_by=data["ended_by"], hands_played=data["hands_played"],
            hands=tuple(dict(hand) for hand in hands) if hands is not None else None,
        )


class GameSubmitSerializer(GameSerializer):
    """A captain's game. ``round`` and ``table``, when sent, must be the pair's open game:
    a report queued on a phone is not stored at a later round's table."""

    round = serializers.IntegerField(min_value=1, max_value=SMALL_INT, required=False,
                                     help_text=_("Optional: the round this game was played in."))
    table = serializers.IntegerField(min_value=1, max_value=SMALL_INT, required=False,
                                     help_text=_("Optional: the table this game was played at."))
    idempotency_key = serializers.CharField(
        required=False, allow_blank=True, max_length=64,
        help_text=_("A random key per submission: sending it again stores the game once."))


class DirectorGameSerializer(GameSerializer):
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True,
                                 help_text=_("Why the director enters it (kept in the history)."))


class EntryChoiceSerializer(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1, max_value=MAX_ID,
                                     help_text=_("The entry of this table to confirm."))


class PairPinSerializer(serializers.Serializer):
    """The other pair's PIN, typed on the phone of the pair that entered the game."""

    pin = serializers.RegexField(
        r"^[0-9]{4}$", help_text=_("The other pair's 4-digit PIN."),
        error_messages={key: _("PIN: type the other pair's 4 digits.")
                        for key in ("invalid", "required", "blank", "null")},
    )


# --- What the API answers ---------------------------------------------------------------------


class PairSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()


class GameEntrySerializer(serializers.Serializer):
    """One stored entry of a game (read only)."""

    id = serializers.IntegerField()
    first_points = serializers.IntegerField()
    second_points = serializers.IntegerField()
    ended_by = serializers.ChoiceField(choices=GameEntry.EndedBy.choices)
    hands_played = serializers.IntegerField()
    hands = serializers.ListField(child=HandSerializer(), allow_null=True)
    by_pair = serializers.IntegerField(source="by_team_id", allow_null=True,
                                       help_text=_("The pair (id) that entered it; null: the "
                                                   "director."))
    by_director = serializers.BooleanField(source="by_director_override")
    created_at = serializers.DateTimeField()


STATE_HELP = _("empty, pending (waiting for the other pair), confirmed (it counts) or disputed")


class GameAnswerSerializer(serializers.Serializer):
    """A game after a captain's write: where, its state, the entry written or reviewed."""

    round = serializers.IntegerField()
    table = serializers.IntegerField()
    state = enums.enum_field(enums.GAME_STATES, help_text=STATE_HELP)
    entry = GameEntrySerializer()


class TableGameSerializer(serializers.Serializer):
    """A table of a round and its game: the latest entry and its state."""

    round = serializers.IntegerField(source="table.round.number")
    table = serializers.IntegerField(source="table.number")
    first_pair = PairSerializer(source="table.ns_team")
    second_pair = PairSerializer(source="table.ew_team")
    bye_pair = serializers.IntegerField(
        source="table.bye_team_id", allow_null=True,
        help_text=_("A pair withdrew: the other (id) has a bye and the table plays no game."))
    state = enums.enum_field(enums.GAME_STATES, help_text=STATE_HELP)
    disputed_by = serializers.IntegerField(allow_null=True)
    entry = GameEntrySerializer(source="latest", allow_null=True)


class RoundGamesSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number")
    status = enums.enum_field(enums.ROUND_STATUSES, source="round.status")
    bye_pair = PairSerializer(source="round.bye_team", allow_null=True,
                              help_text=_("The odd pair out: a bye, no game."))
    byes = PairSerializer(many=True, help_text=_(
        "Every pair with a bye this round: the odd pair out, or with sections one per "
        "section with an odd number of pairs."))
    games = TableGameSerializer(many=True)
    missing = serializers.ListField(child=serializers.CharField(), help_text=_(
        "One line per table whose game is not confirmed yet."))


class ReviewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    verdict = serializers.ChoiceField(choices=GameReview.Verdict.choices)
    by = serializers.CharField(source="author")
    comment = serializers.CharField()
    via_pin = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    ip_address = serializers.CharField(allow_null=True)
    user_agent = serializers.CharField()


class HistoryEntrySerializer(GameEntrySerializer):
    """An entry with who made it, from where, and its reviews."""

    by = serializers.CharField(source="author")
    note = serializers.CharField()
    ip_address = serializers.CharField(allow_null=True)
    user_agent = serializers.CharField()
    reviews = ReviewSerializer(many=True, source="reviews.all")


class GameHistorySerializer(TableGameSerializer):
    history = HistoryEntrySerializer(many=True, help_text=_("Every entry, oldest first."))


class CaptainGameSerializer(serializers.Serializer):
    """A pair's game, as its link shows it: its table in the open round (else its latest
    one), whether it may enter or confirm now, the game's state and latest entry."""

    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    open = serializers.BooleanField(help_text=_("Whether the link may enter and confirm now."))
    we_are = serializers.ChoiceField(choices=["first", "second"], allow_null=True,
                                     help_text=_("Whether the pair is the first or the second "
                                                 "at its table."))
    opponent = PairSerializer(allow_null=True)
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
