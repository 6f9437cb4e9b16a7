"""Entering, confirming and disputing a deal's report, and the director's report (rules.md
10.2): the values checked by the rules, the rest the results core's lifecycle
(``results.lifecycle``, with the players' answers of ``entries``). A report's slot is its
deal at its table."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from formats.abarrotada.models import DealReport, PlayerTable, ReportReview
from formats.abarrotada.rules import ReportRefused, ReportValues, check_values
from formats.abarrotada.services import entries
from formats.abarrotada.services.entries import check_player_may_write, lock_table
from formats.abarrotada.services.settings import form_of
from results import lifecycle
from scoring.services.values import Origin
from tournaments.models import Deal, Team

__all__ = ["check_player_may_write", "lock_table"]

def slot_of(report: DealReport) -> dict:
    """A report's slot at its table: its deal."""
    return {"deal_number": report.deal_number}


REPORTS = entries.kind(DealReport, ReportReview, gettext_lazy(
    "This deal has been confirmed: only the director can change it now."), slot_of)


def deal_of(table: PlayerTable, deal_number: int) -> Deal:
    deal = Deal.objects.filter(round_id=table.round_id, number=deal_number).first()
    if deal is None:
        from django.utils.translation import gettext as _

        raise ReportRefused(_("Deal %(number)s is not played at this table.")
                            % {"number": deal_number}, "wrong_deal", "deal")
    return deal


def check_report_values(table: PlayerTable, deal_number: int, values: ReportValues) -> Deal:
    deal = deal_of(table, deal_number)
    check_values(values, dealer=deal.dealer, form=form_of(table.round.championship))
    return deal


def submit_report(*, player: Team, table: PlayerTable, deal_number: int, values: ReportValues,
                  idempotency_key: str | None, origin: Origin = Origin()
                  ) -> tuple[DealReport, bool]:
    """A player enters a deal. Returns ``(report, created)``; the same key stores once."""
    check_report_values(table, deal_number, values)
    return lifecycle.submit(REPORTS, entrant=player, table=table,
                            slot={"deal_number": deal_number}, fields=values.report_fields(),
                            idempotency_key=idempotency_key, origin=origin)


def earlier_report(*, player: Team, deal_number: int, idempotency_key: str | None
                   ) -> DealReport | None:
    """The report of this deal that ``player`` stored with this key, if any: a report sent
    again gets its first answer, even after its round closed
    (``results.lifecycle.earlier_submission``)."""
    return lifecycle.earlier_submission(REPORTS, entrant=player,
                                        slot={"deal_number": deal_number},
                                        idempotency_key=idempotency_key)


def report_for_review(report_id: int, player: Team | None):
    """The report, with its table locked, if ``player`` (or the director) may review it."""
    return lifecycle.for_review(REPORTS, report_id, player)


def confirm_report(*, report_id: int, player: Team, origin: Origin = Origin()) -> ReportReview:
    """Another player at the table confirms; confirming twice returns the first one."""
    return lifecycle.confirm_by(REPORTS, entry_id=report_id, entrant=player, origin=origin)


def dispute_report(*, report_id: int, player: Team, comment: str = "",
                   origin: Origin = Origin()) -> ReportReview:
    """Another player at the table disputes the report: the director settles it."""
    return lifecycle.dispute_by(REPORTS, entry_id=report_id, entrant=player, comment=comment,
                                origin=origin)


def director_confirm_report(*, table: PlayerTable, deal_number: int, report_id, user,
                            origin: Origin = Origin()) -> ReportReview:
    """The director settles a pending or disputed report as it stands. ``table`` and
    ``deal_number`` are the URL's: the report is looked up among that deal's reports, so
    another deal's, table's or championship's id is ``NotHere`` (404)."""
    return lifecycle.director_confirm(REPORTS, table=table, slot={"deal_number": deal_number},
                                      entry_id=report_id, user=user, what="report",
                                      origin=origin)


def director_set_report(*, table: PlayerTable, deal_number: int, values: ReportValues, user,
                        note: str = "", origin: Origin = Origin()) -> DealReport:
    """The director enters or overrides a deal; it counts at once (in a released or closed
    round: the director corrects closed rounds too). Earlier entries stay in the history."""
    check_report_values(table, deal_number, values)
    return lifecycle.director_entry(REPORTS, table=table, slot={"deal_number": deal_number},
                                    fields=values.report_fields(), user=user, note=note,
                                    origin=origin)
