"""A round's tables with their teams' numbers and names, as plain rows (one query)."""

from __future__ import annotations

from typing import NamedTuple

from tournaments.models import Table


class TeamName(NamedTuple):
    number: int
    name: str


class TableLine(NamedTuple):
    """A table of a round: its number and its two teams."""

    pk: int
    number: int
    ns_team: TeamName
    ew_team: TeamName
    # The team that scores a bye here because the other withdrew (rules.md 6.5), if any.
    bye_team: TeamName | None = None


def table_lines(round_id: int) -> list[TableLine]:
    """Every table of the round, table order."""
    return [
        TableLine(pk, number, TeamName(ns_number, ns_name), TeamName(ew_number, ew_name),
                  TeamName(bye_number, bye_name) if bye_number is not None else None)
        for pk, number, ns_number, ns_name, ew_number, ew_name, bye_number, bye_name
        in Table.objects.filter(round_id=round_id)
        .order_by("number")
        .values_list("id", "number", "ns_team__number", "ns_team__name", "ew_team__number",
                     "ew_team__name", "bye_team__number", "bye_team__name")
    ]
