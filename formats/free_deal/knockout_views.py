"""The knockout stage's pages (rules.md 11.3): the director's bracket page (start the stage,
enter the games) and the read-only bracket the standings page and the projector show. Thin:
``scoring.services.knockout`` decides and writes (starting the stage: ``services.knockout``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

import live
from formats.free_deal.format import FreeDealPairs
from formats.free_deal.services import settings_of, start_knockout
from scoring.selectors.knockout import stage_name  # the core's: kept importable from here
from scoring.views import knockout as core_knockout
from scoring.views.knockout import (  # the core's: kept importable from here
    KnockoutGameForm,
    bracket_html,
    bracket_rounds,
    enter_game,
    with_reports,
)
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship
from tournaments.services.common import ServiceError

__all__ = ["KnockoutGameForm", "bracket_html", "bracket_rounds", "bracket_sheet",
           "director_bracket", "stage_name"]


@login_required
def director_bracket(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    if championship.format != FreeDealPairs.key:
        return redirect("tournaments:director_championship", championship.pk)
    form = KnockoutGameForm()
    failed_tie = None
    start_refusal = ""
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "start":
        try:
            start_knockout(championship, by=request.user, origin=audit.origin_of(request))
        except ServiceError as error:
            start_refusal = error.message
        else:
            messages.success(request, _("The knockout stage has started."))
            return redirect("free_deal:director_bracket", championship.pk)
    elif request.method == "POST":
        form, failed_tie, entered = enter_game(request, championship)
        if entered:
            messages.success(request, _("The game has been entered."))
            return redirect("free_deal:director_bracket", championship.pk)
    rounds = with_reports(bracket_rounds(championship))
    context = {
        "championship": championship, "settings": settings_of(championship),
        "rounds": rounds, "form": form,
        "failed_tie": str(failed_tie or ""), "start_refusal": start_refusal,
        # Captains' reports and games appear as they come (templates/free_deal/knockout.html).
        "live_url": live.stream_url("director", championship.pk),
    }
    response = render(request, "free_deal/knockout.html", context,
                      status=400 if request.method == "POST" else 200)
    response["Cache-Control"] = "no-store"
    return response


@require_safe
@login_required
def bracket_sheet(request, pk: int):
    """The bracket as a PDF (or its print-ready page), for the wall: the core's sheet."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    championship = get_object_or_404(Championship, pk=championship.pk,
                                     format=FreeDealPairs.key)
    return core_knockout.bracket_sheet(request, championship)
