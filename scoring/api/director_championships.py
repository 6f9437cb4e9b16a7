"""A director's championships: list (the caller's), create, read, update (the same locking
rules as the form: ``tournaments.services.update_championship``), finish, publish results."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from scoring import services as scoring_services
from scoring.api.base import DirectorView
from scoring.api.captain import IDEMPOTENCY
from scoring.api.pagination import paginated
from scoring.api.serializers_director import ChampionshipSerializer, PublishSerializer
from scoring.serializers import FIELD_ERRORS, ErrorSerializer
from tournaments import selectors as tournament_selectors
from tournaments import services

ERRORS = {
    400: OpenApiResponse(FIELD_ERRORS, description="Field errors, each naming its field."),
    401: OpenApiResponse(ErrorSerializer, description="Not logged in, or a bad token."),
    404: OpenApiResponse(ErrorSerializer, description="Not a championship you direct."),
    409: OpenApiResponse(ErrorSerializer, description="Refused, e.g. finished."),
}
WRITABLE = set(services.CHAMPIONSHIP_FIELDS)


class ChampionshipsView(DirectorView):
    @extend_schema(responses={
        200: ChampionshipSerializer(many=True), 401: ERRORS[401],
        404: OpenApiResponse(ErrorSerializer, description="A page past the last one."),
    })
    def get(self, request):
        """The championships the caller directs, newest first."""
        championships = tournament_selectors.directed_championships(request.user).order_by(
            "-created_at", "-id")
        return paginated(self, request, championships, ChampionshipSerializer)

    @extend_schema(request=ChampionshipSerializer, parameters=[IDEMPOTENCY],
                   responses={201: ChampionshipSerializer, **ERRORS})
    def post(self, request):
        """Create a championship directed by the caller, with a fresh secret deal key."""
        serializer = ChampionshipSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = {k: v for k, v in serializer.validated_data.items() if k in WRITABLE}
        championship = services.create_championship(request.user, **values)
        return Response(ChampionshipSerializer(championship).data, status=status.HTTP_201_CREATED)


class ChampionshipView(DirectorView):
    @extend_schema(responses={200: ChampionshipSerializer, 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int):
        return Response(ChampionshipSerializer(self.championship(pk)).data)

    @extend_schema(request=ChampionshipSerializer, parameters=[IDEMPOTENCY],
                   responses={200: ChampionshipSerializer, **ERRORS})
    def patch(self, request, pk: int):
        """Change the fields sent. Game settings lock once round 1 is released (changing one
        then is refused, naming it); deals per match and the movement cannot change while
        rounds are drafted."""
        championship = self.championship(pk)
        serializer = ChampionshipSerializer(championship, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = {k: v for k, v in serializer.validated_data.items() if k in WRITABLE}
        championship = services.update_championship(championship, **changes)
        return Response(ChampionshipSerializer(championship).data)


class FinishView(DirectorView):
    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: ChampionshipSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Finish the championship (every round closed): its deal key becomes public."""
        championship = services.finish_championship(self.championship(pk), **self.who())
        return Response(ChampionshipSerializer(championship).data)


class PublishView(DirectorView):
    @extend_schema(request=PublishSerializer, parameters=[IDEMPOTENCY],
                   responses={200: ChampionshipSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Publish the results (``public: true``: closed rounds only) or take them back."""
        championship = self.championship(pk)
        serializer = PublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        scoring_services.set_results_public(
            championship, serializer.validated_data["public"], user=request.user,
            origin=self.scoring_origin(),
        )
        championship.refresh_from_db()
        return Response(ChampionshipSerializer(championship).data)
