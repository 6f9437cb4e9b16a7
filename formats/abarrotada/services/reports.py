"""Entering, confirming and disputing a deal's report, and the director's report (rules.md
10.2).

The pairs' policy, with players: any player seated at the table enters the deal; **any one
of the others** confirms it (or disputes it, which sends it to the director); a player cannot
confirm his own entry, nor one he disputed; once confirmed only the director changes it; a
newer entry supersedes older ones; the same idempotency key stores one entry. Each operation
locks only its own table's row, so the tables of a round write in parallel.
"""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from formats.abarrotada.models import DealReport, PlayerTable, ReportReview, Seating
from formats.abarrotada.rules import ReportRefused, ReportValues, check_values
from formats.abarrotada.services.settings import form_of
from formats.abarrotada.wording import PLAYER_WORDING
from scoring.services.values import Origin, ScoringError
from tournaments.models import Deal, Round, Team

#: As for a pairs' deal: past this many entries of one deal by one player, a phone is
#: misbehaving and the director corrects it.
MAX_ENTRIES_PER_DEAL = 10


def origin_fields(origin: Origin) -> dict:
    return {"ip_address": origin.ip_address, "user_agent": origin.user_agent}


def lock_table(table_id: int, round_id: int) -> Round:
    """Lock one table's row (``FOR NO KEY UPDATE``), then read its round as it is now. The
    pairs' ``scoring.services.checks._lock_table`` for a table of players."""
    if connection.features.has_select_for_update:
        list(PlayerTable.objects.select_for_update(no_key=True).filter(pk=table_id)
             .order_by().values_list("pk"))
    return Round.objects.only("id", "number", "status").get(pk=round_id)


def seat_of(player: Team, table: PlayerTable) -> str | None:
    return (Seating.objects.filter(table=table, player=player)
            .values_list("seat", flat=True).first())


def check_player_may_write(player: Team, table: PlayerTable, round_: Round) -> str:
    """The player's seat at ``table``, if they may write there now."""
    seat = seat_of(player, table)
    if seat is None:
        raise ScoringError(str(PLAYER_WORDING.not_your_table), code="not_your_table")
    if player.withdrawn:
        raise ScoringError(str(PLAYER_WORDING.withdrawn), code="withdrawn")
    if round_.status != Round.Status.RELEASED:
        raise ScoringError(
            _("Round %(number)s is closed: results can no longer be entered or confirmed "
              "here. Please ask the director.") % {"number": round_.number},
            code="round_closed")
    return seat


def deal_of(table: PlayerTable, deal_number: int) -> Deal:
    deal = Deal.objects.filter(round_id=table.round_id, number=deal_number).first()
    if deal is None:
        raise ReportRefused(_("Deal %(number)s is not played at this table.")
                            % {"number": deal_number}, "wrong_deal", "deal")
    return deal


def check_report_values(table: PlayerTable, deal_number: int, values: ReportValues) -> Deal:
    deal = deal_of(table, deal_number)
    check_values(values, dealer=deal.dealer, form=form_of(table.round.championship))
    return deal


def latest_report_id(table_id: int, deal_number: int) -> int | None:
    return (DealReport.objects.filter(table_id=table_id, deal_number=deal_number)
            .order_by("-id").values_list("id", flat=True).first())


