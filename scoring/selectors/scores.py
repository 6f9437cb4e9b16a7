"""The scores of tables on deals (rules.md 6.3 and 6.5), read as plain rows.

Scores are derived data. They are stored in ``DealScore`` rows, rebuilt in the background
after each change (``scoring.services.rescoring``); a deal changed since its last rebuild
has a ``ScoreRefresh`` note. Readers never serve such a deal's stored rows: they score it
from its counted results here, with the engine, without writing. So what a page shows is
never older than the last result committed before the page was asked for, and a write never
waits for a rescoring.

Order matters: the notes are read **before** the stored rows. A deal without a note at
that moment has stored rows at least as new as that moment (a rebuild deletes notes and
writes rows in one transaction).

Everything here reads ``values_list`` tuples, not model objects: the standings of a
200-team, 9-round event read 3,600 rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Exists, OuterRef, Q

import engine
from scoring.models import Adjustment, DealScore, ResultEntry, ResultReview, ScoreRefresh
from tournaments.models import Deal


class ScoreRow(NamedTuple):
    """One table's scores on one deal, as stored in ``DealScore`` (same columns)."""

    table_id: int
    deal_id: int
    ns_deal_score: int | None
    ew_deal_score: int | None
    ns_final_num: int | None
    ns_final_den: int
    ew_final_num: int | None
    ew_final_den: int
    ns_adjusted: bool
    ew_adjusted: bool
    breach: str
    entry_id: int | None
    ns_tie_break: int  # the deal scores the standings' tie-break adds
    ew_tie_break: int

    @property
    def ns_final(self) -> Fraction | None:
        return None if self.ns_final_num is None else Fraction(self.ns_final_num, self.ns_final_den)

    @property
    def ew_final(self) -> Fraction | None:
        return None if self.ew_final_num is None else Fraction(self.ew_final_num, self.ew_final_den)



#: The ``DealScore`` columns, in ``ScoreRow`` order.
SCORE_COLUMNS = (
    "table_id", "deal_id", "ns_deal_score", "ew_deal_score", "ns_final_num", "ns_final_den",
    "ew_final_num", "ew_final_den", "ns_adjusted", "ew_adjusted", "breach", "entry_id",
    "ns_tie_break", "ew_tie_break",
)
#: What the standings need of a row: the table, both finals and both tie-break scores.
STANDING_COLUMNS = (
    "table_id", "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
    "ns_tie_break", "ew_tie_break",
)


def plain_rows(queryset) -> list[tuple]:
    """The rows of a ``values_list`` query as the database driver returns them.

    Skips Django's per-value conversion, which costs more than the query itself when
    thousands of rows are read. Only for plain columns: on SQLite booleans then arrive as
    0/1, which test and compare as False/True do.
    """
    try:
        sql, params = queryset.query.sql_with_params()
    except EmptyResultSet:  # e.g. ``id__in=[]``: nothing to ask the database
        return []
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def score_row(table_id: int, deal_id: int, score: engine.TableScore,
              entry_id: int | None) -> ScoreRow:
    ns, ew = score.ns_final, score.ew_final
    return ScoreRow(
        table_id, deal_id, score.ns_deal_score, score.ew_deal_score,
        None if ns is None else ns.numerator, 1 if ns is None else ns.denominator,
        None if ew is None else ew.numerator, 1 if ew is None else ew.denominator,
        score.ns_adjusted, score.ew_adjusted, score.breach.value, entry_id,
        score.counted_deal_score(engine.Side.NS), score.counted_deal_score(engine.Side.EW),
    )


# --- Scoring deals from their results -----------------------------------------------------


class CountedResult(NamedTuple):
    """The result that counts at one table on one deal (see the package docstring)."""

    entry_id: int
    table_id: int
    deal_id: int
    points_ns: int
    contract: str
    contro: bool
    breach: str


def counted_results(deal_filter: Q) -> dict[tuple[int, int], CountedResult]:
    """``(table_id, deal_id) -> CountedResult`` for the deals ``deal_filter`` selects
    (a ``Q`` on ``ResultEntry`` fields such as ``Q(deal_id__in=...)``), in one query.

    The counted entry is the latest confirmed one: a director's entry, or one with a
    confirming review.
    """
    confirmed = Exists(
        ResultReview.objects.filter(entry_id=OuterRef("pk"), verdict=ResultReview.Verdict.CONFIRM)
    )
    rows = (
        ResultEntry.objects.filter(deal_filter)
        .filter(Q(by_director_override=True) | confirmed)
        .order_by("id")
        .values_list("id", "table_id", "deal_id", "points_ns", "contract", "contro", "breach")
    )
    counted: dict[tuple[int, int], CountedResult] = {}
    make = CountedResult._make
    for row in plain_rows(rows):
        counted[(row[1], row[2])] = make(row)  # later ids replace earlier ones
    return counted


