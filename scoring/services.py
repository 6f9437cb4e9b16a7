"""Operations that change results: one function per operation, each in one transaction.

Nothing is ever updated in place: a submission, a confirmation, a dispute, a director's
entry and an adjustment each add a row recording who made it, when, and from where
(:class:`Origin`). Every operation that can change which result counts rescores the deal
(:func:`rescore_deal`) in the same transaction, so stored scores always match the stored
results. ``recompute_championship`` rebuilds every score from scratch.

Concurrency: operations lock the round's row first and then the deal's row
(``select_for_update``), always in that order, so concurrent confirmations of one deal are
serialised on PostgreSQL; SQLite is configured with IMMEDIATE transactions, which serialise
writers anyway. The PIN lockout lives in the database (:class:`~scoring.models.PinAttempt`)
so that it holds across several web processes.

Errors that a user can fix or should read raise :class:`ScoringError` with a translated
message; form validation errors raise Django's ``ValidationError`` naming the field.
"""

from __future__ import annotations

import dataclasses
import hmac
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine import adjusted_value
from scoring import selectors
from scoring.models import Adjustment, DealScore, PinAttempt, ResultEntry, ResultReview
from tournaments import audit
from tournaments.audit import client_ip
from tournaments.models import AuditEvent, Championship, Deal, Round, Table, Team

# --- Policies (in one place) -----------------------------------------------------------------

#: PIN lockout: this many wrong PINs at one table within PIN_FAILURE_WINDOW ...
PIN_MAX_FAILURES = 5
PIN_FAILURE_WINDOW = timedelta(minutes=10)
#: ... lock PIN confirmation at that table until PIN_LOCKOUT after the last wrong one.
PIN_LOCKOUT = timedelta(minutes=5)

TOTAL_POINTS = 72

ADJUSTMENT_VALUES = {
    Adjustment.Kind.AVERAGE: engine.AVERAGE,
    Adjustment.Kind.AVERAGE_PLUS: engine.AVERAGE_PLUS,
    Adjustment.Kind.AVERAGE_MINUS: engine.AVERAGE_MINUS,
}


class ScoringError(Exception):
    """An operation that is refused, with a message for the user."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


class PinRefused(ScoringError):
    """A wrong PIN, or PIN confirmation locked at this table."""


@dataclass(frozen=True)
class Origin:
    """Where a request came from, stored with every row."""

    ip_address: str | None = None
    user_agent: str = ""

    @classmethod
    def from_request(cls, request) -> Origin:
        agent = request.META.get("HTTP_USER_AGENT", "")[:300]
        return cls(ip_address=client_ip(request), user_agent=agent)


@dataclass(frozen=True)
class ResultData:
    """One table's report of one deal (rules.md 6.1), already cleaned."""

    contract: str
    points_ns: int
    delegated: bool = False
    contro: bool = False
    recontro: bool = False
    breach: str = ResultEntry.Breach.NONE

    @property
    def points_ew(self) -> int:
        return TOTAL_POINTS - self.points_ns

    def entry_fields(self) -> dict:
        """The values as ``ResultEntry`` fields (the dataclass fields are named alike)."""
        return dataclasses.asdict(self)


