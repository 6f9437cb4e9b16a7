"""The groups' knockout stage in the REST API (rules.md 12.3, 12.4), beside ``api``, both
joined through ``Format.api_urlpatterns``:

- the core's knockout endpoints (``scoring.api.knockout``, ``knockout_captains``) given this
  format's answers (``KNOCKOUT``): the bracket ``championships/<id>/groups/knockout/``
  (directors live, everyone once the results are published), a director entering a tie's
  next game ``.../knockout/rounds/<n>/ties/<k>/games/`` (a third-place game is tie 2 of the
  final's round), and a pair's tie through its link
  ``captain/<team>/<secret>/groups/knockout/`` (read, report, ``<entry>/confirm/``,
  ``<entry>/dispute/``);
- a director confirming who goes through ``.../groups/going-through/confirm/`` (the page's
  action: ``services.knockout.confirm_qualifiers``, two qualifiers' places swapped first if
  asked), answering the bracket;
- the final ranking ``.../groups/final-ranking/`` (rules.md 12.4; read as the bracket),
  empty until the final (and the third-place game) is decided.

A refusal naming a request field is a 400 naming it, any other a 409; a championship of
another format is a 409.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from formats import GROUPS_KNOCKOUT
from formats.groups_knockout.api_serializers import (
    ConfirmQualifiersSerializer,
    FinalRankingSerializer,
)
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.services.knockout import confirm_qualifiers
from formats.groups_knockout.standings import group_stage
from formats.groups_knockout.standings_knockout import final_places
from scoring.api import public
from scoring.api.base import DirectorView, PublicView
from scoring.api.director_championships import ERRORS
from scoring.api.knockout import (
    CONFLICT,
    BracketSerializer,
    KnockoutSeam,
    bracket_answer,
    knockout_urls,
    refused,
)
from scoring.api.knockout_captains import captain_knockout_urls
from tournaments.services.common import ServiceError

TAGS = ["groups-knockout"]


def bracket_size(championship, rounds: list) -> int:
    """The pairs the bracket holds: its first round's once drawn; before, the settings' size,
    or (left to who goes through) the size the group stage gives, 0 while not known yet."""
    if rounds:
        return 2 * len(rounds[0])
    if size := settings_of(championship).bracket_size:
        return size
    qualification = group_stage(championship).qualification
    return qualification.bracket.size if qualification is not None else 0


#: The groups' knockout answers for the core's knockout endpoints.
KNOCKOUT = KnockoutSeam(serves=GROUPS_KNOCKOUT, tags=tuple(TAGS), operation="groups",
                        name="api-gk", size=bracket_size)


class ConfirmQualifiersView(DirectorView):
    serves = GROUPS_KNOCKOUT

    @extend_schema(tags=TAGS, operation_id="groups_going_through_confirm",
                   request=ConfirmQualifiersSerializer,
                   responses={201: BracketSerializer, **ERRORS, **CONFLICT})
    def post(self, request, pk: int):
        """Confirm who goes through (rules.md 12.3): the seeded bracket is stored and the
        knockout starts. ``swap_first`` and ``swap_second`` (pair numbers, both or neither)
        make two qualifiers change places in the first round first, each keeping its seed.
        Only once, and only once every group game counts and no draw is needed (409 saying
        why); a pair that does not go through cannot be swapped (400 naming the field)."""
        championship = self.championship(pk)
        data = self.valid(ConfirmQualifiersSerializer).validated_data
        swap = None
        if data.get("swap_first") is not None:
            swap = (data["swap_first"], data["swap_second"])
        try:
            confirm_qualifiers(championship, swap=swap, **self.who())
        except ServiceError as error:
            # The service names the swapped pairs "first" and "second".
            return refused(error, ("swap_first", "swap_second"),
                           names={"first": "swap_first", "second": "swap_second"})
        return bracket_answer(KNOCKOUT, championship, status.HTTP_201_CREATED)


class FinalRankingView(PublicView):
    serves = GROUPS_KNOCKOUT

    @extend_schema(tags=TAGS, operation_id="groups_final_ranking",
                   responses={200: FinalRankingSerializer, **public.NOT_FOUND})
    def get(self, request, pk: int):
        """The final ranking (rules.md 12.4), for whoever may read the bracket: the winner,
        the runner-up, the pairs by the round they went out in (sharing a place: ``3=``),
        then the pairs that did not go through by their group place. ``decided`` false and
        no places until the final (and the third-place game, when there is one) is
        decided."""
        championship = self.checked(public.published_results(request, pk).championship)
        places = final_places(championship)
        return Response(FinalRankingSerializer({
            "decided": places is not None, "places": places or []}).data)


C = "championships/<id:pk>/groups/"

urlpatterns = [
    *knockout_urls(KNOCKOUT, bracket=f"{C}knockout/"),
    path(f"{C}going-through/confirm/", ConfirmQualifiersView.as_view(),
         name="api-gk-going-through-confirm"),
    path(f"{C}final-ranking/", FinalRankingView.as_view(), name="api-gk-final-ranking"),
    *captain_knockout_urls(KNOCKOUT, captain="captain/<id:team_id>/<str:secret>/groups/knockout/"),
]
