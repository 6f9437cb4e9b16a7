"""The public player pages (rules.md 13.4): the player search and a player's page. Thin: the
selectors read (``player_selectors``, ``player_search``), the chart is drawn on the server
(``player_chart``), and the pages work without JavaScript."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from series.player_chart import rating_chart
from series.player_search import PAGE_SIZE, QUERY_LENGTH, search_players
from series.player_selectors import kept_player, player_page


def search(request):
    """Players by part of their name (``?q=``), a page at a time (``?page=``)."""
    query = request.GET.get("q", "")[:QUERY_LENGTH].strip()
    page = None
    if query:
        page = Paginator(search_players(query, request.user), PAGE_SIZE).get_page(
            request.GET.get("page"))
    return render(request, "players/search.html", {"query": query, "page": page})


def player(request, pk: int):
    """A player's championships, places, partners, series points and rating history; a
    duplicate merged into another player leads to the player kept."""
    found, merged = kept_player(pk)
    if merged:
        return redirect("players:player", pk=found.pk)
    page = player_page(found, request.user)
    chart = rating_chart([(step.name, step.rating) for step in page.ratings],
                         title=_("Rating history of %(name)s") % {"name": found.name})
    return render(request, "players/player.html", {"page": page, "player": found,
                                                    "chart": chart})
