"""The captain's API, through the team's private link: the same refusals and messages as the
captain's page."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.serializers import (
    CaptainTableSerializer,
    ResultEntrySerializer,
    ResultSubmitSerializer,
)
from scoring.services import Origin, ScoringError
from tournaments import selectors as tournament_selectors
from tournaments.models import Deal, Round


class _CaptainLinkView(APIView):
    """Through a team's private link (no login, no session)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []  # the secret in the path is the credential

    def _team(self, team_id, secret):
        team = tournament_selectors.team_by_link(team_id, secret)
        if team is None:
            raise Http404("Unknown link")
        return team


class CaptainResultsView(_CaptainLinkView):
    """A captain's results, through the team's private link (no login, no session)."""

    @extend_schema(responses={200: ResultEntrySerializer(many=True)})
    def get(self, request, team_id: int, secret: str):
        """The entries of the team's open tables (every released round it plays in), or of
        its latest closed table when no round is open; never another team's table."""
        team = self._team(team_id, secret)
        position = selectors.team_position(team)
        tables = _shown_tables(position)
        if not tables:
            return Response([])
        deals = Deal.objects.filter(round_id__in=[t.round_id for t in tables])
        states = selectors.result_states(tables, deals)
        entries = []
        for state in states.values():
            for entry in state.entries:
                # Already loaded: the serializer reads them without a query per entry.
                entry.table, entry.deal = state.table, state.deal
                state.deal.round = state.table.round
                entries.append(entry)
        entries.sort(key=lambda e: e.pk)
        return Response(ResultEntrySerializer(entries, many=True).data)

    @extend_schema(
        request=ResultSubmitSerializer,
        responses={
            201: ResultEntrySerializer,
            200: OpenApiResponse(ResultEntrySerializer, description="Already stored (same key)."),
            400: OpenApiResponse(description="Field errors, each naming its field."),
            409: OpenApiResponse(description="Refused, e.g. the round is closed."),
        },
    )
    def post(self, request, team_id: int, secret: str):
        """Enter a result for a deal of one of the team's open tables: the deal number picks
        the table (the team's table in that deal's round). Pending until confirmed."""
        team = self._team(team_id, secret)
        serializer = ResultSubmitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        table, deal = selectors.open_table_for_deal(team, data["deal"], with_teams=False)
        if deal is None:
            return Response({"deal": [_("Deal: not played at your table in this round.")]},
                            status=status.HTTP_400_BAD_REQUEST)
        if table is None:
            return _no_open_table()
        try:
            entry, created = services.submit_result(
                team=team, table=table, deal=deal, data=data["result"],
                idempotency_key=data.get("idempotency_key"), origin=Origin.from_request(request),
            )
        except ScoringError as exc:
            return Response({"detail": exc.message, "code": exc.code},
                            status=status.HTTP_409_CONFLICT)
        if created:
            entry.known_status = selectors.PENDING  # a new entry has no review yet
        return Response(
            ResultEntrySerializer(entry).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class CaptainTablesView(_CaptainLinkView):
    """The tables a captain's link shows: every open table of the team, earliest round first
    (a director may release a round before the previous one is over), or its latest closed
    table when no round is open. Empty with the bye or while waiting for a round."""

    @extend_schema(responses={200: CaptainTableSerializer(many=True)})
    def get(self, request, team_id: int, secret: str):
        team = self._team(team_id, secret)
        position = selectors.team_position(team)
        tables = _shown_tables(position)
        deals = Deal.objects.filter(round_id__in=[t.round_id for t in tables]).order_by("number")
        numbers: dict[int, list[int]] = {}
        for deal in deals:
            numbers.setdefault(deal.round_id, []).append(deal.number)
        rows = [
            {
                "round": table.round.number,
                "table": table.number,
                "open": position.writable and not team.withdrawn,
                "side": selectors.team_side(table, team),
                "opponent": selectors.opponent_of(table, team.pk),
                "deals": numbers.get(table.round_id, []),
            }
            for table in tables
        ]
        return Response(CaptainTableSerializer(rows, many=True).data)


class CaptainConfirmView(_CaptainLinkView):
    """The other team confirms an entry at one of its open tables, through its own link."""

    @extend_schema(
        request=None,
        responses={
            200: ResultEntrySerializer,
            404: OpenApiResponse(description="No such result at the team's tables."),
            409: OpenApiResponse(description="Refused, e.g. the team entered it itself."),
        },
    )
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """Confirm the other team's entry: it counts from now on. Confirming twice is
        harmless (the first confirmation is kept)."""
        team = self._team(team_id, secret)
        entry = selectors.entry_at_team_table(team, entry_id)
        if entry is None:
            raise Http404("No such result at your table")
        if entry.table.round.status != Round.Status.RELEASED:
            return _no_open_table()
        try:
            services.confirm_entry(entry_id=entry.pk, team=team, entry=entry,
                                   origin=Origin.from_request(request))
        except ScoringError as exc:
            return Response({"detail": exc.message, "code": exc.code},
                            status=status.HTTP_409_CONFLICT)
        entry.deal.round = entry.table.round
        entry.known_status = selectors.CONFIRMED
        return Response(ResultEntrySerializer(entry).data)


def _shown_tables(position: selectors.TeamPosition) -> list:
    if position.tables:
        return position.tables
    return [position.table] if position.table is not None else []


def _no_open_table() -> Response:
    return Response(
        {"detail": _("Your team has no open table right now: the round is closed or has "
                     "not started."),
         "code": "round_closed"},
        status=status.HTTP_409_CONFLICT,
    )