def adjustments_in_force(deal_filter: Q) -> dict[tuple[int, int], dict[str, Fraction]]:
    """``(table_id, deal_id) -> {side: adjusted final}`` in force, in one query."""
    latest: dict[tuple[int, int, str], tuple[int, int, bool]] = {}
    rows = (
        Adjustment.objects.filter(deal_filter)
        .order_by("id")
        .values_list("table_id", "deal_id", "side", "score_num", "score_den", "cleared")
    )
    for table_id, deal_id, side, num, den, cleared in plain_rows(rows):
        latest[(table_id, deal_id, side)] = (num, den, cleared)
    in_force: dict[tuple[int, int], dict[str, Fraction]] = {}
    for (table_id, deal_id, side), (num, den, cleared) in latest.items():
        if not cleared:
            in_force.setdefault((table_id, deal_id), {})[side] = Fraction(num, den)
    return in_force


def score_deals(deals: Iterable[tuple[int, str]], deal_filter: Q) -> dict[int, list[ScoreRow]]:
    """Score the deals ``(deal_id, dealer)`` from their counted results and adjustments
    (three queries at most, whatever the number of tables): ``deal_id -> [ScoreRow]``.
    ``deal_filter`` selects the same deals' rows (see :func:`counted_results`)."""
    deals = list(deals)
    if not deals:
        return {}
    counted = counted_results(deal_filter)
    adjusted = adjustments_in_force(deal_filter)
    return score_from_rows(deals, counted, adjusted)


def score_from_rows(deals, counted, adjusted) -> dict[int, list[ScoreRow]]:
    """The engine's part of :func:`score_deals`: no queries."""
    results_of: dict[int, list[engine.TableResult]] = {deal_id: [] for deal_id, _ in deals}
    entry_of: dict[tuple[int, int], int] = {}
    trump = {deal_id: engine.trump_side(engine.Seat(dealer)) for deal_id, dealer in deals}
    for (table_id, deal_id), row in counted.items():
        if deal_id not in results_of:
            continue
        entry_of[(table_id, deal_id)] = row.entry_id
        results_of[deal_id].append(
            engine.TableResult(
                key=table_id,
                points_ns=row.points_ns,
                trump_side=trump[deal_id],
                botifarra=row.contract == ResultEntry.Contract.BOTIFARRA,
                contro=bool(row.contro),
                breach=engine.Breach(row.breach),
            )
        )
    adjustments_of: dict[int, dict] = {}
    for (table_id, deal_id), sides in adjusted.items():
        if deal_id in results_of:
            adjustments_of.setdefault(deal_id, {})[table_id] = {
                engine.Side(side): value for side, value in sides.items()
            }
    scored: dict[int, list[ScoreRow]] = {}
    for deal_id, results in results_of.items():
        scores = engine.score_deal(results, adjustments_of.get(deal_id))
        scored[deal_id] = [
            score_row(table_id, deal_id, score, entry_of.get((table_id, deal_id)))
            for table_id, score in scores.items()
        ]
    return scored


# --- What readers use -----------------------------------------------------------------------


def stale_deal_ids(deal_ids: Iterable[int]) -> set[int]:
    """Which of these deals changed since their scores were last stored."""
    return set(
        ScoreRefresh.objects.filter(deal_id__in=list(deal_ids)).values_list("deal_id", flat=True)
    )


def current_scores(deal_ids: Iterable[int], table_ids: Iterable[int] | None = None
                   ) -> list[ScoreRow]:
    """The scores on these deals, at every table or at ``table_ids`` only: stored rows for
    deals that are up to date, freshly computed ones for the others (which reads every
    table of such a deal: a comparison needs them all). Two queries when nothing is
    stale."""
    deal_ids = list(deal_ids)
    tables = None if table_ids is None else set(table_ids)
    stale = stale_deal_ids(deal_ids)  # first: see the module docstring
    stored = DealScore.objects.filter(deal_id__in=[d for d in deal_ids if d not in stale])
    if tables is not None:
        stored = stored.filter(table_id__in=tables)
    rows = [ScoreRow._make(row) for row in plain_rows(stored.values_list(*SCORE_COLUMNS))]
    for computed in _computed(stale):
        rows.extend(row for row in computed if tables is None or row.table_id in tables)
    return rows


def standing_rows(deal_ids: Iterable[int]) -> list[tuple]:
    """What the standings add up, per table and deal: :data:`STANDING_COLUMNS` tuples of
    the current scores (stored, or computed for deals awaiting their rebuild)."""
    deal_ids = list(deal_ids)
    stale = stale_deal_ids(deal_ids)  # first: see the module docstring
    fresh = [d for d in deal_ids if d not in stale]
    rows = plain_rows(
        DealScore.objects.filter(deal_id__in=fresh).values_list(*STANDING_COLUMNS)
    )
    for computed in _computed(stale):
        rows.extend(
            (r.table_id, r.ns_final_num, r.ns_final_den, r.ew_final_num, r.ew_final_den,
             r.ns_tie_break, r.ew_tie_break)
            for r in computed
        )
    return rows


def _computed(stale: set[int]):
    if not stale:
        return []
    dealers = Deal.objects.filter(pk__in=stale).values_list("id", "dealer")
    return score_deals(dealers, Q(deal_id__in=stale)).values()


def table_score(table_id: int, deal_id: int) -> ScoreRow | None:
    """One table's current scores on one deal (``None``: nothing to score yet)."""
    rows = current_scores([deal_id], [table_id])
    return rows[0] if rows else None
