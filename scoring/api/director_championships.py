"""A director's championships: list (the caller's), create, read, update (the same locking
rules as the form: ``tournaments.services.update_championship``), finish, publish results."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from formats import DUPLICATE_PAIRS, FORMATS, format_of
from scoring import services as scoring_services
from scoring.api.base import DirectorView
from scoring.api.pagination import paginated
from scoring.api.responses import IDEMPOTENCY
from scoring.api.serializers_director import (
    ChampionshipSerializer,
    PublishSerializer,
    format_settings_refusal,
)
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


def _format_settings(fmt, data) -> dict | None:
    """The format's own settings sent (only those sent: the others keep their values)."""
    if not fmt.api_settings_key or data.get(fmt.api_settings_key) is None:
        return None
    return dict(data[fmt.api_settings_key])


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
        """Create a championship directed by the caller, with a fresh secret deal key. Its
        ``format`` (duplicate pairs unless given) is chosen now, with its own settings if it
        has any (``free_deal``: refused, naming the field, for another format)."""
        serializer = ChampionshipSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        values = {k: v for k, v in data.items() if k in WRITABLE}
        fmt = FORMATS[data.get("format", DUPLICATE_PAIRS.key)]
        try:
            championship = services.create_championship(
                request.user, format=fmt.key, format_settings=_format_settings(fmt, data),
                **values)
        except services.ServiceError as error:
            raise format_settings_refusal(error, fmt) from None
        return Response(ChampionshipSerializer(championship).data, status=status.HTTP_201_CREATED)


class ChampionshipView(DirectorView):
    @extend_schema(responses={200: ChampionshipSerializer, 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int):
        return Response(ChampionshipSerializer(self.championship(pk)).data)

    @extend_schema(request=ChampionshipSerializer, parameters=[IDEMPOTENCY],
                   responses={200: ChampionshipSerializer, **ERRORS})
    def patch(self, request, pk: int):
        """Change the fields sent. Game settings lock once round 1 is released (changing one
        then is refused, naming it; the format's own settings too, under their object);
        deals per match and the movement cannot change while rounds are drafted. The
        ``format`` cannot change: sending another one is refused, naming it."""
        championship = self.championship(pk)
        serializer = ChampionshipSerializer(championship, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        changes = {k: v for k, v in data.items() if k in WRITABLE}
        fmt = format_of(championship)
        try:
            championship = services.update_championship(
                championship, format=data.get("format"),
                format_settings=_format_settings(fmt, data), **changes)
        except services.ServiceError as error:
            raise format_settings_refusal(error, fmt) from None
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