def check_result_values(
    *,
    contract,
    points_ns,
    points_ew=None,
    delegated=False,
    contro=False,
    recontro=False,
    sant_vicenc=False,
    breach=ResultEntry.Breach.NONE,
) -> ResultData:
    """Validate a reported result (rules.md 6.1) and return it as :class:`ResultData`.

    Raises ``ValidationError`` mapping each wrong field to a message that names it. Used
    by the forms, the API and (as a last check) the services themselves.
    """
    errors: dict[str, str] = {}
    if contract in (None, ""):
        errors["contract"] = _("Contract: choose a suit or Botifarra.")
    elif contract not in ResultEntry.Contract.values:
        errors["contract"] = _("Contract: %(value)s is not a suit or Botifarra.") % {
            "value": contract
        }
    ns_ok = False
    if points_ns in (None, ""):
        errors["points_ns"] = _("NS points: enter the points of North-South, from 0 to 72.")
    elif isinstance(points_ns, bool) or not isinstance(points_ns, int):
        errors["points_ns"] = _("NS points: enter a whole number from 0 to 72.")
    elif not 0 <= points_ns <= TOTAL_POINTS:
        errors["points_ns"] = _("NS points: %(value)s is not between 0 and 72.") % {
            "value": points_ns
        }
    else:
        ns_ok = True
    if points_ew not in (None, ""):
        if isinstance(points_ew, bool) or not isinstance(points_ew, int):
            errors["points_ew"] = _("EW points: enter a whole number from 0 to 72, or leave it empty.")
        elif ns_ok and points_ns + points_ew != TOTAL_POINTS:
            errors["points_ew"] = _(
                "EW points: NS and EW points must add up to 72 "
                "(%(ns)s + %(ew)s = %(sum)s). EW should be %(expected)s."
            ) % {
                "ns": points_ns,
                "ew": points_ew,
                "sum": points_ns + points_ew,
                "expected": TOTAL_POINTS - points_ns,
            }
    if recontro and not contro:
        errors["recontro"] = _(
            "Recontro: only possible after contro. Tick contro too, or untick recontro."
        )
    if sant_vicenc:
        errors["sant_vicenc"] = _(
            "Sant Vicenç: not allowed in duplicate Botifarra. In duplicate scoring only "
            "contro doubles a score, so Sant Vicenç cannot be played; enter the result "
            "with contro and recontro only, or call the director."
        )
    if breach not in ResultEntry.Breach.values:
        errors["breach"] = _("Rule breach: choose none, NS, EW or both.")
    if errors:
        raise ValidationError(errors)
    return ResultData(
        contract=contract,
        points_ns=points_ns,
        delegated=bool(delegated),
        contro=bool(contro),
        recontro=bool(recontro),
        breach=breach,
    )


def _recheck(data: ResultData) -> ResultData:
    """Services validate again, so that no caller can store an invalid result."""
    try:
        return check_result_values(
            contract=data.contract,
            points_ns=data.points_ns,
            delegated=data.delegated,
            contro=data.contro,
            recontro=data.recontro,
            breach=data.breach,
        )
    except ValidationError as exc:
        raise ScoringError(" ".join(exc.messages), code="invalid") from exc


# --- Locks and checks ------------------------------------------------------------------------


def _lock_round(round_id: int) -> Round:
    return Round.objects.select_for_update().get(pk=round_id)


def _lock_deal(deal_id: int) -> Deal:
    return Deal.objects.select_for_update().get(pk=deal_id)


def _check_team_may_write(team: Team, table: Table, round_: Round) -> None:
    if team.pk not in (table.ns_team_id, table.ew_team_id):
        raise ScoringError(_("Your team does not play at this table."), code="not_your_table")
    if team.withdrawn:
        raise ScoringError(
            _("Your team has withdrawn: its link can no longer enter or confirm results. "
              "Please ask the director."),
            code="withdrawn",
        )
    if round_.status != Round.Status.RELEASED:
        raise ScoringError(
            _("Round %(number)s is closed: results can no longer be entered or confirmed "
              "here. Please ask the director.") % {"number": round_.number},
            code="round_closed",
        )


def _check_deal_of_table(deal: Deal, table: Table) -> None:
    if deal.round_id != table.round_id:
        raise ScoringError(_("This deal is not played at this table."), code="wrong_deal")


def _latest_entry(table_id: int, deal_id: int) -> ResultEntry | None:
    return ResultEntry.objects.filter(table_id=table_id, deal_id=deal_id).order_by("-id").first()


