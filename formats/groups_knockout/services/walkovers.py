"""A pair that withdraws in the group stage (rules.md 12.4): its walkovers.

When the core withdraws a pair (``tournaments.services.teams.withdraw_team``, through
``Format.team_withdrawn``), every group game it has not played yet, in any round drafted,
released or not drafted at all, becomes a :class:`GroupWalkover`: won by its opponent by the
mean winning margin of the group's games confirmed so far (``engine.groups.walkovers``),
fixed then. A game already confirmed stands; a table of a released round whose game is not
confirmed plays no game any more (the opponent's ``Table.bye_team``, as the core does in a
drafted round), the walkover counts instead. Two withdrawn pairs make no game: the second
withdrawal takes back the first's walkover to it, and a drafted table of the two is removed.

Each walkover made or taken back is an audit event (the core's bye given or taken back,
its detail naming the walkover). Reinstating the pair (``Format.team_reinstated``) takes its
walkovers back, gives its released tables back their game, and makes again, at their
margins, the walkovers to it of pairs of its group still withdrawn.
"""

from __future__ import annotations

from django.db.models import Q

import engine.groups as eg
from formats.groups_knockout.models import GroupPair, GroupWalkover
from formats.groups_knockout.services.rounds import stage_schedule
from scoring.selectors.games import counted_games
from tournaments import audit
from tournaments.models import AuditEvent, Round, Table, Team

GIVEN, TAKEN_BACK = AuditEvent.Action.WITHDRAWAL_BYE_GIVEN, AuditEvent.Action.WITHDRAWAL_BYE_REMOVED


def game_rounds(championship_id: int) -> dict[frozenset, int]:
    """The group round the schedule gives each game (its two pairs' ids)."""
    return {frozenset(game.pairs): planned.number
            for planned in stage_schedule(championship_id) for game in planned.games}


def _group_of(team: Team):
    place = GroupPair.objects.select_related("group").filter(team=team).first()
    if place is None:
        return None, []
    members = list(GroupPair.objects.filter(group=place.group).order_by("position")
                   .values_list("team_id", "team__withdrawn"))
    return place.group, members


def _played(team: Team, pairs: set[int], rounds: int) -> list[eg.GameResult]:
    """The group's confirmed games (the walkovers are not games)."""
    return [eg.GameResult(game.first_id, game.second_id, game.first_points, game.second_points)
            for game in counted_games(team.championship)
            if game.round_number <= rounds and {game.first_id, game.second_id} <= pairs]


def _audit(action, walkover: GroupWalkover, withdrawn: Team, *, by, origin, why: str) -> None:
    audit.record(action, withdrawn.championship_id, by=by, origin=origin,
                 round_number=walkover.round_number, team=walkover.winner,
                 detail=f"walkover {walkover.margin}-0, pair {withdrawn.number} {why}")


def record_walkovers(team: Team, *, by=None, origin=None) -> list[GroupWalkover]:
    """Make ``team``'s walkovers, just withdrawn (inside the core's transaction); none when
    it is in no group or has played every game of its group."""
    group, members = _group_of(team)
    if group is None:
        return []
    rounds = game_rounds(team.championship_id)
    pairs = [pk for pk, _withdrawn in members]
    earlier = {pk for pk, withdrawn in members if withdrawn and pk != team.pk}
    for walkover in (GroupWalkover.objects.select_related("winner", "withdrawn")
                     .filter(winner=team, withdrawn_id__in=earlier)):
        walkover.delete()
        _audit(TAKEN_BACK, walkover, walkover.withdrawn, by=by, origin=origin,
               why=f"withdrawn, taken back: pair {team.number} withdrew too")
    Table.objects.filter(round__championship_id=team.championship_id,
                         round__status=Round.Status.DRAFTED, ns_team_id__in=earlier | {team.pk},
                         ew_team_id__in=earlier | {team.pk}).delete()  # no game between them
    played = _played(team, set(pairs), len(set(rounds.values())))
    results = eg.walkovers(pairs, played, team.pk, also_withdrawn=earlier)
    made = GroupWalkover.objects.bulk_create(
        GroupWalkover(group=group, winner_id=game.first, withdrawn=team, margin=game.first_points,
                      round_number=rounds[frozenset(game.pairs)])
        for game in results)
    winners = {team.pk: team for team in Team.objects.filter(pk__in=[w.winner_id for w in made])}
    for walkover in made:
        walkover.winner = winners[walkover.winner_id]
        _audit(GIVEN, walkover, team, by=by, origin=origin, why="withdrawn")
    _close_released_tables(team, {w.winner_id for w in made})
    return made


