"""The director's results pages every format shares: the entry point, a round's results
(the format's page, ``Format.director_results_page``), closing a round and publishing the
results."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from formats import format_of
from scoring import services
from scoring.services import Origin
from tournaments import selectors as tournament_selectors
from tournaments import services as tournament_services
from tournaments.confirmation import Confirmation, confirm_page, confirmed
from tournaments.models import Championship, Round


def _director_championship(request, pk: int) -> Championship:
    return tournament_selectors.championship_for_director(request.user, pk)


def _round_or_404(championship: Championship, number: int) -> Round:
    return get_object_or_404(Round, championship=championship, number=number)


@login_required
def director_results(request, pk: int):
    """Entry point: the grid of the current round."""
    championship = _director_championship(request, pk)
    round_ = tournament_selectors.current_round(championship)
    if round_ is None:
        messages.info(request, _("There are no rounds yet."))
        return redirect("tournaments:director_championship", championship.pk)
    if round_.status == Round.Status.DRAFTED:
        messages.info(request, _("Round %(number)s has not been released yet: its results grid "
                                 "opens when it is.") % {"number": round_.number})
        return redirect("tournaments:director_round", championship.pk, round_.number)
    return redirect("scoring:grid", pk=championship.pk, number=round_.number)


@login_required
def director_grid(request, pk: int, number: int):
    championship = _director_championship(request, pk)
    round_ = _round_or_404(championship, number)
    return format_of(championship).director_results_page(request, championship, round_)


@login_required
def director_close_round(request, pk: int, number: int):
    """Close a round, after a confirmation page that lists the results still missing."""
    championship = _director_championship(request, pk)
    round_ = _round_or_404(championship, number)
    grid_url = reverse("scoring:grid", args=[championship.pk, round_.number])
    if confirmed(request):
        try:
            # The tournaments app owns round states and records who closed the round.
            tournament_services.close_round(
                round_, by=request.user, origin=Origin.from_request(request)
            )
        except tournament_services.ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Round %(number)s closed.") % {"number": round_.number})
        return redirect(grid_url)
    if round_.status != Round.Status.RELEASED:
        messages.info(request, _("Round %(number)s is not in play, so there is nothing to "
                                 "close.") % {"number": round_.number})
        return redirect(grid_url)
    fmt = format_of(championship)
    missing = fmt.missing_results(round_)
    consequences = [
        _("Its tables can no longer enter or confirm results, and its deals become public: "
          "players and the public see the cards.") if fmt.has_deals else
        _("Its tables can no longer enter or confirm results.")
    ]
    if missing and fmt.has_adjusted_scores:
        consequences.append(_("A missing result stays not played: it scores nothing until "
                              "you enter it or set an adjusted score (you can reopen the "
                              "round while it is the last one closed)."))
    elif missing:
        consequences.append(_("A missing result stays not played: it scores nothing until "
                              "you enter it (you can reopen the round while it is the last "
                              "one closed)."))
    return confirm_page(request, Confirmation(
        title=_("Close round %(number)s?") % {"number": round_.number},
        consequences=consequences,
        # Not "missing": a disputed or unconfirmed result is there, just not settled.
        items_heading=ngettext("%(count)s result is not confirmed yet:",
                               "%(count)s results are not confirmed yet:",
                               len(missing)) % {"count": len(missing)} if missing
        else _("Every result is in."),
        items=missing,
        button=_("Close round %(number)s") % {"number": round_.number},
        cancel_url=grid_url,
        championship=championship,
        danger=bool(missing),
    ))


@login_required
@require_POST
def director_publish(request, pk: int):
    championship = _director_championship(request, pk)
    public = request.POST.get("public") == "1"
    services.set_results_public(
        championship, public, user=request.user, origin=Origin.from_request(request)
    )
    if public:
        messages.success(request, _("Results published."))
    else:
        messages.success(request, _("Results are no longer public."))
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = reverse("scoring:standings", args=[pk])
    return redirect(next_url)


