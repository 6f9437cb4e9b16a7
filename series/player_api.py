"""The player API (rules.md 13.4): find players by name, read a player's page. Public, as the
pages: the public reads the finished championships whose results are public, a director also
their own finished ones (``series.player_selectors``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from scoring.api.base import PublicView
from scoring.api.pagination import paginated
from scoring.serializers import FIELD_ERRORS, ErrorSerializer
from series.player_search import search_players, search_words
from series.player_selectors import kept_player, player_page
from series.player_serializers import PlayerFoundSerializer, PlayerPageSerializer

QUERY = OpenApiParameter("q", str, required=True, description=gettext_lazy(
    "Part of the player's name: every word must be in it; case and accents do not count."))


class PlayerSearchView(PublicView):
    @extend_schema(parameters=[QUERY], responses={
        200: PlayerFoundSerializer(many=True),
        400: OpenApiResponse(FIELD_ERRORS, description="Field errors, each naming its field."),
        404: OpenApiResponse(ErrorSerializer, description="A page past the last.")})
    def get(self, request):
        """The players whose name holds every word of ``q``, by name, who played a finished
        championship the caller may see."""
        query = request.query_params.get("q", "")
        if not search_words(query):
            raise ValidationError({"q": [_("Type part of a player's name.")]})
        return paginated(self, request, search_players(query, request.user),
                         PlayerFoundSerializer)


class PlayerView(PublicView):
    @extend_schema(responses={200: PlayerPageSerializer, 404: OpenApiResponse(
        ErrorSerializer, description="Unknown, or no championship the caller may see.")})
    def get(self, request, pk: int):
        """A player's finished championships (place, partners, series points) and rating
        history; a duplicate merged into another player answers as the player kept."""
        player, _merged = kept_player(pk)
        return Response(PlayerPageSerializer(player_page(player, request.user)).data)
