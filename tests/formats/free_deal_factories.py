"""A free-deal championship built through the services, for the format's tests."""

from __future__ import annotations

from formats.free_deal.services.sections import assign_sections
from scoring.services import games
from scoring.services.games import GameValues
from tournaments import services
from tournaments.models import Round


def make_free_deal(director, *, pairs: int = 6, rounds: int = 5, **format_settings):
    championship = services.create_championship(
        director, name="Torneig de la Festa Major", format="free_deal_pairs",
        rounds_planned=rounds, format_settings=format_settings or None)
    for i in range(1, pairs + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"Jugador {i}a",
                          player2=f"Jugador {i}b")
    return championship


def next_round(championship, director) -> Round:
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    round_.refresh_from_db()
    return round_


def win(first: int = 101, second: int = 40, hands: int = 9) -> GameValues:
    return GameValues(first_points=first, second_points=second, ended_by="target",
                      hands_played=hands)


def play_round(round_, results) -> None:
    """Enter and confirm one game per table; ``results(table)`` gives its GameValues."""
    for table in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
        if table.bye_team_id:
            continue
        entry, _ = games.submit_game(team=table.ns_team, table=table,
                                     values=results(table), idempotency_key=None)
        games.confirm_game(entry_id=entry.pk, team=table.ew_team)


SECTION_NAMES = ("Experienced", "Beginners")


def sectioned(director, sizes=(7, 5), rounds=5):
    """A free-deal championship in two sections of ``sizes`` pairs (rules.md 11.3)."""
    championship = make_free_deal(director, pairs=sum(sizes), rounds=rounds,
                                  sections=list(SECTION_NAMES))
    teams = list(championship.teams.order_by("number"))
    placements, start = {}, 0
    for name, size in zip(SECTION_NAMES, sizes, strict=True):
        placements.update({t.pk: name for t in teams[start:start + size]})
        start += size
    assign_sections(championship, placements)
    return championship


def random_game(rng):
    """A table's result drawn from ``rng``: a game won at the target, or one ended by time."""
    def result(_table):
        first, second = rng.randint(0, 101), rng.randint(0, 100)
        if rng.random() < 0.7:
            first, second = (101, second) if rng.random() < 0.5 else (second, 101)
            return GameValues(first, second, "target", rng.randint(5, 12))
        return GameValues(min(first, 100), second, "time", rng.randint(3, 11))
    return result


def row_counts() -> dict:
    """Rows of every model (the throttle's counters apart): a refusal wrote nothing."""
    from django.apps import apps
    from table_counts import count_rows

    return count_rows(m for m in apps.get_models() if m._meta.label != "scoring.ThrottleCount")
