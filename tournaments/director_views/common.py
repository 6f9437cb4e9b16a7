"""What every director page shares: the access check (``director_page``), the look-ups that
answer 404, and the small helpers that turn a service's outcome into a message or a
response."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from tournaments import audit, selectors, services
from tournaments.models import Championship, Round
from tournaments.print_pages import printed_file


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


def form_error(form, error: services.ServiceError) -> None:
    """Show a service's refusal on ``form``: on the field it names, else above the form."""
    form.add_error(error.field if error.field in form.fields else None, error.message)


def _no_store(response: HttpResponse) -> HttpResponse:
    # Pages and PDFs with secret cards or team secrets must not linger in shared caches.
    response["Cache-Control"] = "no-store, private"
    return response


def _pdf(request, make: Callable[[], bytes], filename: str) -> HttpResponse:
    """The PDF ``make()`` renders, shown in the browser, or its print-ready page
    (``tournaments.print_pages``); a HEAD is answered without rendering it
    (``tournaments.downloads``). The view takes GET and HEAD only."""
    return _no_store(printed_file(request, make, filename))


def who_acts(request) -> dict:
    """Who acts and from where, for the services that record an audit event."""
    return {"by": request.user, "origin": audit.origin_of(request)}


def run_action(request, func, *args, success, **kwargs):
    """Run a service for a POST and show its outcome as a message (its refusal, or
    ``success``: a text, or a function of the result when the words depend on it);
    returns ``(its result or None, whether it ran)``."""
    try:
        result = func(*args, **kwargs)
    except services.ServiceError as error:
        messages.error(request, error.message)
        return None, False
    messages.success(request, success(result) if callable(success) else success)
    return result, True


def _team_or_404(championship, team_pk):
    return get_object_or_404(championship.teams, pk=team_pk)


def _back_to_round(round_):
    return redirect("tournaments:director_round", round_.championship_id, round_.number)
