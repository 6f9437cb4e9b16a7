"""A director's teams: list, create, update (a partial update changes only the fields
sent), withdraw, reinstate, import (CSV/XLSX, with the same row-by-row errors), and reissue
a team's link or PIN. The same services as the director's pages."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.pagination import paginated
from scoring.api.parsers import LimitedMultiPartParser
from scoring.api.responses import IDEMPOTENCY
from scoring.api.serializers_director import (
    TeamImportSerializer,
    TeamSerializer,
    WithdrawnSerializer,
)
from tournaments import selectors as tournament_selectors
from tournaments import services

TEAM_WRITE_FIELDS = ("number", *services.TEAM_FIELDS)


class TeamsView(DirectorView):
    @extend_schema(responses={200: TeamSerializer(many=True), 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int):
        teams = tournament_selectors.teams(self.championship(pk))
        return paginated(self, request, teams, TeamSerializer, context={"request": request})

    @extend_schema(request=TeamSerializer, parameters=[IDEMPOTENCY],
                   responses={201: TeamSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Register a team; without ``number`` it takes the next free one."""
        championship = self.championship(pk)
        serializer = TeamSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = {k: v for k, v in serializer.validated_data.items() if k in TEAM_WRITE_FIELDS}
        team = services.add_team(championship, **values)
        return Response(TeamSerializer(team, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)


class TeamView(DirectorView):
    @extend_schema(responses={200: TeamSerializer, 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int, team_pk: int):
        team = self.team(self.championship(pk), team_pk)
        return Response(TeamSerializer(team, context={"request": request}).data)

    @extend_schema(request=TeamSerializer, parameters=[IDEMPOTENCY],
                   responses={200: TeamSerializer, **ERRORS})
    def patch(self, request, pk: int, team_pk: int):
        team = self.team(self.championship(pk), team_pk)
        serializer = TeamSerializer(team, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        # The service takes every field: those not sent keep their values.
        values = {field: getattr(team, field) for field in services.TEAM_FIELDS}
        values.update((k, v) for k, v in serializer.validated_data.items()
                      if k in TEAM_WRITE_FIELDS)
        team = services.update_team(team, **values)
        return Response(TeamSerializer(team, context={"request": request}).data)


class TeamWithdrawView(DirectorView):
    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: WithdrawnSerializer, **ERRORS})
    def post(self, request, pk: int, team_pk: int):
        """Withdraw the team; lists the drafted rounds it still plays in."""
        team = self.team(self.championship(pk), team_pk)
        drafted = services.withdraw_team(team, **self.who())
        team.refresh_from_db()
        return Response({"team": TeamSerializer(team, context={"request": request}).data,
                         "drafted_rounds": list(drafted or [])})


def _team_action(name: str, doc: str):
    """A POST that runs one team service and answers with the team."""

    class View(DirectorView):
        @extend_schema(request=None, parameters=[IDEMPOTENCY],
                       responses={200: TeamSerializer, **ERRORS}, description=doc)
        def post(self, request, pk: int, team_pk: int):
            team = self.team(self.championship(pk), team_pk)
            getattr(services, name)(team, **self.who())
            team.refresh_from_db()
            return Response(TeamSerializer(team, context={"request": request}).data)

    View.__name__ = View.__qualname__ = "".join(p.title() for p in name.split("_")) + "View"
    return View


TeamReinstateView = _team_action("reinstate_team", "The team plays again.")
TeamReissueLinkView = _team_action(
    "reissue_link", "A new private link; the old one stops working at once.")
TeamReissuePinView = _team_action("reissue_pin", "A new PIN, different from the old one.")


class TeamImportView(DirectorView):
    parser_classes = [LimitedMultiPartParser]
    pagination_class = None  # the answer is every team imported, a plain list

    @extend_schema(request={"multipart/form-data": TeamImportSerializer},
                   parameters=[IDEMPOTENCY],
                   responses={201: TeamSerializer(many=True), **ERRORS})
    def post(self, request, pk: int):
        """Add the teams of a CSV or XLSX file. All or nothing: a bad row saves nothing, and
        the answer lists every problem (``rows``)."""
        championship = self.championship(pk)
        serializer = TeamImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        teams = services.import_teams(championship, serializer.validated_data["file"])
        return Response(TeamSerializer(teams, many=True, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)


