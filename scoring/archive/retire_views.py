"""The director's pages that retire a championship (``scoring.archive.retiring``): archive
it or bring it back (a POST each), and delete it after a page that offers its full backup
first. Only the championship's directors (others get 404, as on every director page)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.archive import retiring
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.services.common import ServiceError


def _who(request) -> dict:
    return {"by": request.user, "origin": audit.origin_of(request)}


@require_POST
@login_required
def archive(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    restoring = request.POST.get("restore") == "1"
    try:
        if restoring:
            retiring.restore(championship, **_who(request))
        else:
            retiring.archive(championship, **_who(request))
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournaments:director_championship", pk)
    if restoring:
        messages.success(request, _("“%(name)s” is back among your championships.")
                         % {"name": championship.name})
        return redirect("tournaments:director_championship", pk)
    messages.success(request, _("“%(name)s” is archived: it is no longer on your list of "
                                "championships, and it stays readable.")
                     % {"name": championship.name})
    return redirect("tournaments:director_home")


@require_http_methods(["GET", "POST"])
@login_required
def delete(request, pk: int):
    championship = tournament_selectors.championship_for_director(request.user, pk)
    error = ""
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            name = retiring.delete(championship,
                                   without_backup=request.POST.get("without_backup") == "1",
                                   **_who(request))
        except ServiceError as refused:
            error = refused.message
        else:
            messages.success(request, _("“%(name)s” is deleted.") % {"name": name})
            return redirect("tournaments:director_home")
    backup = retiring.last_current_backup(championship)
    response = render(request, "archive/delete.html", {
        "championship": championship,
        "backup": backup,
        "error": error,
        "teams": championship.teams.count(),
        "rounds": championship.rounds.count(),
    }, status=400 if error else 200)
    response["Cache-Control"] = "no-store, private"
    return response
