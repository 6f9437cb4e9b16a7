"""Read queries for championships, teams, rounds, tables and deals."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Championship


def visible_championships(user) -> QuerySet[Championship]:
    """Championships listed on the landing page: running or finished ones for everyone,
    plus drafts for the directors who run them."""
    public = Championship.objects.exclude(status=Championship.Status.DRAFT)
    if user.is_authenticated:
        return (public | Championship.objects.filter(directors=user)).distinct()
    return public
