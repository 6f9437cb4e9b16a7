"""A championship's teams: registering, editing and importing them, their cards, and
giving a team back its place or a new PIN."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from formats import format_of
from tournaments import printing, register_choice, selectors, services
from tournaments.director_views.common import (
    _no_store,
    _pdf,
    _refuse_if_finished,
    _team_or_404,
    director_page,
    form_error,
    run_action,
    who_acts,
)
from tournaments.forms import TeamImportForm, posted
from tournaments.import_headers import header as header_of
from tournaments.models import Championship, EntrantPlayer


@director_page
def team_list(request, championship: Championship):
    """Registering an entrant; when a typed player resembles players of the register
    without matching one exactly, the form comes back asking who is who
    (``tournaments.register_choice``)."""
    fmt = format_of(championship)
    form = fmt.entrant_form(posted(request))
    who = None
    if request.method == "POST" and form.is_valid():
        who, chosen = register_choice.ask(request, fmt, form.cleaned_data)
        if chosen is not None:
            try:
                team = fmt.add_entrant(championship, form.cleaned_data, chosen=chosen)
            except services.ServiceError as error:
                form_error(form, error)
            else:
                messages.success(request, _("Added: %(entrant)s %(number)s.")
                                 % {"entrant": fmt.wording.entrant, "number": team.number})
                return redirect("tournaments:director_teams", championship.pk)
    return render(
        request,
        "tournaments/director/teams.html",
        {"championship": championship, "form": form, "who": who,
         # Each entrant's players link to their page of the register (rules.md 13.1).
         "teams": selectors.teams(championship).prefetch_related(Prefetch(
             "register_entries", queryset=EntrantPlayer.objects.select_related("player")))},
    )


@director_page
def team_edit(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    fmt = format_of(championship)
    initial = fmt.entrant_initial(team)
    form = fmt.entrant_form(posted(request), initial=initial)
    who = None
    if request.method == "POST" and form.is_valid():
        who, chosen = register_choice.ask(request, fmt, form.cleaned_data, initial)
        if chosen is not None:
            try:
                fmt.update_entrant(team, form.cleaned_data, chosen=chosen)
            except services.ServiceError as error:
                form_error(form, error)
            else:
                messages.success(request, _("Changes saved."))
                return redirect("tournaments:director_teams", championship.pk)
    response = render(
        request,
        "tournaments/director/team_form.html",
        {
            "championship": championship,
            "team": team,
            "form": form,
            "who": who,
            "team_link": printing.team_link(team, request),
        },
    )
    return _no_store(response)


@require_POST
@director_page
def team_reinstate(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    run_action(
        request, services.reinstate_team, team,
        success=_("%(entrant)s %(number)s plays again.")
        % {"entrant": format_of(championship).wording.entrant_title, "number": team.number},
        **who_acts(request),
    )
    return redirect("tournaments:director_teams", championship.pk)


@require_POST
@director_page
def team_reissue_pin(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    services.reissue_pin(team, **who_acts(request))
    messages.success(request, _("New PIN issued. Print the %(entrant)s card again.")
                     % {"entrant": format_of(championship).wording.entrant})
    return redirect("tournaments:director_team_edit", championship.pk, team.pk)


@director_page
def team_import(request, championship: Championship):
    if refused := _refuse_if_finished(request, championship):
        return refused
    form = TeamImportForm(posted(request), request.FILES or None)
    errors = []
    fmt = format_of(championship)
    if request.method == "POST" and form.is_valid():
        try:
            teams = fmt.import_entrants(championship, form.cleaned_data["file"])
        except services.ServiceError as error:
            form_error(form, error)
            errors = error.errors
        else:
            imported = (
                ngettext("%(count)s player imported.", "%(count)s players imported.", len(teams))
                if fmt.players_entrants
                else ngettext("%(count)s pair imported.", "%(count)s pairs imported.", len(teams)))
            messages.success(request, imported % {"count": len(teams)})
            if summary := register_choice.import_summary(teams):
                messages.warning(request, summary)
            return redirect("tournaments:director_teams", championship.pk)
    return render(
        request,
        "tournaments/director/team_import.html",
        {"championship": championship, "form": form, "errors": errors,
         "columns": ", ".join(header_of(column) for column in fmt.entrant_columns)},
    )


@director_page
def team_template(request, championship: Championship, kind: str):
    if kind not in ("csv", "xlsx"):
        raise Http404("Unknown template")
    content, content_type, filename = services.team_import_template(
        kind, format_of(championship).entrant_columns)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@director_page
def team_cards_pdf(request, championship: Championship):
    return _pdf(request, lambda: printing.team_cards_pdf(championship, request),
                "team-cards.pdf")
