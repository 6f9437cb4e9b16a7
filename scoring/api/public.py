"""The public API: what the result pages show to the same caller."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors
from scoring.serializers import StandingSerializer
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship


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
