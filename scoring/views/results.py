"""Result pages: public once the director publishes them; directors always see them."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

import live
from formats import format_of
from scoring import numbers, permissions, selectors
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Deal, Team
from tournaments.presentation import deal_view


def _results_access(request, pk: int) -> tuple[Championship, bool]:
    access = permissions.results_access(request.user, pk)
    return access.championship, access.director


def _live_url(championship: Championship, director: bool) -> str:
    return live.stream_url("director" if director else "public", championship.pk)


def _not_published(request, championship):
    return render(request, "scoring/not_published.html", {"championship": championship})


def _scope(request, championship: Championship, director: bool):
    """The ranking's scope: live for a director, closed rounds for the public, or the
    closed round ``?after=N``. Raises ScopeError (shown as a 400) for a bad ``after``."""
    return selectors.ranking_scope(championship, live=director, after=request.GET.get("after"))


def _ranked(scope) -> list:
    return selectors.standings(scope.championship, live=scope.live, up_to=scope.up_to)


def standings(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    return format_of(championship).standings_page(request, championship, director=director)


def duplicate_standings(request, championship: Championship, director: bool):
    """Duplicate pairs: the sum of finals, with the tie-break values (rules.md 6.6)."""
    try:
        scope = _scope(request, championship, director)
    except selectors.ScopeError as error:
        return HttpResponseBadRequest(str(error))
    context = {
        "championship": championship, "rows": _ranked(scope), "director": director,
        "scope": scope, "live_url": _live_url(championship, director),
    }
    return render(request, "scoring/standings.html", context)


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


def duplicate_projector(request, championship: Championship, director: bool):
    """Duplicate pairs: the standings, ten teams a page."""
    pk = championship.pk
    try:
        scope = _scope(request, championship, director)
    except selectors.ScopeError as error:
        return HttpResponseBadRequest(str(error))
    rows = _ranked(scope)
    per_page = 10
    pages = max(1, -(-len(rows) // per_page))
    page, next_page = projector_page_of(request, pages)
    after = f"&after={scope.up_to}" if scope.up_to else ""
    context = {
        "championship": championship,
        "scope": scope,
        "rows": rows[(page - 1) * per_page : page * per_page],
        # Two teams on the same total as shown: the tie-break columns say why one is ahead.
        "tie_break": len({row.total_shown for row in rows}) < len(rows),
        "page": page,
        "pages": pages,
        "next_url": f"{reverse('scoring:projector', args=[pk])}?page={next_page}{after}",
        "seconds": settings.PROJECTOR_PAGE_SECONDS,
        "live_url": _live_url(championship, director),
    }
    return render(request, "scoring/projector.html", context)


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
    return format_of(championship).traveller_page(request, championship, deal,
                                                  director=director)


def duplicate_traveller(request, championship: Championship, deal: Deal, *, director: bool):
    """Duplicate pairs: each table's NS and EW pairs, result and scores on the deal."""
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
    return format_of(championship).scorecard_page(request, championship, team,
                                                  director=director)


def duplicate_scorecard(request, championship: Championship, team: Team, *, director: bool):
    """Duplicate pairs: the pair's deals, opponents, results and scores."""
    lines, total = selectors.scorecard(team, live=director)
    context = {
        "championship": championship,
        "team": team,
        "lines": lines,
        "total": numbers.show_score(total),
    }
    return render(request, "scoring/scorecard.html", context)

