"""The public archive's part of duplicate pairs (``Format.public_archive``; the rest of the
file is the core's, ``scoring.archive.public``): the deals of closed rounds only (rules.md 8)
with their double-dummy analysis once it is done (rules.md 8.1), the counted result and
scores of every table on those deals, the adjusted scores in force there, and the standings
after the closed rounds. Teams, rounds, tables and deals are referred to by their numbers."""

from __future__ import annotations

from fractions import Fraction

from django.db.models import Q

import engine
from scoring import selectors
from scoring.models import Adjustment, ResultEntry
from scoring.services import TOTAL_POINTS
from tournaments import selectors as tournament_selectors
from tournaments.analysis_selectors import analysis_record, deal_analyses
from tournaments.models import Championship, Round


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def _shown(value: Fraction | None) -> str | None:
    return None if value is None else engine.show_score(value)


def public_results(championship: Championship, rounds: list[Round],
                      number: dict[int, int]) -> dict:
    """The public deals with their analysis, every table's counted result
    and scores on them, the adjusted scores in force, and the standings."""
    deals = list(tournament_selectors.public_deals(championship).order_by("number"))
    analyses = deal_analyses(deals)
    results, adjustments = _results(rounds, deals, number)
    return {
        "deals": [
            {"number": d.number, "round": d.round.number, "dealer": d.dealer, "cards": d.cards,
             "source": d.source, "analysis": _analysis(analyses.get(d.pk))}
            for d in deals
        ],
        "results": results,
        "adjustments": adjustments,
        "standings": [
            {"place": row.place, "shared": row.shared, "label": row.label,
             "team": row.team.number, "total": row.total_shown,
             "total_exact": _exact(row.total), "deal_score_sum": row.deal_score_sum,
             "tops": row.tops, "deals": row.deals}
            for row in selectors.standings(championship, live=False)
        ],
    }


def _analysis(view) -> dict | None:
    """The deal's double-dummy analysis (rules.md 8.1), ``None`` until it is done."""
    return None if view is None else analysis_record(view)


def _results(rounds: list[Round], deals, number: dict[int, int]) -> tuple[list, list]:
    """The counted result and scores of every table on the public deals, and the adjusted
    scores in force on them."""
    deal_ids = [d.pk for d in deals]
    deal_number = {d.pk: d.number for d in deals}
    tables = {t.pk: (r.number, t) for r in rounds if r.status == Round.Status.CLOSED
              for t in r.tables.all()}
    counted = selectors.counted_results(Q(deal_id__in=deal_ids))
    wanted = {c.entry_id for c in counted.values()}
    # By deal, not by a list of thousands of entry ids (SQLite limits query parameters).
    entries = {
        row["pk"]: row
        for row in ResultEntry.objects.filter(deal_id__in=deal_ids)
        .values("pk", "contract", "delegated", "contro", "recontro", "points_ns", "breach")
        if row["pk"] in wanted
    }
    results = []
    for score in sorted(selectors.current_scores(deal_ids),
                        key=lambda s: (deal_number[s.deal_id], tables[s.table_id][1].number)):
        round_number, table = tables[score.table_id]
        entry = entries.get(getattr(counted.get((score.table_id, score.deal_id)), "entry_id", 0))
        line = {"round": round_number, "table": table.number,
                "deal": deal_number[score.deal_id],
                "ns_team": number[table.ns_team_id], "ew_team": number[table.ew_team_id]}
        if entry is not None:
            line.update({key: entry[key] for key in
                         ("contract", "delegated", "contro", "recontro", "points_ns", "breach")})
            line["points_ew"] = TOTAL_POINTS - entry["points_ns"]
        line.update(
            ns_deal_score=score.ns_deal_score, ew_deal_score=score.ew_deal_score,
            ns_final=_shown(score.ns_final), ew_final=_shown(score.ew_final),
            ns_final_exact=_exact(score.ns_final), ew_final_exact=_exact(score.ew_final),
            ns_adjusted=bool(score.ns_adjusted), ew_adjusted=bool(score.ew_adjusted),
        )
        results.append(line)
    latest: dict[tuple, tuple] = {}
    for table_id, deal_id, side, kind, num, den, cleared in Adjustment.objects.filter(
        deal_id__in=deal_ids, table_id__in=list(tables)
    ).order_by("id").values_list("table_id", "deal_id", "side", "kind", "score_num",
                                 "score_den", "cleared"):
        latest[(table_id, deal_id, side)] = (kind, Fraction(num, den), cleared)
    adjustments = [
        {"round": tables[table_id][0], "table": tables[table_id][1].number,
         "deal": deal_number[deal_id], "side": side, "kind": kind, "score": _shown(score),
         "score_exact": _exact(score)}
        for (table_id, deal_id, side), (kind, score, cleared) in sorted(
            latest.items(), key=lambda item: (deal_number[item[0][1]],
                                              tables[item[0][0]][1].number, item[0][2]))
        if not cleared
    ]
    return results, adjustments
