"""What a team does through its link: enter, confirm, dispute, confirm with a PIN."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from scoring import selectors
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services.checks import (
    _check_deal_of_table,
    _check_not_disputed,
    _check_reviewable,
    _confirmation_and_dispute,
    _existing_confirmation,
    _locked_entry_for_team,
    check_team_may_write,
    lock_table,
)
from scoring.services.live_events import result_changed
from scoring.services.pins import _locked_message, pin_locked_until, pin_matches
from scoring.services.rescoring import deal_changed
from scoring.services.values import (
    KEY_LENGTH,
    Origin,
    PinRefused,
    ResultData,
    ScoringError,
    _recheck,
    stored_key,
)
from tournaments.models import Deal, Table, Team

#: A team may enter (or correct) one deal at its table at most this many times; past that a
#: phone is misbehaving or someone is flooding the table, and the director corrects it.
MAX_ENTRIES_PER_DEAL = 10

#: The columns that make up a result (``ResultData``'s fields).
_VALUES = ("contract", "points_ns", "delegated", "contro", "recontro", "breach")


def submit_result(
    *,
    team: Team,
    table: Table,
    deal: Deal,
    data: ResultData,
    idempotency_key: str | None,
    origin: Origin = Origin(),
    seen_entry_id: int | None = None,
) -> tuple[ResultEntry, bool]:
    """A captain enters a result. Returns ``(entry, created)``.

    The entry is pending until the other team confirms it. Sending the same form twice (same
    ``idempotency_key``) stores it once and returns the first row.

    ``seen_entry_id`` is the latest entry of the deal the captain's page showed (0: none).
    If the other team has since entered a *different* result (the captain typed this one
    on a phone with no network, say), it is refused: the captain should review that one
    rather than silently replace it (rules.md 6.1).
    """
    data = _recheck(data)
    key = stored_key(idempotency_key)
    try:
        with transaction.atomic():
            round_ = lock_table(table.pk, table.round_id)
            # One look at this form sent before and at this table's earlier entries of the
            # deal (few: a team's entries per deal are capped below).
            here = Q(table_id=table.pk, deal_id=deal.pk)
            confirmed = Exists(ResultReview.objects.filter(
                entry=OuterRef("pk"), verdict=ResultReview.Verdict.CONFIRM))
            earlier = ResultEntry.objects.filter(here | Q(idempotency_key=key) if key else here)
            sent_before = None
            director_set = settled = False
            ours = 0
            theirs = None  # the other team's latest entry that the captain's page did not show
            for (entry_id, entry_key, table_id, deal_id, by_team_id, by_director, is_confirmed,
                 *values) in (
                earlier.order_by("id").annotate(confirmed=confirmed).values_list(
                    "id", "idempotency_key", "table_id", "deal_id", "by_team_id",
                    "by_director_override", "confirmed", *_VALUES)
            ):
                if key and entry_key == key:
                    sent_before = entry_id
                if (table_id, deal_id) != (table.pk, deal.pk):
                    continue
                director_set |= by_director
                settled |= is_confirmed
                ours += by_team_id == team.pk
                if (seen_entry_id is not None and entry_id > seen_entry_id and not by_director
                        and by_team_id != team.pk):
                    theirs = values
            if sent_before:
                # Answered as the first time, even if the round has closed since.
                existing = ResultEntry.objects.get(pk=sent_before)
                return _same_submission(existing, team, table, deal), False
            check_team_may_write(team, table, round_)
            _check_deal_of_table(deal, table)
            if director_set:
                # Once the director has settled a result, teams cannot replace it by
                # agreeing on another one between themselves.
                raise ScoringError(
                    _("The director has set the result of deal %(deal)s. Ask the director to "
                      "change it.") % {"deal": deal.number},
                    code="director_set",
                )
            if settled:
                # The Bridgemate rule (rules.md 6.1): once the other team (or the director)
                # has confirmed a result, only the director may change it.
                raise ScoringError(
                    _("The result of deal %(deal)s is confirmed: only the director can change "
                      "it now.") % {"deal": deal.number},
                    code="confirmed",
                )
            if ours >= MAX_ENTRIES_PER_DEAL:
                raise ScoringError(
                    _("Your team has already entered deal %(deal)s %(count)s times. Ask the "
                      "director to correct it.") % {"deal": deal.number, "count": ours},
                    code="too_many_entries",
                )
            fields = data.entry_fields()
            if theirs is not None and list(theirs) != [fields[name] for name in _VALUES]:
                raise ScoringError(
                    _("While this was waiting to be sent, the other team entered a different "
                      "result for deal %(deal)s. Check it on this page, then confirm it or "
                      "dispute it.") % {"deal": deal.number},
                    code="other_team_entered",
                )
            entry = ResultEntry.objects.create(
                table=table,
                deal=deal,
                **fields,
                by_team=team,
                idempotency_key=key,
                ip_address=origin.ip_address,
                user_agent=origin.user_agent,
            )
            result_changed(table, deal, round_)
    except IntegrityError:
        # The same key sent twice at once (a retry racing the first send): the unique
        # constraint let one through; answer the other with it.
        existing = (
            ResultEntry.objects.filter(idempotency_key=key).order_by("pk").first() if key else None
        )
        if existing is None:
            raise
        return _same_submission(existing, team, table, deal), False
    return entry, True


def earlier_submission(*, team: Team, deal_number: int, idempotency_key: str | None
                       ) -> ResultEntry | None:
    """The entry that this team's submission with this key stored for this deal, or
    ``None``. For a retry that comes after the deal's round has closed (a phone's outbox
    sending again, an answer lost on the way back): it gets its first answer, not a refusal,
    so the captain is not told that a stored result was refused. Its table (with its round
    and two teams) and its deal are loaded, for the answer."""
    key = (idempotency_key or "").strip()
    if not key or len(key) > KEY_LENGTH:
        return None  # no key, or one no entry can have
    return (
        ResultEntry.objects.select_related("table__round", "table__ns_team", "table__ew_team",
                                           "deal")
        .filter(idempotency_key=key, by_team=team, deal__number=deal_number,
                deal__championship_id=team.championship_id)
        .first()
    )


def _same_submission(existing: ResultEntry, team: Team, table: Table, deal: Deal) -> ResultEntry:
    if (existing.by_team_id, existing.table_id, existing.deal_id) != (team.pk, table.pk, deal.pk):
        # A key is random per form; reuse for another deal means a tampered form.
        raise ScoringError(_("This form was already used. Reload the page."), code="key_reused")
    return existing


def confirm_entry(*, entry_id: int, team: Team, origin: Origin = Origin(),
                  entry: ResultEntry | None = None) -> ResultReview:
    """The other team confirms an entry through its own link. Confirming twice is harmless.
    ``entry`` may be passed already loaded (with its table and deal) to save a query."""
    with transaction.atomic():
        entry, round_ = _locked_entry_for_team(entry_id, team, entry)
        existing, disputed = _confirmation_and_dispute(entry, team.pk)
        if existing is not None:
            return existing
        _check_reviewable(entry, team)
        _check_not_disputed(disputed)
        result_changed(entry.table, entry.deal, round_)
        return _record_confirmation(entry, origin, by_team=team)


def _record_confirmation(
    entry: ResultEntry, origin: Origin, *, by_team=None, by_director=None, via_pin=False
) -> ResultReview:
    """Store a confirmation and note the deal for rescoring; the caller holds the table's
    lock and has checked."""
    review = ResultReview.objects.create(
        entry=entry,
        verdict=ResultReview.Verdict.CONFIRM,
        by_team=by_team,
        by_director=by_director,
        via_pin=via_pin,
        ip_address=origin.ip_address,
        user_agent=origin.user_agent,
    )
    deal_changed(entry.deal_id)
    return review



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
        entry, round_ = _locked_entry_for_team(entry_id, team)
        if _existing_confirmation(entry) is not None:
            raise ScoringError(
                _("This result is already confirmed. Please ask the director to correct it."),
                code="confirmed",
            )
        _check_reviewable(entry, team)
        last = entry.reviews.order_by("-id").first()
        if last is not None and last.verdict == ResultReview.Verdict.DISPUTE:
            return last  # already disputed (a double tap)
        result_changed(entry.table, entry.deal, round_)
        return ResultReview.objects.create(
            entry=entry,
            verdict=ResultReview.Verdict.DISPUTE,
            comment=comment[:2000],
            by_team=team,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )



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
        entry, round_ = _locked_entry_for_team(entry_id, team)
        table = entry.table
        # The team that confirms is the entering team's opponent: whether it disputed the
        # entry is read with the confirmation, before its row is loaded.
        existing, disputed = _confirmation_and_dispute(
            entry, selectors.opponent_id_of(table, entry.by_team_id)
        )
        if existing is not None:
            return existing
        confirmer = selectors.opponent_of(table, entry.by_team_id)
        _check_reviewable(entry, confirmer)
        if confirmer is None:
            raise ScoringError(_("This result needs no confirmation."), code="director")
        if confirmer.withdrawn:
            # A withdrawn team's link can no longer confirm; neither can its PIN.
            raise ScoringError(
                _("%(team)s has withdrawn: its PIN can no longer confirm results. Please ask "
                  "the director.") % {"team": confirmer.name},
                code="withdrawn",
            )
        _check_not_disputed(disputed)
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
        ok = bool(pin) and pin_matches(confirmer, str(pin))
        PinAttempt.objects.create(
            table=table,
            entry=entry,
            by_team=team,
            ok=ok,
            ip_address=origin.ip_address,
            user_agent=origin.user_agent,
        )
        result_changed(table, entry.deal, round_)  # a right or wrong PIN: the table was heard
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


