"""Read queries of the scoring app: result states, grids, standings, travellers, scorecards.

Which result counts (design decision, in one place)
====================================================

Every submission, review and adjustment is a row; nothing is updated in place. For one
table and one deal:

- An entry is **confirmed** when it is a director's entry (``by_director_override``) or has
  a ``CONFIRM`` review (by the other team, through its link or its PIN, or by a director).
  It is **disputed** when its latest review is a ``DISPUTE`` and it has no confirmation,
  and **pending** when it has no review at all.
- The **counted entry** (the result that scores) is the latest entry, by id, that is
  confirmed. A newer pending or disputed entry does not displace an earlier confirmed one
  until it is itself confirmed.
- The **adjustment in force** for a side is the latest ``Adjustment`` row of that
  (table, deal, side), unless that row is a ``cleared`` one.
- The **cell status** shown on the director's grid is, in this order of precedence:
  ``adjusted`` if an adjustment is in force for either side; else ``disputed`` if the
  latest entry's latest review is a dispute; else ``pending`` if the latest entry is not
  confirmed; else ``confirmed``; else (no entry at all) ``empty``.

Visibility
==========

- Captains see only their own tables' entries while a round is open (every table of the
  team in a released round: a director may release round N+1 before round N is over).
- Result pages (standings, travellers, scorecards, projector) are public once the director
  publishes them, and then show **closed rounds only**: results of a round still being
  played never leak to other tables. A director of the championship always sees them, live
  (released rounds included).
- **Byes** score :data:`engine.BYE_SCORE` per deal of the round. Each of those deals counts
  in the standings' "deals" column (a deal scored), adds 0 to the sum of deal scores and is
  not a top (``engine.Tally.add_bye``). A bye depends on no result,
  so it counts as soon as its round is released (in the director's live standings); the
  public pages, which show closed rounds only, count it once the round is closed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Prefetch, Q

import engine
from scoring.models import Adjustment, DealScore, ResultEntry, ResultReview
from tournaments.models import Championship, Deal, Round, Table, Team

# --- Status of one table's result on one deal ---------------------------------------------

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
    def pending_entry(self) -> ResultEntry | None:
        """The latest entry when it still waits for a review (pending or disputed)."""
        latest = self.latest
        if latest is not None and not entry_is_confirmed(latest):
            return latest
        return None


def _entries_queryset():
    return ResultEntry.objects.select_related("by_team", "by_director").prefetch_related(
        Prefetch(
            "reviews",
            queryset=ResultReview.objects.select_related("by_team", "by_director").order_by("id"),
        )
    )


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
    for entry in _entries_queryset().filter(table_id__in=table_ids, deal_id__in=deal_ids).order_by(
        "id"
    ):
        states[(entry.table_id, entry.deal_id)].entries.append(entry)
    for adjustment in (
        Adjustment.objects.select_related("by_director")
        .filter(table_id__in=table_ids, deal_id__in=deal_ids)
        .order_by("id")
    ):
        states[(adjustment.table_id, adjustment.deal_id)].adjustment_rows.append(adjustment)
    return states


def result_state(table: Table, deal: Deal) -> ResultState:
    return result_states([table], [deal])[(table.pk, deal.pk)]


# --- The director's grid -------------------------------------------------------------------


@dataclass
class GridRow:
    table: Table
    cells: list[ResultState]


@dataclass
class Grid:
    round: Round
    deals: list[Deal]
    rows: list[GridRow]
    counts: dict[str, int]

    @property
    def missing(self) -> int:
        """Cells that have no counted result yet (empty, pending or disputed)."""
        return self.counts[EMPTY] + self.counts[PENDING] + self.counts[DISPUTED]


def round_grid(round_: Round) -> Grid:
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round_.deals.order_by("number"))
    states = result_states(tables, deals)
    counts = dict.fromkeys(STATUSES, 0)
    rows = []
    for table in tables:
        cells = [states[(table.pk, deal.pk)] for deal in deals]
        for cell in cells:
            counts[cell.status] += 1
        rows.append(GridRow(table=table, cells=cells))
    return Grid(round=round_, deals=deals, rows=rows, counts=counts)


def current_round(championship: Championship) -> Round | None:
    """The round the director is most likely watching: the latest released one, else the
    latest closed one, else the first drafted one."""
    rounds = list(championship.rounds.order_by("number"))
    for status in (Round.Status.RELEASED, Round.Status.CLOSED):
        matching = [r for r in rounds if r.status == status]
        if matching:
            return matching[-1]
    return rounds[0] if rounds else None


# --- The captain's page --------------------------------------------------------------------


@dataclass
class TeamPosition:
    """Where a team plays now (see :func:`team_position`)."""

    round: Round | None
    table: Table | None
    kind: str  # "play" (open round), "closed" (round closed), "bye", "waiting"
    # Every table of the team in a released (open) round, earliest round first. A director
    # may release round N+1 while round N is still being played: the team then plays both.
    tables: list[Table] = field(default_factory=list)
    # The released rounds in which the team has the bye while it still plays another one.
    bye_rounds: list[Round] = field(default_factory=list)

    @property
    def writable(self) -> bool:
        return self.kind == "play"

    def open_table_of_round(self, round_id: int) -> Table | None:
        """The team's table in that round if the round is open, else ``None``."""
        for table in self.tables:
            if table.round_id == round_id:
                return table
        return None


