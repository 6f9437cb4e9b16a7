"""Rebuilding the stored scores (rules.md 6.3 and 6.5) after results change.

A result operation never rescores inside its request: comparing one table's result with
the others means reading every table of the deal, and doing that on every confirmation
made a round cost O(tables²) and queued all writers behind one another. Instead:

1. the operation calls :func:`deal_changed`, which adds a ``ScoreRefresh`` note for the
   deal in the operation's own transaction (an insert: writers never wait for each other);
2. once it commits, ``scoring.refresh`` asks for a rebuild a moment later, debounced (one
   rebuild covers every change made meanwhile), on a Celery worker when a broker is
   configured and in a background thread of the web process otherwise;
3. :func:`rebuild_stale_deals` rescores each noted deal once and stores its ``DealScore``
   rows, writing only the rows that changed, and deletes the notes it has dealt with.

Readers never wait for step 3: a deal with a note is scored from its results by the
reader (``scoring.selectors.scores``). :func:`recompute_championship` rebuilds everything
from scratch and gives the same rows.

On PostgreSQL, rebuilders of the same deal are serialised by a lock on the deal's row that
writers never wait for (``FOR NO KEY UPDATE`` does not conflict with the key-share lock an
insert of a result takes), and background rebuilds run one at a time (an advisory lock).
On SQLite, whose one write lock would make captains wait, a background rebuild scores
outside it and checks, when it writes, that no other rebuilder overtook it.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Q

from scoring.models import DealScore, ScoreRefresh
from scoring.selectors.scores import SCORE_COLUMNS, ScoreRow, plain_rows, score_deals
from tournaments.models import Championship, Deal

#: The ``DealScore`` columns a rebuild rewrites (all but the table and deal it is about).
_UPDATED = [
    "ns_deal_score", "ew_deal_score", "ns_final_num", "ns_final_den", "ew_final_num",
    "ew_final_den", "ns_adjusted", "ew_adjusted", "breach", "entry", "ns_tie_break",
    "ew_tie_break", "computed_at",
]


def deal_changed(deal_id: int) -> None:
    """Note, in the caller's transaction, that which result counts on the deal may have
    changed; its scores are rebuilt after the commit (never inside the request)."""
    from scoring import refresh

    ScoreRefresh.objects.create(deal_id=deal_id)
    transaction.on_commit(refresh.request_rebuild)


class RebuildBusy(Exception):
    """Another process is rebuilding (or has just rebuilt) these deals; look again a
    moment later."""


#: The PostgreSQL advisory lock that lets one background rebuild run at a time.
_REBUILD_LOCK = 0x5C0DE5


def rebuild_stale_deals(*, wait: bool = True) -> int:
    """Rebuild the stored scores of every deal that has a note. Returns how many deals.

    With ``wait=False`` (the background rebuilds), raise :class:`RebuildBusy` instead of
    queueing behind another process's rebuild on PostgreSQL: one rebuild at a time covers
    every note, and several web processes rebuilding the same deals at once would only
    spend the CPU that the captains' requests need. (SQLite runs one writer at a time.)
    """
    if not connection.features.has_select_for_update:
        return _rebuild_then_check()
    deal_ids = set(ScoreRefresh.objects.values_list("deal_id", flat=True))
    if not deal_ids:
        return 0
    return _rebuild(Q(pk__in=deal_ids), only_noted=True, wait=wait)


def _rebuild_then_check() -> int:
    """The rebuild on SQLite, which has one write lock for the whole database: read and
    score first, outside any transaction, then write in a short one, so that captains'
    writes never wait for the scoring.

    The check that keeps it right: the write deletes exactly the notes read at the start.
    If another rebuilder deleted any of them meanwhile, it scored from results at least as
    new, so this one writes nothing and looks again later (:class:`RebuildBusy`). Any change
    made after the start has a note of its own, which stays for the next rebuild.
    """
    notes = list(ScoreRefresh.objects.order_by("id").values_list("id", "deal_id"))
    if not notes:
        return 0
    deal_ids = sorted({deal_id for _id, deal_id in notes})
    deals = list(Deal.objects.filter(pk__in=deal_ids).order_by("id").values_list("id", "dealer"))
    scored = score_deals(deals, Q(deal_id__in=deal_ids))
    rows = [row for deal_rows in scored.values() for row in deal_rows]
    note_ids = [note_id for note_id, _deal in notes]
    with transaction.atomic():
        taken, _ = ScoreRefresh.objects.filter(pk__in=note_ids).delete()
        if taken != len(note_ids):
            raise RebuildBusy  # leaving the block rolls the deletion back
        _store([deal_id for deal_id, _dealer in deals], rows)
    return len(deals)


def rebuild_deals(deal_ids) -> int:
    """Rebuild the stored scores of these deals now, noted or not. Returns how many."""
    return _rebuild(Q(pk__in=list(deal_ids)), only_noted=False)


def recompute_championship(championship: Championship) -> int:
    """Rebuild every score of a championship from the stored results. Returns the deals."""
    return _rebuild(Q(championship=championship), only_noted=False)


def _rebuild(deals_wanted: Q, *, only_noted: bool, wait: bool = True) -> int:
    with transaction.atomic():
        if not wait and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [_REBUILD_LOCK])
                if not cursor.fetchone()[0]:
                    raise RebuildBusy
        # Lock in id order, so that two rebuilders never wait for each other in a cycle.
        deals = list(
            Deal.objects.select_for_update(no_key=True)
            .filter(deals_wanted)
            .order_by("id")
            .only("id", "dealer")
        )
        deal_ids = [deal.pk for deal in deals]
        # The notes are read before the results: every change they stand for is committed,
        # so the scores below include it and the notes may go. A note committed later
        # stays for the next rebuild.
        notes = list(
            ScoreRefresh.objects.filter(deal_id__in=deal_ids).values_list("id", "deal_id")
        )
        if only_noted:
            noted = {deal_id for _id, deal_id in notes}
            deals = [deal for deal in deals if deal.pk in noted]
            deal_ids = [deal.pk for deal in deals]  # another rebuilder did the rest
        if not deals:
            return 0
        scored = score_deals(
            [(deal.pk, deal.dealer) for deal in deals], Q(deal_id__in=deal_ids)
        )
        _store(deal_ids, [row for rows in scored.values() for row in rows])
        if notes:
            ScoreRefresh.objects.filter(pk__in=[note_id for note_id, _ in notes]).delete()
    return len(deals)


def _store(deal_ids: list[int], rows: list[ScoreRow]) -> None:
    """Make the stored rows of these deals equal ``rows``, writing only the differences."""
    stored = {
        (row[0], row[1]): row
        for row in plain_rows(
            DealScore.objects.filter(deal_id__in=deal_ids).values_list(*SCORE_COLUMNS)
        )
    }
    wanted = {(row.table_id, row.deal_id): row for row in rows}
    gone = [key for key in stored if key not in wanted]
    changed = [row for key, row in wanted.items() if stored.get(key) != row]
    if gone:
        by_deal: dict[int, list[int]] = {}
        for table_id, deal_id in gone:
            by_deal.setdefault(deal_id, []).append(table_id)
        for deal_id, table_ids in by_deal.items():
            DealScore.objects.filter(deal_id=deal_id, table_id__in=table_ids).delete()
    if changed:
        DealScore.objects.bulk_create(
            # A ScoreRow's fields are named as the model's columns (SCORE_COLUMNS).
            [DealScore(**row._asdict()) for row in changed],
            update_conflicts=True,
            unique_fields=["table", "deal"],
            update_fields=_UPDATED,
            batch_size=500,
        )
