"""The captain's page, reached through the team's private link (no login): the shared URL
of every format, which shows the championship's format's page (``Format.captain_page``)."""

from __future__ import annotations

from formats import format_of
from scoring import permissions


def captain(request, team_id: int, secret: str):
    """The team's private page: each of its tables in an open round, earliest first, with
    their deals; else its latest table read-only, or the bye or waiting notice."""
    team = permissions.captain_team(team_id, secret)
    return format_of(team.championship).captain_page(request, team)