def team_position(team: Team) -> TeamPosition:
    """Where the team plays now, in two queries.

    If the team has a table in one or more released rounds, it may enter and confirm
    results at each of them ("play"); ``table`` and ``round`` are the earliest of them and
    ``tables`` lists them all. Otherwise the latest round that is not drafted decides: the
    team sees its table there read-only if the round is closed ("closed"), or has the bye
    ("bye") or nothing to do yet ("waiting").
    """
    rounds = list(
        Round.objects.filter(championship_id=team.championship_id)
        .exclude(status=Round.Status.DRAFTED)
        .order_by("number")
    )
    if not rounds:
        return TeamPosition(None, None, "waiting")
    by_id = {round_.pk: round_ for round_ in rounds}
    tables = {}
    for table in (
        Table.objects.select_related("ns_team", "ew_team")
        .filter(round_id__in=list(by_id))
        .filter(models_q_team(team))
    ):
        table.round = by_id[table.round_id]
        tables[table.round_id] = table
    released = [r for r in rounds if r.status == Round.Status.RELEASED]
    open_tables = [tables[r.pk] for r in released if r.pk in tables]
    if open_tables:
        bye_rounds = [r for r in released if r.pk not in tables and r.bye_team_id == team.pk]
        first = open_tables[0]
        return TeamPosition(first.round, first, "play", open_tables, bye_rounds)
    latest = rounds[-1]
    table = tables.get(latest.pk)
    if table is None:
        kind = "bye" if latest.bye_team_id == team.pk else "waiting"
        return TeamPosition(latest, None, kind)
    # A released round with a table of the team would have been an open table above.
    return TeamPosition(latest, table, "closed")


def models_q_team(team: Team) -> Q:
    return Q(ns_team=team) | Q(ew_team=team)


def team_side(table: Table, team: Team) -> str | None:
    if table.ns_team_id == team.pk:
        return "NS"
    if table.ew_team_id == team.pk:
        return "EW"
    return None


def opponent_of(table: Table, team_id: int | None) -> Team | None:
    if team_id == table.ns_team_id:
        return table.ew_team
    if team_id == table.ew_team_id:
        return table.ns_team
    return None


def deal_trump_side(deal: Deal) -> str:
    """'NS' or 'EW': the dealer's side makes trumps (rules.md 3)."""
    return engine.trump_side(engine.Seat(deal.dealer)).value


# --- Scores --------------------------------------------------------------------------------


def scored_rounds(championship: Championship, *, live: bool):
    """The rounds whose scores count: released and closed ones (live) or closed ones only."""
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if live else [])
    return Round.objects.filter(championship=championship, status__in=statuses)


