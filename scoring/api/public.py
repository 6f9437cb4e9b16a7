"""The public API: what the result and championship pages show to the same caller. Result
pages are for the championship's directors (live) and, once published, for everyone
(closed rounds only); a round's cards only once it is closed (rules.md 8). The rules are
``scoring.permissions`` and ``tournaments.selectors``, shared with the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

import engine
from formats import DUPLICATE_PAIRS
from scoring import permissions, selectors
from scoring.api.base import PublicView, check_format
from scoring.api.pagination import Pagination, paginated
from scoring.api.responses import WRONG_FORMAT
from scoring.api.serializers_analysis import analysis_data
from scoring.api.serializers_director import DealSerializer
from scoring.api.serializers_results import (
    CommitmentSerializer,
    DealCheckSerializer,
    ScorecardSerializer,
    TravellerDealSerializer,
    TravellerSerializer,
)
from scoring.serializers import FIELD_ERRORS, ErrorSerializer, StandingSerializer
from tournaments import selectors as tournament_selectors
from tournaments.analysis_selectors import deal_analyses, deal_analysis
from tournaments.models import Championship, Team

NOT_FOUND = {404: OpenApiResponse(ErrorSerializer, description="Unknown or unpublished."),
             **WRONG_FORMAT}


def _published(request, pk: int) -> permissions.ResultsAccess:
    """The results of a duplicate championship the caller may read (404 when unpublished;
    409 for another format, once the caller may read them)."""
    access = published_results(request, pk)
    check_format(access.championship, DUPLICATE_PAIRS)
    return access


def published_results(request, pk: int) -> permissions.ResultsAccess:
    """The championship's results access, any format; 404 unless the caller may read them."""
    access = permissions.results_access(request.user, pk)
    if not access.published:
        raise Http404("Results are not published")
    return access


class StandingsPagination(Pagination):
    """A page of the standings, with where the championship stands."""

    stage: dict = {}

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["stage"] = self.stage
        return response

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["stage"] = {
            "type": "object",
            "description": "after_round N of rounds (null before any round counts); "
                           "final once the championship is finished; label as shown.",
            "properties": {"after_round": {"type": "integer", "nullable": True},
                           "rounds": {"type": "integer"}, "final": {"type": "boolean"},
                           "label": {"type": "string"}},
            "required": ["after_round", "rounds", "final", "label"],
        }
        schema["required"] = [*schema.get("required", []), "stage"]
        return schema


def standings_stage(scope: selectors.RankingScope) -> dict:
    """Where the standings stand (the pages' ranking scope): "after round N of M", or final."""
    return {"after_round": scope.after or None, "rounds": scope.total_rounds,
            "final": scope.final, "label": scope.label}


#: The standings' ``?after=N`` (every format's, as the standings page's).
AFTER = OpenApiParameter("after", int, description=gettext_lazy(
    "Stand after this closed round (as the standings page's ?after=N)."))


def standings_responses(serializer) -> dict:
    """A standings endpoint's answers: a page of ``serializer`` lines, a 400 naming
    ``after``, unknown or unpublished results, a championship of another format."""
    return {200: serializer(many=True), 400: OpenApiResponse(
        FIELD_ERRORS, description="Field errors, each naming its field."), **NOT_FOUND}


def standings_scope(request, championship: Championship, *, live: bool
                    ) -> selectors.RankingScope:
    """Where the standings the request asks for stand (``?after=N``, as the pages'
    ``ranking_scope``); a round they cannot stand after is a 400 naming ``after``."""
    try:
        return selectors.ranking_scope(championship, live=live,
                                       after=request.query_params.get("after"))
    except selectors.ScopeError as error:
        raise ValidationError({"after": [str(error).split(": ", 1)[-1]]}) from None


