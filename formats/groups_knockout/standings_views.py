"""The group standings, the hall's projector and the director's page of who goes through
(rules.md 12.2, 12.3). Thin: ``standings`` reads and decides, these pages show it."""

from __future__ import annotations

from django.conf import settings as site_settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.urls import reverse

import live
from formats.groups_knockout.knockout_views import going_through_context
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.standings import group_stage
from formats.groups_knockout.standings_knockout import final_places
from formats.groups_knockout.views import director_championship
from scoring.selectors.scope import ScopeError, ranking_scope
from scoring.views.common import no_store
from scoring.views.knockout import bracket_html, bracket_rounds
from tournaments.models import Championship


def standings_page(request, championship: Championship, *, director: bool):
    """One table per group. The scope of every standings page (rules.md 6.6): the public
    sees closed rounds only, a director every confirmed game, ``?after=N`` an earlier closed
    round for anyone; who goes through is marked once every group game counts."""
    try:
        scope = ranking_scope(championship, live=director, after=request.GET.get("after"))
    except ScopeError as error:
        return HttpResponseBadRequest(str(error))
    up_to = None if scope.live else scope.after
    stage = group_stage(championship, up_to=up_to)
    rounds = bracket_rounds(championship)
    return render(request, "groups_knockout/standings.html", {
        "championship": championship, "director": director, "scope": scope, "stage": stage,
        # The knockout (rules.md 12.4): the bracket, and the final ranking once the final
        # is decided (from every group game, whatever the scope).
        "bracket": bracket_html(request, championship, rounds),
        "places": final_places(championship, rounds=rounds,
                               stage=stage if up_to is None else None),
        "settings": settings_of(championship),
        "live_url": live.stream_url("director" if director else "public", championship.pk),
    })


def projector_page(request, championship: Championship, *, director: bool):
    """The hall's screen: one group a page, cycling by itself (static/js/projector.js), as
    the standings page counts them (closed rounds for the public, live for a director)."""
    from scoring.views.results import projector_page_of

    scope = ranking_scope(championship, live=director)
    stage = group_stage(championship, up_to=None if scope.live else scope.after)
    pages = max(1, len(stage.groups))
    page, next_page = projector_page_of(request, pages)
    return render(request, "groups_knockout/projector.html", {
        "championship": championship, "director": director, "scope": scope, "stage": stage,
        "group": stage.groups[page - 1] if stage.groups else None,
        "bracket": bracket_html(request, championship),
        "page": page, "pages": pages,
        "next_url": f"{reverse('scoring:projector', args=[championship.pk])}?page={next_page}",
        "seconds": site_settings.PROJECTOR_PAGE_SECONDS,
        "live_url": live.stream_url("director" if director else "public", championship.pk),
    })


@login_required
def going_through_page(request, pk: int):
    """Who goes through (rules.md 12.3): once every group game is confirmed, the seeds, the
    repechage compared across groups, the pairs left out with no win, the byes and the seeded
    first round, with the director's button confirming them (``knockout_views.confirm``);
    before that, how many group games are still unconfirmed."""
    championship = director_championship(request, pk)
    return no_store(render(request, "groups_knockout/going_through.html",
                           going_through_context(championship)))
