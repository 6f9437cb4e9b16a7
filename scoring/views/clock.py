"""The round clock's addresses (``tournaments.clock``), the same in every format whose rounds
are timed: the director's buttons, and the small JSON answer that the pages' countdown
(``static/js/clock.js``) re-reads after a reload, when the phone is back online or when a
live event says the clock changed. Also the clock's HTML for the pages that show it
(:func:`round_panel`, :func:`projector_panel`, :func:`clock_context`).

The JSON gives the **server's** time with the clock (``now``, ``ends_at``, ``state``,
``remaining`` in seconds), so that a phone whose own clock is wrong still counts down
right: the page works out the difference between the two clocks and counts from the
server's. Never cached (``no-store``): a stale answer would show a wrong time.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from formats import format_of
from scoring import permissions
from scoring.forms import ClockForm
from scoring.services.values import Origin
from scoring.views.common import no_store
from tournaments import clock_selectors as selectors
from tournaments import selectors as tournament_selectors
from tournaments.models import Round
from tournaments.services import clock as services
from tournaments.services.common import ServiceError


def _answer(view: selectors.ClockView | None) -> JsonResponse:
    data = view.as_json() if view is not None else selectors.no_clock_json()
    return no_store(JsonResponse(data))


@require_GET
def captain_clock(request, team_id: int, secret: str):
    """The clock of the entrant's round (the one its page shows, as the format says)."""
    team = permissions.captain_team(team_id, secret)
    return _answer(selectors.clock_view(format_of(team.championship).clock_round(team)))


@require_GET
def public_clock(request, pk: int):
    """The clock of the round being played, for the projector: seen by whoever may see the
    projector (the championship's directors, everyone once the results are published)."""
    access = permissions.results_access(request.user, pk)
    if not (access.director or access.championship.results_public):
        raise Http404("Results not published")
    return _answer(selectors.clock_view(selectors.round_in_play(access.championship)))


_ACTIONS = {
    "start": (services.start_clock, lambda: _("The clock has started.")),
    "pause": (services.pause_clock, lambda: _("The clock is paused.")),
    "resume": (services.resume_clock, lambda: _("The clock runs again.")),
}


@login_required
@require_http_methods(["GET", "POST"])
def director_clock(request, pk: int, number: int):
    """GET: the round's clock as JSON. POST: a clock button (start, pause, resume, extend),
    then back to the round's games."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    round_ = get_object_or_404(championship.rounds.select_related("championship"),
                               number=number)
    if request.method == "GET":
        return _answer(selectors.clock_view(round_))
    form = ClockForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(_back(request, pk, number))
    action, minutes = form.cleaned_data["action"], form.cleaned_data["minutes"]
    origin = Origin.from_request(request)
    try:
        if action == "extend":
            services.extend_clock(round_, minutes, by=request.user, origin=origin)
            done = ngettext("%(minutes)s minute added to the clock.",
                            "%(minutes)s minutes added to the clock.", minutes
                            ) % {"minutes": minutes}
        else:
            service, message = _ACTIONS[action]
            service(round_, by=request.user, origin=origin)
            done = message()
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect(_back(request, pk, number))


def _back(request, pk: int, number: int) -> str:
    """Back to the page the button was pressed on (the round's page or its grid)."""
    back = request.POST.get("next", "")
    if back.startswith(f"/director/c/{pk}/") and url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}):
        return back
    return reverse("scoring:grid", args=[pk, number])


def clock_context(request, round_, *, buttons: bool = False) -> dict | None:
    """What ``scoring/_clock.html`` needs to show ``round_``'s clock (with the director's
    buttons when ``buttons``), or ``None`` when it has none to show."""
    view = selectors.clock_view(round_)
    if view is None:
        return None
    context = {"clock": view, "clock_url": reverse(
        "scoring:director_clock", args=[round_.championship_id, round_.number])}
    if buttons:
        context.update(clock_buttons=True, clock_form=ClockForm(),
                       championship=round_.championship, round=round_, back_to=request.path)
    return context


def captain_clock_url(team) -> str:
    """The address an entrant's page re-reads its clock from."""
    return reverse("scoring:captain_clock", args=[team.pk, team.link_secret])


def round_panel(request, round_) -> str:
    """The clock of a released round, with the director's buttons, on the round's page: the
    page a director lands on after releasing it (empty without a clock)."""
    if round_.status != Round.Status.RELEASED:
        return ""
    context = clock_context(request, round_, buttons=True)
    if context is None:
        return ""
    return render_to_string("scoring/_clock.html", context, request=request)


def projector_panel(request, championship) -> str:
    """The countdown above the projector's standings (empty without a clock to show)."""
    minutes = selectors.round_minutes(championship)  # first: no query for a format without
    if minutes is None:
        return ""
    view = selectors.clock_view(selectors.round_in_play(championship), minutes)
    if view is None:
        return ""
    return render_to_string("scoring/_clock.html", {
        "clock": view, "clock_url": reverse("scoring:public_clock", args=[championship.pk]),
        "clock_big": True,
    }, request=request)