def _locked_entry_for_team(entry_id: int, team: Team) -> tuple[ResultEntry, Round]:
    """The entry, with its round locked, if ``team`` may review it now."""
    entry = ResultEntry.objects.select_related("table", "deal").filter(pk=entry_id).first()
    if entry is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    round_ = _lock_round(entry.table.round_id)
    _check_team_may_write(team, entry.table, round_)
    return entry, round_


def _check_reviewable(entry: ResultEntry, reviewer: Team | None) -> None:
    """Refuse reviews of a superseded entry, and a team's review of its own entry."""
    latest = _latest_entry(entry.table_id, entry.deal_id)
    if latest is not None and latest.pk != entry.pk:
        raise ScoringError(
            _("A newer result has been entered for deal %(deal)s; review that one instead.")
            % {"deal": entry.deal.number},
            code="superseded",
        )
    if reviewer is not None and entry.by_team_id == reviewer.pk:
        raise ScoringError(
            _("Your team entered this result, so it cannot confirm it: the other team must."),
            code="self_confirmation",
        )
    if entry.by_director_override:
        raise ScoringError(
            _("The director entered this result; it needs no confirmation."), code="director"
        )


# --- Team operations -------------------------------------------------------------------------


def submit_result(
    *,
    team: Team,
    table: Table,
    deal: Deal,
    data: ResultData,
    idempotency_key: str | None,
    origin: Origin = Origin(),
) -> tuple[ResultEntry, bool]:
    """A captain enters a result. Returns ``(entry, created)``.

    The entry is pending until the other team confirms it. Sending the same form twice (same
    ``idempotency_key``) stores it once and returns the first row.
    """
    data = _recheck(data)
    key = (idempotency_key or "").strip()[:64] or None
    with transaction.atomic():
        if key:
            existing = ResultEntry.objects.filter(idempotency_key=key).first()
            if existing is not None:
                return _same_submission(existing, team, table, deal), False
        round_ = _lock_round(table.round_id)
        _check_team_may_write(team, table, round_)
        _check_deal_of_table(deal, table)
        if ResultEntry.objects.filter(
            table=table, deal=deal, by_director_override=True
        ).exists():
            # Once the director has settled a result, teams cannot replace it by agreeing
            # on another one between themselves.
            raise ScoringError(
                _("The director has set the result of deal %(deal)s. Ask the director to "
                  "change it.") % {"deal": deal.number},
                code="director_set",
            )
        try:
            with transaction.atomic():  # a savepoint: the unique key may race
                entry = ResultEntry.objects.create(
                    table=table,
                    deal=deal,
                    **data.entry_fields(),
                    by_team=team,
                    idempotency_key=key,
                    ip_address=origin.ip_address,
                    user_agent=origin.user_agent,
                )
        except IntegrityError:
            existing = ResultEntry.objects.filter(idempotency_key=key).first() if key else None
            if existing is None:
                raise
            return _same_submission(existing, team, table, deal), False
    return entry, True


def _same_submission(existing: ResultEntry, team: Team, table: Table, deal: Deal) -> ResultEntry:
    if (existing.by_team_id, existing.table_id, existing.deal_id) != (team.pk, table.pk, deal.pk):
        # A key is random per form; reuse for another deal means a tampered form.
        raise ScoringError(_("This form was already used. Reload the page."), code="key_reused")
    return existing


def confirm_entry(*, entry_id: int, team: Team, origin: Origin = Origin()) -> ResultReview:
    """The other team confirms an entry through its own link. Confirming twice is harmless."""
    with transaction.atomic():
        entry, _round = _locked_entry_for_team(entry_id, team)
        existing = _existing_confirmation(entry)
        if existing is not None:
            return existing
        _check_reviewable(entry, team)
        return _record_confirmation(entry, origin, by_team=team)


