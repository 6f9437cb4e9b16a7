"""The Excel workbook of duplicate pairs (openpyxl, ``scoring.exports.workbook``): sheets
Ranking, Results, the entrants (Pairs), Deals and Rounds.

Numbers are numbers (scores as shown, 2 decimals, with a 2-decimal number format). The
entrants show no links or PINs; Deals lists only the deals of the rounds counted (closed
ones), with their double-dummy table, par and optimal line (one column a trick, its cards
named as players name them and its winner) once the analysis is done (rules.md 8.1). Deal
scores stay numbers, shown signed (+6, \u22126) by their number format, as the pages print
them.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook

from formats import format_of
from formats.duplicate_pairs.exports import data
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved
from scoring.models import ResultEntry
from scoring.numbers import exact_number

SCORE_FORMAT = "0.00"
# A deal score as the pages show it (tournaments.presentation.signed): +6, a true minus, 0.
SIGNED_FORMAT = '+0;"\u2212"0;0'
TRICKS = 12

CONTRACTS = dict(ResultEntry.Contract.choices)
CONTRACT_ORDER = ("O", "C", "E", "B", "BOT")  # as rules.md 8.1 lists them
BREACHES = dict(ResultEntry.Breach.choices)


def _yes(value: bool | None):
    if value is None:
        return None
    return _("yes") if value else ""


def _ranking(workbook, scope) -> None:
    sheet = Sheet(workbook, _("Ranking"), [
        _("Place"), _("No."), format_of(scope.championship).wording.entrant_title,
        _("Players"), _("Club"), _("Total"),
        _("Deals"), _("Sum of deal scores"), _("Tops"),
    ])
    for row in data.ranking(scope):
        team = row.team
        sheet.add(
            [row.place, team.number, team.name, team.players, team.club,
             exact_number(row.total), row.deals, row.deal_score_sum, row.tops],
            {1: SHARED_PLACE_FORMAT if row.shared else "0", 6: SCORE_FORMAT, 8: SIGNED_FORMAT},
        )
    sheet.finish()


def _results(workbook, scope) -> None:
    sheet = Sheet(workbook, _("Results"), [
        _("Round"), _("Deal"), _("Table"), _("NS pair"), _("EW pair"), _("Contract"),
        _("Delegated"), _("Contro"), _("Recontro"), _("Rule breach"), _("NS points"),
        _("EW points"), _("NS deal score"), _("EW deal score"), _("NS final"), _("EW final"),
        _("NS adjusted"), _("EW adjusted"),
    ])
    for line in data.result_lines(scope):
        entry = line.entry
        sheet.add(
            [line.round, line.deal, line.table, line.ns_team, line.ew_team,
             str(CONTRACTS[entry.contract]) if entry else None,
             _yes(entry.delegated) if entry else None,
             _yes(entry.contro) if entry else None,
             _yes(entry.recontro) if entry else None,
             str(BREACHES[entry.breach]) if entry else None,
             line.ns_points, line.ew_points, line.ns_deal_score, line.ew_deal_score,
             exact_number(line.ns_final), exact_number(line.ew_final),
             _yes(line.ns_adjusted), _yes(line.ew_adjusted)],
            {13: SIGNED_FORMAT, 14: SIGNED_FORMAT, 15: SCORE_FORMAT, 16: SCORE_FORMAT},
        )
    sheet.finish()


def _teams(workbook, championship) -> None:
    words = format_of(championship).wording
    sheet = Sheet(workbook, str(words.entrants_title), [
        _("No."), words.entrant_title, _("Club"), _("First player"), _("Second player"),
        _("Withdrawn"),
    ])
    for team in data.teams(championship):
        sheet.add([team.number, team.name, team.club, team.player1, team.player2,
                   _yes(team.withdrawn)])
    sheet.finish()


def _deals(workbook, scope) -> None:
    sheet = Sheet(workbook, _("Deals"), [
        _("Round"), _("Deal"), _("Dealer"), _("Trumps"), _("Notation (rules.md 2)"),
        _("North"), _("East"), _("South"), _("West"),
        *(_("NS points in %(contract)s (double dummy)") % {"contract": CONTRACTS[code]}
          for code in CONTRACT_ORDER),
        _("Par contract"), _("Par side"), _("Par points"), _("Par deal score"),
        *(_("Optimal line, trick %(number)s") % {"number": number}
          for number in range(1, TRICKS + 1)),
    ])
    par_score_column = 9 + len(CONTRACT_ORDER) + 4
    for line in data.deals(scope):
        hands = line.hands_text
        sheet.add([line.round, line.deal.number, line.view.dealer_name,
                   line.view.trump_side_name, line.view.notation,
                   hands["N"], hands["E"], hands["S"], hands["W"], *_analysis(line.analysis)],
                  {par_score_column: SIGNED_FORMAT})
    sheet.finish()


def _analysis(analysis) -> list:
    """The double-dummy table and par (rules.md 8.1), as numbers, and the optimal line a
    trick a cell, in words; empty cells until the analysis is done."""
    if analysis is None:
        return [None] * (len(CONTRACT_ORDER) + 4 + TRICKS)
    table = analysis.table_by_code
    tricks = [trick.text for trick in analysis.tricks]
    return [*(table[code] for code in CONTRACT_ORDER), str(CONTRACTS[analysis.par_contract]),
            analysis.trump_side_name, analysis.par_points, analysis.par_score,
            *tricks, *[None] * (TRICKS - len(tricks))]


def _rounds(workbook, championship) -> None:
    sheet = Sheet(workbook, _("Rounds"), [
        _("Round"), _("Status"), _("Tables"), _("First deal"), _("Last deal"), _("Bye"),
        _("Released at"), _("Closed at"),
    ])
    for item in data.rounds(championship):
        round_ = item["round"]
        sheet.add([
            round_.number, str(round_.get_status_display()), item["tables"],
            item["first_deal"], item["last_deal"],
            str(round_.bye_team) if round_.bye_team else None,
            _local(round_.released_at), _local(round_.closed_at),
        ], {7: "yyyy-mm-dd hh:mm", 8: "yyyy-mm-dd hh:mm"})
    sheet.finish()


def _local(moment):
    # Spreadsheets have no time zones: local time, without one.
    return timezone.localtime(moment).replace(tzinfo=None) if moment else None


def workbook_bytes(scope) -> bytes:
    """The workbook of ``scope.championship``, standing where ``scope`` says."""
    championship = scope.championship
    workbook = Workbook(write_only=True)
    _ranking(workbook, scope)
    _results(workbook, scope)
    _teams(workbook, championship)
    _deals(workbook, scope)
    _rounds(workbook, championship)
    return saved(workbook, scope)
