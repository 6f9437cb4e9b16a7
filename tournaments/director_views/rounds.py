"""A championship's rounds: generating them, a round's page, releasing and reopening it,
changing a drafted round by hand, and its table cards."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from formats import format_of
from tournaments import printing, selectors, services
from tournaments.director_views.common import (
    _back_to_round,
    _no_store,
    _pdf,
    _round_or_404,
    director_page,
    run_action,
    who_acts,
)
from tournaments.forms import SwapTablesForm, SwapTeamsForm
from tournaments.models import Championship, Round
from tournaments.presentation import deal_view


@require_POST
@director_page
def generate_rounds(request, championship: Championship):
    rounds, ok = run_action(
        request, services.generate_next_round, championship,
        success=lambda rounds: ngettext("Round generated.", "%(count)s rounds generated.",
                                        len(rounds)) % {"count": len(rounds)},
    )
    if ok and len(rounds) == 1:
        return redirect("tournaments:director_round", championship.pk, rounds[0].number)
    return redirect("tournaments:director_championship", championship.pk)


@director_page
def round_detail(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    response = render(
        request,
        "tournaments/director/round.html",
        {
            "championship": championship,
            "round": round_,
            "tables": selectors.round_tables(round_),
            "byes": selectors.round_byes(round_),
            "deals": [deal_view(d, sides=format_of(championship).has_sides)
                      for d in selectors.round_deals(round_)],
            "swap_teams_form": SwapTeamsForm(championship=championship),
            "swap_tables_form": SwapTablesForm(),
            "drafted": round_.status == Round.Status.DRAFTED,
        },
    )
    return _no_store(response)


@require_POST
@director_page
def round_release(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    run_action(
        request, services.release_round, round_,
        success=_("Round %(number)s released: play starts and its tables may enter results.")
        % {"number": number},
        **who_acts(request),
    )
    return _back_to_round(round_)


@require_POST
@director_page
def round_reopen(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    run_action(
        request, services.reopen_round, round_,
        success=_("Round %(number)s reopened.") % {"number": number},
        **who_acts(request),
    )
    return _back_to_round(round_)


@require_POST
@director_page
def round_swap_teams(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    form = SwapTeamsForm(request.POST, championship=championship)
    if not form.is_valid():
        messages.error(request, _("Choose two pairs."))
        return _back_to_round(round_)
    warnings, ok = run_action(
        request, services.swap_teams, round_,
        form.cleaned_data["team_a"], form.cleaned_data["team_b"],
        success=_("Pairs swapped."),
    )
    for warning in warnings or []:
        messages.warning(request, warning)
    return _back_to_round(round_)


@require_POST
@director_page
def round_swap_tables(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    form = SwapTablesForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter two table numbers."))
        return _back_to_round(round_)
    run_action(
        request, services.swap_tables, round_,
        form.cleaned_data["table_a"], form.cleaned_data["table_b"],
        success=_("Tables swapped."),
    )
    return _back_to_round(round_)


@require_safe
@director_page
def table_cards_pdf(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    return _pdf(request, lambda: printing.table_cards_pdf(round_),
                f"table-cards-round-{round_.number}.pdf")
