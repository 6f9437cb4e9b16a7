"""The duplicate pairs' director's results: the round's grid (tables by deals, which the
shared ``scoring:grid`` URL reaches through ``Format.director_results_page``), one table's
result on one deal (its history, the director's entry, confirmation and adjusted scores),
and the results a round still misses when it is closed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

import live
from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.forms import (
    AdjustmentForm,
    ClearAdjustmentForm,
    DirectorResultForm,
)
from formats.duplicate_pairs.grid import round_grid
from scoring import permissions, selectors
from scoring.services import Origin, ScoringError
from scoring.services.pins import pin_locked_until
from scoring.views.common import add_errors, no_store
from tournaments.models import Championship, Deal, Round, Table

GRID_REFRESH_SECONDS = 5


def duplicate_grid(request, championship: Championship, round_: Round):
    """Duplicate pairs: tables by deals, each cell's state (rules.md 6.1)."""
    grid = round_grid(round_)
    context = {
        "championship": championship,
        "round": round_,
        "grid": grid,
        "rounds": championship.rounds.order_by("number"),
        "next_round": championship.rounds.filter(number=round_.number + 1).first(),
        # The grid fetches itself again this often (static/js/scoring.js; a meta refresh
        # without JavaScript).
        "refresh_seconds": GRID_REFRESH_SECONDS,
        "live_url": live.stream_url("director", championship.pk),
    }
    template = "scoring/_grid.html" if request.GET.get("partial") else "scoring/director_grid.html"
    return no_store(render(request, template, context))


def _director_cell(request, pk: int, number: int, table_number: int, deal_number: int):
    return permissions.director_cell(request.user, pk, number, table_number, deal_number)


def _cell_url(championship, round_, table, deal) -> str:
    return reverse(
        "duplicate_pairs:cell", args=[championship.pk, round_.number, table.number, deal.number]
    )


def _neighbour_cells(round_: Round, table: Table, deal: Deal) -> dict:
    """The results before and after this one, deal by deal along the table, then on to the
    next table: ``previous`` and ``next`` as (table number, deal number), or None. Three
    small queries, whatever the size of the round."""
    deals = list(round_.deals.order_by("number").values_list("number", flat=True))
    at = deals.index(deal.number)
    tables = Table.objects.filter(round=round_).order_by("number").values_list(
        "number", flat=True)
    previous = next_ = None
    if at > 0:
        previous = (table.number, deals[at - 1])
    else:
        before = tables.filter(number__lt=table.number).order_by("-number").first()
        previous = (before, deals[-1]) if before is not None else None
    if at < len(deals) - 1:
        next_ = (table.number, deals[at + 1])
    else:
        after = tables.filter(number__gt=table.number).first()
        next_ = (after, deals[0]) if after is not None else None
    return {"previous_cell": previous, "next_cell": next_}


@login_required
def director_cell(request, pk: int, number: int, table_number: int, deal_number: int):
    """One table's result on one deal: full history, override, confirm, adjust."""
    championship, round_, table, deal = _director_cell(request, pk, number, table_number,
                                                        deal_number)
    origin = Origin.from_request(request)
    result_form = DirectorResultForm(prefix="r")
    adjustment_form = AdjustmentForm(prefix="a")
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "override":
                result_form = DirectorResultForm(request.POST, prefix="r")
                if result_form.is_valid():
                    pairs_services.director_enter_result(
                        table=table, deal=deal, data=result_form.result_data(),
                        user=request.user, note=result_form.cleaned_data["note"],
                        idempotency_key=result_form.cleaned_data.get("idempotency_key"),
                        origin=origin,
                    )
                    messages.success(request, _("Result entered."))
                    return redirect(_cell_url(championship, round_, table, deal))
            elif action == "confirm":
                # Looked up among this cell's entries by the service: an id of another
                # cell (or no id at all: "abc", "²") is 404, and nothing is written.
                pairs_services.director_confirm_entry(table=table, deal=deal,
                                                entry_id=request.POST.get("entry", ""),
                                                user=request.user, origin=origin)
                messages.success(request, _("Result confirmed."))
                return redirect(_cell_url(championship, round_, table, deal))
            elif action == "adjust":
                adjustment_form = AdjustmentForm(request.POST, prefix="a")
                if adjustment_form.is_valid():
                    data = adjustment_form.cleaned_data
                    sides = ["NS", "EW"] if data["side"] == "both" else [data["side"]]
                    for side in sides:
                        pairs_services.set_adjustment(
                            table=table, deal=deal, side=side, kind=data["kind"],
                            value=data["fraction"], reason=data["reason"], user=request.user,
                            origin=origin,
                        )
                    messages.success(request, _("Adjusted score set."))
                    return redirect(_cell_url(championship, round_, table, deal))
            elif action == "clear":
                clear_form = ClearAdjustmentForm(request.POST)
                if clear_form.is_valid():
                    pairs_services.clear_adjustment(
                        table=table, deal=deal, side=clear_form.cleaned_data["side"],
                        reason=clear_form.cleaned_data["reason"], user=request.user,
                        origin=origin,
                    )
                    messages.success(request, _("Adjusted score withdrawn."))
                    return redirect(_cell_url(championship, round_, table, deal))
                for errors in clear_form.errors.values():
                    for error in errors:
                        messages.error(request, error)
            else:
                messages.error(request, _("Unknown action."))
        except ScoringError as exc:
            messages.error(request, exc.message)
        except ValidationError as exc:
            add_errors(request, exc)
    state = selectors.result_state(table, deal)
    score = selectors.table_score(table.pk, deal.pk)
    if not result_form.is_bound:
        # The override starts from the result that counts (or the one waiting), so the
        # director changes what is wrong rather than typing it all again.
        result_form = DirectorResultForm(prefix="r", initial=DirectorResultForm.initial_from(
            state.counted or state.pending_entry))
    context = {
        "championship": championship,
        "round": round_,
        "table": table,
        "deal": deal,
        "state": state,
        "history": selectors.history(state),
        "pin_locked_until": pin_locked_until(table),
        "score": score,
        "trump_side": selectors.deal_trump_side(deal),
        "result_form": result_form,
        "adjustment_form": adjustment_form,
        "adjustments": state.adjustments,
        **_neighbour_cells(round_, table, deal),
    }
    return no_store(render(request, "scoring/director_cell.html", context))


def duplicate_missing_results(round_: Round) -> list[str]:
    """Duplicate pairs: each table and deal without a confirmed result, as a line."""
    return _missing_lines(round_grid(round_))


def _missing_lines(grid) -> list[str]:
    labels = {
        selectors.EMPTY: _("not entered"),
        selectors.PENDING: _("waiting for confirmation"),
        selectors.DISPUTED: _("entered, but the other side disputes it"),
    }
    return [
        _("Table %(table)s, deal %(deal)s: %(status)s")
        % {"table": table, "deal": deal, "status": labels[status]}
        for table, deal, status in grid.missing_cells()
    ]