def standings_page(view, scope: selectors.RankingScope, lines, serializer):
    """The page of ``lines`` the request asks for, with where the standings stand (the
    view's ``pagination_class`` is a :class:`StandingsPagination`)."""
    paginator = view.pagination_class()
    paginator.stage = standings_stage(scope)
    page = paginator.paginate_queryset(lines, view.request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


class FormatStandingsView(PublicView):
    """A format's standings: public (closed rounds only) once published; live for its
    directors; ``?after=N`` an earlier closed round. The format gives its lines
    (:meth:`lines`) and how a line reads (``line_serializer``); its ``get`` answers
    :meth:`standings`."""

    pagination_class = StandingsPagination
    line_serializer = None

    def lines(self, championship: Championship, scope: selectors.RankingScope) -> list:
        raise NotImplementedError

    def standings(self, request, pk: int):
        access = published_results(request, pk)
        championship = self.checked(access.championship)
        scope = standings_scope(request, championship, live=access.director)
        return standings_page(self, scope, self.lines(championship, scope),
                              self.line_serializer)


class StandingsView(PublicView):
    """The standings: public (closed rounds only) once published; live for its directors."""

    pagination_class = StandingsPagination

    # Translated when the schema is read, in the reader's language (as AFTER).
    @extend_schema(parameters=[OpenApiParameter("after", int, description=gettext_lazy(
        "Stand after this closed round (as the standings page's ?after=N)."))],
                   responses=standings_responses(StandingSerializer))
    def get(self, request, pk: int):
        access = _published(request, pk)
        scope = standings_scope(request, access.championship, live=access.director)
        rows = selectors.standings(scope.championship, live=scope.live, up_to=scope.up_to)
        return standings_page(self, scope, rows, StandingSerializer)


class TravellersView(PublicView):
    @extend_schema(responses={200: TravellerDealSerializer(many=True), **NOT_FOUND})
    def get(self, request, pk: int):
        """The deals whose travellers the caller may read."""
        access = _published(request, pk)
        return paginated(self, request, permissions.result_deals(access), TravellerDealSerializer)


class TravellerView(PublicView):
    @extend_schema(responses={200: TravellerSerializer, **NOT_FOUND})
    def get(self, request, pk: int, number: int):
        """Every table's result on the deal, with both scores; the cards and their analysis
        once its round is closed."""
        access = _published(request, pk)
        deal = get_object_or_404(permissions.result_deals(access), number=number)
        cards = deal.cards if tournament_selectors.deal_is_public(deal) else None
        return Response(TravellerSerializer({
            "deal": deal, "trump_side": selectors.deal_trump_side(deal), "cards": cards,
            "analysis": analysis_data(deal_analysis(deal)),  # closed rounds only
            "lines": selectors.traveller(deal),
        }).data)


class ScorecardView(PublicView):
    @extend_schema(responses={200: ScorecardSerializer, **NOT_FOUND})
    def get(self, request, pk: int, number: int):
        """A team's deals in the scored rounds and its total."""
        access = _published(request, pk)
        team = get_object_or_404(Team, championship=access.championship, number=number)
        lines, total = selectors.scorecard(team, live=access.director)
        return Response(ScorecardSerializer(
            {"team": team, "total": engine.show_score(total), "lines": lines}).data)


class CommitmentView(PublicView):
    @extend_schema(responses={200: CommitmentSerializer, 404: NOT_FOUND[404]})
    def get(self, request, pk: int):
        """The deal key's commitment, public from the start; the key once finished."""
        championship = get_object_or_404(Championship, pk=pk)
        return Response(CommitmentSerializer({
            "id": championship.pk, "name": championship.name, "status": championship.status,
            "key_commitment": championship.key_commitment,
            "deal_key": championship.deal_key if championship.key_revealed else None,
        }).data)


class DealCheckView(PublicView):
    @extend_schema(responses={200: DealCheckSerializer, **NOT_FOUND})
    def get(self, request, pk: int, number: int):
        """Once the championship is finished: the deal regenerated from the revealed key,
        and the deal played (if its round was closed), and whether they match."""
        championship = check_format(get_object_or_404(Championship, pk=pk), DUPLICATE_PAIRS)
        check = tournament_selectors.check_deal(championship, number) if number <= 100_000 \
            else None
        if check is None:
            raise Http404("The key is not revealed")
        return Response(DealCheckSerializer({
            "number": number, "regenerated": engine.format_deal(check.regenerated),
            "played": check.played.cards if check.played else None,
            "imported": check.imported, "matches": check.matches,
        }).data)


class RoundDealsView(PublicView):
    @extend_schema(
        parameters=[OpenApiParameter("number", int, OpenApiParameter.PATH)],
        responses={200: DealSerializer(many=True), **NOT_FOUND},
    )
    def get(self, request, pk: int, number: int):
        """A round's deals (rules.md 8): for the championship's directors always; for
        anyone else only once the round is closed. Their analysis only once it is closed."""
        championship = get_object_or_404(Championship, pk=pk)
        if tournament_selectors.is_director(request.user, championship):
            check_format(championship, DUPLICATE_PAIRS)
            round_ = get_object_or_404(championship.rounds, number=number)
        else:
            visible = check_format(get_object_or_404(
                tournament_selectors.visible_championships(request.user), pk=pk),
                DUPLICATE_PAIRS)
            round_ = get_object_or_404(tournament_selectors.released_rounds(visible),
                                       number=number)
            if not tournament_selectors.deals_visible_to_public(round_):
                raise Http404("The round's deals are secret until it is closed")
        deals = tournament_selectors.round_deals(round_).select_related("round")
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(deals, request, view=self)
        # The page's analyses in one query; none while the round is not closed.
        context = {"analyses": deal_analyses(page)}
        return paginator.get_paginated_response(
            DealSerializer(page, many=True, context=context).data)
