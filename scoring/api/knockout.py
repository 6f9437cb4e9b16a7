"""A knockout bracket in the REST API (rules.md 11.3, 12.4), for every format whose
championship ends in one (the bracket is the core's: ``scoring.models.KnockoutTie``):

- the bracket (``GET``; its directors live, everyone once the results are published): each
  round's ties with their pairs, seeds, games and winner, and the champion;
- a director entering the next game of tie ``k`` of knockout round ``n`` (both from 1, as
  the bracket lists them; a third-place game is tie 2 of the final's round).

What differs between formats is the format's answer, given as a :class:`KnockoutSeam`:
which championships the endpoints serve, the bracket's size before it is drawn, and the
endpoints' tags and names. How the bracket is drawn (free-deal's start from the Swiss, the
groups' confirmation of who goes through) is the format's own endpoint, answering with
:func:`bracket_answer`. ``scoring.services.knockout`` decides and writes: a refusal naming a
request field is a 400, any other (the tie decided) a 409.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.response import Response

from formats.base import Format
from scoring.api.base import DirectorView, PublicView
from scoring.api.director_championships import ERRORS
from scoring.api.errors import refusal
from scoring.api.public import published_results
from scoring.game_forms import MAX_HANDS
from scoring.models import KnockoutTie
from scoring.selectors.knockout import knockout_bracket, stage_name
from scoring.serializers import ErrorSerializer
from scoring.services.knockout import MAX_POINTS, enter_knockout_game
from tournaments.models import Championship
from tournaments.services.common import ServiceError


@dataclass(frozen=True)
class KnockoutSeam:
    """A format's answers for its knockout endpoints (the bracket's and its pairs' links').

    ``size(championship, rounds)``: how many pairs the bracket holds (0: no knockout stage),
    given its stored rounds (empty before it is drawn). ``operation``: the prefix of the
    endpoints' operation ids (``free_deal``); ``name``: of their URL names (``api-fd``)."""

    serves: Format
    tags: tuple[str, ...]
    operation: str
    name: str
    size: Callable[[Championship, list], int]


# --- Serializers -----------------------------------------------------------------------------


class KnockoutPairSerializer(serializers.Serializer):
    pair = serializers.IntegerField(source="number", help_text=gettext_lazy("The pair's number."))
    name = serializers.CharField()


class KnockoutGameSerializer(serializers.Serializer):
    """One game of a tie: both pairs' points (never level)."""

    number = serializers.IntegerField(read_only=True)
    first_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, help_text=(
        gettext_lazy("The first (better seeded) pair's points.")))
    second_points = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, help_text=(
        gettext_lazy("The second pair's points; never equal to the first pair's.")))
    hands = serializers.IntegerField(
        min_value=1, max_value=MAX_HANDS, required=False, allow_null=True, help_text=(
            gettext_lazy("The hands played, where the format counts them (groups then "
                         "knockout: 8, 10, 12...; rules.md 12.4); null or left out where it "
                         "does not (free-deal: rules.md 11.3).")))


class KnockoutDirectorGameSerializer(KnockoutGameSerializer):
    game = serializers.IntegerField(
        min_value=1, max_value=99, required=False, write_only=True, help_text=gettext_lazy(
            "The game of the tie this result is for (1 for its first). Send it: if that game "
            "has counted since (the pairs confirmed a captain's report), the result is "
            "refused (400) rather than counted as the next game."))


class KnockoutTieSerializer(serializers.Serializer):
    tie = serializers.IntegerField(source="slot", help_text=gettext_lazy(
        "From 1, top of the bracket first."))
    first = KnockoutPairSerializer(allow_null=True, help_text=gettext_lazy("Null until known."))
    first_seed = serializers.IntegerField(allow_null=True)
    second = KnockoutPairSerializer(allow_null=True)
    second_seed = serializers.IntegerField(allow_null=True)
    games = KnockoutGameSerializer(many=True, source="games.all")
    winner = serializers.SerializerMethodField(help_text=gettext_lazy(
        "The winning pair's number, or null."))

    def get_winner(self, tie) -> int | None:
        return tie.winner.number if tie.winner_id else None


class KnockoutRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text=gettext_lazy("From 1 (the bracket's first round)."))
    name = serializers.CharField(help_text=gettext_lazy("The final, Semi-finals, ..."))
    ties = KnockoutTieSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField(help_text=gettext_lazy(
        "Pairs in the bracket; 0: no knockout stage."))
    best_of = serializers.IntegerField(help_text=gettext_lazy(
        "1: one game per tie; 3: best of three."))
    started = serializers.BooleanField()
    rounds = KnockoutRoundSerializer(many=True)
    champion = KnockoutPairSerializer(allow_null=True)


