"""Finding a player by name (rules.md 13.4): the register's players who played a championship
the reader may see, whose searched name holds every word typed.

Names are compared as the register compares them (``tournaments.names.search_key``: case,
accents and extra spaces do not count), so "maria" finds "Mària Costa". The public finds only
players of finished championships with public results (``player_selectors``); a player merged
into another is found as the player kept.
"""

from __future__ import annotations

from django.db.models import Count, QuerySet

from series.player_selectors import shown_championships
from tournaments.models import Championship, Player
from tournaments.names import search_key

#: The longest query looked at (longer text is cut: no name is longer than a register name).
QUERY_LENGTH = 120
#: Players on a page of results.
PAGE_SIZE = 25


def search_words(query: str | None) -> list[str]:
    """The words of ``query`` as names are searched (none for an empty query)."""
    return search_key((query or "")[:QUERY_LENGTH]).split()


def search_players(query: str | None, user=None) -> QuerySet[Player]:
    """The players whose name holds every word of ``query``, by name then club, each with
    ``championships``: how many championships the reader may see they played. Nothing for
    an empty query."""
    words = search_words(query)
    if not words:
        return Player.objects.none()
    players = Player.objects.filter(merged_into__isnull=True)
    for word in words:
        players = players.filter(search_name__contains=word)
    visible = Championship.objects.filter(shown_championships(user)).values("pk")
    return (players.filter(entries__team__championship__in=visible)
            .annotate(championships=Count("entries__team__championship", distinct=True))
            .order_by("search_name", "club", "id"))
