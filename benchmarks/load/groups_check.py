"""The database check after a groups-then-knockout burst (a child process; the server is
stopped by then).

    python -m benchmarks.load.groups_check --spec FILE

With ``DATABASE_URL`` pointing at the burst's database and FILE the JSON written by the
runner (championship, round, settings, each pair's group, each table's first and second
pair, the game sent for each table, the idempotency keys of the bad submissions, what the
server acknowledged). Prints one PASS or FAIL line per check, with the counts (tables,
entries, confirmations), and exits 1 if any failed: 0 lost means every table's game stored
once, as sent, and confirmed.

Each group's standing (rules.md 12.2) is checked against an independent computation from
the stored rows: each pair's games, wins, match points (a win worth the setting), points for
and against; pairs ordered by match points, then the point difference, then points scored;
two pairs level on all three who played each other placed by that game, any other level
pairs sharing the place (the draw is the director's). Written here rather than through
``engine.groups``, so that a mistake there cannot hide itself.
"""

from __future__ import annotations

import sys
from collections import Counter

from benchmarks.load.common import check_line, spec_main
from benchmarks.load.game_check import check_games


def expected_standings(groups: dict[int, int], games: list[tuple[int, int, int, int]],
                       win_points: int) -> dict[int, list[tuple]]:
    """Each group's lines, best first: ``(pair id, place label, games, wins, match points,
    points for, points against)``; ``groups`` maps each pair to its group, ``games`` holds
    ``(first, second, first points, second points)``."""
    rows = {pk: {"games": 0, "wins": 0, "for": 0, "against": 0} for pk in groups}
    beat: set[tuple[int, int]] = set()  # (winner, loser)
    for first, second, first_points, second_points in games:
        for own, other, scored, conceded in ((first, second, first_points, second_points),
                                             (second, first, second_points, first_points)):
            row = rows[own]
            row["games"] += 1
            row["for"] += scored
            row["against"] += conceded
            if scored > conceded:
                row["wins"] += 1
                beat.add((own, other))

    def key(pk: int) -> tuple[int, int, int]:
        row = rows[pk]
        return row["wins"] * win_points, row["for"] - row["against"], row["for"]

    standings: dict[int, list[tuple]] = {}
    for group in sorted(set(groups.values())):
        pairs = [pk for pk, g in groups.items() if g == group]
        tied = Counter(key(pk) for pk in pairs)
        labels = {}
        for pk in pairs:
            place = 1 + sum(1 for other in pairs if key(other) > key(pk))
            level = [other for other in pairs if key(other) == key(pk)]
            if len(level) == 2 and any((a, b) in beat for a in level for b in level):
                # Two level pairs who met: the winner of that game first.
                other = next(o for o in level if o != pk)
                labels[pk] = (place + ((other, pk) in beat), str(place + ((other, pk) in beat)))
            elif tied[key(pk)] > 1:
                labels[pk] = (place, f"{place}=")
            else:
                labels[pk] = (place, str(place))
        # Best first; pairs sharing a place by id (the pairs' numbers follow their ids here).
        ordered = sorted(pairs, key=lambda pk: (labels[pk][0], pk))
        standings[group] = [
            (pk, labels[pk][1], rows[pk]["games"], rows[pk]["wins"],
             rows[pk]["wins"] * win_points, rows[pk]["for"], rows[pk]["against"])
            for pk in ordered]
    return standings


def actual_standings(championship) -> dict[int, list[tuple]]:
    from formats.groups_knockout.standings import group_stage

    return {group.number: [(row.team.pk, row.place, row.line.games, row.line.wins,
                            row.line.match_points, row.line.points_for,
                            row.line.points_against) for row in group.rows]
            for group in group_stage(championship).groups}


def check(spec: dict) -> bool:
    games = check_games(spec)
    ok = games.ok
    stored_games = games.stored_games()
    groups = {int(pk): number for pk, number in spec["groups"].items()}
    expected = expected_standings(groups, stored_games, spec["settings"]["win_points"])
    actual = actual_standings(games.championship)
    differ = []
    for group in sorted(set(expected) | set(actual)):
        got, want = actual.get(group, []), expected.get(group, [])
        differ += [f"group {group}: pair id {a[0]}: ranked {a[1:]}, computed {b[0]} {b[1:]}"
                   for a, b in zip(got, want, strict=False) if a != b]
        if len(got) != len(want):
            differ.append(f"group {group}: {len(got)} lines ranked, {len(want)} computed")
    shared = sum(1 for lines in expected.values() for line in lines if line[1].endswith("="))
    ok &= check_line(actual == expected and len(groups) == 2 * len(spec["tables"]),
                     f"every group's standing equals an independent computation from the "
                     f"stored games ({len(expected)} groups, {len(groups)} pairs, "
                     f"{len(stored_games)} games, {shared} pairs sharing a place)", differ)
    confirmed = sum(1 for entry in games.entries if games.confirms[entry.pk])
    ok &= check_line(confirmed == len(spec["tables"]) == len(games.entries),
                     f"0 lost: {len(spec['tables'])} tables, {len(games.entries)} games "
                     f"stored, {confirmed} confirmed")
    return ok


def main() -> int:
    return spec_main(__doc__.splitlines()[0], lambda spec: 0 if check(spec) else 1)


if __name__ == "__main__":
    sys.exit(main())
