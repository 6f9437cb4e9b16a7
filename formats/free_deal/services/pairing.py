"""Drafting the next round of a free-deal Swiss (rules.md 11.3): tables and the bye, no deals.

With sections, each section is paired on its own (its own draw, its own ranking, its own
bye: ``SectionBye``) and the tables are numbered through the sections in their order.

Round 1 is a seeded draw (seeded by the championship's secret key, so it is fixed and cannot
be predicted), the seeding order the director gave (the pairs' numbers) or, when the
championship is seeded by rating, the pairs' ratings (rules.md 13.3); later rounds pair
the current ranking once every earlier round is closed, never a rematch. Table 1 is the top
pairing. The director may swap pairs or tables before releasing, as for any round
(``tournaments.services.drafts``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal import selectors
from formats.free_deal.models import FreeDealSettings, SectionBye
from formats.free_deal.rules import PairingImpossible, first_round, later_round
from formats.free_deal.services.sections import section_ids, sections_of, unplaced_pairs
from formats.free_deal.services.settings import settings_of
from tournaments.models import Championship, Round, Table
from tournaments.rating_selectors import rating_order
from tournaments.services.common import ServiceError
from tournaments.services.next_round import create_round, lock_next_round


@transaction.atomic
def pair_next_round(championship: Championship) -> list[Round]:
    """Draft the next round; returns it in a list (as the duplicate format's generator)."""
    championship, number = lock_next_round(championship)
    settings = settings_of(championship)
    sections = sections_of(championship)
    unplaced = unplaced_pairs(championship)
    if unplaced:
        raise ServiceError(_("%(pair)s is in no section: put every pair in a section before "
                             "pairing.") % {"pair": unplaced[0]}, field="section")
    if number == 1:
        plans = _first_round(championship, settings, sections)
    else:
        plans = _later_round(championship, sections)
    matches = [match for plan in plans for match in plan.matches]
    byes = [plan.bye for plan in plans if plan.bye is not None]
    placed = [p for match in matches for p in match] + byes
    expected = championship.teams.filter(withdrawn=False).values_list("pk", flat=True)
    if sorted(placed) != sorted(expected):
        raise AssertionError("the pairing does not place every pair exactly once")
    round_ = create_round(championship, number,
                          bye_team_id=None if sections else next(iter(byes), None))
    # Numbered through the sections in their order: each section's top pairing first.
    Table.objects.bulk_create(
        Table(round=round_, number=n, ns_team_id=first, ew_team_id=second)
        for n, (first, second) in enumerate(matches, start=1)
    )
    if sections:
        SectionBye.objects.bulk_create(SectionBye(round=round_, team_id=pair) for pair in byes)
    return [round_]


def seeding_groups(championship: Championship, sections) -> list[list[int]]:
    """The pairs in play of each section (in the sections' order), by number, or in rating
    order when round 1 is seeded by rating; one group of every pair without sections."""
    pairs = list(championship.teams.filter(withdrawn=False).order_by("number")
                 .values_list("pk", flat=True))
    if championship.seed_by_rating:
        pairs = rating_order(championship, pairs)
    if not sections:
        return [pairs]
    placed = section_ids(championship)
    return [[p for p in pairs if placed.get(p) == section.pk] for section in sections]


def _too_few(sections, group_index: int) -> ServiceError:
    if not sections:
        return ServiceError(_("At least two pairs are needed to pair a round."))
    return ServiceError(_("Section %(section)s needs at least two pairs to pair a round.")
                        % {"section": sections[group_index].name}, field="section")


def _first_round(championship: Championship, settings, sections) -> list:
    """Round 1 of each section: the seeded draw (each section drawn with its own seed from
    the championship's key), the director's seeding order, or, seeded by rating, the
    pairs' ratings (rules.md 13.3), whatever the seeding chosen."""
    plans = []
    for index, pairs in enumerate(seeding_groups(championship, sections)):
        if len(pairs) < 2:
            raise _too_few(sections, index)
        seed = None  # the order given (by rating, in rating order): top half v bottom half
        if (settings.seeding == FreeDealSettings.Seeding.DRAW
                and not championship.seed_by_rating):
            seed = championship.key_bytes
            if sections:
                seed += b"/section/" + sections[index].name.encode()
        plans.append(first_round(pairs, seed=seed))
    return plans


def _later_round(championship: Championship, sections) -> list:
    """A later round of each section from its own ranking, never a rematch."""
    met, byes_had = selectors.history(championship)
    plans = []
    for index, part in enumerate(selectors.section_rankings(championship)):
        if sections and part.section is None:
            continue  # withdrawn pairs never placed in a section (unplaced_pairs refused the rest)
        if len([line for line in part.lines if not line.withdrawn]) < 2:
            raise _too_few(sections, index)
        try:
            plans.append(later_round(part.lines, met=met, byes_had=byes_had))
        except PairingImpossible:
            if not sections:
                raise ServiceError(_("No pairing avoids a rematch: every possible round would "
                                     "repeat a game.")) from None
            raise ServiceError(_("No pairing of section %(section)s avoids a rematch: every "
                                 "possible round would repeat a game.")
                               % {"section": part.section.name}, field="section") from None
    return plans
