"""Result pages: public once the director publishes them; directors always see them.

The URLs, the access checks and the list of deals are the same for every format; each page
itself is the format's (``formats.format_of(championship)``: its standings, projector,
traveller and scorecard)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from formats import format_of
from scoring import permissions
from tournaments.models import Championship, Team


def _results_access(request, pk: int) -> tuple[Championship, bool]:
    access = permissions.results_access(request.user, pk)
    return access.championship, access.director


def _not_published(request, championship):
    return render(request, "scoring/not_published.html", {"championship": championship})


def standings(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    return format_of(championship).standings_page(request, championship, director=director)


def projector(request, pk: int):
    """Large type; cycles through the standings page by page by itself (meta refresh)."""
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    return format_of(championship).projector_page(request, championship, director=director)


def projector_page_of(request, pages: int) -> tuple[int, int]:
    """The page of the projector's cycle asked for (``?page=``, kept in range) and the next."""
    try:
        page = int(request.GET.get("page", 1))
    except ValueError:
        page = 1
    page = min(max(page, 1), pages)
    return page, page % pages + 1


def _scored_deals(championship: Championship, director: bool):
    return permissions.result_deals(permissions.ResultsAccess(championship, director))


def travellers(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    context = {
        "championship": championship,
        "deals": _scored_deals(championship, director),
        "teams": championship.teams.order_by("number"),
    }
    return render(request, "scoring/travellers.html", context)


def traveller(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    deal = get_object_or_404(_scored_deals(championship, director), number=number)
    return format_of(championship).traveller_page(request, championship, deal,
                                                  director=director)


def scorecard(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    team = get_object_or_404(Team, championship=championship, number=number)
    return format_of(championship).scorecard_page(request, championship, team,
                                                  director=director)
