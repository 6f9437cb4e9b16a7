"""The director's groups page and the printed group sheets. Thin: ``services.groups``
decides and writes, ``selectors`` reads."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from formats.groups_knockout import selectors
from formats.groups_knockout.exports import group_sheets_pdf, table_cards_pdf
from formats.groups_knockout.format import GroupsKnockout
from formats.groups_knockout.forms import SwapForm
from formats.groups_knockout.services import make_groups, settings_of, swap_pairs
from scoring.views.common import no_store
from tournaments import audit
from tournaments import selectors as tournament_selectors
from tournaments.print_pages import printed_file
from tournaments.rating_selectors import seeding_lines
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError


def director_championship(request, pk: int):
    """The URL's championship, directed by the request's user and of this format (else 404):
    every director page of the format starts here."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    if championship.format != GroupsKnockout.key:
        raise Http404("Not a groups-then-knockout championship")
    return championship


def _page(request, championship, swap_form=None):
    locked = settings_locked(championship)
    return render(request, "groups_knockout/groups.html", {
        "championship": championship,
        "groups": selectors.groups_view(championship),
        "settings": settings_of(championship),
        "locked": locked,
        # Seeded by rating: the order the snake takes, shown before the groups are made.
        "rating_seeding": seeding_lines(
            championship, championship.teams.filter(withdrawn=False).order_by("number"))
        if championship.seed_by_rating and not locked else [],
        "finished": championship.status == championship.Status.FINISHED,
        "pair_count": championship.teams.filter(withdrawn=False).count(),
        "swap_form": swap_form or SwapForm(),
    })


@login_required
def groups_page(request, pk: int):
    """Each group's pairs and schedule; before round 1 is released, the buttons that make the
    groups and the form that swaps two pairs."""
    return _page(request, director_championship(request, pk))


@login_required
@require_POST
def make(request, pk: int):
    championship = director_championship(request, pk)
    try:
        make_groups(championship, by=request.user, origin=audit.origin_of(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Groups made."))
    return redirect("groups_knockout:groups", championship.pk)


@login_required
@require_POST
def swap(request, pk: int):
    championship = director_championship(request, pk)
    form = SwapForm(request.POST)
    if form.is_valid():
        try:
            swap_pairs(championship, form.cleaned_data["first"], form.cleaned_data["second"],
                       by=request.user, origin=audit.origin_of(request))
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Pairs swapped."))
            return redirect("groups_knockout:groups", championship.pk)
    return _page(request, championship, form)


@login_required
def group_sheets(request, pk: int):
    """One sheet per group (PDF): its pairs, its schedule by round, an empty score grid."""
    championship = director_championship(request, pk)
    return no_store(printed_file(request, lambda: group_sheets_pdf(championship),
                                 "group-sheets.pdf"))


@login_required
def table_cards(request, pk: int, number: int):
    """A round's table cards (PDF): no cards are shown, so a drafted round's may be printed."""
    championship = director_championship(request, pk)
    round_ = get_object_or_404(championship.rounds, number=number)
    return no_store(printed_file(request, lambda: table_cards_pdf(round_),
                                 f"table-cards-round-{round_.number}.pdf"))
