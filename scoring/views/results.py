"""Result pages: public once the director publishes them; directors always see them."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

import engine
import live
from scoring import selectors
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Deal, Round, Team
from tournaments.presentation import deal_view


def _results_access(request, pk: int) -> tuple[Championship, bool]:
    """The championship and whether the viewer directs it (live view). Raises 404 for a
    championship the viewer may not see; the caller shows "not published" itself."""
    championship = get_object_or_404(Championship, pk=pk)
    director = tournament_selectors.is_director(request.user, championship)
    if not director and championship.status == Championship.Status.DRAFT:
        raise Http404("No such championship")
    return championship, director


def _live_url(championship: Championship, director: bool) -> str:
    return live.stream_url("director" if director else "public", championship.pk)


def _not_published(request, championship):
    return render(request, "scoring/not_published.html", {"championship": championship})


def standings(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    rows = selectors.standings(championship, live=director)
    context = {"championship": championship, "rows": rows, "director": director,
               "live_url": _live_url(championship, director)}
    return render(request, "scoring/standings.html", context)


def projector(request, pk: int):
    """Large type; cycles through the standings page by page by itself (meta refresh)."""
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    rows = selectors.standings(championship, live=director)
    per_page = 10
    pages = max(1, -(-len(rows) // per_page))
    try:
        page = int(request.GET.get("page", 1))
    except ValueError:
        page = 1
    page = min(max(page, 1), pages)
    next_page = page % pages + 1
    context = {
        "championship": championship,
        "rows": rows[(page - 1) * per_page : page * per_page],
        "page": page,
        "pages": pages,
        "next_url": f"{reverse('scoring:projector', args=[pk])}?page={next_page}",
        "seconds": 12,
        "live_url": _live_url(championship, director),
    }
    return render(request, "scoring/projector.html", context)


def _scored_deals(championship: Championship, director: bool):
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if director else [])
    return Deal.objects.filter(championship=championship, round__status__in=statuses).select_related(
        "round"
    ).order_by("number")


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


def _hands(deal: Deal):
    """The deal laid out as at the table, or None while the deal is secret."""
    if not tournament_selectors.deal_is_public(deal):
        return None
    return deal_view(deal)


def traveller(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    deal = get_object_or_404(_scored_deals(championship, director), number=number)
    context = {
        "championship": championship,
        "deal": deal,
        "lines": selectors.traveller(deal),
        "trump_side": selectors.deal_trump_side(deal),
        "hands": _hands(deal),
        "director": director,
    }
    return render(request, "scoring/traveller.html", context)


def scorecard(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    team = get_object_or_404(Team, championship=championship, number=number)
    lines, total = selectors.scorecard(team, live=director)
    context = {
        "championship": championship,
        "team": team,
        "lines": lines,
        "total": engine.show_score(total),
    }
    return render(request, "scoring/scorecard.html", context)

