"""Drafting the next round of a free-deal Swiss (rules.md 11.3): tables and the bye, no deals.

Round 1 is a seeded draw (seeded by the championship's secret key, so it is fixed and cannot
be predicted) or the seeding order the director gave (the pairs' numbers); later rounds pair
the current ranking once every earlier round is closed, never a rematch. Table 1 is the top
pairing. The director may swap pairs or tables before releasing, as for any round
(``tournaments.services.drafts``).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from formats.free_deal import selectors
from formats.free_deal.models import FreeDealSettings
from formats.free_deal.rules import PairingImpossible, first_round, later_round
from formats.free_deal.services.settings import settings_of
from tournaments.models import Championship, Round, Table
from tournaments.services.common import ServiceError, _lock, _not_finished


@transaction.atomic
def pair_next_round(championship: Championship) -> list[Round]:
    """Draft the next round; returns it in a list (as the duplicate format's generator)."""
    championship = _lock(championship)
    _not_finished(championship)
    last = championship.rounds.order_by("-number").first()
    number = last.number + 1 if last else 1
    if championship.rounds_planned and number > championship.rounds_planned:
        raise ServiceError(_("All %(count)s rounds have been generated.")
                           % {"count": championship.rounds_planned})
    if last is not None and last.status != Round.Status.CLOSED:
        raise ServiceError(_("Close round %(number)s before pairing the next one.")
                           % {"number": last.number})
    settings = settings_of(championship)
    if number == 1:
        pairs = list(championship.teams.filter(withdrawn=False).order_by("number")
                     .values_list("pk", flat=True))
        if len(pairs) < 2:
            raise ServiceError(_("At least two pairs are needed to pair a round."))
        seed = championship.key_bytes if settings.seeding == FreeDealSettings.Seeding.DRAW else None
        plan = first_round(pairs, seed=seed)
    else:
        ranking = selectors.ranking(championship)
        pairs = [line.pair_id for line in ranking if not line.withdrawn]
        if len(pairs) < 2:
            raise ServiceError(_("At least two pairs are needed to pair a round."))
        met, byes_had = selectors.history(championship)
        try:
            plan = later_round(ranking, met=met, byes_had=byes_had)
        except PairingImpossible:
            raise ServiceError(_("No pairing avoids a rematch: every possible round would "
                                 "repeat a game.")) from None
    placed = [p for match in plan.matches for p in match] + ([plan.bye] if plan.bye else [])
    if sorted(placed) != sorted(pairs):
        raise AssertionError("the pairing does not place every pair exactly once")
    try:
        with transaction.atomic():
            round_ = Round.objects.create(championship=championship, number=number,
                                          bye_team_id=plan.bye)
    except IntegrityError:  # another director paired the same round at the same moment
        raise ServiceError(_("Round %(number)s already exists.") % {"number": number}) from None
    Table.objects.bulk_create(
        Table(round=round_, number=n, ns_team_id=first, ew_team_id=second)
        for n, (first, second) in enumerate(plan.matches, start=1)
    )
    return [round_]
