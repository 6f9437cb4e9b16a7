"""REST API of the scoring app, with the same validation and permissions as the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.serializers import ResultEntrySerializer, ResultSubmitSerializer, StandingSerializer
from scoring.services import Origin, ScoringError
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Deal


class StandingsView(APIView):
    """The standings: public (closed rounds only) once published; live for its directors."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: StandingSerializer(many=True)})
    def get(self, request, pk: int):
        championship = get_object_or_404(Championship, pk=pk)
        director = tournament_selectors.is_director(request.user, championship)
        # The same rule as the pages: drafts are unknown to anyone but their directors.
        if not director and (
            not championship.results_public
            or championship.status == Championship.Status.DRAFT
        ):
            raise Http404("Results are not published")
        rows = selectors.standings(championship, live=director)
        return Response(StandingSerializer(rows, many=True).data)


class CaptainResultsView(APIView):
    """A captain's results, through the team's private link (no login, no session)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []  # the secret in the path is the credential

    def _team(self, team_id, secret):
        team = tournament_selectors.team_by_link(team_id, secret)
        if team is None:
            raise Http404("Unknown link")
        return team

    @extend_schema(responses={200: ResultEntrySerializer(many=True)})
    def get(self, request, team_id: int, secret: str):
        """The entries of the team's current table (never another table's)."""
        team = self._team(team_id, secret)
        position = selectors.team_position(team)
        if position.table is None:
            return Response([])
        states = selectors.result_states([position.table], position.round.deals.all())
        entries = [e for state in states.values() for e in state.entries]
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
        """Enter a result for a deal of the team's current table; pending until confirmed."""
        team = self._team(team_id, secret)
        serializer = ResultSubmitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        position = selectors.team_position(team)
        if position.table is None or not position.writable:
            return Response(
                {"detail": _("Your team has no open table right now: the round is closed or has "
                             "not started.")},
                status=status.HTTP_409_CONFLICT,
            )
        deal = Deal.objects.filter(round_id=position.table.round_id, number=data["deal"]).first()
        if deal is None:
            return Response({"deal": [_("Deal: not played at your table in this round.")]},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            entry, created = services.submit_result(
                team=team, table=position.table, deal=deal, data=data["result"],
                idempotency_key=data.get("idempotency_key"), origin=Origin.from_request(request),
            )
        except ScoringError as exc:
            return Response({"detail": exc.message, "code": exc.code},
                            status=status.HTTP_409_CONFLICT)
        return Response(
            ResultEntrySerializer(entry).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
