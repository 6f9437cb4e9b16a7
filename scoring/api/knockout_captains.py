"""A pair's knockout tie through its link in the REST API (rules.md 11.3, 12.4), for every
format whose championship ends in a knockout, as on the pair's page
(``scoring.views.knockout_captains``):

- the link's knockout endpoint: the pair's tie being played (``GET``; null when it plays
  none), and reporting the tie's next game (``POST``);
- ``<entry>/confirm/`` and ``<entry>/dispute/``: the other pair of the tie confirms the
  report (the game counts) or disputes it (the director settles it).

``scoring.services.knockout_captains`` decides: a refusal naming a field is a 400, any other
a 409; a report of another tie is a 404 (another tie's reports are not the link's business).
The format gives its tags and names (``scoring.api.knockout.KnockoutSeam``);
:func:`captain_knockout_urls` builds its endpoints.
"""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from scoring.api.base import CaptainView
from scoring.api.idempotency import entry_key, request_key
from scoring.api.knockout import (
    KnockoutGameSerializer,
    KnockoutPairSerializer,
    KnockoutSeam,
    format_view,
    refused,
)
from scoring.api.responses import IDEMPOTENCY, REFUSED, WRONG_FORMAT
from scoring.models import KnockoutEntry
from scoring.selectors.knockout import captain_knockout_entry_id, tie_name
from scoring.serializers import DisputeSerializer
from scoring.services import KEY_LENGTH, Origin
from scoring.services import knockout_captains as services
from tournaments.models import Team
from tournaments.services.common import ServiceError


class KnockoutReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="number", help_text=_("The game of the tie it reports."))
    first_points = serializers.IntegerField()
    second_points = serializers.IntegerField()
    hands = serializers.IntegerField(allow_null=True, help_text=_(
        "The hands played, where the format counts them; else null."))
    state = serializers.CharField(help_text=_(
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


def tie_answer(team: Team, http_status=status.HTTP_200_OK, *,
               report: KnockoutEntry | None = None) -> Response:
    """The pair's tie being played; or, for a ``report`` sent again, that report's tie
    (decided since, perhaps) with the report."""
    tie = services.team_tie(team) if report is None else report.tie
    if tie is not None:
        tie.name = tie_name(tie)
        tie.report = services.latest_entry(tie) if report is None else report
    return Response(CaptainKnockoutSerializer({"tie": tie}).data, status=http_status)


class KnockoutReportSubmitSerializer(KnockoutGameSerializer):
    idempotency_key = serializers.CharField(
        required=False, allow_blank=True, max_length=64, write_only=True, help_text=_(
            "Optional: a key of your choice (or the Idempotency-Key header); the same report "
            "sent again is stored once and answered as the first time."))


class CaptainKnockoutView(CaptainView):
    seam: KnockoutSeam
    # The key is kept on the report, in the report's own transaction
    # (services.submit_knockout_entry), as a table game's: one report stored however many
    # times it is sent, at once or after the tie was decided.
    generic_idempotency = False

    def get(self, request, team_id: int, secret: str):
        """The pair's knockout tie being played: its pairs, games and latest report."""
        return tie_answer(self.team())

    def post(self, request, team_id: int, secret: str):
        """Report the next game of the pair's tie (the tie's first pair's points first,
        never level): it waits for the other pair's confirmation. Sent again with the same
        key, even once the tie is decided, it answers the stored report (200)."""
        team = self.team()
        serializer = KnockoutReportSubmitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        key = serializer.validated_data.get("idempotency_key")
        if header := request_key(request):
            # Scoped to the link, as a table game's: another pair's identical key is another
            # report.
            key = entry_key(team.pk, header, KEY_LENGTH)
        earlier = services.earlier_knockout_entry(team=team, idempotency_key=key)
        if earlier is not None:
            return tie_answer(team, report=earlier)
        tie = services.team_tie(team)
        if tie is None:
            return Response({"detail": str(_("Your pair has no knockout game to play now.")),
                             "code": "no_tie"}, status=status.HTTP_409_CONFLICT)
        try:
            entry, created = services.submit_knockout_entry(
                team=team, tie_id=tie.pk, origin=Origin.from_request(request),
                first_points=serializer.validated_data["first_points"],
                second_points=serializer.validated_data["second_points"],
                hands=serializer.validated_data.get("hands"), idempotency_key=key)
        except ServiceError as error:
            return refused(error, ("first_points", "second_points", "hands"))
        if not created:  # the same report sent at once by another request: stored once
            return tie_answer(team, report=entry)
        return tie_answer(team, status.HTTP_201_CREATED)


class CaptainKnockoutConfirmView(CaptainView):
    seam: KnockoutSeam

    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair confirms the report: the game counts, and a tie it decides sends
        its winner on (the answer is then the pair's next tie, or null)."""
        team = self.team()
        try:
            services.confirm_knockout_entry(
                team=team, entry_id=captain_knockout_entry_id(team, entry_id),
                origin=Origin.from_request(request))
        except ServiceError as error:
            return refused(error, ())
        return tie_answer(team)


class CaptainKnockoutDisputeView(CaptainView):
    seam: KnockoutSeam

    def post(self, request, team_id: int, secret: str, entry_id: int):
        """The other pair disputes the report, saying what is wrong: the director settles it."""
        team = self.team()
        entry_id = captain_knockout_entry_id(team, entry_id)
        serializer = DisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.dispute_knockout_entry(team=team, entry_id=entry_id,
                                        comment=serializer.validated_data["comment"],
                                        origin=Origin.from_request(request))
        return tie_answer(team)


def captain_knockout_urls(seam: KnockoutSeam, *, captain: str) -> list:
    """The format's endpoints of a pair's knockout tie, through its link, at ``captain``
    (the tie and its report, ``<entry>/confirm/``, ``<entry>/dispute/``)."""
    op, tags, name = seam.operation, list(seam.tags), seam.name
    return [
        path(captain, format_view(
            seam, CaptainKnockoutView,
            get=extend_schema(tags=tags, operation_id=f"{op}_captain_knockout",
                              responses={200: CaptainKnockoutSerializer, 404: REFUSED[404],
                                         **WRONG_FORMAT}),
            post=extend_schema(
                tags=tags, operation_id=f"{op}_captain_knockout_report",
                request=KnockoutReportSubmitSerializer, parameters=[IDEMPOTENCY],
                responses={201: CaptainKnockoutSerializer, 200: OpenApiResponse(
                    CaptainKnockoutSerializer, description="Already stored (same key)."),
                    **REFUSED})),
             name=f"{name}-captain-knockout"),
        path(f"{captain}<id:entry_id>/confirm/", format_view(
            seam, CaptainKnockoutConfirmView, post=extend_schema(
                tags=tags, operation_id=f"{op}_captain_knockout_confirm", request=None,
                parameters=[IDEMPOTENCY],
                responses={200: CaptainKnockoutSerializer, **REFUSED})),
             name=f"{name}-captain-knockout-confirm"),
        path(f"{captain}<id:entry_id>/dispute/", format_view(
            seam, CaptainKnockoutDisputeView, post=extend_schema(
                tags=tags, operation_id=f"{op}_captain_knockout_dispute",
                request=DisputeSerializer, parameters=[IDEMPOTENCY],
                responses={200: CaptainKnockoutSerializer, **REFUSED})),
             name=f"{name}-captain-knockout-dispute"),
    ]
