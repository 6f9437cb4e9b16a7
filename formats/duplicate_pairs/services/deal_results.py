"""A duplicate pairs' deal result (rules.md 6.1), and what a team does to it through its
link: enter, confirm, dispute, confirm with a PIN.

A deal's result is an entry of the results core (``results``): this module says what a
pairs' table's entry is (``DEAL_RESULTS``: a deal's result, the other team confirms it, a
confirmation re-scores the deal, a team's words) and checks its values (rules.md 6.1); the
lifecycle (idempotency, locks, who may review, disputes, PINs and their lockout, live
events) is the core's.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from results import lifecycle, pins
from results.kinds import PAIR_WORDS, EntryKind, EntryWords
from scoring import selectors
from scoring.models import PinAttempt, ResultEntry, ResultReview
from scoring.services.checks import check_team_may_write
from scoring.services.live_events import result_changed
from scoring.services.rescoring import deal_changed
from scoring.services.values import (
    KEY_LENGTH,
    Origin,
    ResultData,
    ScoringError,
    recheck,
    stored_key,
)
from tournaments.models import Deal, Table, Team

#: A team may enter (or correct) one deal at its table at most this many times; past that a
#: phone is misbehaving or someone is flooding the table, and the director corrects it.
MAX_ENTRIES_PER_DEAL = lifecycle.MAX_ENTRIES

#: The columns that make up a result (``ResultData``'s fields).
VALUE_FIELDS = ("contract", "points_ns", "delegated", "contro", "recontro", "breach")


def check_deal_of_table(deal: Deal, table: Table) -> None:
    """Refuse (``ScoringError``) a deal that is not one of the table's round."""
    if deal.round_id != table.round_id:
        raise ScoringError(_("This deal is not played at this table."), code="wrong_deal")


def _check_may_enter(team: Team, table: Table, round_, slot: dict) -> None:
    check_team_may_write(team, table, round_)
    check_deal_of_table(slot["deal"], table)


def _other_team(table: Table, team: Team) -> list[Team]:
    other = selectors.opponent_of(table, team.pk)
    return [other] if other is not None else []


TEAM_DEAL_WORDS = EntryWords(
    **PAIR_WORDS,
    confirmed=gettext_lazy("The result of deal %(deal)s is confirmed: only the director can "
                           "change it now."),
    dispute_confirmed=gettext_lazy("This result is already confirmed. Please ask the "
                                   "director to correct it."),
    director_set=gettext_lazy("The director has set the result of deal %(deal)s. Ask the "
                              "director to change it."),
    too_many=gettext_lazy("Your pair has already entered deal %(deal)s %(count)s times. Ask "
                          "the director to correct it."),
    superseded=gettext_lazy("A newer result has been entered for deal %(deal)s; review that "
                            "one instead."),
    key_reused=gettext_lazy("This form was already used. Reload the page."),
    other_entered=gettext_lazy("While this was waiting to be sent, the other pair entered a "
                               "different result for deal %(deal)s. Check it on this page, "
                               "then confirm it or dispute it."),
    comment_needed=gettext_lazy("Comment: say what is wrong, so that the director can settle "
                                "it."),
)

#: A pairs' table's result of one deal (rules.md 6.1): confirmed by the other pair; a
#: confirmation (or the director's) re-scores the deal.
DEAL_RESULTS = EntryKind(
    model=ResultEntry, review_model=ResultReview, review_field="entry", table_model=Table,
    pin_attempt_model=PinAttempt, check_may_write=check_team_may_write,
    check_may_enter=_check_may_enter, others_at=_other_team,
    publish=lambda table, round_, slot: result_changed(table, slot["deal"], round_),
    slot_of=lambda entry: {"deal": entry.deal}, words=TEAM_DEAL_WORDS,
    related=("table", "deal"),
    earlier_related=("table__round", "table__ns_team", "table__ew_team", "deal"),
    say_of=lambda entry: {"deal": entry.deal.number},
    say_of_slot=lambda slot: {"deal": slot["deal"].number},
    counted=lambda entry, _review: deal_changed(entry.deal_id),
    value_fields=VALUE_FIELDS, too_many_code="too_many_entries",
    pin_attempt_names_entry=True,
)


def submit_result(*, team: Team, table: Table, deal: Deal, data: ResultData,
                  idempotency_key: str | None, origin: Origin = Origin(),
                  seen_entry_id: int | None = None) -> tuple[ResultEntry, bool]:
    """A captain enters a result. Returns ``(entry, created)``.

    The entry is pending until the other team confirms it. Sending the same form twice (same
    ``idempotency_key``) stores it once and returns the first row.

    ``seen_entry_id`` is the latest entry of the deal the captain's page showed (0: none).
    If the other team has since entered a *different* result (the captain typed this one
    on a phone with no network, say), it is refused: the captain should review that one
    rather than silently replace it (rules.md 6.1).
    """
    data = recheck(data)
    return lifecycle.submit(DEAL_RESULTS, entrant=team, table=table, slot={"deal": deal},
                            fields=data.entry_fields(), idempotency_key=stored_key(
                                idempotency_key), origin=origin,
                            seen_entry_id=seen_entry_id)


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
    return lifecycle.earlier_submission(
        DEAL_RESULTS, entrant=team, idempotency_key=key,
        slot={"deal__number": deal_number, "deal__championship_id": team.championship_id})


def confirm_entry(*, entry_id: int, team: Team, origin: Origin = Origin(),
                  entry: ResultEntry | None = None) -> ResultReview:
    """The other team confirms an entry through its own link. Confirming twice is harmless.
    ``entry`` may be passed already loaded (with its table and deal) to save a query."""
    return lifecycle.confirm_by(DEAL_RESULTS, entry_id=entry_id, entrant=team, origin=origin,
                                entry=entry)


def dispute_entry(*, entry_id: int, team: Team, comment: str, origin: Origin = Origin()
                  ) -> ResultReview:
    """The other team disputes an entry; the dispute and its comment go to the director."""
    return lifecycle.dispute_by(DEAL_RESULTS, entry_id=entry_id, entrant=team,
                                comment=comment, origin=origin)


def confirm_with_pin(*, entry_id: int, team: Team, pin: str, origin: Origin = Origin()
                     ) -> ResultReview:
    """The other team confirms on the entering team's phone by typing its PIN.

    ``team`` is the team whose link is open. A wrong PIN is recorded; too many lock PIN
    confirmation at the table for a while (``results.pins``).
    """
    return pins.confirm_with_pin(DEAL_RESULTS, entry_id=entry_id, entrant=team, pin=pin,
                                 origin=origin)
