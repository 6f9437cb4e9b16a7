"""The group games as a pair's link and the director's grid read them (reads only): the
pair's table in the open round, the open round it sits out, each table's group. The games
themselves are the core's reads (``scoring.selectors.games``). A fixed number of queries
each, whatever the number of groups and tables."""

from __future__ import annotations

from django.db.models import Q

from formats.groups_knockout.models import GroupPair, GroupSitOut
from tournaments.models import Round, Table, Team


def team_table(team: Team) -> Table | None:
    """The pair's table in its earliest open round, else its latest table (a closed round's,
    shown read-only), with the championship and its settings: entering a game checks them."""
    tables = (Table.objects.filter(round__championship_id=team.championship_id,
                                   round__status__in=[Round.Status.RELEASED,
                                                      Round.Status.CLOSED])
              .filter(Q(ns_team=team) | Q(ew_team=team))
              .select_related("round__championship__groups_settings", "ns_team", "ew_team"))
    return (tables.filter(round__status=Round.Status.RELEASED).order_by("round__number").first()
            or tables.order_by("-round__number").first())


def open_sit_out_round(team: Team) -> Round | None:
    """The earliest open round in which the pair sits out (rules.md 12.1), or ``None``."""
    sit_out = (GroupSitOut.objects.filter(team=team, round__status=Round.Status.RELEASED)
               .select_related("round").order_by("round__number").first())
    return sit_out.round if sit_out is not None else None


def group_letter_of(team: Team) -> str:
    """The letter of the pair's group; empty before the groups are made."""
    place = GroupPair.objects.filter(team=team).select_related("group").first()
    return place.group.letter if place is not None else ""


def table_groups(round_: Round) -> dict[int, str]:
    """Each of the round's tables (by id) with its group's letter (a table never seats
    pairs of two groups): one query."""
    letters = {place.team_id: place.group.letter for place in
               GroupPair.objects.filter(championship_id=round_.championship_id)
               .select_related("group")}
    return {table_id: letters.get(first, "") for table_id, first in
            round_.tables.values_list("pk", "ns_team_id")}


def sitting_out(round_: Round) -> list[Team]:
    """The pairs sitting the round out, by number (one query)."""
    return list(Team.objects.filter(group_sit_outs__round=round_).order_by("number"))