def _record_confirmation(
    entry: ResultEntry, origin: Origin, *, by_team=None, by_director=None, via_pin=False
) -> ResultReview:
    """Store a confirmation and rescore the deal; the caller holds the locks and has checked."""
    review = ResultReview.objects.create(
        entry=entry,
        verdict=ResultReview.Verdict.CONFIRM,
        by_team=by_team,
        by_director=by_director,
        via_pin=via_pin,
        ip_address=origin.ip_address,
        user_agent=origin.user_agent,
    )
    rescore_deal(entry.deal)
    return review


def _existing_confirmation(entry: ResultEntry) -> ResultReview | None:
    return entry.reviews.filter(verdict=ResultReview.Verdict.CONFIRM).order_by("id").first()


def dispute_entry(
    *, entry_id: int, team: Team, comment: str, origin: Origin = Origin()
) -> ResultReview:
    """The other team disputes an entry; the dispute and its comment go to the director."""
    comment = (comment or "").strip()
    if not comment:
        raise ValidationError(
            {"comment": _("Comment: say what is wrong, so that the director can settle it.")}
        )
    with transaction.atomic():
        entry, _round = _locked_entry_for_team(entry_id, team)
        if _existing_confirmation(entry) is not None:
            raise ScoringError(
                _("This result is already confirmed. Please ask the director to correct it."),
                code="confirmed",
            )
        _check_reviewable(entry, team)
        last = entry.reviews.order_by("-id").first()
        if last is not None and last.verdict == ResultReview.Verdict.DISPUTE:
            return last  # already disputed (a double tap)
        return ResultReview.objects.create(
            entry=entry,
            verdict=ResultReview.Verdict.DISPUTE,
            comment=comment[:2000],
            by_team=team,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )


def pin_locked_until(table: Table, now=None):
    """When PIN confirmation at ``table`` unlocks, or ``None`` if it is not locked.

    Locked when at least :data:`PIN_MAX_FAILURES` wrong PINs (since the last right one) fall
    within :data:`PIN_FAILURE_WINDOW`, until :data:`PIN_LOCKOUT` after the latest of them.
    """
    now = now or timezone.now()
    attempts = list(
        PinAttempt.objects.filter(table=table, created_at__gte=now - PIN_FAILURE_WINDOW)
        .order_by("-id")
        .values_list("ok", "created_at")[: PIN_MAX_FAILURES + 1]
    )
    failures = []
    for ok, created_at in attempts:
        if ok:
            break
        failures.append(created_at)
    if len(failures) < PIN_MAX_FAILURES:
        return None
    until = failures[0] + PIN_LOCKOUT
    return until if until > now else None


def _pin_matches(team: Team, pin: str) -> bool:
    try:
        from tournaments.services import check_pin
    except ImportError:  # the tournaments services are not there yet
        check_pin = None
    if check_pin is not None:
        return check_pin(team, pin)
    return hmac.compare_digest(team.pin.encode(), str(pin).strip().encode())


def confirm_with_pin(
    *, entry_id: int, team: Team, pin: str, origin: Origin = Origin()
) -> ResultReview:
    """The other team confirms on the entering team's phone by typing its PIN.

    ``team`` is the team whose link is open. A wrong PIN is recorded; too many lock PIN
    confirmation at the table for a while (see :func:`pin_locked_until`).
    """
    refusal: PinRefused | None = None
    review = None
    with transaction.atomic():
        entry, _round = _locked_entry_for_team(entry_id, team)
        table = entry.table
        existing = _existing_confirmation(entry)
        if existing is not None:
            return existing
        confirmer = selectors.opponent_of(table, entry.by_team_id)
        _check_reviewable(entry, confirmer)
        if confirmer is None:
            raise ScoringError(_("This result needs no confirmation."), code="director")
        if entry.by_team_id != team.pk:
            # A PIN is typed on the phone of the team that entered the result. Otherwise a
            # team could type its own PIN on the other team's entry: a right attempt that
            # clears the wrong ones counted towards the lockout.
            raise ScoringError(
                _("Confirm the other team's result with the Confirm button: a PIN only "
                  "confirms a result your own team entered."),
                code="pin_not_needed",
            )
        until = pin_locked_until(table)
        if until is not None:
            raise PinRefused(_locked_message(until), code="pin_locked")
        ok = bool(pin) and _pin_matches(confirmer, str(pin))
        PinAttempt.objects.create(
            table=table,
            by_team=team,
            ok=ok,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )
        if ok:
            review = _record_confirmation(entry, origin, by_team=confirmer, via_pin=True)
        else:
            # Raised after the commit below, so that the failed attempt is kept.
            until = pin_locked_until(table)
            if until is not None:
                refusal = PinRefused(_locked_message(until), code="pin_locked")
            else:
                refusal = PinRefused(
                    _("Wrong PIN for %(team)s. Try again.") % {"team": confirmer.name},
                    code="pin_wrong",
                )
    if refusal is not None:
        raise refusal
    return review


