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

DEFAULT_MATCH_POINTS = "1-1/2-0"
DEFAULT_TIE_BREAKS = "match_points,point_difference,points,buchholz"
GAME_FIELDS = ("first_points", "second_points", "ended_by", "hands_played")


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
    from formats.free_deal.selectors import counted_games
    from scoring.models import GameEntry, GameReview
    from tournaments.models import Championship, Team

    championship = Championship.objects.get(pk=spec["championship"])
    tables = {t["number"]: t for t in spec["tables"]}
    ok = True

    entries = list(GameEntry.objects.filter(table__round__championship=championship)
                   .select_related("table", "table__round").order_by("id"))
    per_table = Counter(e.table.number for e in entries if e.table.round.number == spec["round"])
    wrong = [f"table {n}: {per_table[n]} entries" for n in sorted(tables) if per_table[n] != 1]
    stray = [f"table {n}" for n in sorted(set(per_table) - set(tables))]
    ok &= check_line(not wrong and not stray and len(entries) == len(tables),
                f"every table has exactly one entry, duplicates stored once ({len(tables)} "
                f"tables, {len(entries)} entries)", wrong + stray)

    by_table = {e.table.number: e for e in entries}
    differ = []
    for number, sent in sorted(spec["expected"].items(), key=lambda item: int(item[0])):
        entry = by_table.get(int(number))
        if entry is None:
            continue  # reported above
        stored = tuple(getattr(entry, name) for name in GAME_FIELDS)
        sent_values = tuple(sent[name] for name in GAME_FIELDS)
        author = (entry.by_team_id, entry.by_director_override, entry.hands)
        if stored != sent_values or entry.idempotency_key != sent["idempotency_key"]:
            differ.append(f"table {number}: stored {stored}, sent {sent_values}")
        elif author != (tables[int(number)]["first"], False, None):
            differ.append(f"table {number}: entered by pair id {entry.by_team_id} "
                          f"(director: {entry.by_director_override}), hands {entry.hands!r}")
    ok &= check_line(not differ, "every stored game is the one the first pair sent", differ)

    reviews = list(GameReview.objects.filter(entry__in=entries).select_related("entry"))
    confirms = Counter(r.entry_id for r in reviews if r.verdict == GameReview.Verdict.CONFIRM)
    unconfirmed = [f"table {n}" for n, e in sorted(by_table.items()) if confirms[e.pk] == 0]
    twice = [f"entry {pk}: {n} confirmations" for pk, n in confirms.items() if n > 1]
    wrong_pair = [f"entry {r.entry_id} confirmed by pair id {r.by_team_id}" for r in reviews
                  if r.verdict == GameReview.Verdict.CONFIRM
                  and r.by_team_id != tables[r.entry.table.number]["second"]]
    ok &= check_line(not unconfirmed and not twice and not wrong_pair and len(by_table) == len(tables),
                f"every game is confirmed once, by the second pair ({sum(confirms.values())} "
                f"confirmations)", unconfirmed + twice + wrong_pair)

    bad_entries = list(GameEntry.objects.filter(idempotency_key__in=spec["bad_keys"])
                       .values_list("pk", flat=True))
    own = [f"entry {r.entry_id} confirmed by the pair that entered it" for r in reviews
           if r.by_team_id is not None and r.by_team_id == r.entry.by_team_id]
    disputes = [f"entry {r.entry_id} disputed" for r in reviews
                if r.verdict != GameReview.Verdict.CONFIRM]
    stray_reviews = len(reviews) - len(confirms)
    ok &= check_line(not bad_entries and not own and not disputes and stray_reviews == 0,
                f"no bad request wrote anything ({len(spec['bad_keys'])} bad submissions' keys "
                f"absent, no self-confirmation, {len(reviews)} reviews for {len(entries)} entries)",
                [f"bad key stored as entry {pk}" for pk in bad_entries] + own + disputes)

    acknowledged = spec.get("acknowledged", {})
    lost = [f"table {n}: acknowledged, no entry" for n in acknowledged.get("submit", [])
            if int(n) not in by_table]
    lost += [f"table {n}: confirmation acknowledged, none stored"
             for n in acknowledged.get("confirm", [])
             if (e := by_table.get(int(n))) is None or not confirms[e.pk]]
    ok &= check_line(not lost, f"nothing acknowledged was lost ({len(acknowledged.get('submit', []))} "
                f"submissions, {len(acknowledged.get('confirm', []))} confirmations answered "
                f"with success)", lost)

    # The games the format counts (its selector) are the games sent.
    number_of = {e.table_id: e.table.number for e in entries}
    counted = {number_of.get(g.table_id): (g.first_id, g.second_id, g.first_points,
                                           g.second_points) for g in counted_games(championship)}
    sent_games = {int(n): (tables[int(n)]["first"], tables[int(n)]["second"],
                           sent["first_points"], sent["second_points"])
                  for n, sent in spec["expected"].items()}
    miscounted = [f"table {n}: counted {counted.get(n)}, sent {sent_games.get(n)}"
                  for n in sorted(set(counted) | set(sent_games), key=str)
                  if counted.get(n) != sent_games.get(n)]
    ok &= check_line(not miscounted, f"the counted games are the games sent ({len(counted)} games)",
                miscounted)

    settings = spec["settings"]
    if (settings["match_points"], settings["tie_breaks"]) != (DEFAULT_MATCH_POINTS,
                                                              DEFAULT_TIE_BREAKS):
        check_line(False, f"the ranking check expects the default ranking settings, not "
                     f"{settings['match_points']} by {settings['tie_breaks']}")
        return False
    # The stored games that count, read from the rows: each table's latest confirmed entry.
    latest_confirmed: dict[int, GameEntry] = {}
    for entry in entries:  # oldest first: a newer confirmed entry replaces an older one
        if confirms[entry.pk]:
            latest_confirmed[entry.table_id] = entry
    stored_games = [(e.table.ns_team_id, e.table.ew_team_id, e.first_points, e.second_points)
                    for e in latest_confirmed.values()]
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
