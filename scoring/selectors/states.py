"""The state of one table's result on one deal: entries, reviews, adjustments, status.

See the package docstring for which result counts."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from scoring.models import Adjustment, ResultEntry, ResultReview
from scoring.selectors.pins import pin_attempts_of
from tournaments.models import Deal, Table

EMPTY = "empty"
PENDING = "pending"
CONFIRMED = "confirmed"
DISPUTED = "disputed"
ADJUSTED = "adjusted"
STATUSES = (EMPTY, PENDING, CONFIRMED, DISPUTED, ADJUSTED)


def entry_reviews(entry: ResultEntry) -> list[ResultReview]:
    """The entry's reviews, oldest first (uses the prefetch when there is one)."""
    return sorted(entry.reviews.all(), key=lambda review: review.pk)


def entry_is_confirmed(entry: ResultEntry) -> bool:
    if entry.by_director_override:
        return True
    return any(r.verdict == ResultReview.Verdict.CONFIRM for r in entry_reviews(entry))


def entry_state(entry: ResultEntry) -> str:
    """``confirmed``, ``disputed`` or ``pending`` (see the module docstring)."""
    if entry_is_confirmed(entry):
        return CONFIRMED
    reviews = entry_reviews(entry)
    if reviews and reviews[-1].verdict == ResultReview.Verdict.DISPUTE:
        return DISPUTED
    return PENDING


def entry_confirmation(entry: ResultEntry) -> ResultReview | None:
    """The first confirming review of the entry, if any."""
    for review in entry_reviews(entry):
        if review.verdict == ResultReview.Verdict.CONFIRM:
            return review
    return None


def adjustments_in_force(adjustments) -> dict[str, Adjustment]:
    """Side ('NS'/'EW') -> the adjustment in force, from the rows of one table and deal."""
    latest: dict[str, Adjustment] = {}
    for adjustment in sorted(adjustments, key=lambda a: a.pk):
        latest[adjustment.side] = adjustment
    return {side: a for side, a in latest.items() if not a.cleared}


@dataclass
class ResultState:
    """Everything about one table's result on one deal."""

    table: Table
    deal: Deal
    entries: list[ResultEntry] = field(default_factory=list)  # oldest first
    adjustment_rows: list[Adjustment] = field(default_factory=list)  # oldest first

    @property
    def latest(self) -> ResultEntry | None:
        return self.entries[-1] if self.entries else None

    @property
    def counted(self) -> ResultEntry | None:
        for entry in reversed(self.entries):
            if entry_is_confirmed(entry):
                return entry
        return None

    @property
    def adjustments(self) -> dict[str, Adjustment]:
        return adjustments_in_force(self.adjustment_rows)

    @property
    def latest_state(self) -> str | None:
        return entry_state(self.latest) if self.latest else None

    @property
    def status(self) -> str:
        if self.adjustments:
            return ADJUSTED
        latest = self.latest
        if latest is None:
            return EMPTY
        state = entry_state(latest)
        return state  # disputed, pending or confirmed

    @property
    def director_set(self) -> bool:
        """Whether a director entered a result here; teams can no longer replace it."""
        return any(entry.by_director_override for entry in self.entries)

    @property
    def settled(self) -> bool:
        """Whether the teams can no longer enter this deal: a director set the result or
        someone confirmed one (rules.md 6.1, the Bridgemate rule)."""
        return any(entry_is_confirmed(entry) for entry in self.entries)

    @property
    def pending_entry(self) -> ResultEntry | None:
        """The latest entry when it still waits for a review (pending or disputed)."""
        latest = self.latest
        if latest is not None and not entry_is_confirmed(latest):
            return latest
        return None


def _entries_queryset():
    # No join for the authors: a team that writes at a table is one of its two teams, which
    # the caller has usually loaded (see ``_attach_teams``); a director is looked up only
    # if a page shows a director's row.
    return ResultEntry.objects.prefetch_related(
        Prefetch("reviews", queryset=ResultReview.objects.order_by("id"))
    )


def _attach_teams(tables, entries) -> None:
    """Give entries and reviews their author team from the tables' loaded teams."""
    teams: dict[int, object] = {}
    for table in tables:
        if Table.ns_team.is_cached(table):
            teams[table.ns_team_id] = table.ns_team
        if Table.ew_team.is_cached(table):
            teams[table.ew_team_id] = table.ew_team
    if not teams:
        return
    for entry in entries:
        if entry.by_team_id in teams:
            entry.by_team = teams[entry.by_team_id]
        for review in entry.reviews.all():
            if review.by_team_id in teams:
                review.by_team = teams[review.by_team_id]


def result_states(tables, deals) -> dict[tuple[int, int], ResultState]:
    """``(table_id, deal_id) -> ResultState`` for every pair, in three queries."""
    tables = list(tables)
    deals = list(deals)
    states = {
        (table.pk, deal.pk): ResultState(table=table, deal=deal) for table in tables for deal in deals
    }
    if not states:
        return states
    table_ids = [t.pk for t in tables]
    deal_ids = [d.pk for d in deals]
    entries = list(
        _entries_queryset().filter(table_id__in=table_ids, deal_id__in=deal_ids).order_by("id")
    )
    _attach_teams(tables, entries)
    for entry in entries:
        states[(entry.table_id, entry.deal_id)].entries.append(entry)
    for adjustment in (
        Adjustment.objects.filter(table_id__in=table_ids, deal_id__in=deal_ids).order_by("id")
    ):
        states[(adjustment.table_id, adjustment.deal_id)].adjustment_rows.append(adjustment)
    return states


def result_state(table: Table, deal: Deal) -> ResultState:
    return result_states([table], [deal])[(table.pk, deal.pk)]



@dataclass
class HistoryItem:
    when: object
    kind: str  # "entry", "review", "adjustment", "pin"
    obj: object


def history(state: ResultState) -> list[HistoryItem]:
    """Every row about one table's result on one deal, oldest first."""
    items = []
    for entry in state.entries:
        items.append(HistoryItem(entry.created_at, "entry", entry))
        for review in entry_reviews(entry):
            items.append(HistoryItem(review.created_at, "review", review))
    for adjustment in state.adjustment_rows:
        items.append(HistoryItem(adjustment.created_at, "adjustment", adjustment))
    for attempt in pin_attempts_of(state.entries):
        items.append(HistoryItem(attempt.created_at, "pin", attempt))
    items.sort(key=lambda item: (item.when, item.kind != "entry", item.obj.pk))
    return items
