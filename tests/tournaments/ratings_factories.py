"""Finished championships made straight from rows, for the ratings' tests: entrants named by
their players (linked to the register by name, as ``tournaments.services.register`` links
them), their final places kept as given."""

from __future__ import annotations

import datetime
import secrets
from itertools import count

from django.utils import timezone

import engine
from tournaments.models import Championship, FinalPlace, Team
from tournaments.services.register import link_entrants

_names = count(1)


def finished(entrants, places=None, *, day=None, finished_at=None, status=None):
    """A finished championship of ``entrants`` (each a tuple of one or two player names) in
    that final order, ``places`` their places (default 1, 2, 3...), its last day ``day``."""
    key = secrets.token_bytes(32)
    championship = Championship.objects.create(
        name=f"Campionat {next(_names)}", deal_key=key.hex(),
        key_commitment=engine.key_commitment(key),
        status=status or Championship.Status.FINISHED, starts_on=day, ends_on=day,
        finished_at=finished_at or timezone.now())
    teams = [Team.objects.create(championship=championship, number=number,
                                 name=" - ".join(names), player1=names[0],
                                 player2=names[1] if len(names) > 1 else "")
             for number, names in enumerate(entrants, start=1)]
    link_entrants(teams)
    places = list(places or range(1, len(teams) + 1))
    FinalPlace.objects.bulk_create(
        FinalPlace(championship=championship, team=team, place=place)
        for team, place in zip(teams, places, strict=True))
    return championship


def day(n: int) -> datetime.date:
    return datetime.date(2026, 1, 1) + datetime.timedelta(days=n)
