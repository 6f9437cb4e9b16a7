"""What a withdrawal does to the rounds not yet released (rules.md 6.5, policy — withdrawal).

In a drafted round, a table whose one team is withdrawn plays nothing: the other team scores
a bye there (``Table.bye_team``), and a withdrawn team that had the round's bye loses it
(it scores nothing). Released and closed rounds are never touched: the withdrawn team keeps
its scores, and its unplayed deals stay not played until the director adjusts them.

Drafted rounds always follow the teams' current state, so withdrawing, reinstating and
swapping teams by hand all end with :func:`refresh_drafted_byes`. Every bye given or taken
back is an ``AuditEvent``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments import audit
from tournaments.models import AuditEvent, Round, Table, Team


@dataclass(frozen=True)
class ByeChange:
    """A bye that a withdrawal (or a reinstatement) gives or takes back in a drafted round."""

    round_number: int
    table_number: int | None  # None: the round's own bye (odd field)
    team: Team  # who gains or loses the bye
    given: bool


def _drafted_tables(championship_id: int):
    return (
        Table.objects.filter(round__championship_id=championship_id,
                             round__status=Round.Status.DRAFTED)
        .select_related("round", "ns_team", "ew_team", "bye_team")
        .order_by("round__number", "number")
    )


def _wanted_bye(table: Table) -> Team | None:
    """The team that should score a bye at this drafted table, if exactly one is withdrawn."""
    if table.ns_team.withdrawn and not table.ew_team.withdrawn:
        return table.ew_team
    if table.ew_team.withdrawn and not table.ns_team.withdrawn:
        return table.ns_team
    return None


def _cancelled_round_byes(team: Team) -> set[int]:
    """Numbers of the rounds whose own bye this team lost by withdrawing (and not got back)."""
    events = AuditEvent.objects.filter(
        championship_id=team.championship_id, team=team,
        action__in=[AuditEvent.Action.ROUND_BYE_CANCELLED, AuditEvent.Action.ROUND_BYE_RESTORED],
    ).order_by("created_at", "id").values_list("action", "round_number")
    cancelled: set[int] = set()
    for action, number in events:
        if action == AuditEvent.Action.ROUND_BYE_CANCELLED:
            cancelled.add(number)
        else:
            cancelled.discard(number)
    return cancelled


def planned_changes(championship_id: int, *, withdrawing: Team | None = None,
                    reinstating: Team | None = None) -> list[ByeChange]:
    """The byes that drafted rounds would gain or lose, with ``withdrawing`` withdrawn or
    ``reinstating`` back in play (neither: as the teams are now). Writes nothing."""

    def withdrawn(team: Team) -> bool:
        if withdrawing is not None and team.pk == withdrawing.pk:
            return True
        if reinstating is not None and team.pk == reinstating.pk:
            return False
        return team.withdrawn

    changes = []
    for table in _drafted_tables(championship_id):
        table.ns_team.withdrawn = withdrawn(table.ns_team)
        table.ew_team.withdrawn = withdrawn(table.ew_team)
        wanted = _wanted_bye(table)
        if table.bye_team_id == (wanted.pk if wanted else None):
            continue
        if table.bye_team is not None:
            changes.append(ByeChange(table.round.number, table.number, table.bye_team, False))
        if wanted is not None:
            changes.append(ByeChange(table.round.number, table.number, wanted, True))
    rounds = Round.objects.filter(championship_id=championship_id,
                                  status=Round.Status.DRAFTED).select_related("bye_team")
    if withdrawing is not None:
        from formats import format_of  # late: the formats import the services

        numbers = set(rounds.filter(bye_team=withdrawing).values_list("number", flat=True))
        # A format may keep more byes per round (free-deal sections: one each).
        numbers |= set(format_of(withdrawing.championship).other_bye_rounds(
            championship_id, withdrawing, status=Round.Status.DRAFTED))
        for number in sorted(numbers):
            changes.append(ByeChange(number, None, withdrawing, False))
    if reinstating is not None:
        lost = _cancelled_round_byes(reinstating)
        seated = set(
            Table.objects.filter(round__championship_id=championship_id,
                                 round__status=Round.Status.DRAFTED)
            .filter(ns_team=reinstating).values_list("round__number", flat=True)
        ) | set(
            Table.objects.filter(round__championship_id=championship_id,
                                 round__status=Round.Status.DRAFTED)
            .filter(ew_team=reinstating).values_list("round__number", flat=True)
        )
        for round_ in rounds.filter(bye_team=None, number__in=lost).order_by("number"):
            if round_.number not in seated:
                changes.append(ByeChange(round_.number, None, reinstating, True))
    return changes


def apply_changes(championship_id: int, changes: list[ByeChange], *, by=None,
                  origin=None) -> None:
    """Write the changes :func:`planned_changes` found, each with its audit event. Call it
    inside the transaction that changed the teams' state."""
    for change in changes:
        round_ = Round.objects.get(championship_id=championship_id, number=change.round_number)
        if change.table_number is None:
            from formats import format_of  # late: the formats import the services

            if not format_of(round_.championship).set_other_bye(round_, change.team,
                                                                 change.given):
                round_.bye_team = change.team if change.given else None
                round_.save(update_fields=["bye_team"])
            action = (AuditEvent.Action.ROUND_BYE_RESTORED if change.given
                      else AuditEvent.Action.ROUND_BYE_CANCELLED)
        else:
            Table.objects.filter(round=round_, number=change.table_number).update(
                bye_team=change.team if change.given else None
            )
            action = (AuditEvent.Action.WITHDRAWAL_BYE_GIVEN if change.given
                      else AuditEvent.Action.WITHDRAWAL_BYE_REMOVED)
        audit.record(action, championship_id, by=by, origin=origin,
                     round_number=change.round_number, team=change.team)


def refresh_drafted_byes(championship_id: int, *, by=None, origin=None) -> list[ByeChange]:
    """Bring the drafted rounds' withdrawal byes in line with the teams' current state
    (after a swap by hand, for instance)."""
    changes = [c for c in planned_changes(championship_id) if c.table_number is not None]
    apply_changes(championship_id, changes, by=by, origin=origin)
    return changes
