"""The REST API of a free-deal evening of *abarrotada* (rules.md 10.4), beside the duplicate
individual one (``formats.abarrotada.api``), under ``/api/v1/``:

- players, through their own link: their table and its game (``GET``
  ``captain/<player>/<secret>/abarrotada/game/``), entering each seat's game total
  (``POST``, with an ``Idempotency-Key``), confirming or disputing another player's entry
  (``.../game/<entry>/confirm/`` and ``.../dispute/``), and another player confirming one's
  own entry with their PIN on one's phone (``.../game/<entry>/pin/``);
- directors: the director's entry of a table's game (``championships/<id>/abarrotada/rounds/
  <n>/tables/<t>/game/enter/``) and its confirmation (``.../game/confirm/``);
- results readers: the evening's standings (``championships/<id>/abarrotada/evening/``).

Players, rounds and tables are the duplicate individual endpoints', which serve both
formats.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from formats import ABARROTADA_FREE
from formats.abarrotada import evening, permissions, services
from formats.abarrotada.api import _ReportRefusals
from formats.abarrotada.models import GameTotals, PlayerTable
from formats.abarrotada.serializers import ENTRY_STATES, IndividualPinSerializer
from formats.abarrotada.services import TotalsValues
from scoring.api.base import CaptainView, LinkReview, PublicView
from scoring.api.director_championships import ERRORS
from scoring.api.entries import DirectorTableView
from scoring.api.idempotency import submission_key
from scoring.api.public import published_results
from scoring.api.responses import IDEMPOTENCY, REFUSED, WRONG_FORMAT
from scoring.serializers import DisputeSerializer, ErrorSerializer
from scoring.services import Origin
from tournaments.models import Round

TAGS = ["abarrotada"]


def _total():
    return serializers.IntegerField(min_value=0, max_value=9_999)


class EveningTotalsSubmitSerializer(serializers.Serializer):
    total_n = _total()
    total_e = _total()
    total_s = _total()
    total_w = serializers.IntegerField(min_value=0, max_value=9_999, required=False,
                                       allow_null=True)
    hands_played = serializers.IntegerField(min_value=0, max_value=999, required=False,
                                            allow_null=True)
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True)

    def values(self) -> TotalsValues:
        data = self.validated_data
        totals = {seat: data.get(f"total_{seat.lower()}") for seat in "NESW"}
        return TotalsValues({s: t for s, t in totals.items() if t is not None},
                            data.get("hands_played"))


class EveningGameTotalsSerializer(serializers.ModelSerializer):
    by = serializers.SerializerMethodField()

    class Meta:
        model = GameTotals
        fields = ["id", "total_n", "total_e", "total_s", "total_w", "hands_played", "by",
                  "by_director_override", "created_at"]

    def get_by(self, entry) -> str:
        return entry.author


class EveningTableGameSerializer(serializers.Serializer):
    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    state = serializers.ChoiceField(choices=ENTRY_STATES)
    entry = EveningGameTotalsSerializer(allow_null=True)


class EveningEveningLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    total = serializers.IntegerField()
    games_won = serializers.IntegerField()
    games = serializers.IntegerField()
    sat_out = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class EveningEntryChoiceSerializer(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


def _answer(table: PlayerTable, http_status=status.HTTP_200_OK) -> Response:
    game = evening.table_games(table.round, [table.pk])[table.pk]
    return Response(EveningTableGameSerializer({
        "round": table.round.number, "table": table.number, "state": game["status"],
        "entry": game["entry"]}).data, status=http_status)


class _Evening(_ReportRefusals):
    serves = ABARROTADA_FREE


class PlayerGameView(_Evening, CaptainView):
    generic_idempotency = False

    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_game",
                   responses={200: EveningTableGameSerializer, **REFUSED})
    def get(self, request, team_id: int, secret: str):
        """The player's table in the round in play (else the latest) and its game."""
        table = permissions.player_table(self.team())
        if table is None:
            return Response(EveningTableGameSerializer({"round": None, "table": None,
                                                 "state": "missing", "entry": None}).data)
        return _answer(table)

    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_submit",
                   request=EveningTotalsSubmitSerializer, parameters=[IDEMPOTENCY],
                   responses={201: EveningTableGameSerializer, 200: OpenApiResponse(
                       EveningTableGameSerializer, description="Already stored (same key)."),
                       **REFUSED})
    def post(self, request, team_id: int, secret: str):
        """Enter each seat's game total at the player's table in the round in play; it
        waits for another player's confirmation."""
        player = self.team()
        serializer = self.valid(EveningTotalsSubmitSerializer)
        key = submission_key(request, player.pk)
        earlier = services.earlier_totals(player=player, idempotency_key=key)
        if earlier is not None:
            return _answer(earlier.table)  # sent again, even after the close: first answer
        table = permissions.player_open_table(player)
        _entry, created = services.submit_totals(
            player=player, table=table, values=serializer.values(), idempotency_key=key,
            origin=Origin.from_request(request))
        return _answer(table, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class _PlayerReview(_Evening, LinkReview, CaptainView):
    team_arg = "player"

    def entry_of(self, player, entry_id: int) -> GameTotals:
        return permissions.player_totals(player, entry_id)


class PlayerGameConfirmView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_confirm", request=None,
                   parameters=[IDEMPOTENCY], responses={200: EveningTableGameSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """Another player at the table confirms the game's totals."""
        return _answer(self.reviewed(entry_id, services.confirm_totals).table)


class PlayerGamePinView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_pin",
                   request=IndividualPinSerializer, parameters=[IDEMPOTENCY],
                   responses={200: EveningTableGameSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """Another player at the table confirms this player's totals on this player's phone
        by typing their own PIN: the PIN says who confirms. Every attempt is kept; a wrong PIN
        is a 409 ``pin_wrong``, and too many at the table lock PIN confirmation there for a
        while (``pin_locked``), as for the deals."""
        entry = self.reviewed(entry_id, services.confirm_totals_with_pin, IndividualPinSerializer)
        return _answer(entry.table)


class PlayerGameDisputeView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_dispute",
                   request=DisputeSerializer, parameters=[IDEMPOTENCY],
                   responses={200: EveningTableGameSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """Another player at the table disputes the totals: the director settles them."""
        return _answer(self.reviewed(entry_id, services.dispute_totals, DisputeSerializer).table)


class _DirectorGame(_Evening, DirectorTableView):
    tables = PlayerTable.objects.select_related("round__championship")


class GameEnterView(_DirectorGame):
    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_enter",
                   request=EveningTotalsSubmitSerializer, parameters=[IDEMPOTENCY],
                   responses={200: EveningTableGameSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int):
        """Enter or override the table's game: it counts at once."""
        table = self.table_of(pk, number, table_number)
        self.enter(table, services.director_set_totals, EveningTotalsSubmitSerializer)
        return _answer(table)


class GameConfirmView(_DirectorGame):
    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_settle",
                   request=EveningEntryChoiceSerializer, parameters=[IDEMPOTENCY],
                   responses={200: EveningTableGameSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int):
        """Settle a pending or disputed entry of this table's game as it stands."""
        table = self.table_of(pk, number, table_number)
        self.settle(table, services.director_confirm_totals, EveningEntryChoiceSerializer)
        return _answer(table)


class EveningStandingsView(PublicView):
    serves = ABARROTADA_FREE
    pagination_class = None  # an evening's field, in one answer

    @extend_schema(tags=TAGS, operation_id="abarrotada_evening_standings",
                   responses={200: EveningEveningLineSerializer(many=True), 404: OpenApiResponse(
                       ErrorSerializer, description="Unknown or unpublished."),
                       **WRONG_FORMAT})
    def get(self, request, pk: int):
        """Each player's place, sum of game totals, games won and games (rules.md 10.4),
        best first: closed rounds, and the round in play for its directors."""
        access = published_results(request, pk)
        championship = self.checked(access.championship)
        statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if access.director else [])
        lines = evening.evening_standings(
            championship, rounds=list(championship.rounds.filter(status__in=statuses)))
        return Response(EveningEveningLineSerializer(lines, many=True).data)


PLAYER = "captain/<id:team_id>/<str:secret>/abarrotada/game/"
TABLE = "championships/<id:pk>/abarrotada/rounds/<id:number>/tables/<id:table_number>/game/"

urlpatterns = [
    path(PLAYER, PlayerGameView.as_view(), name="api-ab-evening-game"),
    path(f"{PLAYER}<id:entry_id>/confirm/", PlayerGameConfirmView.as_view(),
         name="api-ab-evening-confirm"),
    path(f"{PLAYER}<id:entry_id>/dispute/", PlayerGameDisputeView.as_view(),
         name="api-ab-evening-dispute"),
    path(f"{PLAYER}<id:entry_id>/pin/", PlayerGamePinView.as_view(), name="api-ab-evening-pin"),
    path(f"{TABLE}enter/", GameEnterView.as_view(), name="api-ab-evening-enter"),
    path(f"{TABLE}confirm/", GameConfirmView.as_view(), name="api-ab-evening-settle"),
    path("championships/<id:pk>/abarrotada/evening/", EveningStandingsView.as_view(),
         name="api-ab-evening-standings"),
]
