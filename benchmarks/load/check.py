"""The database check after a burst (a child process; the server is stopped by then).

    python -m benchmarks.load.check --spec FILE

With ``DATABASE_URL`` pointing at the burst's database and FILE the JSON written by the
runner (championship, round, deal numbers, table numbers, the result sent for each table
and deal, the idempotency keys of the bad submissions). Prints one PASS or FAIL line per
check and exits 1 if any failed.
"""

from __future__ import annotations

import sys
from collections import Counter

from benchmarks.load.common import check_line as _line
from benchmarks.load.common import spec_main


def standing_tuples(championship) -> list[tuple]:
    from scoring.selectors import standings

    return [
        (row.team.number, row.place, row.total, row.deal_score_sum, row.tops, row.deals)
        for row in standings(championship, live=True)
    ]


def check(spec: dict) -> bool:
    from scoring.models import DealScore, ResultEntry, ResultReview
    from tournaments.models import Championship

    championship = Championship.objects.get(pk=spec["championship"])
    round_number = spec["round"]
    cells = {(t, d) for t in spec["tables"] for d in spec["deals"]}
    ok = True

    entries = list(
        ResultEntry.objects.filter(table__round__championship=championship)
        .select_related("table", "deal", "table__round")
    )
    from_teams = [e for e in entries if e.by_team_id is not None and not e.by_director_override]
    per_cell = Counter((e.table.number, e.deal.number) for e in from_teams
                       if e.table.round.number == round_number)
    wrong = [f"table {t} deal {d}: {per_cell[(t, d)]} entries"
             for t, d in sorted(cells) if per_cell[(t, d)] != 1]
    stray = [f"table {t} deal {d}" for t, d in sorted(set(per_cell) - cells)]
    ok &= _line(not wrong and not stray and len(entries) == len(cells),
                f"every (table, deal) has exactly one entry from the teams "
                f"({len(cells)} cells, {len(entries)} entries)", wrong + stray)

    by_cell = {(e.table.number, e.deal.number): e for e in from_teams}
    differ = []
    for cell_key, sent in spec["expected"].items():
        table, deal = map(int, cell_key.split(":"))
        entry = by_cell.get((table, deal))
        if entry is None:
            continue  # reported above
        stored = (entry.contract, entry.points_ns, entry.contro, entry.idempotency_key)
        if stored != (sent["contract"], sent["points_ns"], sent["contro"], sent["idempotency_key"]):
            differ.append(f"table {table} deal {deal}: stored {stored[:3]}, sent "
                          f"{(sent['contract'], sent['points_ns'], sent['contro'])}")
    ok &= _line(not differ, "every stored entry is the result that was sent", differ)

    reviews = list(ResultReview.objects.filter(entry__in=entries).select_related("entry"))
    confirms = Counter(r.entry_id for r in reviews if r.verdict == ResultReview.Verdict.CONFIRM)
    unconfirmed = [f"table {t} deal {d}" for (t, d), e in sorted(by_cell.items())
                   if confirms[e.pk] == 0]
    twice = [f"entry {pk}: {n} confirmations" for pk, n in confirms.items() if n > 1]
    ok &= _line(not unconfirmed and len(by_cell) == len(cells),
                "every deal at every table is confirmed", unconfirmed)
    ok &= _line(not twice, "repeated confirmations are stored once", twice)

    bad_entries = list(ResultEntry.objects.filter(idempotency_key__in=spec["bad_keys"])
                       .values_list("pk", flat=True))
    own = [f"entry {r.entry_id} confirmed by the team that entered it" for r in reviews
           if r.by_team_id is not None and r.by_team_id == r.entry.by_team_id]
    disputes = [f"entry {r.entry_id} disputed" for r in reviews
                if r.verdict != ResultReview.Verdict.CONFIRM]
    stray_reviews = len(reviews) - len(confirms)
    ok &= _line(not bad_entries and not own and not disputes and stray_reviews == 0,
                f"no bad request wrote anything ({len(spec['bad_keys'])} bad submissions' keys "
                f"absent, no self-confirmation, {len(reviews)} reviews for {len(entries)} entries)",
                [f"bad key stored as entry {pk}" for pk in bad_entries] + own + disputes)

    acknowledged = spec.get("acknowledged", {})
    lost = [f"table {key.replace(':', ' deal ')}: acknowledged, no entry"
            for key in acknowledged.get("submit", [])
            if tuple(map(int, key.split(":"))) not in by_cell]
    lost += [f"table {key.replace(':', ' deal ')}: confirmation acknowledged, none stored"
             for key in acknowledged.get("confirm", [])
             if (e := by_cell.get(tuple(map(int, key.split(":"))))) is None or not confirms[e.pk]]
    ok &= _line(not lost, f"nothing acknowledged was lost ({len(acknowledged.get('submit', []))} "
                f"submissions, {len(acknowledged.get('confirm', []))} confirmations answered "
                f"with success)", lost)

    # Scores may be rebuilt after the commit, in the background: a deal whose rebuild was
    # still due when the server stopped keeps a note, and readers score it themselves.
    try:
        from scoring.models import ScoreRefresh
    except ImportError:  # scores rebuilt inside each request: no notes
        noted = set()
    else:
        noted = set(ScoreRefresh.objects.filter(deal__championship=championship)
                    .values_list("deal__number", flat=True))
    stored = set(DealScore.objects.filter(deal__championship=championship)
                 .values_list("table__number", "deal__number"))
    unscored = [f"table {t} deal {d}: no stored score and no note to rebuild it"
                for (t, d), e in sorted(by_cell.items())
                if confirms[e.pk] and (t, d) not in stored and d not in noted]
    ok &= _line(not unscored,
                f"every confirmed result has a stored score or a note to rebuild it "
                f"({len(stored & set(by_cell))} of {len(cells)} stored; "
                f"{len(noted)} deals noted for a rebuild)", unscored)

    from scoring.services import recompute_championship

    before = standing_tuples(championship)
    recompute_championship(championship)
    after = standing_tuples(championship)
    changed = [f"team {a[0]}: live {a[1:]}, recomputed {b[1:]}"
               for a, b in zip(before, after, strict=False) if a != b]
    if len(before) != len(after):
        changed.append(f"{len(before)} rows live, {len(after)} recomputed")
    ok &= _line(before == after and len(before) == 2 * len(spec["tables"]),
                f"standings equal a full recompute ({len(after)} teams)", changed)
    return ok


def main() -> int:
    return spec_main(__doc__.splitlines()[0], lambda spec: 0 if check(spec) else 1)


if __name__ == "__main__":
    sys.exit(main())
