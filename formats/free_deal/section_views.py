"""The director's page of the pairs' sections (rules.md 11.3): each pair with a choice of the
sections named in the settings. Thin: ``services.sections`` decides and writes."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats.free_deal.exports.data import section_names
from formats.free_deal.format import FreeDealPairs
from formats.free_deal.services.sections import assign_sections, sections_of
from tournaments import selectors as tournament_selectors
from tournaments.services.common import ServiceError


class PairSectionsForm(forms.Form):
    """One choice per pair, named ``pair-<number>``."""

    def __init__(self, *args, teams, sections, current, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", gettext_lazy("No section"))] + [(s.name, s.name) for s in sections]
        self.teams = teams
        for team in teams:
            self.fields[f"pair-{team.number}"] = forms.ChoiceField(
                label=f"{team.number}. {team.name}", choices=choices, required=False,
                initial=current.get(team.pk, ""))

    def placements(self) -> dict[int, str]:
        return {team.pk: self.cleaned_data[f"pair-{team.number}"] for team in self.teams}


@login_required
def pair_sections(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    if championship.format != FreeDealPairs.key:
        return redirect("tournaments:director_championship", championship.pk)
    teams = list(championship.teams.order_by("number"))
    sections = sections_of(championship)
    form = PairSectionsForm(request.POST if request.method == "POST" else None, teams=teams,
                            sections=sections, current=section_names(championship.pk))
    if request.method == "POST" and form.is_valid():
        try:
            assign_sections(championship, form.placements())
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Sections saved."))
            return redirect(request.path)
    locked = championship.rounds.exists()
    return render(request, "free_deal/sections.html", {
        "championship": championship, "form": form, "sections": sections, "locked": locked})