def _table_score(row: DealScore) -> engine.TableScore:
    breach = row.entry.breach if row.entry_id else engine.Breach.NONE.value
    return engine.TableScore(
        key=row.table_id,
        ns_deal_score=row.ns_deal_score,
        ew_deal_score=row.ew_deal_score,
        ns_final=row.ns_final,
        ew_final=row.ew_final,
        ns_adjusted=row.ns_adjusted,
        ew_adjusted=row.ew_adjusted,
        breach=engine.Breach(breach),
    )


def _round_deal_counts(championship: Championship, round_ids) -> dict[int, int]:
    counts = dict(
        Deal.objects.filter(round_id__in=round_ids)
        .values_list("round_id")
        .annotate(n=Count("id"))
        .values_list("round_id", "n")
    )
    # A round whose deals are not stored (yet) still plays deals_per_match deals.
    return {rid: counts.get(rid) or championship.deals_per_match for rid in round_ids}


@dataclass
class StandingRow:
    place: int
    shared: bool
    label: str
    team: Team
    total: Fraction
    deal_score_sum: int
    tops: int
    deals: int

    @property
    def total_shown(self) -> str:
        return engine.show_score(self.total)


def standings(championship: Championship, *, live: bool) -> list[StandingRow]:
    """The ranked standings (rules.md 6.6), from stored scores and byes, in four queries."""
    from engine import Tally

    rounds = list(scored_rounds(championship, live=live).values_list("id", "bye_team_id"))
    round_ids = [rid for rid, _ in rounds]
    teams = {team.pk: team for team in championship.teams.order_by("number")}
    tally = Tally(teams)
    rows = (
        DealScore.objects.filter(deal__round_id__in=round_ids)
        .select_related("table", "entry")
        .only(
            "table__ns_team_id", "table__ew_team_id", "entry__breach", "ns_deal_score",
            "ew_deal_score", "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
            "ns_adjusted", "ew_adjusted", "deal_id", "table_id", "entry_id",
        )
    )
    for row in rows:
        tally.add_table(_table_score(row), row.table.ns_team_id, row.table.ew_team_id)
    deal_counts = _round_deal_counts(championship, round_ids)
    for rid, bye_team_id in rounds:
        if bye_team_id:
            tally.add_bye(bye_team_id, deal_counts[rid])
    placed = engine.rank_standings(tally.lines())
    return [
        StandingRow(
            place=p.place,
            shared=p.shared,
            label=p.label,
            team=teams[p.line.team],
            total=p.line.total,
            deal_score_sum=p.line.deal_score_sum,
            tops=p.line.tops,
            deals=p.line.deals,
        )
        for p in placed
    ]


def ranking_for_pairing(championship: Championship) -> list[Team]:
    """The teams best first, for the Swiss pairing (registered in ``ScoringConfig.ready``)."""
    return [row.team for row in standings(championship, live=True)]


# --- Travellers and scorecards -------------------------------------------------------------


def show_deal_score(value: int | None) -> str:
    """A deal score with its sign, as rules.md 6.4 prints it: +4, −8 (a true minus), 0."""
    if value is None:
        return "–"
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def show_final(value: Fraction | None) -> str:
    return "–" if value is None else engine.show_score(value)


@dataclass
class TravellerLine:
    table: Table
    state: ResultState
    score: DealScore | None

    @property
    def entry(self) -> ResultEntry | None:
        return self.state.counted

    @property
    def points(self) -> str:
        entry = self.entry
        return f"{entry.points_ns}-{entry.points_ew}" if entry else ""

    @property
    def botifarra_by(self) -> str:
        entry = self.entry
        if entry and entry.contract == ResultEntry.Contract.BOTIFARRA:
            return deal_trump_side(self.state.deal)
        return ""

    @property
    def contro_by(self) -> str:
        entry = self.entry
        if entry and entry.contro:
            return engine.Side(deal_trump_side(self.state.deal)).opponents.value
        return ""

    @property
    def ns_deal_score(self) -> str:
        return show_deal_score(self.score.ns_deal_score) if self.score else ""

    @property
    def ew_deal_score(self) -> str:
        return show_deal_score(self.score.ew_deal_score) if self.score else ""

    @property
    def ns_final(self) -> str:
        return show_final(self.score.ns_final) if self.score else ""

    @property
    def ew_final(self) -> str:
        return show_final(self.score.ew_final) if self.score else ""


