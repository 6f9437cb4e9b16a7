"""A director's duplicate pairs' results: the grid of a round, a cell's full history, and
entering or overriding, confirming, adjusting and clearing an adjustment: the services and
selectors of the director's result pages."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from formats import DUPLICATE_PAIRS
from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.grid import round_grid
from scoring import permissions, selectors
from scoring.api.base import DirectorView
from scoring.api.director_championships import ERRORS
from scoring.api.responses import IDEMPOTENCY, WRONG_FORMAT
from scoring.api.serializers_results import (
    AdjustSerializer,
    CellSerializer,
    ClearAdjustmentSerializer,
    DirectorConfirmSerializer,
    DirectorResultSerializer,
    GridSerializer,
)
from scoring.services import parse_adjusted_value

READ = {401: ERRORS[401], 404: ERRORS[404], **WRONG_FORMAT}


class GridView(DirectorView):
    serves = DUPLICATE_PAIRS

    @extend_schema(responses={200: GridSerializer, **READ})
    def get(self, request, pk: int, number: int):
        """Every table by every deal of the round, each cell's status and counted result."""
        _championship, round_ = self.round_of(pk, number)
        return Response(GridSerializer(round_grid(round_)).data)


class _CellView(DirectorView):
    serves = DUPLICATE_PAIRS

    def cell(self, pk, number, table_number, deal_number):
        # The round of a championship the caller directs, of this format (else 404 or 409).
        _championship, round_ = self.round_of(pk, number)
        return permissions.round_cell(round_, table_number, deal_number)

    def cell_answer(self, table, deal) -> Response:
        state = selectors.result_state(table, deal)
        return Response(CellSerializer({
            "table": table, "deal": deal, "status": state.status, "counted": state.counted,
            "history": selectors.history(state),
            "score": selectors.table_score(table.pk, deal.pk),
        }).data)


class CellView(_CellView):
    @extend_schema(responses={200: CellSerializer, **READ}, operation_id="championships_rounds_results_cell_retrieve")
    def get(self, request, pk: int, number: int, table_number: int, deal_number: int):
        """One table's result on one deal: every entry, review and adjusted score with who,
        when and from where; the status, the counted entry and the score."""
        return self.cell_answer(*self.cell(pk, number, table_number, deal_number))


class EnterView(_CellView):
    @extend_schema(request=DirectorResultSerializer, parameters=[IDEMPOTENCY],
                   responses={200: CellSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal_number: int):
        """Enter or override the result: it counts at once, without confirmation."""
        table, deal = self.cell(pk, number, table_number, deal_number)
        serializer = DirectorResultSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        pairs_services.director_enter_result(
            table=table, deal=deal, data=data["result"], user=request.user, note=data["note"],
            origin=self.scoring_origin(),
        )
        return self.cell_answer(table, deal)


class ConfirmView(_CellView):
    @extend_schema(request=DirectorConfirmSerializer, parameters=[IDEMPOTENCY],
                   responses={200: CellSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal_number: int):
        """Confirm an entry of this cell (e.g. a disputed one)."""
        table, deal = self.cell(pk, number, table_number, deal_number)
        serializer = DirectorConfirmSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # Looked up among the cell's entries by the service: another cell's is 404.
        pairs_services.director_confirm_entry(table=table, deal=deal,
                                        entry_id=serializer.validated_data["entry"],
                                        user=request.user, origin=self.scoring_origin())
        return self.cell_answer(table, deal)


class AdjustView(_CellView):
    @extend_schema(request=AdjustSerializer, parameters=[IDEMPOTENCY],
                   responses={200: CellSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal_number: int):
        """Set an adjusted score (rules.md 6.5) for one side or both, with a reason."""
        table, deal = self.cell(pk, number, table_number, deal_number)
        serializer = AdjustSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        value = None
        if data["kind"] == "custom":
            value = parse_adjusted_value(data.get("value") or "")
        sides = ["NS", "EW"] if data["side"] == "both" else [data["side"]]
        for side in sides:
            pairs_services.set_adjustment(
                table=table, deal=deal, side=side, kind=data["kind"], value=value,
                reason=data["reason"], user=request.user, origin=self.scoring_origin(),
            )
        return self.cell_answer(table, deal)


class ClearAdjustmentView(_CellView):
    @extend_schema(request=ClearAdjustmentSerializer, parameters=[IDEMPOTENCY],
                   responses={200: CellSerializer, **ERRORS})
    def post(self, request, pk: int, number: int, table_number: int, deal_number: int):
        """Withdraw a side's adjusted score, with a reason."""
        table, deal = self.cell(pk, number, table_number, deal_number)
        serializer = ClearAdjustmentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        pairs_services.clear_adjustment(
            table=table, deal=deal, side=serializer.validated_data["side"],
            reason=serializer.validated_data["reason"], user=request.user,
            origin=self.scoring_origin(),
        )
        return self.cell_answer(table, deal)
