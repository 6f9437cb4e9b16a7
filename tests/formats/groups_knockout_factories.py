"""A groups-then-knockout championship built through the services, for the format's tests."""

from __future__ import annotations

from tournaments import services


def make_groups_event(director, *, pairs: int = 10, **format_settings):
    championship = services.create_championship(
        director, name="Open de la Fira", format="groups_knockout",
        format_settings=format_settings or None)
    for i in range(1, pairs + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"Jugador {i}a",
                          player2=f"Jugador {i}b")
    return championship
