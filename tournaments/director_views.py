"""The director's pages. Login required; a championship's pages answer 404 to anyone who
does not direct it. Views are thin: forms check the input, services do the work and
raise ``ServiceError`` with a message the page shows."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import audit, printing, selectors, services
from tournaments.forms import (
    AddDirectorForm,
    ChampionshipForm,
    DealImportForm,
    SwapTablesForm,
    SwapTeamsForm,
    TeamForm,
    TeamImportForm,
    posted,
)
from tournaments.models import Championship, Round
from tournaments.presentation import deal_view


def director_page(view):
    """Login required, and ``pk`` must be a championship the user directs (else 404).
    The view receives the championship instead of ``pk``."""

    @login_required
    @wraps(view)
    def wrapper(request, pk: int, *args, **kwargs):
        championship = selectors.championship_for_director(request.user, pk)
        return view(request, championship, *args, **kwargs)

    return wrapper


def _round_or_404(championship: Championship, number: int) -> Round:
    return get_object_or_404(championship.rounds.select_related("bye_team"), number=number)


def _refuse_if_finished(request, championship: Championship):
    """A finished championship no longer changes: its edit and import pages send the
    director back to it."""
    if championship.status != Championship.Status.FINISHED:
        return None
    messages.error(request, _("The championship is finished; it can no longer be changed."))
    return redirect("tournaments:director_championship", championship.pk)


def _form_error(form, error: services.ServiceError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.message)


def _no_store(response: HttpResponse) -> HttpResponse:
    # Pages and PDFs with secret cards or team secrets must not linger in shared caches.
    response["Cache-Control"] = "no-store, private"
    return response


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return _no_store(response)


# --- Championships -------------------------------------------------------------------------


@login_required
def director_home(request):
    return render(
        request,
        "tournaments/director/home.html",
        {"championships": selectors.directed_championships(request.user).order_by("-created_at")},
    )


@login_required
def championship_create(request):
    form = ChampionshipForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.create_championship(
                request.user, origin=audit.origin_of(request), **form.cleaned_data)
        except services.ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Championship created."))
            return redirect("tournaments:director_championship", championship.pk)
    return render(request, "tournaments/director/championship_form.html", {"form": form})


@director_page
def championship_detail(request, championship: Championship):
    rounds = list(selectors.rounds(championship))
    return render(
        request,
        "tournaments/director/championship.html",
        {
            "championship": championship,
            "rounds": rounds,
            "team_count": championship.teams.filter(withdrawn=False).count(),
            "withdrawn_count": championship.teams.filter(withdrawn=True).count(),
            "directors": championship.directors.order_by("username"),
            "director_form": AddDirectorForm(),
            "settings_locked": services.settings_locked(championship),
            "can_generate": championship.status != Championship.Status.FINISHED
            and (championship.is_swiss or not rounds),
            "has_drafted": any(r.status == Round.Status.DRAFTED for r in rounds),
            "can_finish": championship.status == Championship.Status.RUNNING
            and bool(rounds)
            and all(r.status == Round.Status.CLOSED for r in rounds),
        },
    )


@director_page
def championship_edit(request, championship: Championship):
    if refused := _refuse_if_finished(request, championship):
        return refused
    locked = list(services.locked_fields(championship))
    form = ChampionshipForm(
        posted(request), initial=ChampionshipForm.initial_from(championship), locked=locked
    )
    if request.method == "POST" and form.is_valid():
        changes = {k: v for k, v in form.cleaned_data.items() if k not in locked}
        try:
            services.update_championship(championship, **_who(request), **changes)
        except services.ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Championship saved."))
            return redirect("tournaments:director_championship", championship.pk)
    return render(
        request,
        "tournaments/director/championship_form.html",
        {"form": form, "championship": championship, "locked": locked},
    )


@require_POST
@director_page
def director_add(request, championship: Championship):
    form = AddDirectorForm(request.POST)
    if form.is_valid():
        try:
            user = services.add_director(championship, form.cleaned_data["username"],
                                         **_who(request))
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("%(name)s now directs this championship.") % {"name": user.get_username()}
            )
    else:
        messages.error(request, _("Enter a username."))
    return redirect("tournaments:director_championship", championship.pk)


def _who(request) -> dict:
    """Who acts and from where, for the services that record an audit event."""
    return {"by": request.user, "origin": audit.origin_of(request)}


def _action(request, championship, func, *args, success: str, **kwargs):
    """Run a POST-only service and come back to the championship page with its outcome."""
    try:
        result = func(*args, **kwargs)
    except services.ServiceError as error:
        messages.error(request, error.message)
        return None, False
    messages.success(request, success)
    return result, True


@require_POST
@director_page
def generate_rounds(request, championship: Championship):
    rounds, ok = _action(
        request, championship, services.generate_next_round, championship,
        success=_("Rounds generated."),
    )
    if ok and len(rounds) == 1:
        return redirect("tournaments:director_round", championship.pk, rounds[0].number)
    return redirect("tournaments:director_championship", championship.pk)


# --- Teams ---------------------------------------------------------------------------------


@director_page
def team_list(request, championship: Championship):
    form = TeamForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            team = services.add_team(championship, **form.cleaned_data)
        except services.ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Team %(number)s added.") % {"number": team.number})
            return redirect("tournaments:director_teams", championship.pk)
    return render(
        request,
        "tournaments/director/teams.html",
        {"championship": championship, "teams": selectors.teams(championship), "form": form},
    )


def _team_or_404(championship, team_pk):
    return get_object_or_404(championship.teams, pk=team_pk)


@director_page
def team_edit(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    initial = {f: getattr(team, f) for f in TeamForm.base_fields}
    form = TeamForm(posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_team(team, **form.cleaned_data)
        except services.ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Team saved."))
            return redirect("tournaments:director_teams", championship.pk)
    response = render(
        request,
        "tournaments/director/team_form.html",
        {
            "championship": championship,
            "team": team,
            "form": form,
            "team_link": printing.team_link(team, request),
        },
    )
    return _no_store(response)


@require_POST
@director_page
def team_reinstate(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    _action(
        request, championship, services.reinstate_team, team,
        success=_("Team %(number)s plays again.") % {"number": team.number},
        **_who(request),
    )
    return redirect("tournaments:director_teams", championship.pk)


@require_POST
@director_page
def team_reissue_pin(request, championship: Championship, team_pk: int):
    team = _team_or_404(championship, team_pk)
    services.reissue_pin(team, **_who(request))
    messages.success(request, _("New PIN issued. Print the team card again."))
    return redirect("tournaments:director_team_edit", championship.pk, team.pk)


@director_page
def team_import(request, championship: Championship):
    if refused := _refuse_if_finished(request, championship):
        return refused
    form = TeamImportForm(posted(request), request.FILES or None)
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            teams = services.import_teams(championship, form.cleaned_data["file"])
        except services.ServiceError as error:
            _form_error(form, error)
            errors = error.errors
        else:
            messages.success(
                request,
                ngettext("%(count)s team imported.", "%(count)s teams imported.", len(teams))
                % {"count": len(teams)},
            )
            return redirect("tournaments:director_teams", championship.pk)
    return render(
        request,
        "tournaments/director/team_import.html",
        {"championship": championship, "form": form, "errors": errors},
    )


@director_page
def team_template(request, championship: Championship, kind: str):
    if kind not in ("csv", "xlsx"):
        raise Http404("Unknown template")
    content, content_type, filename = services.team_import_template(kind)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@director_page
def team_cards_pdf(request, championship: Championship):
    return _pdf(printing.team_cards_pdf(championship, request), "team-cards.pdf")


# --- Rounds --------------------------------------------------------------------------------


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
            "deals": [deal_view(d) for d in selectors.round_deals(round_)],
            "swap_teams_form": SwapTeamsForm(championship=championship),
            "swap_tables_form": SwapTablesForm(),
            "drafted": round_.status == Round.Status.DRAFTED,
        },
    )
    return _no_store(response)


def _back_to_round(round_):
    return redirect("tournaments:director_round", round_.championship_id, round_.number)


@require_POST
@director_page
def round_release(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    _action(
        request, championship, services.release_round, round_,
        success=_("Round %(number)s released: play starts and its tables may enter results.")
        % {"number": number},
        **_who(request),
    )
    return _back_to_round(round_)


@require_POST
@director_page
def round_reopen(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    _action(
        request, championship, services.reopen_round, round_,
        success=_("Round %(number)s reopened.") % {"number": number},
        **_who(request),
    )
    return _back_to_round(round_)


@require_POST
@director_page
def round_swap_teams(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    form = SwapTeamsForm(request.POST, championship=championship)
    if not form.is_valid():
        messages.error(request, _("Choose two teams."))
        return _back_to_round(round_)
    warnings, ok = _action(
        request, championship, services.swap_teams, round_,
        form.cleaned_data["team_a"], form.cleaned_data["team_b"],
        success=_("Teams swapped."),
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
    _action(
        request, championship, services.swap_tables, round_,
        form.cleaned_data["table_a"], form.cleaned_data["table_b"],
        success=_("Tables swapped."),
    )
    return _back_to_round(round_)


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
            _form_error(form, error)
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
    _action(
        request, championship, services.restore_generated_deals, round_,
        success=_("The deals generated from the key are back."),
    )
    return _back_to_round(round_)


@director_page
def round_deal_sheets_pdf(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    deals = selectors.round_deals(round_).select_related("round")
    return _pdf(
        printing.deal_sheets_pdf(championship, deals), f"deals-round-{round_.number}.pdf"
    )


@director_page
def deal_sheets_pdf(request, championship: Championship):
    return _pdf(
        printing.deal_sheets_pdf(championship, selectors.championship_deals(championship)),
        "deals.pdf",
    )


@director_page
def table_cards_pdf(request, championship: Championship, number: int):
    round_ = _round_or_404(championship, number)
    return _pdf(printing.table_cards_pdf(round_), f"table-cards-round-{round_.number}.pdf")