def _close_released_tables(team: Team, opponents: set[int]) -> None:
    """A released table whose game the walkover replaces plays no game (rules.md 12.4)."""
    tables = Table.objects.filter(round__championship_id=team.championship_id,
                                  round__status=Round.Status.RELEASED, bye_team=None)
    for table in tables.filter(Q(ns_team=team, ew_team_id__in=opponents)
                               | Q(ew_team=team, ns_team_id__in=opponents)):
        table.bye_team_id = table.ew_team_id if table.ns_team_id == team.pk else table.ns_team_id
        table.save(update_fields=["bye_team"])


def take_back_walkovers(team: Team, *, by=None, origin=None) -> None:
    """``team`` is back in play: its walkovers are taken back, its released tables play
    their game again, and pairs of its group still withdrawn lose to it by walkover again,
    at the margin of their other walkovers (the mean of the games played now if they have
    none)."""
    group, members = _group_of(team)
    if group is None:
        return
    for walkover in GroupWalkover.objects.select_related("winner").filter(withdrawn=team):
        walkover.delete()
        _audit(TAKEN_BACK, walkover, team, by=by, origin=origin, why="reinstated")
    Table.objects.filter(round__championship_id=team.championship_id,
                         round__status=Round.Status.RELEASED).filter(
        Q(ns_team=team) | Q(ew_team=team)).exclude(bye_team=None).exclude(
        bye_team=team).update(bye_team=None)
    rounds = game_rounds(team.championship_id)
    played = _played(team, {pk for pk, _withdrawn in members}, len(set(rounds.values())))
    met = {pk for game in played if team.pk in game.pairs for pk in game.pairs}
    for other in Team.objects.filter(pk__in=[pk for pk, withdrawn in members if withdrawn]):
        if other.pk in met or other.pk == team.pk:
            continue
        margins = list(GroupWalkover.objects.filter(withdrawn=other)
                       .values_list("margin", flat=True)[:1])
        walkover = GroupWalkover.objects.create(
            group=group, winner=team, withdrawn=other,
            margin=margins[0] if margins else eg.mean_winning_margin(played),
            round_number=rounds[frozenset((team.pk, other.pk))])
        _audit(GIVEN, walkover, other, by=by, origin=origin, why="withdrawn")
        _close_released_tables(other, {team.pk})
        _restore_drafted_table(team, other, rounds[frozenset((team.pk, other.pk))])


def _restore_drafted_table(team: Team, other: Team, number: int) -> None:
    """The drafted table of ``team`` and ``other``, removed when both were withdrawn, comes
    back with ``team``'s bye (the next table number of its round)."""
    round_ = Round.objects.filter(championship_id=team.championship_id, number=number,
                                  status=Round.Status.DRAFTED).first()
    if round_ is None or round_.tables.filter(Q(ns_team=team, ew_team=other)
                                              | Q(ns_team=other, ew_team=team)).exists():
        return
    last = round_.tables.order_by("-number").values_list("number", flat=True).first() or 0
    Table.objects.create(round=round_, number=last + 1, ns_team=team, ew_team=other,
                         bye_team=team)


def remake_walkovers(championship_id: int) -> None:
    """After a swap of pairs between groups (before round 1, so no game has been played and
    every walkover is by 0): each withdrawn pair loses to every pair still in of its new
    group."""
    GroupWalkover.objects.filter(group__championship_id=championship_id).delete()
    rounds = game_rounds(championship_id)
    groups: dict[int, list[tuple[int, bool]]] = {}
    for group, pair, withdrawn in (GroupPair.objects.filter(championship_id=championship_id)
                                   .values_list("group_id", "team_id", "team__withdrawn")):
        groups.setdefault(group, []).append((pair, withdrawn))
    GroupWalkover.objects.bulk_create(
        GroupWalkover(group_id=group, winner_id=winner, withdrawn_id=loser, margin=0,
                      round_number=rounds[frozenset((winner, loser))])
        for group, pairs in groups.items() for loser, out in pairs if out
        for winner, gone in pairs if not gone)
