"""The database check after a free-deal burst (a child process; the server is stopped by then).

    python -m benchmarks.load.free_deal_check --spec FILE

With ``DATABASE_URL`` pointing at the burst's database and FILE the JSON written by the
runner (championship, round, settings, each table's first and second pair, the game sent
for each table, the idempotency keys of the bad submissions, what the server
acknowledged). Prints one PASS or FAIL line per check and exits 1 if any failed.

The ranking is checked against an independent computation from the stored rows (rules.md
11.3, the default settings: match points 1, 1/2, 0; then point difference, points scored,
Buchholz; pairs equal on all of them share the place), written here rather than through
``engine.free_deal``, so that a mistake there cannot hide itself.
"""

from __future__ import annotations

import sys
from collections import Counter
from fractions import Fraction

from benchmarks.load.common import check_line, spec_main
from benchmarks.load.game_check import check_games

DEFAULT_MATCH_POINTS = "1-1/2-0"
DEFAULT_TIE_BREAKS = "match_points,point_difference,points,buchholz"


def expected_ranking(team_ids: list[int], games: list[tuple[int, int, int, int]],
                     cap: int | None) -> list[tuple]:
    """Each pair's ``(id, place, shared, games, wins, draws, losses, match points, points,
    points against, point difference, Buchholz)``, best first; ``games`` holds ``(first,
    second, first points, second points)``. No byes: the field is even and nobody withdrew."""
    def capped(points: int) -> int:
        return points if cap is None else min(points, cap)

    rows = {pk: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "mp": Fraction(0),
                 "for": 0, "against": 0, "opponents": []} for pk in team_ids}
    for first, second, first_points, second_points in games:
        for own, other, scored, conceded in ((first, second, first_points, second_points),
                                             (second, first, second_points, first_points)):
            row = rows[own]
            scored, conceded = capped(scored), capped(conceded)
            row["games"] += 1
            if scored > conceded:
                row["wins"] += 1
                row["mp"] += 1
            elif scored == conceded:
                row["draws"] += 1
                row["mp"] += Fraction(1, 2)
            else:
                row["losses"] += 1
            row["for"] += scored
            row["against"] += conceded
            row["opponents"].append(other)
    lines = []
    for pk, row in rows.items():
        buchholz = sum((rows[o]["mp"] for o in row["opponents"]), Fraction(0))
        difference = row["for"] - row["against"]
        lines.append(((row["mp"], difference, row["for"], buchholz), pk,
                      (row["games"], row["wins"], row["draws"], row["losses"], row["mp"],
                       row["for"], row["against"], difference, buchholz)))
    # Best first; pairs equal on every criterion by id (as the ranking lists them).
    lines.sort(key=lambda line: line[1])
    lines.sort(key=lambda line: line[0], reverse=True)
    # Standard competition places: 1, 2=, 2=, 4.
    first_at: dict[tuple, int] = {}
    for position, (key, _pk, _figures) in enumerate(lines):
        first_at.setdefault(key, position + 1)
    tied = Counter(key for key, _pk, _figures in lines)
    return [(pk, first_at[key], tied[key] > 1, *figures) for key, pk, figures in lines]


def ranking_tuples(championship) -> list[tuple]:
    from formats.free_deal.selectors import ranking

    return [
        (line.team.pk, line.placed.place, line.placed.shared, line.games, line.wins,
         line.draws, line.losses, line.match_points, line.points, line.points_against,
         line.point_difference, line.buchholz)
        for line in ranking(championship)
    ]


def check(spec: dict) -> bool:
    from tournaments.models import Team

    games = check_games(spec)
    ok, championship = games.ok, games.championship
    tables = {t["number"]: t for t in spec["tables"]}

    settings = spec["settings"]
    if (settings["match_points"], settings["tie_breaks"]) != (DEFAULT_MATCH_POINTS,
                                                              DEFAULT_TIE_BREAKS):
        check_line(False, f"the ranking check expects the default ranking settings, not "
                     f"{settings['match_points']} by {settings['tie_breaks']}")
        return False
    stored_games = games.stored_games()
    team_ids = list(Team.objects.filter(championship=championship).values_list("pk", flat=True))
    expected = expected_ranking(team_ids, stored_games, settings["cap"])
    actual = ranking_tuples(championship)
    differ = [f"pair id {a[0]}: ranked {a[1:]}, computed {b[1:]}"
              for a, b in zip(actual, expected, strict=False) if a != b]
    if len(actual) != len(expected):
        differ.append(f"{len(actual)} lines ranked, {len(expected)} computed")
    places = Counter(line[1] for line in expected)
    ok &= check_line(actual == expected and len(actual) == 2 * len(tables),
                f"the ranking equals an independent computation from the stored games "
                f"({len(actual)} pairs, {len(stored_games)} games, {len(places)} places, "
                f"{sum(n for n in places.values() if n > 1)} pairs sharing one)", differ)
    return ok


def main() -> int:
    return spec_main(__doc__.splitlines()[0], lambda spec: 0 if check(spec) else 1)


if __name__ == "__main__":
    sys.exit(main())