def submit_report(*, player: Team, table: PlayerTable, deal_number: int, values: ReportValues,
                  idempotency_key: str | None, origin: Origin = Origin()
                  ) -> tuple[DealReport, bool]:
    """A player enters a deal. Returns ``(report, created)``; the same key stores once."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > 64:
        raise ScoringError(_("The request key is longer than 64 characters."),
                           code="key_too_long")
    check_report_values(table, deal_number, values)
    try:
        with transaction.atomic():
            round_ = lock_table(table.pk, table.round_id)
            if key is not None:
                earlier = DealReport.objects.filter(idempotency_key=key).first()
                if earlier is not None:
                    return _same_request(earlier, table, deal_number, player), False
            check_player_may_write(player, table, round_)
            entries = list(
                DealReport.objects.filter(table=table, deal_number=deal_number).order_by("-id")
                .annotate(confirmed=Exists(ReportReview.objects.filter(
                    report=OuterRef("pk"), verdict=ReportReview.Verdict.CONFIRM)))
                .values_list("by_team_id", "confirmed"))
            if entries and entries[0][1]:
                raise ScoringError(_("This deal has been confirmed: only the director can "
                                     "change it now."), code="confirmed")
            if sum(by == player.pk for by, _c in entries) >= MAX_ENTRIES_PER_DEAL:
                raise ScoringError(_("You have entered this deal too many times: please ask "
                                     "the director."), code="too_many")
            report = DealReport.objects.create(
                table=table, deal_number=deal_number, by_team=player, idempotency_key=key,
                **values.report_fields(), **origin_fields(origin))
    except IntegrityError:
        # The same key arrived twice at once: the other request stored it.
        earlier = DealReport.objects.filter(idempotency_key=key).first()
        if key is None or earlier is None:
            raise
        return _same_request(earlier, table, deal_number, player), False
    return report, True


def _same_request(earlier: DealReport, table: PlayerTable, deal_number: int,
                  player: Team) -> DealReport:
    if (earlier.table_id != table.pk or earlier.deal_number != deal_number
            or earlier.by_team_id != player.pk):
        raise ScoringError(_("This request key was already used for another result."),
                           code="key_reused")
    return earlier


def report_for_review(report_id: int, player: Team | None) -> tuple[DealReport, Round]:
    """The report, with its table locked, if ``player`` (or the director) may review it."""
    report = DealReport.objects.select_related("table").filter(pk=report_id).first()
    if report is None:
        raise ScoringError(_("This result does not exist."), code="not_found")
    round_ = lock_table(report.table_id, report.table.round_id)
    if player is not None:
        check_player_may_write(player, report.table, round_)
    if latest_report_id(report.table_id, report.deal_number) != report.pk:
        raise ScoringError(_("A newer result has been entered for this deal; review that one "
                             "instead."), code="superseded")
    if player is not None and report.by_team_id == player.pk:
        raise ScoringError(_("You entered this result, so you cannot confirm it: another "
                             "player at the table must."), code="self_confirmation")
    if player is not None and report.by_director_override:
        raise ScoringError(_("The director entered this result; it needs no confirmation."),
                           code="director")
    return report, round_


def _confirmation(reviews) -> ReportReview | None:
    return next((r for r in reviews if r.verdict == ReportReview.Verdict.CONFIRM), None)


@transaction.atomic
def confirm_report(*, report_id: int, player: Team, origin: Origin = Origin()) -> ReportReview:
    """Another player at the table confirms; confirming twice returns the first one."""
    report, _round = report_for_review(report_id, player)
    reviews = list(report.reviews.order_by("id"))
    existing = _confirmation(reviews)
    if existing is not None:
        return existing
    if any(r.verdict == ReportReview.Verdict.DISPUTE and r.by_team_id == player.pk
           for r in reviews):
        raise ScoringError(_("You have disputed this result: the director will settle it. Ask "
                             "the director if you now agree with it."), code="disputed")
    return ReportReview.objects.create(report=report, verdict=ReportReview.Verdict.CONFIRM,
                                       by_team=player, **origin_fields(origin))


@transaction.atomic
def dispute_report(*, report_id: int, player: Team, comment: str = "",
                   origin: Origin = Origin()) -> ReportReview:
    """Another player at the table disputes the report: the director settles it."""
    report, _round = report_for_review(report_id, player)
    if report.reviews.filter(verdict=ReportReview.Verdict.CONFIRM).exists():
        raise ScoringError(_("This deal has been confirmed: only the director can change it "
                             "now."), code="confirmed")
    return ReportReview.objects.create(report=report, verdict=ReportReview.Verdict.DISPUTE,
                                       by_team=player, comment=comment[:2000],
                                       **origin_fields(origin))


@transaction.atomic
def director_confirm_report(*, report_id: int, user, origin: Origin = Origin()) -> ReportReview:
    """The director settles a pending or disputed report as it stands."""
    report, _round = report_for_review(report_id, None)
    existing = report.reviews.filter(verdict=ReportReview.Verdict.CONFIRM).first()
    if existing is not None:
        return existing
    return ReportReview.objects.create(report=report, verdict=ReportReview.Verdict.CONFIRM,
                                       by_director=user, **origin_fields(origin))


@transaction.atomic
def director_set_report(*, table: PlayerTable, deal_number: int, values: ReportValues, user,
                        note: str = "", origin: Origin = Origin()) -> DealReport:
    """The director enters or overrides a deal; it counts at once (in a released or closed
    round: the director corrects closed rounds too). Earlier entries stay in the history."""
    check_report_values(table, deal_number, values)
    round_ = lock_table(table.pk, table.round_id)
    if round_.status == Round.Status.DRAFTED:
        raise ScoringError(_("This round has not been released yet."), code="drafted")
    report = DealReport.objects.create(
        table=table, deal_number=deal_number, by_director=user, by_director_override=True,
        note=note, **values.report_fields(), **origin_fields(origin))
    ReportReview.objects.create(report=report, verdict=ReportReview.Verdict.CONFIRM,
                                by_director=user, **origin_fields(origin))
    return report
