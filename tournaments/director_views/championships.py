"""The director's home, a championship's page and settings, and its directors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from formats import DUPLICATE_PAIRS, FORMATS, format_of, offered_formats
from tournaments import audit, pdf_support, selectors, services
from tournaments.director_views.common import (
    _refuse_if_finished,
    director_page,
    form_error,
    who_acts,
)
from tournaments.forms import AddDirectorForm, ChampionshipForm, posted
from tournaments.models import Championship, Round
from tournaments.next_step import more_rounds_to_pair, shows_checklist


@login_required
def director_home(request):
    """The director's active championships; the archived ones folded away below."""
    directed = selectors.directed_championships(request.user).order_by("-created_at")
    return render(
        request,
        "tournaments/director/home.html",
        {"championships": directed.filter(archived_at__isnull=True),
         "archived": list(directed.filter(archived_at__isnull=False)),
         # Said once, here, when this computer cannot make PDF files (tournaments.pdf_support).
         "pdf_note": "" if pdf_support.available() else pdf_support.note()},
    )


@login_required
def championship_create(request):
    """The format comes first (links at the top of the page, duplicate pairs unless another
    is picked); the form shows only the settings that format uses."""
    key = request.POST.get("format") or request.GET.get("format") or DUPLICATE_PAIRS.key
    if key not in FORMATS or not FORMATS[key].offered:
        raise Http404("No such format")
    fmt = FORMATS[key]
    form = ChampionshipForm(posted(request), shown=fmt.championship_fields)
    extra = fmt.settings_form(None, posted(request))
    if request.method == "POST" and form.is_valid() and (extra is None or extra.is_valid()):
        try:
            championship = services.create_championship(
                request.user, origin=audit.origin_of(request), format=fmt.key,
                format_settings=extra.cleaned_data if extra is not None else None,
                **form.cleaned_data)
        except services.ServiceError as error:
            form_error(extra if extra is not None and error.field in extra.fields else form,
                        error)
        else:
            messages.success(request, _("Championship created."))
            return redirect("tournaments:director_championship", championship.pk)
    return render(request, "tournaments/director/championship_form.html",
                  {"form": form, "extra": extra, "fmt": fmt, "formats": offered_formats()})


@director_page
def championship_detail(request, championship: Championship):
    rounds = list(selectors.rounds(championship))
    team_count = championship.teams.filter(withdrawn=False).count()
    return render(
        request,
        "tournaments/director/championship.html",
        {
            "championship": championship,
            "rounds": rounds,
            "team_count": team_count,
            "withdrawn_count": championship.teams.filter(withdrawn=True).count(),
            "directors": championship.directors.order_by("username"),
            "director_form": AddDirectorForm(),
            "settings_locked": services.settings_locked(championship),
            # A Swiss event pairs until its planned rounds; a round robin generates once;
            # either needs two teams. Round 1 is offered by the page's checklist instead.
            "can_generate": championship.status != Championship.Status.FINISHED
            and team_count >= 2 and (bool(rounds) or not shows_checklist(championship, rounds))
            and (more_rounds_to_pair(championship, rounds) if championship.is_swiss
                 else not rounds),
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
    fmt = format_of(championship)
    form = ChampionshipForm(
        posted(request), initial=ChampionshipForm.initial_from(championship), locked=locked,
        shown=fmt.championship_fields,
    )
    extra = fmt.settings_form(championship, posted(request))
    if extra is not None and services.settings_locked(championship):
        for field in extra.fields.values():
            field.disabled = True
    if request.method == "POST" and form.is_valid() and (extra is None or extra.is_valid()):
        changes = {k: v for k, v in form.cleaned_data.items() if k not in locked}
        try:
            services.update_championship(
                championship, **who_acts(request), **changes,
                format_settings=extra.cleaned_data if extra is not None else None)
        except services.ServiceError as error:
            form_error(extra if extra is not None and error.field in extra.fields else form,
                        error)
        else:
            messages.success(request, _("Championship saved."))
            return redirect("tournaments:director_championship", championship.pk)
    return render(
        request,
        "tournaments/director/championship_form.html",
        {"form": form, "extra": extra, "fmt": fmt, "championship": championship,
         "locked": locked},
    )


@require_POST
@director_page
def director_add(request, championship: Championship):
    form = AddDirectorForm(request.POST)
    if form.is_valid():
        try:
            user = services.add_director(championship, form.cleaned_data["username"],
                                         **who_acts(request))
        except services.ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("%(name)s now directs this championship.") % {"name": user.get_username()}
            )
    else:
        messages.error(request, _("Enter a username."))
    return redirect("tournaments:director_championship", championship.pk)