def traveller(deal: Deal) -> list[TravellerLine]:
    """Every table's line for one deal (rules.md 6.4), table order."""
    tables = list(
        Table.objects.filter(round_id=deal.round_id).select_related("ns_team", "ew_team").order_by("number")
    )
    states = result_states(tables, [deal])
    scores = {s.table_id: s for s in DealScore.objects.filter(deal=deal)}
    return [TravellerLine(t, states[(t.pk, deal.pk)], scores.get(t.pk)) for t in tables]


@dataclass
class ScorecardLine:
    round: Round
    deal: Deal | None
    table: Table | None
    direction: str  # "NS", "EW" or "bye"
    opponent: Team | None
    entry: ResultEntry | None
    deal_score: int | None
    final: Fraction | None
    adjusted: bool = False

    @property
    def points(self) -> str:
        if self.entry is None:
            return ""
        own = self.entry.points_ns if self.direction == "NS" else self.entry.points_ew
        return f"{own}-{72 - own}"

    @property
    def deal_score_shown(self) -> str:
        return show_deal_score(self.deal_score) if self.entry else "–"

    @property
    def final_shown(self) -> str:
        return show_final(self.final)


def scorecard(team: Team, *, live: bool) -> tuple[list[ScorecardLine], Fraction]:
    """Every deal of the team in the scored rounds, and its exact total."""
    rounds = list(scored_rounds(team.championship, live=live).order_by("number"))
    round_ids = [r.pk for r in rounds]
    tables = list(
        Table.objects.filter(round_id__in=round_ids)
        .filter(models_q_team(team))
        .select_related("ns_team", "ew_team")
    )
    table_of_round = {t.round_id: t for t in tables}
    deals = list(Deal.objects.filter(round_id__in=round_ids).order_by("number"))
    deals_of_round: dict[int, list[Deal]] = defaultdict(list)
    for deal in deals:
        deals_of_round[deal.round_id].append(deal)
    counted: dict[tuple[int, int], ResultEntry] = {}
    states = result_states(tables, deals) if tables else {}
    for (table_id, deal_id), state in states.items():
        if state.counted:
            counted[(table_id, deal_id)] = state.counted
    scores = {
        (s.table_id, s.deal_id): s for s in DealScore.objects.filter(table__in=tables)
    }
    lines: list[ScorecardLine] = []
    total = Fraction(0)
    for round_ in rounds:
        table = table_of_round.get(round_.pk)
        if table is None:
            if round_.bye_team_id == team.pk:
                count = len(deals_of_round[round_.pk]) or team.championship.deals_per_match
                lines.append(
                    ScorecardLine(round_, None, None, "bye", None, None, None,
                                  engine.BYE_SCORE * count)
                )
                total += engine.BYE_SCORE * count
            continue
        direction = team_side(table, team)
        opponent = opponent_of(table, team.pk)
        for deal in deals_of_round[round_.pk]:
            score = scores.get((table.pk, deal.pk))
            entry = counted.get((table.pk, deal.pk))
            if score is None:
                final = deal_score = None
                adjusted = False
            elif direction == "NS":
                final, deal_score, adjusted = score.ns_final, score.ns_deal_score, score.ns_adjusted
            else:
                final, deal_score, adjusted = score.ew_final, score.ew_deal_score, score.ew_adjusted
            if final is not None:
                total += final
            lines.append(
                ScorecardLine(round_, deal, table, direction, opponent, entry, deal_score, final,
                              adjusted)
            )
    return lines, total


# --- History -------------------------------------------------------------------------------


@dataclass
class HistoryItem:
    when: object
    kind: str  # "entry", "review", "adjustment"
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
    items.sort(key=lambda item: (item.when, item.kind != "entry", item.obj.pk))
    return items
