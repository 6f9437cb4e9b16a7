"""The results pages of duplicate pairs (rules.md 6.4 and 6.6): the standings, the projector,
a deal's traveller and a pair's scorecard. The URLs and the access checks are the core's
(``scoring.views.results``), which asks the format (``formats.format_of``) for the page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.urls import reverse

import live
from scoring import numbers, selectors
from scoring.views.results import projector_page_of
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Deal, Team
from tournaments.presentation import deal_view


def _live_url(championship: Championship, director: bool) -> str:
    return live.stream_url("director" if director else "public", championship.pk)


def _scope(request, championship: Championship, director: bool):
    """The ranking's scope: live for a director, closed rounds for the public, or the
    closed round ``?after=N``. Raises ScopeError (shown as a 400) for a bad ``after``."""
    return selectors.ranking_scope(championship, live=director, after=request.GET.get("after"))


def _ranked(scope) -> list:
    return selectors.standings(scope.championship, live=scope.live, up_to=scope.up_to)


def standings_page(request, championship: Championship, *, director: bool):
    """The sum of finals, with the tie-break values (rules.md 6.6)."""
    try:
        scope = _scope(request, championship, director)
    except selectors.ScopeError as error:
        return HttpResponseBadRequest(str(error))
    context = {
        "championship": championship, "rows": _ranked(scope), "director": director,
        "scope": scope, "live_url": _live_url(championship, director),
    }
    return render(request, "scoring/standings.html", context)


def projector_page(request, championship: Championship, *, director: bool):
    """The standings, ten teams a page."""
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


def _hands(deal: Deal):
    """The deal laid out as at the table, or None while the deal is secret."""
    if not tournament_selectors.deal_is_public(deal):
        return None
    return deal_view(deal)


def traveller_page(request, championship: Championship, deal: Deal, *, director: bool):
    """Each table's NS and EW pairs, result and scores on the deal."""
    context = {
        "championship": championship,
        "deal": deal,
        "lines": selectors.traveller(deal),
        "trump_side": selectors.deal_trump_side(deal),
        "hands": _hands(deal),
        "director": director,
    }
    return render(request, "scoring/traveller.html", context)


def scorecard_page(request, championship: Championship, team: Team, *, director: bool):
    """The pair's deals, opponents, results and scores."""
    lines, total = selectors.scorecard(team, live=director)
    context = {
        "championship": championship,
        "team": team,
        "lines": lines,
        "total": numbers.show_score(total),
    }
    return render(request, "scoring/scorecard.html", context)
