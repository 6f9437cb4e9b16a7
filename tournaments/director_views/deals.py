"""A championship's deals: importing them, restoring the ones generated from the key, and
the deal sheets."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from tournaments import printing, selectors, services
from tournaments.director_views.common import (
    _back_to_round,
    _no_store,
    _pdf,
    _refuse_if_finished,
    _round_or_404,
    director_page,
    form_error,
    run_action,
)
from tournaments.forms import DealImportForm, posted
from tournaments.models import Championship


@director_page
def deal_import(request, championship: Championship, number: int | None = None):
    """Import deals for one round, or (without ``number``) for any drafted round."""
    if refused := _refuse_if_finished(request, championship):
        return refused
    round_ = _round_or_404(championship, number) if number is not None else None
    form = DealImportForm(posted(request))
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            deals = services.import_deals(round_ or championship, form.cleaned_data["text"])
        except services.ServiceError as error:
            form_error(form, error)
            errors = error.errors
        else:
            messages.success(
                request,
                ngettext("%(count)s deal imported.", "%(count)s deals imported.", len(deals))
                % {"count": len(deals)},
            )
            if round_:
                return _back_to_round(round_)
            return redirect("tournaments:director_championship", championship.pk)
    return _no_store(render(
        request,
        "tournaments/director/deal_import.html",
        {"championship": championship, "round": round_, "form": form, "errors": errors},
    ))


@require_POST
@director_page
def deal_restore(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    run_action(
        request, services.restore_generated_deals, round_,
        success=_("The deals generated from the key are back."),
    )
    return _back_to_round(round_)


@require_safe
@director_page
def round_deal_sheets_pdf(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    deals = selectors.round_deals(round_).select_related("round")
    return _pdf(
        request, lambda: printing.deal_sheets_pdf(championship, deals),
        f"deals-round-{round_.number}.pdf",
    )


@require_safe
@director_page
def deal_sheets_pdf(request, championship: Championship):
    return _pdf(
        request,
        lambda: printing.deal_sheets_pdf(championship,
                                         selectors.championship_deals(championship)),
        "deals.pdf",
    )
