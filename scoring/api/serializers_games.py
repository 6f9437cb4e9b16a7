"""Serializers of a table's game in the API (rules.md 11.2, 12.1): what a table reports
(both pairs' points, how it ended, the hands), a review, and what the API answers (an entry,
a table's game and its history, a round's games). Every format whose table plays one game of
two pairs (``scoring.services.games``) reads and writes its games through these; the types
are checked here, what the values may be by the format's rules (``Format.check_game``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scoring.api import enums
from scoring.game_forms import MAX_HANDS, MAX_POINTS
from scoring.models import GameEntry, GameReview
from scoring.services.games import GameValues

# The columns are small integers: anything beyond is refused here, before the rules.
SMALL_INT = 32_767
MAX_ID = 2**31 - 1


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


class CaptainTableSerializer(serializers.Serializer):
    """Where a pair plays, as its link shows it: its table in the open round (else its latest
    one), whether it may enter or confirm now, which pair of the table it is and the other.
    A format's captain's game adds what its link shows besides (a bye or a group, the game's
    state and latest entry, its settings), in the order it answers them."""

    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    open = serializers.BooleanField(help_text=_("Whether the link may enter and confirm now."))
    we_are = serializers.ChoiceField(choices=["first", "second"], allow_null=True,
                                     help_text=_("Whether the pair is the first or the second "
                                                 "at its table."))
    opponent = PairSerializer(allow_null=True)


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
