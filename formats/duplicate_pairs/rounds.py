"""The rounds of duplicate pairs (rules.md 7): the whole round robin schedule, or the next
Swiss round, drafted with their tables (NS and EW), bye and deals. Releasing, closing and
discarding rounds are the core's (``tournaments.services``)."""

from __future__ import annotations

from collections import Counter

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import engine
from tournaments import ranking
from tournaments.models import Championship, Deal, Round, Table
from tournaments.services.common import (
    ServiceError,
    check_not_finished,
    deals_for_round,
    lock_championship,
)
from tournaments.services.next_round import next_round_number


def _check_plan(plan, team_ids: set[int]) -> None:
    """A round plan must place every team exactly once (a safety net around the engine)."""
    placed = plan.teams()
    if len(placed) != len(set(placed)) or set(placed) != team_ids:
        raise AssertionError("the pairing does not place every team exactly once")


def _create_rounds(championship: Championship, first_number: int, plans: list) -> list[Round]:
    """Create drafted rounds from engine plans (of team ids), with tables and deals."""
    rounds = Round.objects.bulk_create(
        [
            Round(championship=championship, number=first_number + i, bye_team_id=plan.bye)
            for i, plan in enumerate(plans)
        ]
    )
    tables = []
    deals = []
    for round_, plan in zip(rounds, plans, strict=True):
        tables.extend(
            Table(round=round_, number=n, ns_team_id=match.ns, ew_team_id=match.ew)
            for n, match in enumerate(plan.matches, start=1)
        )
        deals.extend(deals_for_round(championship, round_))
    Table.objects.bulk_create(tables)
    Deal.objects.bulk_create(deals)
    return rounds


@transaction.atomic
def generate_schedule(championship: Championship) -> list[Round]:
    """Round robin: create every round of the schedule (drafted), from the active teams in
    number order. N - 1 rounds for N teams, or N rounds with a bye each when N is odd."""
    championship = lock_championship(championship)
    check_not_finished(championship)
    if championship.is_swiss:
        raise ServiceError(_("A Swiss championship is paired one round at a time."))
    if championship.rounds.exists():
        raise ServiceError(_("The round robin schedule already exists."))
    team_ids = list(championship.teams.filter(withdrawn=False).order_by("number").values_list("pk", flat=True))
    if len(team_ids) < 2:
        raise ServiceError(_("At least two pairs are needed to generate rounds."))
    plans = engine.round_robin(team_ids)
    for plan in plans:
        _check_plan(plan, set(team_ids))
    return _create_rounds(championship, 1, plans)


def _swiss_history(championship: Championship):
    met: set[frozenset] = set()
    ns_count: Counter = Counter()
    ew_count: Counter = Counter()
    for ns, ew in Table.objects.filter(round__championship=championship).values_list(
        "ns_team_id", "ew_team_id"
    ):
        met.add(frozenset((ns, ew)))
        ns_count[ns] += 1
        ew_count[ew] += 1
    had_bye = set(
        championship.rounds.exclude(bye_team=None).values_list("bye_team_id", flat=True)
    )
    return met, ns_count, ew_count, had_bye


@transaction.atomic
def generate_round(championship: Championship) -> list[Round]:
    """The whole schedule of a round robin, or the next Swiss round.

    Swiss: round 1 is a seeded draw (the seed is the secret deal key, so the draw is fixed
    and cannot be predicted); later rounds pair the current ranking, once every earlier
    round is closed. Returns the rounds created.
    """
    championship = lock_championship(championship)
    check_not_finished(championship)
    if not championship.is_swiss:
        return generate_schedule(championship)
    number = next_round_number(championship)
    active = [team for team in ranking.current_ranking(championship) if not team.withdrawn]
    team_ids = [team.pk for team in active]
    if len(team_ids) < 2:
        raise ServiceError(_("At least two pairs are needed to generate rounds."))
    try:
        if number == 1:
            plan = engine.swiss_first_round(team_ids, seed=championship.key_bytes)
        else:
            met, ns_count, ew_count, had_bye = _swiss_history(championship)
            plan = engine.swiss_round(team_ids, met, ns_count, ew_count, had_bye)
    except engine.PairingImpossible:
        raise ServiceError(
            _("No pairing avoids a rematch: every possible round would repeat a match.")
        ) from None
    _check_plan(plan, set(team_ids))
    try:
        with transaction.atomic():
            return _create_rounds(championship, number, [plan])
    except IntegrityError:  # another director generated the same round at the same moment
        raise ServiceError(_("Round %(number)s already exists.") % {"number": number}) from None
