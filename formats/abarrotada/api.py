"""The individual REST API (rules.md 10) under ``/api/v1/``, with its URLs at the end of this
module (``scoring.api.urls`` includes them):

- players, through their own link: where they sit and each deal's state (``GET``
  ``captain/<player>/<secret>/abarrotada/``); entering a deal (``POST .../deals/<n>/``, with
  an ``Idempotency-Key``); confirming or disputing another player's report
  (``.../reports/<id>/confirm/`` and ``.../dispute/``), or confirming one's own report with
  another player's PIN (``.../reports/<id>/pin/``);
- directors: the players (``championships/<id>/abarrotada/players/``: list and register), a
  round's tables, seats, sit-outs and deals (``.../rounds/<n>/``), one deal of one table and
  its history (``.../rounds/<n>/tables/<t>/deals/<d>/``), the director's report
  (``.../enter/``) and confirmation (``.../confirm/``);
- results readers (directors live; everyone once published, closed rounds only): the
  standings (``championships/<id>/abarrotada/standings/``).

Everything else is the shared API: the championship (``format`` ``abarrotada``), rounds
(``rounds/generate/`` seats the next round through the format), release and close. The
views call the services and selectors the pages call and ask the same permissions; these
endpoints refuse a championship of another format (409).
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

import scoring.api.converters  # noqa: F401 (registers the "id" converter)
from formats import ABARROTADA, ABARROTADA_FREE
from formats.abarrotada import permissions, selectors, services
from formats.abarrotada.models import DealReport, PlayerTable
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.serializers import (
    IndividualDirectorReportSerializer,
    IndividualPinSerializer,
    IndividualPlayerPositionSerializer,
    IndividualPlayerSerializer,
    IndividualReportAnswerSerializer,
    IndividualReportChoiceSerializer,
    IndividualReportHistorySerializer,
    IndividualReportSubmitSerializer,
    IndividualRoundSerializer,
    IndividualStandingsLineSerializer,
)
from scoring.api import entries, public
from scoring.api.base import CaptainView, DirectorView, LinkReview
from scoring.api.director_championships import ERRORS
from scoring.api.idempotency import submission_key
from scoring.api.responses import IDEMPOTENCY, REFUSED
from scoring.serializers import DisputeSerializer
from scoring.services import Origin
from tournaments.models import Round

TAGS = ["abarrotada"]


class _ReportRefusals(entries.FieldRefusals):
    """A report refused by the rules is bad input: 400 naming the field (not 409)."""

    serves = ABARROTADA
    refused = ReportRefused

    def refusal_fields(self, error: ReportRefused) -> dict:
        if error.field == "points":
            # The sum concerns every seat's points: shown under each of them.
            return {f"points_{s}": [error.message] for s in "nesw"}
        return super().refusal_fields(error)


def _state(report: DealReport) -> str:
    verdicts = set(report.reviews.values_list("verdict", flat=True))
    if "confirm" in verdicts:
        return "confirmed"
    return "disputed" if "dispute" in verdicts else "pending"


def _answer(report: DealReport, http_status=status.HTTP_200_OK) -> Response:
    table = report.table
    return Response(IndividualReportAnswerSerializer({
        "round": table.round.number, "table": table.number, "state": _state(report),
        "report": report,
    }).data, status=http_status)


# --- Players, through their link -------------------------------------------------------------


class PlayerPositionView(_ReportRefusals, CaptainView):
    @extend_schema(tags=TAGS, operation_id="abarrotada_player",
                   responses={200: IndividualPlayerPositionSerializer, **entries.CAPTAIN_READ})
    def get(self, request, team_id: int, secret: str):
        """The player's table in the round in play (else the latest), seat, the others at the
        table, and each deal's state and latest report; or the round the player sits out."""
        player = self.team()
        out = permissions.sit_out_round(player)
        table = None if out is not None else permissions.player_table(player)
        view = selectors.round_view(table.round, [table.pk])[0] if table else None
        seat = next((s.seat for s in view.seats if s.number == player.number), "") if view \
            else ""
        return Response(IndividualPlayerPositionSerializer({
            "round": table.round.number if table else (out.number if out else None),
            "table": table.number if table else None, "seat": seat,
            "open": bool(table) and table.round.status == Round.Status.RELEASED,
            "sit_out_round": out.number if out else None,
            "seats": view.seats if view else [], "deals": view.deals if view else [],
        }).data)


