"""Making the groups and swapping two pairs between them (rules.md 12.1).

The groups are made once the pairs are in, by a seeded draw (the seed stored with the groups,
so the same seed gives the same groups) or snake-wise from the director's seeding order (the
pairs' numbers) or, seeded by rating, from the ratings' order (rules.md 13.3). They may be made again, and two pairs of different groups swapped, until
round 1 is released; a drafted round 1 is drafted again from the changed groups. Both are
audited. The engine (``engine.groups``) decides; it is given the pairs' numbers, so its
refusals name pairs as the director knows them.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

import engine.groups as eg
from formats.groups_knockout.models import Group, GroupPair, GroupsSettings, group_letter
from formats.groups_knockout.rules import refusal
from formats.groups_knockout.services.settings import settings_of
from tournaments import audit
from tournaments.models import AuditEvent, Championship, Round, Team
from tournaments.rating_selectors import rating_order
from tournaments.services.championships import settings_locked
from tournaments.services.common import ServiceError, check_not_finished, lock_championship


def groups_of(championship: Championship) -> list[list[Team]]:
    """Each group's pairs in position order, group A first (empty before they are made)."""
    groups: dict[int, list[Team]] = {}
    rows = (GroupPair.objects.filter(championship=championship).select_related("group", "team")
            .order_by("group__number", "position"))
    for row in rows:
        groups.setdefault(row.group.number, []).append(row.team)
    return [groups[number] for number in sorted(groups)]


def _refuse_once_released(championship: Championship, field: str) -> None:
    if settings_locked(championship):
        raise ServiceError(_("Round 1 has been released: the groups can no longer change."),
                           field=field)


@transaction.atomic
def make_groups(championship: Championship, *, seed: str | None = None, by=None,
                origin=None) -> list[list[Team]]:
    """Make (or make again) the groups by the settings' seeding: a draw with ``seed`` (a new
    random one when not given) or the snake from the pairs' numbers; seeded by rating, the
    snake from the ratings' order (rules.md 13.3), whatever the seeding chosen. Refused
    once round 1 is released; a drafted round 1 is drafted again."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    _refuse_once_released(championship, "groups")
    settings = settings_of(championship)
    pairs = list(championship.teams.filter(withdrawn=False).order_by("number"))
    by_number = {team.number: team for team in pairs}
    numbers = list(by_number)
    try:
        if championship.seed_by_rating:
            seed = ""
            number_of = {team.pk: team.number for team in pairs}
            order = rating_order(championship, list(number_of))
            made = eg.snake_groups([number_of[pk] for pk in order], settings.group_size)
        elif settings.seeding == GroupsSettings.Seeding.SNAKE:
            seed = ""
            made = eg.snake_groups(numbers, settings.group_size)
        else:
            seed = seed or secrets.token_hex(8)
            made = eg.drawn_groups(numbers, settings.group_size, seed)
    except eg.GroupsError as error:
        raise refusal(error, field="groups") from None
    _store(championship, [[by_number[n] for n in group] for group in made], seed)
    how = ("snake by rating" if championship.seed_by_rating
           else f"draw seed {seed}" if seed else "snake")
    audit.record(AuditEvent.Action.GROUPS_DRAWN, championship, by=by, origin=origin,
                 detail=f"{how}, {len(made)} groups")
    _redraft_round_one(championship)
    return groups_of(championship)


def _store(championship: Championship, groups: list[list[Team]], seed: str) -> None:
    Group.objects.filter(championship=championship).delete()
    made = Group.objects.bulk_create(
        Group(championship=championship, number=n, draw_seed=seed)
        for n in range(1, len(groups) + 1))
    GroupPair.objects.bulk_create(
        GroupPair(group=group, championship=championship, team=team, position=position)
        for group, pairs in zip(made, groups, strict=True)
        for position, team in enumerate(pairs, start=1))


@transaction.atomic
def swap_pairs(championship: Championship, first: int, second: int, *, by=None,
               origin=None) -> list[list[Team]]:
    """Swap the pairs numbered ``first`` and ``second`` (of two different groups), each taking
    the other's place. Refused once round 1 is released; a drafted round 1 is drafted
    again."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    _refuse_once_released(championship, "first")
    groups = groups_of(championship)
    if not groups:
        raise ServiceError(_("Make the groups first."), field="groups")
    numbers = [[team.number for team in group] for group in groups]
    try:
        swapped = eg.swap_pairs(numbers, first, second)
    except eg.GroupsError as error:
        if error.code == "same_group":
            error.params = {**error.params, "group": group_letter(error.params["group"])}
        raise refusal(error) from None
    rows = {row.team.number: row for row in GroupPair.objects.filter(
        championship=championship, team__number__in=(first, second))
        .select_related("team", "group")}
    a, b = rows[first], rows[second]
    letters = {first: group_letter(a.group.number), second: group_letter(b.group.number)}
    # Each takes the other's place ((group, position) is unique: the rows are made again).
    GroupPair.objects.filter(pk__in=(a.pk, b.pk)).delete()
    GroupPair.objects.bulk_create([
        GroupPair(group_id=b.group_id, championship=championship, team=a.team,
                  position=b.position),
        GroupPair(group_id=a.group_id, championship=championship, team=b.team,
                  position=a.position)])
    assert [[t.number for t in group] for group in groups_of(championship)] == [
        list(group) for group in swapped], "the swap disagrees with the engine's"
    audit.record(AuditEvent.Action.GROUPS_SWAPPED, championship, by=by, origin=origin,
                 detail=f"pair {first} ({letters[first]}) <-> "
                        f"pair {second} ({letters[second]})")
    from formats.groups_knockout.services.walkovers import remake_walkovers

    remake_walkovers(championship.pk)
    _redraft_round_one(championship)
    return groups_of(championship)


def _redraft_round_one(championship: Championship) -> None:
    """A drafted round 1 drafted again from the changed groups (it has no results)."""
    from formats.groups_knockout.services.rounds import draft_group_round

    round_ = championship.rounds.filter(number=1, status=Round.Status.DRAFTED).first()
    if round_ is not None:
        draft_group_round(round_)
