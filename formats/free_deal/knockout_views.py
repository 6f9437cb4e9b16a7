"""The knockout stage's pages (rules.md 11.3): the director's bracket page (start the stage,
enter the games) and the read-only bracket the standings page and the projector show. Thin:
``scoring.services.knockout`` decides and writes (starting the stage: ``services.knockout``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

import live
from formats.free_deal.exports.pdf import bracket_pdf
from formats.free_deal.format import FreeDealPairs
from formats.free_deal.services import settings_of, start_knockout
from scoring.models import KnockoutTie
from scoring.selectors.knockout import knockout_bracket
from scoring.services.knockout import MAX_POINTS, enter_knockout_game
from scoring.services.knockout_captains import latest_entry
from scoring.services.values import Origin
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship
from tournaments.print_pages import printed_file
from tournaments.services.common import ServiceError

_GAME_ERRORS = {
    "required": gettext_lazy("Game: the form does not say which game of the tie it enters. "
                             "Reload the page, then enter the game."),
    **{code: gettext_lazy("Game: a game of a tie is a whole number from 1. Reload the page, "
                          "then enter the game.")
       for code in ("invalid", "min_value", "max_value")},
}


class KnockoutGameForm(forms.Form):
    """One game of one tie: both pairs' points (never level)."""

    tie = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**63 - 1)
    # The game the form was opened for: a form left open while that game counted (the pairs
    # confirmed a captain's report) is stale, and refused rather than counted as the next.
    game = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=99,
                              error_messages=_GAME_ERRORS)
    first_points = forms.IntegerField(label=gettext_lazy("Points of the first pair"),
                                      min_value=0, max_value=MAX_POINTS)
    second_points = forms.IntegerField(label=gettext_lazy("Points of the second pair"),
                                       min_value=0, max_value=MAX_POINTS)


def stage_name(ties: int) -> str:
    """The name of a knockout round by how many ties it has."""
    return {1: _("The final"), 2: _("Semi-finals"), 4: _("Quarter-finals"),
            8: _("Round of 16")}.get(ties, "")


def bracket_rounds(championship) -> list[tuple[str, list]]:
    """The bracket, round by round, each with its name; empty before the stage starts."""
    return [(stage_name(len(ties)), ties) for ties in knockout_bracket(championship)]


def bracket_html(request, championship) -> str:
    """The read-only bracket (the standings page, the projector); empty without one."""
    rounds = bracket_rounds(championship)
    if not rounds:
        return ""
    return render_to_string("free_deal/_bracket.html", {"rounds": rounds}, request=request)


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
        form = KnockoutGameForm(request.POST)
        failed_tie = request.POST.get("tie")
        if form.is_valid():
            # The tie is looked up in this bracket: another championship's is 404, as an
            # unknown one (its refusal would have no tie of this page to show at).
            tie = get_object_or_404(KnockoutTie, championship=championship,
                                    pk=form.cleaned_data["tie"])
            try:
                enter_knockout_game(tie, form.cleaned_data["first_points"],
                                    form.cleaned_data["second_points"], by=request.user,
                                    origin=Origin.from_request(request),
                                    game_number=form.cleaned_data["game"])
            except ServiceError as error:
                field = error.field if error.field in ("first_points", "second_points") else None
                form.add_error(field, error.message)
            else:
                messages.success(request, _("The game has been entered."))
                return redirect("free_deal:director_bracket", championship.pk)
    rounds = bracket_rounds(championship)
    for _name, ties in rounds:
        for tie in ties:
            # A captain's report of the next game, waiting or disputed (rules.md 11.3).
            tie.report = None if tie.winner_id else latest_entry(tie)
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
    """The bracket as a PDF (or its print-ready page), for the wall."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    championship = get_object_or_404(Championship, pk=championship.pk,
                                     format=FreeDealPairs.key)
    response = printed_file(request, lambda: bracket_pdf(championship), "knockout.pdf")
    response["Cache-Control"] = "no-store"
    return response