def _locked_message(until) -> str:
    minutes = max(1, -(-int((until - timezone.now()).total_seconds()) // 60))
    return _(
        "Too many wrong PINs at this table: confirming with a PIN is locked for "
        "%(minutes)s more minute(s). The other team can confirm on its own phone, or call "
        "the director."
    ) % {"minutes": minutes}


# --- Director operations ---------------------------------------------------------------------


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
    data = _recheck(data)
    key = (idempotency_key or "").strip()[:64] or None
    with transaction.atomic():
        if key:
            existing = ResultEntry.objects.filter(idempotency_key=key).first()
            if existing is not None:
                return existing
        round_ = _lock_round(table.round_id)
        if round_.status == Round.Status.DRAFTED:
            raise ScoringError(_("This round has not been released yet."), code="drafted")
        _check_deal_of_table(deal, table)
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
        rescore_deal(deal)
    return entry


def director_confirm_entry(*, entry_id: int, user, origin: Origin = Origin()) -> ResultReview:
    """The director confirms a team's pending or disputed entry (settling a dispute)."""
    with transaction.atomic():
        entry = ResultEntry.objects.select_related("table", "deal").get(pk=entry_id)
        _lock_round(entry.table.round_id)
        existing = _existing_confirmation(entry)
        if existing is not None:
            return existing
        _check_reviewable(entry, None)
        return _record_confirmation(entry, origin, by_director=user)


def parse_adjusted_value(text: str) -> Fraction:
    """A custom adjusted score typed by the director: a decimal (1.55) or a fraction (31/20)."""
    text = (text or "").strip().replace(",", ".")
    try:
        if "/" in text:
            num, den = text.split("/", 1)
            value = Fraction(int(num), int(den))
        else:
            value = Fraction(Decimal(text))
    except (ValueError, ZeroDivisionError, InvalidOperation):
        raise ValidationError(
            {"value": _("Value: enter a number from 0 to 2, e.g. 1.55 or 31/20.")}
        ) from None
    if not 0 <= value <= 2:
        raise ValidationError({"value": _("Value: an adjusted score must lie between 0 and 2.")})
    return value


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
            except (TypeError, ValueError):
                errors["value"] = _("Value: an adjusted score must lie between 0 and 2.")
    elif kind in ADJUSTMENT_VALUES:
        value = ADJUSTMENT_VALUES[kind]
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        round_ = _lock_round(table.round_id)
        if round_.status == Round.Status.DRAFTED:
            raise ScoringError(_("This round has not been released yet."), code="drafted")
        _check_deal_of_table(deal, table)
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
        rescore_deal(deal)
    return adjustment


def clear_adjustment(
    *, table: Table, deal: Deal, side: str, reason: str, user, origin: Origin = Origin()
) -> Adjustment:
    """Withdraw the adjustment in force for one side (a new ``cleared`` row)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Reason: say why the adjusted score is withdrawn.")})
    with transaction.atomic():
        _lock_round(table.round_id)
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
        rescore_deal(deal)
    return adjustment


def close_round(round_: Round, *, user=None, origin: Origin = Origin()) -> Round:
    """Close a round: captains can no longer write; its deals and results may become public.

    The tournaments app owns round states: its ``close_round`` checks that rounds close in
    order and records who closed the round.
    """
    from tournaments import services as tournament_services

    try:
        return tournament_services.close_round(round_, by=user, origin=origin)
    except tournament_services.ServiceError as exc:
        raise ScoringError(exc.message, code="close_refused") from exc


def set_results_public(
    championship: Championship, public: bool, *, user=None, origin: Origin = Origin()
) -> Championship:
    """Publish or unpublish the result pages, and record who did it."""
    with transaction.atomic():
        Championship.objects.filter(pk=championship.pk).update(results_public=public)
        audit.record(
            AuditEvent.Action.RESULTS_PUBLISHED if public else AuditEvent.Action.RESULTS_UNPUBLISHED,
            championship,
            by=user,
            origin=origin,
        )
    championship.results_public = public
    return championship


def publish_results(championship: Championship, *, user=None, origin: Origin = Origin()):
    return set_results_public(championship, True, user=user, origin=origin)


def unpublish_results(championship: Championship, *, user=None, origin: Origin = Origin()):
    return set_results_public(championship, False, user=user, origin=origin)


# --- Scoring ---------------------------------------------------------------------------------


def _table_result(entry: ResultEntry, trump_side) -> engine.TableResult:
    return engine.TableResult(
        key=entry.table_id,
        points_ns=entry.points_ns,
        trump_side=trump_side,
        botifarra=entry.contract == ResultEntry.Contract.BOTIFARRA,
        contro=entry.contro,
        breach=engine.Breach(entry.breach),
    )


def rescore_deal(deal: Deal) -> dict:
    """Rebuild the ``DealScore`` rows of one deal at every table from the counted results
    and the adjustments in force (rules.md 6.3 and 6.5). Idempotent.

    Runs in the caller's transaction (or its own), holding a lock on the deal's row so
    that two rescorings of one deal never interleave.
    """
    with transaction.atomic():
        deal = _lock_deal(deal.pk)
        tables = list(Table.objects.filter(round_id=deal.round_id))
        states = selectors.result_states(tables, [deal])
        trump = engine.trump_side(engine.Seat(deal.dealer))
        results = []
        counted_by_table = {}
        adjustments = {}
        for table in tables:
            state = states[(table.pk, deal.pk)]
            counted = state.counted
            if counted is not None:
                counted_by_table[table.pk] = counted
                results.append(_table_result(counted, trump))
            in_force = state.adjustments
            if in_force:
                adjustments[table.pk] = {
                    engine.Side(side): adj.score for side, adj in in_force.items()
                }
        scores = engine.score_deal(results, adjustments)
        DealScore.objects.filter(deal=deal).delete()
        DealScore.objects.bulk_create(
            [
                DealScore(
                    table_id=table_id,
                    deal=deal,
                    entry=counted_by_table.get(table_id),
                    ns_deal_score=score.ns_deal_score,
                    ew_deal_score=score.ew_deal_score,
                    ns_final_num=None if score.ns_final is None else score.ns_final.numerator,
                    ns_final_den=1 if score.ns_final is None else score.ns_final.denominator,
                    ew_final_num=None if score.ew_final is None else score.ew_final.numerator,
                    ew_final_den=1 if score.ew_final is None else score.ew_final.denominator,
                    ns_adjusted=score.ns_adjusted,
                    ew_adjusted=score.ew_adjusted,
                )
                for table_id, score in scores.items()
            ]
        )
    return scores


def recompute_championship(championship: Championship) -> int:
    """Rebuild every score of a championship from the stored results. Returns the deals."""
    count = 0
    with transaction.atomic():
        for deal in Deal.objects.filter(championship=championship).order_by("number"):
            rescore_deal(deal)
            count += 1
    return count
