"""The groups as the pages and the sheets show them (reads only, no writes).

Every group with its pairs and its round robin's schedule comes from one query (the pairs in
their groups, with the teams) and the engine's schedule, worked out in memory: the page's
statements do not grow with the number of groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine.groups as eg
from formats.groups_knockout.models import GroupPair, group_letter
from tournaments.models import Championship, Round, Team


@dataclass
class ScheduledRound:
    """One group's round: its games (first pair, second pair) and who sits out."""

    number: int
    games: list[tuple[Team, Team]] = field(default_factory=list)
    sitting_out: list[Team] = field(default_factory=list)


@dataclass
class GroupView:
    number: int
    pairs: list[Team]
    rounds: list[ScheduledRound]

    @property
    def letter(self) -> str:
        return group_letter(self.number)


def groups_view(championship: Championship) -> list[GroupView]:
    """Each group (A first) with its pairs in position order and its schedule by round."""
    pairs: dict[int, list[Team]] = {}
    for row in (GroupPair.objects.filter(championship=championship)
                .select_related("group", "team").order_by("group__number", "position")):
        pairs.setdefault(row.group.number, []).append(row.team)
    numbers = sorted(pairs)
    views = [GroupView(n, pairs[n], []) for n in numbers]
    if not views:
        return views
    teams = {team.pk: team for group in pairs.values() for team in group}
    schedule = eg.group_stage_schedule([[t.pk for t in pairs[n]] for n in numbers])
    for planned in schedule:
        rounds = [ScheduledRound(planned.number) for _view in views]
        for game in planned.games:
            rounds[game.group - 1].games.append((teams[game.first], teams[game.second]))
        for group, team in planned.sitting_out:
            rounds[group - 1].sitting_out.append(teams[team])
        for view, scheduled in zip(views, rounds, strict=True):
            # A group whose round robin is over sits out whole: no round of its own.
            if scheduled.games:
                view.rounds.append(scheduled)
    return views


@dataclass
class GroupTables:
    """A drafted or played round's tables of one group, and its sit-outs."""

    letter: str
    tables: list
    sitting_out: list[Team]


def round_by_group(round_: Round, tables) -> list[GroupTables]:
    """The round's ``tables`` (with their teams) grouped by the first pair's group, in group
    order, each with the group's pairs sitting out."""
    from formats.groups_knockout.models import GroupSitOut

    group_of = dict(GroupPair.objects.filter(championship_id=round_.championship_id)
                    .values_list("team_id", "group__number"))
    parts: dict[int, GroupTables] = {}

    def part(number: int) -> GroupTables:
        if number not in parts:
            parts[number] = GroupTables(group_letter(number) if number else "?", [], [])
        return parts[number]

    for table in tables:
        part(group_of.get(table.ns_team_id, 0)).tables.append(table)
    for sit_out in GroupSitOut.objects.filter(round=round_).select_related("team"):
        part(group_of.get(sit_out.team_id, 0)).sitting_out.append(sit_out.team)
    for group in parts.values():
        group.sitting_out.sort(key=lambda team: team.number)
    return [parts[number] for number in sorted(parts)]