# --- Answers ---------------------------------------------------------------------------------


def named_rounds(rounds: list[list]) -> list[dict]:
    """The bracket's rounds as the answer lists them: each with its number and name. A
    third-place game (stored beside the final: ``scoring.services.knockout_settle``) is an
    entry of its own after the final, under the final's round number (its tie 2)."""
    named = [{"round": n, "name": stage_name(len(ties)), "ties": ties}
             for n, ties in enumerate(rounds, start=1)]
    if len(rounds) >= 2 and len(rounds[-1]) == 2:
        final, third = rounds[-1]
        last = len(rounds)
        named[-1:] = [{"round": last, "name": stage_name(1), "ties": [final]},
                      {"round": last, "name": _("Third-place game"), "ties": [third]}]
    return named


def bracket_answer(seam: KnockoutSeam, championship: Championship,
                   http_status=status.HTTP_200_OK) -> Response:
    """The bracket as every knockout endpoint of a director answers it. A fixed number of
    queries, whatever its size."""
    rounds = knockout_bracket(championship)
    final = rounds[-1][0] if rounds else None
    return Response(BracketSerializer({
        "size": seam.size(championship, rounds),
        "best_of": seam.serves.knockout_best_of(championship),
        "started": bool(rounds),
        "rounds": named_rounds(rounds),
        "champion": final.winner if final is not None else None,
    }).data, status=http_status)


CONFLICT = {409: OpenApiResponse(ErrorSerializer, description="Refused: the reason.")}


def refused(error: ServiceError, fields: tuple[str, ...], *,
            names: dict[str, str] | None = None) -> Response:
    """A refusal naming a request field is that field's 400 (``names``: the service's name
    of a field to the request's); any other a 409."""
    field = (names or {}).get(error.field, error.field)
    if field in fields:
        return Response({field: [error.message]}, status=status.HTTP_400_BAD_REQUEST)
    return refusal(error.message, "refused")


# --- Views -----------------------------------------------------------------------------------


class BracketView(PublicView):
    """The bracket: public once the results are published; live for its directors."""

    seam: KnockoutSeam

    def get(self, request, pk: int):
        """The knockout bracket round by round (rules.md 11.3, 12.4): each tie's pairs and
        seeds, its games and its winner; ``started`` false before the bracket is drawn."""
        access = published_results(request, pk)
        self.checked(access.championship)
        return bracket_answer(self.seam, access.championship)


class KnockoutGameView(DirectorView):
    seam: KnockoutSeam

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
                                hands=serializer.validated_data.get("hands"), by=request.user, origin=self.scoring_origin(),
                                game_number=serializer.validated_data.get("game"))
        except ServiceError as error:
            return refused(error, ("first_points", "second_points", "hands", "game"))
        return bracket_answer(self.seam, championship, status.HTTP_201_CREATED)


# --- A format's endpoints --------------------------------------------------------------------


def format_view(seam: KnockoutSeam, base: type, **schemas) -> Callable:
    """``base`` for the seam's format, its methods described by ``schemas``: a view of its
    own, so that each format's operations keep their own ids and tags."""
    view = type(f"{seam.operation.title().replace('_', '')}{base.__name__}", (base,),
                {"seam": seam, "serves": seam.serves, "__module__": base.__module__,
                 "__doc__": base.__doc__})
    return extend_schema_view(**schemas)(view).as_view()


def knockout_urls(seam: KnockoutSeam, *, bracket: str) -> list:
    """The format's bracket endpoints at ``bracket`` (its read, and a director's
    ``rounds/<n>/ties/<k>/games/``)."""
    op, tags, name = seam.operation, list(seam.tags), seam.name
    return [
        path(bracket, format_view(seam, BracketView, get=extend_schema(
            tags=tags, operation_id=f"{op}_knockout",
            responses={200: BracketSerializer, 404: OpenApiResponse(
                ErrorSerializer, description="Unknown or unpublished.")})),
             name=f"{name}-knockout"),
        path(f"{bracket}rounds/<id:stage>/ties/<id:slot>/games/", format_view(
            seam, KnockoutGameView, post=extend_schema(
                tags=tags, operation_id=f"{op}_knockout_game",
                request=KnockoutDirectorGameSerializer,
                responses={201: BracketSerializer, **ERRORS, **CONFLICT})),
             name=f"{name}-knockout-game"),
    ]
