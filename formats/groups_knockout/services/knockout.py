"""The knockout stage after the groups (rules.md 12.3, 12.4): the director confirms who goes
through, and the bracket is stored.

Who goes through and the seeded first round are the engine's (``engine.groups.qualify``, read
by ``standings.going_through``); storing the bracket, entering its games and the captains'
reports are the core's (``scoring.services.knockout``, ``knockout_captains``), which store a
first-round tie with one pair as a bye (the pair goes through at once) and ask this format
how many games decide a tie and whether a withdrawn pair's opponent goes through
(``GroupsKnockout.knockout_best_of``, ``knockout_walkovers``). Before confirming, the director
may swap two qualifiers' places in the first round (each keeps its seed: only the opponents
change); the swap is in the audit row of the confirmation. Only once, and only once every
group game counts and no draw is needed; a tie the director has not drawn yet
(``services.draws``) is refused, naming the tied pairs. Refusals raise ``ServiceError`` with a
translated message, naming the field when there is one.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext as _

from engine.free_deal import knockout as ko
from formats.groups_knockout.services.settings import settings_of
from scoring.models import KnockoutTie
from scoring.services.knockout import check_not_drawn, store_bracket
from scoring.services.knockout_settle import settle_bracket
from tournaments.models import Championship, Team
from tournaments.services.common import ServiceError, check_not_finished, lock_championship


def qualified_bracket(championship: Championship) -> tuple[ko.Bracket, dict[int, Team]]:
    """The engine's seeded bracket (pair ids) and the pairs by id, once the group stage is
    complete and nothing blocks it; refused otherwise, saying why."""
    from formats.groups_knockout.standings import group_stage

    stage = group_stage(championship)
    if not stage.groups:
        raise ServiceError(_("Make the groups first."), field="groups")
    if not stage.complete:
        raise ServiceError(_("%(missing)s of the %(scheduled)s group games are not confirmed "
                             "yet: nobody goes through until every group game counts.")
                           % {"missing": stage.missing, "scheduled": stage.scheduled})
    if stage.qualification is None:
        raise ServiceError(stage.blocked)
    return stage.qualification.bracket, stage.teams


def swap_places(bracket: ko.Bracket, first: int, second: int) -> ko.Bracket:
    """The bracket with two pairs of its first round (ids) changing places, each keeping its
    seed; the better seed of each tie on top. Refused when either is not in it, or both are
    the same pair."""
    slots = [slot for tie in bracket.rounds[0]
             for slot in ((tie.top, tie.top_seed), (tie.bottom, tie.bottom_seed))]
    where = {pair: k for k, (pair, _seed) in enumerate(slots) if pair is not None}
    if first == second:
        raise ServiceError(_("Choose two different pairs to swap."), field="second")
    for name, pair in (("first", first), ("second", second)):
        if pair not in where:
            raise ServiceError(_("Only pairs going through can change places."), field=name)
    a, b = where[first], where[second]
    slots[a], slots[b] = slots[b], slots[a]
    ties = []
    for k, tie in enumerate(bracket.rounds[0]):
        pair = sorted((slot for slot in slots[2 * k:2 * k + 2] if slot[0] is not None),
                      key=lambda slot: slot[1])
        (top, top_seed), (bottom, bottom_seed) = (pair + [(None, None), (None, None)])[:2]
        ties.append(replace(tie, top=top, bottom=bottom, top_seed=top_seed,
                            bottom_seed=bottom_seed))
    return replace(bracket, rounds=(tuple(ties), *bracket.rounds[1:]))


@transaction.atomic
def confirm_qualifiers(championship: Championship, *, swap: tuple[int, int] | None = None,
                       by=None, origin=None) -> list[KnockoutTie]:
    """Store the seeded bracket of who goes through (``swap``: two pairs' numbers changing
    places first). Audited, with the swap."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    check_not_drawn(championship)
    bracket, teams = qualified_bracket(championship)
    note = ""
    if swap is not None:
        by_number = {team.number: pk for pk, team in teams.items()}
        first, second = (by_number.get(number, -1) for number in swap)
        bracket = swap_places(bracket, first, second)
        note = f"pair {swap[0]} <-> pair {swap[1]}"
    with_teams = tuple(
        tuple(replace(tie, top=teams.get(tie.top), bottom=teams.get(tie.bottom))
              for tie in stage)
        for stage in bracket.rounds)
    bracket = replace(bracket, rounds=with_teams)
    return store_bracket(championship, bracket, by=by, origin=origin, note=note,
                         third_place=settings_of(championship).third_place)


def bracket_after_withdrawal(team: Team) -> None:
    """A pair withdrew: if it is in the knockout, its undecided tie goes to its opponent (or
    to its next opponent once known: ``settle_bracket``, after each decided tie)."""
    if KnockoutTie.objects.filter(championship_id=team.championship_id).exists():
        settle_bracket(lock_championship(team.championship))
