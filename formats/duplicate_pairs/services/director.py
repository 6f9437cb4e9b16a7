"""What a director does to a duplicate pairs' results (rules.md 6.1 and 6.5): enter or
override a deal's result (it counts at once, with no confirming row), confirm a team's
entry, give one side an adjusted score or withdraw it. Closing a round and publishing the
results are every format's (``scoring.services.publication``)."""

from __future__ import annotations

from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine import adjusted_value
from formats.duplicate_pairs.services.deal_results import DEAL_RESULTS, check_deal_of_table
from results import lifecycle
from scoring import selectors
from scoring.models import Adjustment, ResultEntry, ResultReview
from scoring.services.checks import lock_table
from scoring.services.live_events import result_changed
from scoring.services.rescoring import deal_changed
from scoring.services.values import (
    ADJUSTMENT_VALUES,
    MAX_ADJUSTED_DENOMINATOR,
    Origin,
    ResultData,
    ScoringError,
    recheck,
    stored_key,
)
from tournaments.models import Deal, Round, Table


def director_enter_result(
    *,
    table: Table,
    deal: Deal,
    data: ResultData,
    user,
    note: str = "",
    idempotency_key: str | None = None,
    origin: Origin = Origin(),
) -> ResultEntry:
    """The director enters or overrides a result; it counts at once (no confirmation)."""
    data = recheck(data)
    key = stored_key(idempotency_key)
    with transaction.atomic():
        if key:
            existing = ResultEntry.objects.filter(idempotency_key=key).first()
            if existing is not None:
                return existing
        round_ = lock_table(table.pk, table.round_id)
        if round_.status == Round.Status.DRAFTED:
            raise ScoringError(_("This round has not been released yet."), code="drafted")
        check_deal_of_table(deal, table)
        entry = ResultEntry.objects.create(
            table=table,
            deal=deal,
            **data.entry_fields(),
            by_director=user,
            by_director_override=True,
            note=(note or "").strip(),
            idempotency_key=key,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )
        deal_changed(deal.pk)
        result_changed(table, deal, round_)
    return entry


def director_confirm_entry(*, table: Table, deal: Deal, entry_id, user,
                           origin: Origin = Origin()) -> ResultReview:
    """The director confirms a team's pending or disputed entry (settling a dispute).

    ``table`` and ``deal`` are the URL's: the entry is looked up among theirs (``places``),
    so a posted id of another table, round or championship is ``NotHere`` (404)."""
    return lifecycle.director_confirm(DEAL_RESULTS, table=table, slot={"deal": deal},
                                      entry_id=entry_id, user=user, what="result",
                                      origin=origin)


def set_adjustment(
    *,
    table: Table,
    deal: Deal,
    side: str,
    kind: str,
    reason: str,
    user,
    value: Fraction | None = None,
    origin: Origin = Origin(),
) -> Adjustment:
    """The director gives one side of a table an adjusted score on a deal (rules.md 6.5)."""
    errors = {}
    if side not in Adjustment.Side.values:
        errors["side"] = _("Side: choose NS or EW.")
    if kind not in Adjustment.Kind.values:
        errors["kind"] = _("Kind: choose average, average plus, average minus or a custom value.")
    reason = (reason or "").strip()
    if not reason:
        errors["reason"] = _("Reason: an adjusted score always needs a written reason.")
    if kind == Adjustment.Kind.CUSTOM:
        if value is None:
            errors["value"] = _("Value: enter the custom score, from 0 to 2.")
        else:
            try:
                value = adjusted_value(Fraction(value))
            except (TypeError, ValueError, OverflowError, ZeroDivisionError):
                errors["value"] = _("Value: an adjusted score must lie between 0 and 2.")
            else:
                if value.denominator > MAX_ADJUSTED_DENOMINATOR:
                    # The database columns hold the exact fraction: bound it (API callers too).
                    errors["value"] = _("Value: use a fraction with a denominator of at most "
                                        "a million, or at most six decimals.")
    elif kind in ADJUSTMENT_VALUES:
        value = ADJUSTMENT_VALUES[kind]
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        round_ = lock_table(table.pk, table.round_id)
        if round_.status == Round.Status.DRAFTED:
            raise ScoringError(_("This round has not been released yet."), code="drafted")
        check_deal_of_table(deal, table)
        adjustment = Adjustment.objects.create(
            table=table,
            deal=deal,
            side=side,
            kind=kind,
            score_num=value.numerator,
            score_den=value.denominator,
            reason=reason,
            by_director=user,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )
        deal_changed(deal.pk)
        result_changed(table, deal, round_)
    return adjustment


def clear_adjustment(
    *, table: Table, deal: Deal, side: str, reason: str, user, origin: Origin = Origin()
) -> Adjustment:
    """Withdraw the adjustment in force for one side (a new ``cleared`` row)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Reason: say why the adjusted score is withdrawn.")})
    with transaction.atomic():
        round_ = lock_table(table.pk, table.round_id)
        in_force = selectors.adjustments_in_force(
            Adjustment.objects.filter(table=table, deal=deal, side=side)
        ).get(side)
        if in_force is None:
            raise ScoringError(_("There is no adjusted score to withdraw."), code="none")
        adjustment = Adjustment.objects.create(
            table=table,
            deal=deal,
            side=side,
            kind=in_force.kind,
            score_num=in_force.score_num,
            score_den=in_force.score_den,
            reason=reason,
            cleared=True,
            by_director=user,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )
        deal_changed(deal.pk)
        result_changed(table, deal, round_)
    return adjustment
