"""The duplicate pairs' captain API, through the team's private link: its tables, its
results, submit, confirm, dispute and confirm with the other team's PIN, with the same
refusals and messages as the captain's page (``scoring.permissions``, the format's
services)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from formats import DUPLICATE_PAIRS
from formats.duplicate_pairs import services as pairs_services
from scoring import permissions, selectors
from scoring.api.base import CaptainView, LinkReview
from scoring.api.idempotency import submission_key
from scoring.api.pagination import paginated
from scoring.api.responses import IDEMPOTENCY, REFUSED, WRONG_FORMAT
from scoring.serializers import (
    CaptainTableSerializer,
    DisputeSerializer,
    PinSerializer,
    ResultEntrySerializer,
    ResultSubmitSerializer,
)
from scoring.services import Origin, ScoringError
from tournaments.models import Deal


class CaptainResultsView(CaptainView):
    """A captain's results, through the team's private link."""

    serves = DUPLICATE_PAIRS

    # The key is kept on the entry, in the entry's own transaction (scoring.services).
    generic_idempotency = False

    @extend_schema(responses={200: ResultEntrySerializer(many=True), 404: REFUSED[404],
                              **WRONG_FORMAT})
    def get(self, request, team_id: int, secret: str):
        """The entries of the team's open tables (every released round it plays in), or of
        its latest closed table when no round is open; never another team's table."""
        team = self.team()
        tables = permissions.captain_shown_tables(selectors.team_position(team))
        entries = []
        if tables:
            deals = Deal.objects.filter(round_id__in=[t.round_id for t in tables])
            for state in selectors.result_states(tables, deals).values():
                for entry in state.entries:
                    # Already loaded: the serializer reads them without a query per entry.
                    entry.table, entry.deal = state.table, state.deal
                    state.deal.round = state.table.round
                    entries.append(entry)
            entries.sort(key=lambda e: e.pk)
        return paginated(self, request, entries, ResultEntrySerializer)

    @extend_schema(
        request=ResultSubmitSerializer,
        parameters=[IDEMPOTENCY],
        responses={
            201: ResultEntrySerializer,
            200: OpenApiResponse(ResultEntrySerializer, description="Already stored (same key)."),
            **REFUSED,
        },
    )
    def post(self, request, team_id: int, secret: str):
        """Enter a result for a deal of one of the team's open tables: the deal number picks
        the table (the team's table in that deal's round). Pending until confirmed."""
        team = self.team()
        serializer = ResultSubmitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        key = submission_key(request, team.pk, data.get("idempotency_key"))
        try:
            table, deal = permissions.captain_table_for_deal(team, data["deal"],
                                                             with_teams=False)
        except ScoringError:
            # A retry of a result stored before the round closed: its first answer.
            entry = pairs_services.earlier_submission(team=team, deal_number=data["deal"],
                                                idempotency_key=key)
            if entry is None:
                raise
            return _answer(entry)
        entry, created = pairs_services.submit_result(
            team=team, table=table, deal=deal, data=data["result"],
            idempotency_key=key, origin=Origin.from_request(request),
        )
        if created:
            entry.known_status = selectors.PENDING  # a new entry has no review yet
        return Response(
            ResultEntrySerializer(entry).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class CaptainTablesView(CaptainView):
    """The tables a captain's link shows: every open table of the team, earliest round first
    (a director may release a round before the previous one is over), or its latest closed
    table when no round is open. Empty with the bye or while waiting for a round."""

    serves = DUPLICATE_PAIRS

    @extend_schema(responses={200: CaptainTableSerializer(many=True), 404: REFUSED[404],
                              **WRONG_FORMAT})
    def get(self, request, team_id: int, secret: str):
        team = self.team()
        position = selectors.team_position(team)
        tables = permissions.captain_shown_tables(position)
        deals = Deal.objects.filter(round_id__in=[t.round_id for t in tables]).order_by("number")
        numbers: dict[int, list[int]] = {}
        for deal in deals:
            numbers.setdefault(deal.round_id, []).append(deal.number)
        rows = [
            {
                "round": table.round.number,
                "table": table.number,
                "open": position.writable and not team.withdrawn,
                "side": selectors.team_side(table, team),
                "opponent": selectors.opponent_of(table, team.pk),
                "deals": numbers.get(table.round_id, []),
            }
            for table in tables
        ]
        return paginated(self, request, rows, CaptainTableSerializer)


def _answer(entry, known_status=None) -> Response:
    entry.deal.round = entry.table.round
    entry.known_status = known_status
    return Response(ResultEntrySerializer(entry).data)


class _OpenEntryReview(LinkReview, CaptainView):
    """A review of an open entry at the team's table (its body's one field is passed on to
    the service by its name)."""

    serves = DUPLICATE_PAIRS

    def entry_of(self, team, entry_id: int):
        return permissions.captain_open_entry(team, entry_id)


class CaptainConfirmView(CaptainView):
    """The other team confirms an entry at one of its open tables, through its own link."""

    serves = DUPLICATE_PAIRS

    @extend_schema(request=None, parameters=[IDEMPOTENCY],
                   responses={200: ResultEntrySerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        """Confirm the other team's entry: it counts from now on. Confirming twice is
        harmless (the first confirmation is kept)."""
        team = self.team()
        entry = permissions.captain_open_entry(team, entry_id)
        pairs_services.confirm_entry(entry_id=entry.pk, team=team, entry=entry,
                               origin=Origin.from_request(request))
        return _answer(entry, selectors.CONFIRMED)


class CaptainDisputeView(_OpenEntryReview):
    """The other team disputes an entry, with a comment for the director."""

    @extend_schema(request=DisputeSerializer, parameters=[IDEMPOTENCY],
                   responses={200: ResultEntrySerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        return _answer(self.reviewed(entry_id, pairs_services.dispute_entry, DisputeSerializer))


class CaptainPinView(_OpenEntryReview):
    """The other team confirms on the entering team's phone, by typing its PIN. Wrong PINs
    are counted; too many lock PIN confirmation at the table for a while."""

    @extend_schema(request=PinSerializer, parameters=[IDEMPOTENCY],
                   responses={200: ResultEntrySerializer, **REFUSED})
    def post(self, request, team_id: int, secret: str, entry_id: int):
        return _answer(self.reviewed(entry_id, pairs_services.confirm_with_pin, PinSerializer),
                       selectors.CONFIRMED)
