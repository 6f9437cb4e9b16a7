"""Changing a drafted round by hand: swapping two teams, or the matches at two tables."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Round, Table, Team
from tournaments.services import withdrawals
from tournaments.services.common import (
    ServiceError,
    _lock_round,
    _require_drafted,
    check_not_finished,
)


@dataclass(frozen=True)
class _Layout:
    tables: dict[int, tuple[int, int]]  # table number -> (ns team id, ew team id)
    bye: int | None


def _layout(round_: Round) -> _Layout:
    tables = {
        number: (ns, ew)
        for number, ns, ew in round_.tables.values_list("number", "ns_team_id", "ew_team_id")
    }
    return _Layout(tables, round_.bye_team_id)


def _write_layout(round_: Round, old: _Layout, new: _Layout) -> None:
    """Store the new layout. Changed tables are deleted and created again: swapping two
    teams between rows in place would break the one-team-per-seat unique constraints
    midway, and a drafted round's tables have no results attached yet."""
    changed = [n for n, teams in new.tables.items() if old.tables.get(n) != teams]
    round_.tables.filter(number__in=changed).delete()
    Table.objects.bulk_create(
        Table(round=round_, number=n, ns_team_id=new.tables[n][0], ew_team_id=new.tables[n][1])
        for n in changed
    )
    if old.bye != new.bye:
        round_.bye_team_id = new.bye
        round_.save(update_fields=["bye_team"])


def _rematch_warnings(round_: Round, pairs: Iterable[tuple[int, int]]) -> list[str]:
    pairs = [frozenset(p) for p in pairs]
    if not pairs:
        return []
    wanted = set(pairs)
    names = dict(round_.championship.teams.values_list("pk", "name"))
    warnings = []
    others = Table.objects.filter(round__championship=round_.championship).exclude(round=round_)
    for number, ns, ew in others.values_list("round__number", "ns_team_id", "ew_team_id").order_by(
        "round__number"
    ):
        if frozenset((ns, ew)) in wanted:
            warnings.append(
                _("%(a)s and %(b)s also meet in round %(number)s.")
                % {"a": names[ns], "b": names[ew], "number": number}
            )
    return warnings


@transaction.atomic
def swap_teams(round_: Round, team_a: Team, team_b: Team) -> list[str]:
    """Exchange the places of two teams in a drafted round (seats, tables or the bye).

    One of the two may be a team that does not play this round (e.g. in place of a
    withdrawn team). Returns warnings about matches this creates that also occur in another
    round; the swap is made anyway.
    """
    round_ = _lock_round(round_)
    check_not_finished(round_.championship)
    _require_drafted(round_)
    for team in (team_a, team_b):
        if team.championship_id != round_.championship_id:
            raise ServiceError(_("The pair is not in this championship."), field="team_a")
    if team_a.pk == team_b.pk:
        raise ServiceError(_("Choose two different pairs."), field="team_b")
    from formats import format_of  # late: the formats import the services

    fmt = format_of(round_.championship)
    old = _layout(round_)
    placed = ({t for teams in old.tables.values() for t in teams} | {old.bye}
              | fmt.other_byes(round_))
    if team_a.pk not in placed and team_b.pk not in placed:
        raise ServiceError(_("Neither pair plays in this round."), field="team_a")
    swap = {team_a.pk: team_b.pk, team_b.pk: team_a.pk}
    new = _Layout(
        {n: (swap.get(ns, ns), swap.get(ew, ew)) for n, (ns, ew) in old.tables.items()},
        swap.get(old.bye, old.bye) if old.bye is not None else None,
    )
    fmt.check_draft(round_, new.tables)  # e.g. free-deal sections never meet
    _write_layout(round_, old, new)
    fmt.swap_other_byes(round_, swap)
    # A withdrawn team swapped in or out changes who has a bye at the tables it touches.
    withdrawals.refresh_drafted_byes(round_.championship_id)
    touched = [pair for n, pair in new.tables.items() if pair != old.tables[n]]
    return _rematch_warnings(round_, touched)


@transaction.atomic
def swap_tables(round_: Round, table_a: int, table_b: int) -> None:
    """Exchange the matches at two table numbers of a drafted round."""
    round_ = _lock_round(round_)
    check_not_finished(round_.championship)
    _require_drafted(round_)
    old = _layout(round_)
    for field, number in (("table_a", table_a), ("table_b", table_b)):
        if number not in old.tables:
            raise ServiceError(
                _("Round %(round)s has no table %(table)s.")
                % {"round": round_.number, "table": number},
                field=field,
            )
    if table_a == table_b:
        raise ServiceError(_("Choose two different tables."), field="table_b")
    tables = dict(old.tables)
    tables[table_a], tables[table_b] = old.tables[table_b], old.tables[table_a]
    _write_layout(round_, old, _Layout(tables, old.bye))
    withdrawals.refresh_drafted_byes(round_.championship_id)
