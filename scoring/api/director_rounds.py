"""A director's rounds, tables and deals: list, generate (the round robin schedule or the
next Swiss round), discard drafted rounds, release, close, reopen, swap teams or tables,
and deal import. Deals follow rules.md 8: only the championship's directors see a round's
cards before it is closed (``public.RoundDealsView`` serves everyone else)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from formats import DUPLICATE_PAIRS
from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.pagination import paginated
from scoring.api.responses import IDEMPOTENCY
from scoring.api.serializers_director import (
    CountSerializer,
    DealImportSerializer,
    DealSerializer,
    GeneratedSerializer,
    RoundActionSerializer,
    RoundDetailSerializer,
    RoundSerializer,
    SwapTablesSerializer,
    SwapTeamsSerializer,
    TableSerializer,
)
from tournaments import selectors as tournament_selectors
from tournaments import services
from tournaments.models import Round


def with_tables(round_: Round) -> Round:
    round_.table_list = list(tournament_selectors.round_tables(round_))
    round_.bye_list = tournament_selectors.round_byes(round_)
    return round_


def round_answer(round_: Round, warnings=()) -> Response:
    round_ = Round.objects.select_related("bye_team", "championship").get(pk=round_.pk)
    return Response({"round": RoundDetailSerializer(with_tables(round_)).data,
                     "warnings": [str(w) for w in warnings]})


class RoundsView(DirectorView):
    @extend_schema(responses={200: RoundSerializer(many=True), 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int):
        return paginated(self, request, tournament_selectors.rounds(self.championship(pk)),
                         RoundSerializer)


class GenerateView(DirectorView):
    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={201: GeneratedSerializer, **ERRORS})
    def post(self, request, pk: int):
        """What comes next, drafted, as the championship's format says: duplicate pairs, the
        whole round robin schedule or the next Swiss round, with their deals; free-deal
        pairs, the next Swiss round (rules.md 11.3: tables and the bye, no deals), once the
        previous round is closed."""
        rounds = services.generate_next_round(self.championship(pk))
        return Response({"rounds": RoundSerializer(rounds, many=True).data},
                        status=status.HTTP_201_CREATED)


class DiscardView(DirectorView):
    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: CountSerializer, **ERRORS})
    def post(self, request, pk: int):
        """Discard every drafted round."""
        return Response({"count": services.discard_drafted_rounds(self.championship(pk))})


class RoundView(DirectorView):
    @extend_schema(responses={200: RoundDetailSerializer, 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int, number: int):
        """The round with its tables and bye."""
        _championship, round_ = self.round_of(pk, number)
        round_ = get_object_or_404(tournament_selectors.rounds(_championship), number=number)
        return Response(RoundDetailSerializer(with_tables(round_)).data)


class TablesView(DirectorView):
    @extend_schema(responses={200: TableSerializer(many=True), 401: ERRORS[401], 404: ERRORS[404]})
    def get(self, request, pk: int, number: int):
        """The round's tables: who sits NS and EW at each."""
        _championship, round_ = self.round_of(pk, number)
        return paginated(self, request, tournament_selectors.round_tables(round_),
                         TableSerializer)


def _round_action(name: str, doc: str):
    class View(DirectorView):
        @extend_schema(request=None, parameters=[IDEMPOTENCY],
                       responses={200: RoundActionSerializer, **ERRORS}, description=doc)
        def post(self, request, pk: int, number: int):
            _championship, round_ = self.round_of(pk, number)
            getattr(services, name)(round_, **self.who())
            return round_answer(round_)

    View.__name__ = View.__qualname__ = "".join(p.title() for p in name.split("_")) + "View"
    return View


ReleaseView = _round_action(
    "release_round", "Release the round: play starts and its tables may enter results.")
CloseView = _round_action("close_round", "Close the round: its deals become public.")
ReopenView = _round_action("reopen_round", "Reopen a closed round.")


class SwapTeamsView(DirectorView):
    @extend_schema(request=SwapTeamsSerializer, parameters=[IDEMPOTENCY],
                   responses={200: RoundActionSerializer, **ERRORS})
    def post(self, request, pk: int, number: int):
        """Swap two teams (by number) in a drafted round; warns of teams who met before."""
        championship, round_ = self.round_of(pk, number)
        serializer = SwapTeamsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        teams = {
            key: get_object_or_404(championship.teams, number=serializer.validated_data[key])
            for key in ("team_a", "team_b")
        }
        warnings = services.swap_teams(round_, teams["team_a"], teams["team_b"])
        return round_answer(round_, warnings or ())


class SwapTablesView(DirectorView):
    @extend_schema(request=SwapTablesSerializer, parameters=[IDEMPOTENCY],
                   responses={200: RoundActionSerializer, **ERRORS})
    def post(self, request, pk: int, number: int):
        """Swap two tables' places (and so their deals' order) in a drafted round."""
        _championship, round_ = self.round_of(pk, number)
        serializer = SwapTablesSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.swap_tables(round_, serializer.validated_data["table_a"],
                             serializer.validated_data["table_b"])
        return round_answer(round_)


class DealImportView(DirectorView):
    serves = DUPLICATE_PAIRS  # free-deal rounds have no deals
    pagination_class = None  # the answer is every deal imported, a plain list

    @extend_schema(request=DealImportSerializer, parameters=[IDEMPOTENCY],
                   responses={201: DealSerializer(many=True), **ERRORS})
    def post(self, request, pk: int, number: int | None = None):
        """Replace generated deals by imported ones (one a line, in the notation), for one
        drafted round or, without a round, for any drafted round."""
        if number is None:
            target = self.championship(pk)
        else:
            _championship, target = self.round_of(pk, number)
        serializer = DealImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        deals = services.import_deals(target, serializer.validated_data["text"])
        for deal in deals:
            deal.round  # noqa: B018 (loaded for the serializer)
        return Response(DealSerializer(deals, many=True).data, status=status.HTTP_201_CREATED)


class DealRestoreView(DirectorView):
    serves = DUPLICATE_PAIRS  # free-deal rounds have no deals

    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: CountSerializer, **ERRORS})
    def post(self, request, pk: int, number: int):
        """Bring back the deals generated from the key (a drafted round)."""
        _championship, round_ = self.round_of(pk, number)
        return Response({"count": services.restore_generated_deals(round_)})
