"""A pair's knockout game through its link in the REST API (rules.md 11.3), as on its page
(``knockout_captain_views``):

- ``captain/<team>/<secret>/free-deal/knockout/``: the pair's tie being played (``GET``; null
  when it plays none), and reporting the tie's next game (``POST``);
- ``.../knockout/<entry>/confirm/`` and ``.../dispute/``: the other pair of the tie confirms
  the report (the game counts) or disputes it (the director settles it).

``services.knockout_captains`` decides: a refusal naming a field is a 400, any other a 409; a
report of another tie is a 404 (another tie's reports are not the link's business).
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from formats import FREE_DEAL_PAIRS
from formats.free_deal.knockout_api import (
    KnockoutGameSerializer,
    KnockoutPairSerializer,
    _refused,
)
from formats.free_deal.knockout_views import stage_name
from formats.free_deal.models import KnockoutEntry, KnockoutTie
from formats.free_deal.services import knockout_captains as services
from scoring.api.base import CaptainView
from scoring.api.captain import IDEMPOTENCY, REFUSED, WRONG_FORMAT
from scoring.serializers import DisputeSerializer
from scoring.services import Origin
from tournaments.models import Team
from tournaments.services.common import ServiceError

TAGS = ["free-deal"]


class KnockoutReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="number", help_text=_("The game of the tie it reports."))
    first_points = serializers.IntegerField()
    second_points = serializers.IntegerField()
    state = serializers.CharField(source="verdict", help_text=_(
        "pending (waiting for the other pair), confirmed or disputed."))
    by_pair = serializers.IntegerField(source="by_team.number")


class CaptainTieSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="stage", help_text=_("The bracket's round, from 1."))
    tie = serializers.IntegerField(source="slot")
    name = serializers.CharField()
    first = KnockoutPairSerializer()
    second = KnockoutPairSerializer()
    games = KnockoutGameSerializer(many=True, source="games.all")
    report = KnockoutReportSerializer(allow_null=True, help_text=_(
        "The latest report of the tie's next game, or null."))


class CaptainKnockoutSerializer(serializers.Serializer):
    tie = CaptainTieSerializer(allow_null=True, help_text=_(
        "The pair's tie being played (undecided, both pairs known), or null."))


def _tie_answer(team: Team, http_status=status.HTTP_200_OK) -> Response:
    tie = services.team_tie(team)
    if tie is not None:
        tie.name = stage_name(KnockoutTie.objects.filter(championship_id=tie.championship_id,
                                                         stage=tie.stage).count())
        tie.report = services.latest_entry(tie)
    return Response(CaptainKnockoutSerializer({"tie": tie}).data, status=http_status)


def _checked_entry_id(team: Team, entry_id: int) -> int:
    """The id of a report of one of the pair's ties; 404 for any other."""
    if not KnockoutEntry.objects.filter(pk=entry_id).filter(
            Q(tie__first_id=team.pk) | Q(tie__second_id=team.pk)).exists():
        raise Http404("No such knockout report in your ties")
    return entry_id


class CaptainKnockoutView(CaptainView):
    serves = FREE_DEAL_PAIRS
    # A request sent again with its Idempotency-Key gets the first answer (the API's
    # generic idempotency, scoring.api.idempotency): one report stored.

    @extend_schema(tags=TAGS, operation_id="free_deal_captain_knockout",
                   responses={200: CaptainKnockoutSerializer, 404: REFUSED[404],
                              **WRONG_FORMAT})
    def get(self, request, team_id: int, secret: str):
        """The pair's knockout tie being played: its pairs, games and latest report."""
        return _tie_answer(self.team())

    @extend_schema(tags=TAGS, operation_id="free_deal_captain_knockout_report",
                   request=KnockoutGameSerializer, parameters=[IDEMPOTENCY],
                   responses={201: CaptainKnockoutSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str):
        """Report the next game of the pair's tie (the tie's first pair's points first,
        never level): it waits for the other pair's confirmation."""
        team = self.team()
        serializer = KnockoutGameSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        tie = services.team_tie(team)
        if tie is None:
            return Response({"detail": str(_("Your pair has no knockout game to play now.")),
                             "code": "no_tie"}, status=status.HTTP_409_CONFLICT)
        try:
            services.submit_knockout_entry(
                team=team, tie_id=tie.pk, origin=Origin.from_request(request),
                first_points=serializer.validated_data["first_points"],
                second_points=serializer.validated_data["second_points"])
        except ServiceError as error:
            return _refused(error, ("first_points", "second_points"))
        return _tie_answer(team, status.HTTP_201_CREATED)


class CaptainKnockoutConfirmView(CaptainView):
    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_captain_knockout_confirm", request=None,
                   parameters=[IDEMPOTENCY],
                   responses={200: CaptainKnockoutSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms the report: the game counts, and a tie it decides sends
        its winner on (the answer is then the pair's next tie, or null)."""
        team = self.team()
        try:
            services.confirm_knockout_entry(team=team, entry_id=_checked_entry_id(team, entry_id),
                                            origin=Origin.from_request(request))
        except ServiceError as error:
            return _refused(error, ())
        return _tie_answer(team)


class CaptainKnockoutDisputeView(CaptainView):
    serves = FREE_DEAL_PAIRS

    @extend_schema(tags=TAGS, operation_id="free_deal_captain_knockout_dispute",
                   request=DisputeSerializer, parameters=[IDEMPOTENCY],
                   responses={200: CaptainKnockoutSerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair disputes the report, saying what is wrong: the director settles it."""
        team = self.team()
        entry_id = _checked_entry_id(team, entry_id)
        serializer = DisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.dispute_knockout_entry(team=team, entry_id=entry_id,
                                        comment=serializer.validated_data["comment"],
                                        origin=Origin.from_request(request))
        return _tie_answer(team)


CK = "captain/<id:team_id>/<str:secret>/free-deal/knockout/"

urlpatterns = [
    path(CK, CaptainKnockoutView.as_view(), name="api-fd-captain-knockout"),
    path(f"{CK}<id:entry_id>/confirm/", CaptainKnockoutConfirmView.as_view(),
         name="api-fd-captain-knockout-confirm"),
    path(f"{CK}<id:entry_id>/dispute/", CaptainKnockoutDisputeView.as_view(),
         name="api-fd-captain-knockout-dispute"),
]
