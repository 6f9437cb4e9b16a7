"""The groups' knockout stage pages (rules.md 12.3, 12.4): the director records the draw of a
tie between level pairs (from the going-through or the standings page), confirms who goes
through (from the going-through page, a swap of two qualifiers' places first if wanted), and
the director's bracket page (each tie's games entered, the captains' reports, the final
ranking once the final is decided), and the printed bracket (the core's sheet). Thin: ``services.knockout`` and the core's
``scoring.services.knockout`` decide and write; the tie cards are the core's
(``scoring.views.knockout``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

import live
from formats.groups_knockout.forms import DrawForm
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.services.draws import record_draw
from formats.groups_knockout.services.knockout import confirm_qualifiers
from formats.groups_knockout.standings import going_through
from formats.groups_knockout.standings_knockout import final_places
from formats.groups_knockout.views import director_championship
from scoring.views import knockout as core_knockout
from scoring.views.common import no_store
from scoring.views.knockout import (
    KnockoutGameForm,
    bracket_rounds,
    enter_game,
    knockout_pad,
    with_reports,
)
from tournaments import audit
from tournaments.services.common import ServiceError


class SwapForm(forms.Form):
    """Two qualifiers changing places in the first round before the bracket is confirmed
    (both empty: no swap)."""

    swap_first = forms.IntegerField(label=gettext_lazy("Swap pair"), required=False, min_value=1)
    swap_second = forms.IntegerField(label=gettext_lazy("with pair"),
                                     required=False, min_value=1)

    def clean(self):
        data = super().clean()
        if (data.get("swap_first") is None) != (data.get("swap_second") is None):
            raise forms.ValidationError(_("Give both pairs to swap, or neither."))
        return data


def going_through_context(championship, swap_form=None, refusal: str = "") -> dict:
    from scoring.selectors.knockout import knockout_bracket

    return {"championship": championship, "page": going_through(championship),
            "settings": settings_of(championship), "swap_form": swap_form or SwapForm(),
            "refusal": refusal, "confirmed": bool(knockout_bracket(championship))}


@require_POST
@login_required
def confirm(request, pk: int):
    """Store the bracket of who goes through (the swap, if any, first)."""
    championship = director_championship(request, pk)
    form = SwapForm(request.POST)
    refusal = ""
    if form.is_valid():
        swap = None
        if form.cleaned_data["swap_first"] is not None:
            swap = (form.cleaned_data["swap_first"], form.cleaned_data["swap_second"])
        try:
            confirm_qualifiers(championship, swap=swap, by=request.user,
                               origin=audit.origin_of(request))
        except ServiceError as error:
            refusal = error.message
        else:
            messages.success(request, _("Who goes through is confirmed: the knockout stage "
                                        "has started."))
            return redirect("groups_knockout:bracket", championship.pk)
    return no_store(render(request, "groups_knockout/going_through.html",
                           going_through_context(championship, form, refusal), status=400))


@require_POST
@login_required
def draw(request, pk: int):
    """Keep the draw of a tie between level pairs (rules.md 12.2, 12.3): the order given,
    or the server's ("draw for me"); back to the page the form was on, saying how it went."""
    championship = director_championship(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    else:
        try:
            kept = record_draw(championship, form.cleaned_data["pairs"],
                               for_me=form.cleaned_data["for_me"], by=request.user,
                               origin=audit.origin_of(request))
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            order = ", ".join(str(row.team.number)
                              for row in kept.pairs.select_related("team"))
            messages.success(request, _("The draw is kept: pairs %(order)s, in that order.")
                             % {"order": order})
    if form.data.get("back") == "standings":
        return redirect(reverse("scoring:standings", args=[championship.pk]))
    return redirect("groups_knockout:going_through", championship.pk)


@login_required
def director_bracket(request, pk: int):
    """The bracket, each tie with the form of its next game, and the final ranking."""
    championship = director_championship(request, pk)
    form, failed_tie = KnockoutGameForm(), ""
    if request.method == "POST":
        form, failed_tie, entered = enter_game(request, championship)
        if entered:
            messages.success(request, _("The game has been entered."))
            return redirect("groups_knockout:bracket", championship.pk)
    return no_store(render(request, "groups_knockout/bracket.html", {
        "championship": championship, "settings": settings_of(championship),
        "rounds": with_reports(bracket_rounds(championship)), "form": form,
        "knockout_pad": knockout_pad(championship),
        "failed_tie": failed_tie, "places": final_places(championship),
        "live_url": live.stream_url("director", championship.pk),
    }, status=400 if request.method == "POST" else 200))


@require_safe
@login_required
def bracket_sheet(request, pk: int):
    """The bracket as a PDF (or its print-ready page), for the wall: the core's sheet."""
    return core_knockout.bracket_sheet(request, director_championship(request, pk))
