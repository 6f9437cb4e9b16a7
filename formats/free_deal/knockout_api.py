"""The knockout stage in the REST API (rules.md 11.3), beside ``formats.free_deal.api``:

- ``championships/<id>/free-deal/knockout/``: the bracket (``GET``; its directors live,
  everyone once the results are published);
- ``.../knockout/start/``: a director draws the bracket from the final Swiss ranking;
- ``.../knockout/rounds/<n>/ties/<k>/games/``: a director enters the next game of tie ``k``
  of knockout round ``n`` (both from 1, as the bracket lists them).

The services are the pages' (``services.knockout`` starts the stage, the core's
``scoring.services.knockout`` enters its games): a refusal naming a request field is a
400, any other (the Swiss not over, the tie decided) a 409.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from formats import FREE_DEAL_PAIRS
from formats.free_deal import services
from formats.free_deal.knockout_views import stage_name
from scoring.api.base import DirectorView, PublicView
from scoring.api.director_championships import ERRORS
from scoring.api.errors import refusal
from scoring.api.public import published_results
from scoring.models import KnockoutTie
from scoring.selectors.knockout import knockout_bracket
from scoring.serializers import ErrorSerializer
from scoring.services.knockout import MAX_POINTS, enter_knockout_game
from tournaments.services.common import ServiceError

TAGS = ["free-deal"]


class KnockoutPairSerializer(serializers.Serializer):
    pair = serializers.IntegerField(source="number", help_text=_("The pair's number."))
    name = serializers.CharField()


class KnockoutGameSerializer(serializers.Serializer):
    """One game of a tie: both pairs' points (never level)."""

    number = serializers.IntegerField(read_only=True)
    first_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, help_text=_(
        "The first (better seeded) pair's points."))
    second_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, help_text=_(
        "The second pair's points; never equal to the first pair's."))


class KnockoutDirectorGameSerializer(KnockoutGameSerializer):
    game = serializers.IntegerField(
        min_value=1, max_value=99, required=False, write_only=True, help_text=_(
            "The game of the tie this result is for (1 for its first). Send it: if that game "
            "has counted since (the pairs confirmed a captain's report), the result is "
            "refused (400) rather than counted as the next game."))


class KnockoutTieSerializer(serializers.Serializer):
    tie = serializers.IntegerField(source="slot", help_text=_("From 1, top of the bracket first."))
    first = KnockoutPairSerializer(allow_null=True, help_text=_("Null until known."))
    first_seed = serializers.IntegerField(allow_null=True)
    second = KnockoutPairSerializer(allow_null=True)
    second_seed = serializers.IntegerField(allow_null=True)
    games = KnockoutGameSerializer(many=True, source="games.all")
    winner = serializers.SerializerMethodField(help_text=_("The winning pair's number, or null."))

    def get_winner(self, tie) -> int | None:
        return tie.winner.number if tie.winner_id else None


class KnockoutRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text=_("From 1 (the bracket's first round)."))
    name = serializers.CharField(help_text=_("The final, Semi-finals, ..."))
    ties = KnockoutTieSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField(help_text=_("Pairs in the bracket; 0: no knockout stage."))
    best_of = serializers.IntegerField(help_text=_("1: one game per tie; 3: best of three."))
    started = serializers.BooleanField()
    rounds = KnockoutRoundSerializer(many=True)
    champion = KnockoutPairSerializer(allow_null=True)


def bracket_answer(championship, http_status=status.HTTP_200_OK) -> Response:
    settings = services.settings_of(championship)
    rounds = knockout_bracket(championship)
    final = rounds[-1][0] if rounds else None
    return Response(BracketSerializer({
        "size": settings.knockout_size, "best_of": settings.knockout_best_of,
        "started": bool(rounds),
        "rounds": [{"round": n, "name": stage_name(len(ties)), "ties": ties}
                   for n, ties in enumerate(rounds, start=1)],
        "champion": final.winner if final is not None else None,
    }).data, status=http_status)


_CONFLICT = {409: OpenApiResponse(ErrorSerializer, description="Refused: the reason.")}


def _refused(error: ServiceError, fields: tuple[str, ...]) -> Response:
    """A refusal naming a request field is that field's 400; any other a 409."""
    if error.field in fields:
        return Response({error.field: [error.message]}, status=status.HTTP_400_BAD_REQUEST)
    return refusal(error.message, "refused")


class BracketView(PublicView):
    """The bracket: public once the results are published; live for its directors."""

    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_knockout",
                   responses={200: BracketSerializer, 404: OpenApiResponse(
                       ErrorSerializer, description="Unknown or unpublished.")})
    def get(self, request, pk: int):
        """The knockout bracket round by round (rules.md 11.3): each tie's pairs and seeds,
        its games and its winner; ``started`` false before the director starts it."""
        access = published_results(request, pk)
        self.checked(access.championship)
        return bracket_answer(access.championship)


class BracketStartView(DirectorView):
    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_knockout_start", request=None,
                   responses={201: BracketSerializer, **ERRORS, **_CONFLICT})
    def post(self, request, pk: int):
        """Draw the bracket from the final Swiss ranking (once every Swiss round is closed,
        and if the settings ask for a knockout stage); only once."""
        championship = self.championship(pk)
        try:
            services.start_knockout(championship, **self.who())
        except ServiceError as error:
            return _refused(error, ())
        return bracket_answer(championship, status.HTTP_201_CREATED)


class KnockoutGameView(DirectorView):
    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_knockout_game",
                   request=KnockoutDirectorGameSerializer,
                   responses={201: BracketSerializer, **ERRORS, **_CONFLICT})
    def post(self, request, pk: int, stage: int, slot: int):
        """Enter the next game of the tie: a game has a winner (equal points are refused:
        a level game goes on until one pair leads); the tie's winner goes on at once. With
        ``game``, a result for a game that has counted since is refused (400)."""
        championship = self.championship(pk)
        tie = get_object_or_404(KnockoutTie, championship=championship, stage=stage, slot=slot)
        serializer = KnockoutDirectorGameSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            enter_knockout_game(tie, serializer.validated_data["first_points"],
                                         serializer.validated_data["second_points"],
                                         by=request.user, origin=self.scoring_origin(),
                                         game_number=serializer.validated_data.get("game"))
        except ServiceError as error:
            return _refused(error, ("first_points", "second_points", "game"))
        return bracket_answer(championship, status.HTTP_201_CREATED)


K = "championships/<id:pk>/free-deal/knockout/"

urlpatterns = [
    path(K, BracketView.as_view(), name="api-fd-knockout"),
    path(f"{K}start/", BracketStartView.as_view(), name="api-fd-knockout-start"),
    path(f"{K}rounds/<id:stage>/ties/<id:slot>/games/", KnockoutGameView.as_view(),
         name="api-fd-knockout-game"),
]

# A pair's own knockout games, through its link.
from formats.free_deal.knockout_captain_api import urlpatterns as _captain_urls  # noqa: E402

urlpatterns += _captain_urls