class PlayerSubmitView(_ReportRefusals, CaptainView):
    # The key is kept on the report, in the report's own transaction.
    generic_idempotency = False

    @extend_schema(
        tags=TAGS, operation_id="abarrotada_player_submit", request=IndividualReportSubmitSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: IndividualReportAnswerSerializer,
                   200: OpenApiResponse(IndividualReportAnswerSerializer,
                                        description="Already stored (same key)."),
                   **REFUSED})
    def post(self, request, team_id: int, secret: str, deal: int):
        """Enter a deal of the player's table in the round in play: the trump maker's seat,
        the contract, who said contro, each seat's points (they add up to 72) and any
        breaches. It waits for another player's confirmation. Refused, naming the field,
        when the rules say it cannot be."""
        player = self.team()
        serializer = self.valid(IndividualReportSubmitSerializer)
        data = serializer.validated_data
        key = submission_key(request, player.pk,
                             (data.get("idempotency_key") or "").strip() or None)
        earlier = services.earlier_report(player=player, deal_number=deal, idempotency_key=key)
        if earlier is not None:
            return _answer(earlier)  # sent again, even after its round closed: first answer
        table = permissions.player_open_table(player, round_number=data.get("round"),
                                              table_number=data.get("table"))
        report, created = services.submit_report(
            player=player, table=table, deal_number=deal, values=serializer.values(),
            idempotency_key=key, origin=Origin.from_request(request))
        return _answer(report, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class _PlayerReview(_ReportRefusals, LinkReview, CaptainView):
    entry_arg, team_arg = "report_id", "player"

    def entry_of(self, player, report_id: int) -> DealReport:
        return permissions.player_report(player, report_id)


class PlayerConfirmView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_player_confirm", request=None,
                   parameters=[IDEMPOTENCY], responses={200: IndividualReportAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, report_id: int):
        """Another player at the table confirms the report: it counts from now on."""
        return _answer(self.reviewed(report_id, services.confirm_report))


class PlayerPinView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_player_pin",
                   request=IndividualPinSerializer, parameters=[IDEMPOTENCY],
                   responses={200: IndividualReportAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, report_id: int):
        """Another player at the table confirms this player's report on this player's phone
        by typing their own PIN (rules.md 10.2): the PIN says who confirms. Every attempt is
        kept; a wrong PIN is a 409 ``pin_wrong``, and too many at the table lock PIN
        confirmation there for a while (``pin_locked``)."""
        return _answer(self.reviewed(report_id, services.confirm_report_with_pin,
                                     IndividualPinSerializer))


class PlayerDisputeView(_PlayerReview):
    @extend_schema(tags=TAGS, operation_id="abarrotada_player_dispute",
                   request=DisputeSerializer, parameters=[IDEMPOTENCY],
                   responses={200: IndividualReportAnswerSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, report_id: int):
        """Another player at the table disputes the report: the director settles it."""
        return _answer(self.reviewed(report_id, services.dispute_report, DisputeSerializer))


# --- Directors -------------------------------------------------------------------------------


def _player_data(player) -> dict:
    details = getattr(player, "player_details", None)
    return {"number": player.number, "name": player.name, "club": player.club,
            "licence": details.licence if details else "", "withdrawn": player.withdrawn}


class _EitherIndividual:
    """Serves both individual formats (duplicate and free-deal evenings)."""

    def checked(self, championship):
        if championship.format == ABARROTADA_FREE.key:
            return championship
        return super().checked(championship)


class PlayersView(_EitherIndividual, DirectorView):
    serves = ABARROTADA
    pagination_class = None  # a field of a few hundred players at most, in one answer

    @extend_schema(tags=TAGS, operation_id="abarrotada_players",
                   responses={200: IndividualPlayerSerializer(many=True), **entries.READ})
    def get(self, request, pk: int):
        """Every player, by number, with club and licence."""
        championship = self.championship(pk)
        players = championship.teams.select_related("player_details").order_by("number")
        return Response(IndividualPlayerSerializer([_player_data(p) for p in players], many=True).data)

    @extend_schema(tags=TAGS, operation_id="abarrotada_player_add", request=IndividualPlayerSerializer,
                   parameters=[IDEMPOTENCY], responses={201: IndividualPlayerSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Register a player (without a number: the next free one). A name already used, a
        number taken or a licence with other characters is a 400 naming the field."""
        championship = self.championship(pk)
        serializer = self.valid(IndividualPlayerSerializer)
        player = services.add_player(championship, **serializer.validated_data)
        player = type(player).objects.select_related("player_details").get(pk=player.pk)
        return Response(IndividualPlayerSerializer(_player_data(player)).data,
                        status=status.HTTP_201_CREATED)


class RoundView(_EitherIndividual, DirectorView):
    serves = ABARROTADA

    @extend_schema(tags=TAGS, operation_id="abarrotada_round",
                   responses={200: IndividualRoundSerializer, **entries.READ})
    def get(self, request, pk: int, number: int):
        """The round's tables (who sits where), each deal's state and latest report, the
        sit-outs, and what is still missing."""
        _championship, round_ = self.round_of(pk, number)
        return Response(IndividualRoundSerializer({
            "round": round_.number, "status": round_.status,
            "tables": selectors.round_view(round_), "sit_outs": selectors.sit_out_views(round_),
            "missing": selectors.missing_results(round_),
        }).data)


class _DealView(_ReportRefusals, entries.DirectorTableView):
    tables = PlayerTable.objects.select_related("round__championship")

    def detail(self, table: PlayerTable, deal: int) -> Response:
        services.reports.deal_of(table, deal)
        reports = list(DealReport.objects.filter(table=table, deal_number=deal).order_by("id"))
        from formats.abarrotada.models import ReportReview

        reviews = list(ReportReview.objects.filter(report__in=reports).order_by("id"))
        state = selectors.deal_states(table.round, [table.pk])[table.pk, deal].status
        return Response(IndividualReportHistorySerializer({
            "table": table.number, "deal": deal, "state": state, "reports": reports,
            "reviews": reviews}).data)


class DealView(_DealView):
    @extend_schema(tags=TAGS, operation_id="abarrotada_deal",
                   responses={200: IndividualReportHistorySerializer, **entries.READ})
    def get(self, request, pk: int, number: int, table_number: int, deal: int):
        """One deal of one table: its state, and every report and review with who made it
        and when."""
        return self.detail(self.table_of(pk, number, table_number), deal)


class DealEnterView(_DealView):
    @extend_schema(tags=TAGS, operation_id="abarrotada_deal_enter",
                   request=IndividualDirectorReportSerializer, parameters=[IDEMPOTENCY],
                   responses={200: IndividualReportHistorySerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal: int):
        """Enter or override the deal: it counts at once, without confirmation (in a
        released or closed round). The earlier reports stay in the history."""
        table = self.table_of(pk, number, table_number)
        self.enter(table, services.director_set_report, IndividualDirectorReportSerializer,
                   deal_number=deal)
        return self.detail(table, deal)


class DealConfirmView(_DealView):
    @extend_schema(tags=TAGS, operation_id="abarrotada_deal_confirm",
                   request=IndividualReportChoiceSerializer, parameters=[IDEMPOTENCY],
                   responses={200: IndividualReportHistorySerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal: int):
        """Settle a pending or disputed report of this deal as it stands: it counts."""
        table = self.table_of(pk, number, table_number)
        # Looked up among this deal's reports by the service: another deal's is 404.
        self.settle(table, services.director_confirm_report, IndividualReportChoiceSerializer,
                    field="report", arg="report_id", deal_number=deal)
        return self.detail(table, deal)


# --- The standings ---------------------------------------------------------------------------


class StandingsView(public.FormatStandingsView):
    serves = ABARROTADA
    line_serializer = IndividualStandingsLineSerializer

    @extend_schema(tags=TAGS, operation_id="abarrotada_standings", parameters=[public.AFTER],
                   responses=public.standings_responses(IndividualStandingsLineSerializer))
    def get(self, request, pk: int):
        """Each player's place, sum of finals, sum of deal scores, tops and deals (rules.md
        10.2), best first."""
        return self.standings(request, pk)

    def lines(self, championship, scope) -> list:
        statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if scope.live else [])
        rounds = championship.rounds.filter(status__in=statuses)
        if scope.up_to is not None:
            rounds = rounds.filter(number__lte=scope.up_to)
        return selectors.standings(championship, rounds=list(rounds))


# --- URLs ------------------------------------------------------------------------------------

PLAYER = "captain/<id:team_id>/<str:secret>/abarrotada/"
C = "championships/<id:pk>/abarrotada/"
DEAL = f"{C}rounds/<id:number>/tables/<id:table_number>/deals/<id:deal>/"

urlpatterns = [
    path(PLAYER, PlayerPositionView.as_view(), name="api-ab-player"),
    path(f"{PLAYER}deals/<id:deal>/", PlayerSubmitView.as_view(), name="api-ab-player-submit"),
    path(f"{PLAYER}reports/<id:report_id>/confirm/", PlayerConfirmView.as_view(),
         name="api-ab-player-confirm"),
    path(f"{PLAYER}reports/<id:report_id>/dispute/", PlayerDisputeView.as_view(),
         name="api-ab-player-dispute"),
    path(f"{PLAYER}reports/<id:report_id>/pin/", PlayerPinView.as_view(),
         name="api-ab-player-pin"),
    path(f"{C}players/", PlayersView.as_view(), name="api-ab-players"),
    path(f"{C}rounds/<id:number>/", RoundView.as_view(), name="api-ab-round"),
    path(DEAL, DealView.as_view(), name="api-ab-deal"),
    path(f"{DEAL}enter/", DealEnterView.as_view(), name="api-ab-deal-enter"),
    path(f"{DEAL}confirm/", DealConfirmView.as_view(), name="api-ab-deal-confirm"),
    path(f"{C}standings/", StandingsView.as_view(), name="api-ab-standings"),
]

# A free-deal evening's endpoints (rules.md 10.4).
from formats.abarrotada.evening_api import urlpatterns as _evening_urls  # noqa: E402

urlpatterns += _evening_urls
