"""Deals: replacing the generated deals of drafted rounds with imported ones, and back."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from tournaments.importing import RowError, read_deal_lines, translate_deal_problem
from tournaments.models import Championship, Deal, Round
from tournaments.services.common import (
    ServiceError,
    _lock_round,
    _require_drafted,
    check_not_finished,
    deals_for_round,
    lock_championship,
)


@transaction.atomic
def import_deals(target: Championship | Round, text: str) -> list[Deal]:
    """Replace generated deals with deals dealt by hand.

    ``text`` has one deal per line: its number, a space, then the deal in rules.md
    notation, e.g. ``5 N:9RS.A82..RC654 ...``. Empty lines and lines starting with ``#``
    are ignored. ``target`` is a round (only its deals may be listed) or the championship
    (deals of any drafted round). Each deal must already exist (its round is generated)
    and its round must still be drafted. All or nothing: on any problem nothing is saved
    and the :class:`ServiceError` lists every problem, line by line.
    """
    if isinstance(target, Round):
        round_filter = {"round": target}
        championship = lock_championship(target.championship)
    else:
        round_filter = {}
        championship = lock_championship(target)
    check_not_finished(championship)
    lines, errors = read_deal_lines(text or "")
    deals = {
        deal.number: deal
        for deal in Deal.objects.select_for_update()
        .filter(championship=championship, **round_filter)
        .select_related("round")
    }
    seen: dict[int, int] = {}
    updates: list[Deal] = []
    lines_of: dict[int, int] = {}  # deal id -> the line that gives its new cards
    for line in lines:
        deal = deals.get(line.number)
        if deal is None:
            if isinstance(target, Round):
                numbers = sorted(deals)
                message = _("deal %(number)s is not in round %(round)s (its deals are %(first)s–%(last)s).") % {
                    "number": line.number,
                    "round": target.number,
                    "first": numbers[0] if numbers else "-",
                    "last": numbers[-1] if numbers else "-",
                }
            else:
                message = _("there is no deal %(number)s: generate its round first.") % {
                    "number": line.number
                }
            errors.append(RowError(line.line, "", message))
            continue
        if line.number in seen:
            errors.append(RowError(line.line, "", _(
                "deal %(number)s is also on line %(other)s.") % {
                    "number": line.number, "other": seen[line.number]}))
            continue
        seen[line.number] = line.line
        if deal.round.status != Round.Status.DRAFTED:
            errors.append(RowError(line.line, "", _(
                "round %(round)s has been released, so deal %(number)s can no longer be replaced.")
                % {"round": deal.round.number, "number": line.number}))
            continue
        try:
            parsed = engine.parse_deal(line.text)
        except engine.DealNotationError as problem:
            for item in problem.problems:
                errors.append(RowError(line.line, "", _("deal %(number)s: %(problem)s") % {
                    "number": line.number, "problem": translate_deal_problem(item)}))
            continue
        deal.cards = engine.format_deal(parsed)
        deal.source = Deal.Source.IMPORTED
        updates.append(deal)
        lines_of[deal.pk] = line.line
    errors += _same_cards_twice(deals.values(), lines_of)
    if not lines and not errors:
        raise ServiceError(_("No deals found: write one deal per line."), field="text")
    errors.sort(key=lambda error: error.row or 0)
    if errors:
        raise ServiceError(
            ngettext("Nothing was imported: %(count)s problem.",
                     "Nothing was imported: %(count)s problems.", len(errors))
            % {"count": len(errors)},
            field="text",
            errors=[RowError(e.row, e.field, e.message, is_line=True) for e in errors],
        )
    Deal.objects.bulk_update(updates, ["cards", "source"])
    return sorted(updates, key=lambda deal: deal.number)


def _same_cards_twice(deals, lines_of: dict[int, int]) -> list[RowError]:
    """A round must not hold the same cards twice: one problem for each imported deal whose
    cards (as they would be after the import) another deal of its round already has."""
    by_round: dict[tuple[int, str], Deal] = {}
    problems = []
    # Deals kept as they are first, then the imported ones in line order.
    for deal in sorted(deals, key=lambda d: (d.pk in lines_of, lines_of.get(d.pk, 0), d.number)):
        key = (deal.round_id, deal.cards)
        other = by_round.get(key)
        if other is None:
            by_round[key] = deal
        elif deal.pk in lines_of:
            problems.append(RowError(lines_of[deal.pk], "", _(
                "deal %(number)s has the same cards as deal %(other)s of round %(round)s.")
                % {"number": deal.number, "other": other.number, "round": deal.round.number}))
    return problems


@transaction.atomic
def restore_generated_deals(round_: Round) -> int:
    """Replace a drafted round's imported deals by the ones generated from the key."""
    round_ = _lock_round(round_)
    _require_drafted(round_)
    fresh = {d.number: d for d in deals_for_round(round_.championship, round_)}
    deals = list(round_.deals.filter(source=Deal.Source.IMPORTED))
    for deal in deals:
        deal.cards = fresh[deal.number].cards
        deal.source = Deal.Source.GENERATED
    Deal.objects.bulk_update(deals, ["cards", "source"])
    return len(deals)
