"""Factories for the tournaments tests (importable from the test modules)."""

from __future__ import annotations

import itertools

from tournaments import services
from tournaments.models import Championship

_names = itertools.count(1)


def make_championship(director, **settings) -> Championship:
    settings.setdefault("name", f"Championship {next(_names)}")
    if settings.get("movement") == Championship.Movement.SWISS:
        settings.setdefault("rounds_planned", 5)
    return services.create_championship(director, **settings)


def add_teams(championship: Championship, count: int) -> list:
    return [
        services.add_team(
            championship,
            name=f"Team {i}",
            club=f"Club {i % 5}",
            player1=f"Player {i}A",
            player2=f"Player {i}B",
        )
        for i in range(1, count + 1)
    ]
