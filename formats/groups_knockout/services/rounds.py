"""Drafting the group stage's rounds (rules.md 12.1): round N of every group at once.

Each group plays its round robin (``engine.groups.group_stage_schedule``, from the groups'
pairs in position order), all groups side by side. A round is the core's ``Round`` with one
``Table`` a game, numbered through the groups in order (group A's games first); its first
pair is North-South, which means nothing in a free-deal game. Who sits the round out (an odd
group's pair, or a whole group whose round robin is over) is a ``GroupSitOut``: the
format's own byes (``Format.other_byes``), with no score. The stage has as many rounds as its
longest group; a round past them is refused.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

import engine.groups as eg
from formats.groups_knockout.models import GroupPair, GroupSitOut
from formats.groups_knockout.rules import refusal
from tournaments.models import Championship, Round, Table, Team
from tournaments.services.common import ServiceError
from tournaments.services.next_round import create_round, lock_next_round


def group_ids(championship_id: int) -> list[list[int]]:
    """Each group's pair ids in position order, group A first."""
    groups: dict[int, list[int]] = {}
    for number, team in (GroupPair.objects.filter(championship_id=championship_id)
                         .order_by("group__number", "position")
                         .values_list("group__number", "team_id")):
        groups.setdefault(number, []).append(team)
    return [groups[number] for number in sorted(groups)]


def stage_schedule(championship_id: int) -> tuple[eg.GroupRound, ...]:
    """Every round of the group stage (empty before the groups are made)."""
    groups = group_ids(championship_id)
    if not groups:
        return ()
    try:
        return eg.group_stage_schedule(groups)
    except eg.GroupsError as error:
        raise refusal(error, field="groups") from None


@transaction.atomic
def draft_next_group_round(championship: Championship) -> list[Round]:
    """Draft the next group round for every group; returns it in a list (as every format's
    generator). Refused before the groups are made and past the stage's last round."""
    championship, number = lock_next_round(championship)
    schedule = stage_schedule(championship.pk)
    if not schedule:
        raise ServiceError(_("Make the groups first: each round is drafted from them."),
                           field="groups")
    unplaced = (championship.teams.filter(withdrawn=False)
                .exclude(group_places__championship=championship).order_by("number").first())
    if unplaced is not None:
        raise ServiceError(_("Pair %(pair)s is in no group: make the groups again before "
                             "round 1, or withdraw it.") % {"pair": unplaced.number},
                           field="groups")
    if number > len(schedule):
        raise ServiceError(
            _("The group stage has %(count)s rounds, and all of them have been drafted.")
            % {"count": len(schedule)})
    round_ = create_round(championship, number)
    _seat(round_, schedule[number - 1])
    return [round_]


def draft_group_round(round_: Round) -> None:
    """Draft a drafted ``round_`` again from the current groups (after a swap)."""
    Table.objects.filter(round=round_).delete()
    GroupSitOut.objects.filter(round=round_).delete()
    _seat(round_, stage_schedule(round_.championship_id)[round_.number - 1])


def _seat(round_: Round, planned: eg.GroupRound) -> None:
    """The round's tables and sit-outs. A withdrawn pair's game is a table where its opponent
    has a bye, as the core makes it at a withdrawal (its walkover counts, rules.md 12.4); two
    withdrawn pairs get no table."""
    withdrawn = set(Team.objects.filter(championship_id=round_.championship_id, withdrawn=True)
                    .values_list("pk", flat=True))
    games = [game for game in planned.games if not set(game.pairs) <= withdrawn]
    Table.objects.bulk_create(
        Table(round=round_, number=n, ns_team_id=game.first, ew_team_id=game.second,
              bye_team_id=_bye(game, withdrawn))
        for n, game in enumerate(games, start=1))
    GroupSitOut.objects.bulk_create(
        GroupSitOut(round=round_, team_id=team) for _group, team in planned.sitting_out
        if team not in withdrawn)


def _bye(game: eg.GroupGame, withdrawn: set[int]) -> int | None:
    if game.first in withdrawn:
        return game.second
    return game.first if game.second in withdrawn else None


# --- The core's questions about drafted rounds (``Format.other_byes`` and its kin) ---------


def round_sit_outs(round_: Round) -> set[int]:
    return set(GroupSitOut.objects.filter(round=round_).values_list("team_id", flat=True))


def swap_sit_outs(round_: Round, swap: dict[int, int]) -> None:
    old = round_sit_outs(round_)
    new = {swap.get(team, team) for team in old}
    if new != old:
        GroupSitOut.objects.filter(round=round_, team_id__in=old - new).delete()
        GroupSitOut.objects.bulk_create(GroupSitOut(round=round_, team_id=team)
                                        for team in new - old)


def set_sit_out(round_: Round, team, given: bool) -> bool:
    """A withdrawal's sit-out in a drafted round is kept with the others."""
    if given:
        GroupSitOut.objects.get_or_create(round=round_, team=team)
    else:
        GroupSitOut.objects.filter(round=round_, team=team).delete()
    return True


def check_tables(championship: Championship, tables: dict[int, tuple[int, int]]) -> None:
    """Refuse a drafted table whose two pairs are in different groups (a swap by hand on
    the round page): pairs of different groups never meet in the group stage."""
    placed = dict(GroupPair.objects.filter(championship=championship)
                  .values_list("team_id", "group__number"))
    for number, (first, second) in sorted(tables.items()):
        if placed.get(first) != placed.get(second):
            raise ServiceError(
                _("Table %(table)s would seat pairs of two different groups: in the group "
                  "stage a pair plays only the pairs of its own group.") % {"table": number},
                field="team_b")
