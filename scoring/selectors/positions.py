"""Where a team plays now, and its side and opponent at a table."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

import engine
from tournaments.models import Deal, Round, Table, Team


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
    # The released rounds' tables at which the team scores a bye because its opponent
    # withdrew (rules.md 6.5): shown, never played.
    withdrawal_byes: list[Table] = field(default_factory=list)

    @property
    def writable(self) -> bool:
        return self.kind == "play"


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
        .order_by()  # the default ordering would join the rounds and championships again
    ):
        table.round = by_id[table.round_id]
        tables[table.round_id] = table
    released = [r for r in rounds if r.status == Round.Status.RELEASED]
    # A table whose opponent withdrew before its round was released is not played.
    unplayed = {r.pk for r in released
                if r.pk in tables and tables[r.pk].bye_team_id is not None}
    # ... of which those where this team scores the bye (the withdrawn team scores nothing).
    withdrawal_byes = [tables[rid] for rid in sorted(unplayed, key=lambda rid: by_id[rid].number)
                       if tables[rid].bye_team_id == team.pk]
    open_tables = [tables[r.pk] for r in released if r.pk in tables and r.pk not in unplayed]
    if open_tables:
        bye_rounds = [r for r in released if r.pk not in tables and r.bye_team_id == team.pk]
        first = open_tables[0]
        return TeamPosition(first.round, first, "play", open_tables, bye_rounds,
                            withdrawal_byes)
    latest = rounds[-1]
    table = tables.get(latest.pk)
    if table is not None and table.bye_team_id is not None:
        # Nothing was played at this table: a bye for the one team, nothing for the other.
        if table.bye_team_id != team.pk:
            return TeamPosition(latest, None, "waiting")
        return TeamPosition(latest, None, "bye", withdrawal_byes=withdrawal_byes or [table])
    if table is None:
        kind = "bye" if latest.bye_team_id == team.pk else "waiting"
        return TeamPosition(latest, None, kind)
    # A released round with a table of the team would have been an open table above.
    return TeamPosition(latest, table, "closed")


def open_table_for_deal(team: Team, deal_number: int, *, with_teams: bool = True
                        ) -> tuple[Table | None, Deal | None]:
    """``(table, deal)``: the deal ``deal_number`` of the team's championship and the
    team's table in its round if that round is open (released); ``(None, deal)`` when the
    team has no open table there, ``(None, None)`` when there is no such deal. Two queries,
    whatever the size of the championship (a captain's submission asks this).
    ``with_teams`` loads the table's two teams too."""
    deal = (
        Deal.objects.select_related("round")
        .filter(championship_id=team.championship_id, number=deal_number)
        .order_by()
        .first()
    )
    if deal is None or deal.round.status != Round.Status.RELEASED:
        return None, deal
    tables = Table.objects.select_related("ns_team", "ew_team") if with_teams else Table.objects
    table = (
        tables.filter(round_id=deal.round_id, bye_team=None)  # a withdrawal bye is not played
        .filter(models_q_team(team))
        .order_by()
        .first()
    )
    if table is not None:
        table.round = deal.round
    return table, deal


def entry_at_team_table(team: Team, entry_id: int):
    """The entry ``entry_id`` if it was made at one of the team's tables (any round), with
    its table, round, teams and deal loaded; else ``None``. One query."""
    from scoring.models import ResultEntry

    return (
        ResultEntry.objects.select_related("table__round", "table__ns_team", "table__ew_team",
                                           "deal")
        .filter(pk=entry_id)
        .filter(Q(table__ns_team_id=team.pk) | Q(table__ew_team_id=team.pk))
        .order_by()
        .first()
    )


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


def opponent_id_of(table: Table, team_id: int | None) -> int | None:
    """``opponent_of``'s id, without loading the team."""
    if team_id == table.ns_team_id:
        return table.ew_team_id
    if team_id == table.ew_team_id:
        return table.ns_team_id
    return None


def deal_trump_side(deal: Deal) -> str:
    """'NS' or 'EW': the dealer's side makes trumps (rules.md 3)."""
    return engine.trump_side(engine.Seat(deal.dealer)).value


