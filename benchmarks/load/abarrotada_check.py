"""The database check after an individual burst (a child process; the server is stopped by
then).

    python -m benchmarks.load.abarrotada_check --spec FILE

Every (table, deal) has exactly one report from the players, equal to the one sent, and
confirmed once; no bad request wrote anything; nothing acknowledged was lost; and the
standings equal an independent computation from the stored reports, written here from
rules.md 10.2 and not through ``engine.abarrotada``, so that a mistake there cannot hide
itself. Prints one PASS or FAIL line per check and exits 1 if any failed.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from fractions import Fraction

from benchmarks.load.common import check_line as _line
from benchmarks.load.common import spec_main


def independent_totals(reports, seated) -> dict[int, Fraction]:
    """rules.md 10.2 from scratch: ``reports`` maps (table, deal) to the stored report,
    ``seated`` (table, seat) to the player."""
    by_deal = defaultdict(list)
    for (table, deal), report in reports.items():
        by_deal[deal].append((table, report))
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for rows in by_deal.values():
        for seat in "NESW":
            def score(report, seat=seat):
                points = getattr(report, f"points_{seat.lower()}")
                doubled = seat in report.contro_by or (seat == report.maker
                                                       and report.contract == "BOT")
                return (points - 18) * (2 if doubled else 1)

            valid = [(t, r) for t, r in rows if not r.breaches]
            values = [score(r) for _t, r in valid]
            finals = {}
            for table, report in valid:
                low, high = min(values), max(values)
                finals[table] = (Fraction(3, 2) if low == high
                                 else 1 + Fraction(score(report) - low, high - low))
            average = sum(finals.values(), Fraction(0)) / len(finals) if finals \
                else Fraction(3, 2)
            for table, report in rows:
                if table not in finals:
                    finals[table] = Fraction(0) if seat in report.breaches else average
                totals[seated[table, seat]] += finals[table]
    return totals


def check(spec: dict) -> bool:
    from formats.abarrotada.models import DealReport, ReportReview, Seating
    from formats.abarrotada.selectors import standings
    from tournaments.models import Championship, Round

    championship = Championship.objects.get(pk=spec["championship"])
    cells = {(t, d) for t in spec["tables"] for d in spec["deals"]}
    ok = True
    reports = list(DealReport.objects.filter(table__round__championship=championship)
                   .select_related("table"))
    per_cell = Counter((r.table.number, r.deal_number) for r in reports)
    wrong = [f"table {t} deal {d}: {per_cell[t, d]} reports" for t, d in sorted(cells)
             if per_cell[t, d] != 1]
    stray = [f"table {t} deal {d}" for t, d in sorted(set(per_cell) - cells)]
    ok &= _line(not wrong and not stray, f"every (table, deal) has exactly one report "
                f"({len(cells)} cells, {len(reports)} reports)", wrong + stray)
    by_cell = {(r.table.number, r.deal_number): r for r in reports}
    differ = []
    for key, sent in spec["expected"].items():
        table, deal = map(int, key.split(":"))
        report = by_cell.get((table, deal))
        if report is None:
            continue
        stored = (report.maker, report.contract, report.points_n, report.points_e,
                  report.points_s, report.points_w, report.contro_by, report.idempotency_key)
        if stored != (sent["maker"], sent["contract"], sent["points_n"], sent["points_e"],
                      sent["points_s"], sent["points_w"], sent["contro_by"],
                      sent["idempotency_key"]):
            differ.append(f"table {table} deal {deal}: stored {stored[:7]}")
    ok &= _line(not differ, "every stored report is the one that was sent", differ)
    reviews = list(ReportReview.objects.filter(report__in=reports).select_related("report"))
    confirms = Counter(r.report_id for r in reviews if r.verdict == "confirm")
    unconfirmed = [f"table {t} deal {d}" for (t, d), r in sorted(by_cell.items())
                   if confirms[r.pk] != 1]
    ok &= _line(not unconfirmed, "every report is confirmed exactly once", unconfirmed)
    bad = list(DealReport.objects.filter(idempotency_key__in=spec["bad_keys"])
               .values_list("pk", flat=True))
    own = [f"report {r.report_id} confirmed by its author" for r in reviews
           if r.by_team_id is not None and r.by_team_id == r.report.by_team_id]
    ok &= _line(not bad and not own and len(reviews) == len(confirms),
                f"no bad request wrote anything ({len(spec['bad_keys'])} bad keys absent, "
                f"no self-confirmation, {len(reviews)} reviews)",
                [f"bad key stored as report {pk}" for pk in bad] + own)
    acknowledged = spec.get("acknowledged", {})
    lost = [f"table {key}: acknowledged, no report" for key in acknowledged.get("submit", [])
            if tuple(map(int, key.split(":"))) not in by_cell]
    lost += [f"table {key}: confirmation acknowledged, none stored"
             for key in acknowledged.get("confirm", [])
             if (r := by_cell.get(tuple(map(int, key.split(":"))))) is None
             or not confirms[r.pk]]
    ok &= _line(not lost, "nothing acknowledged was lost", lost)
    seated = {(t, s): p for t, s, p in Seating.objects.filter(
        round__championship=championship).values_list("table__number", "seat", "player_id")}
    expected = independent_totals(by_cell, seated)
    lines = standings(championship, rounds=list(championship.rounds.filter(
        status=Round.Status.RELEASED)))
    differ = [f"player {line.number}: {line.total} against {expected[line.player_id]}"
              for line in lines if line.total != expected[line.player_id]]
    ok &= _line(not differ and len(lines) == 4 * len(spec["tables"]),
                f"standings equal an independent computation ({len(lines)} players)", differ)
    return ok


def main() -> int:
    return spec_main(__doc__.splitlines()[0], lambda spec: 0 if check(spec) else 1)


if __name__ == "__main__":
    sys.exit(main())
