"""The Excel workbook of a free-deal championship: sheets Ranking, Games and Pairings.

Built with the duplicate workbook's :class:`~scoring.exports.workbook.Sheet` (frozen header
row, autofilter, widths that fit, text that a spreadsheet would run as a formula stored as
plain text). Numbers are numbers: match points and Buchholz as 1 or 1.5, a shared place as
the number with the format ``0"="`` (it reads "4=" and sorts as 4).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from openpyxl import Workbook

from formats.free_deal.exports import data
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved
from scoring.models import GameEntry

ENDINGS = dict(GameEntry.EndedBy.choices)


def ranking_header() -> list[str]:
    return [_("Place"), _("Pair number"), _("Pair"), _("Players"), _("Club"), _("Match points"),
            _("Games"), _("Won"), _("Drawn"), _("Lost"), _("Byes"), _("Point difference"),
            _("Points"), _("Points against"), _("Buchholz")]


def ranking_values(line) -> list:
    team = line.team
    return [line.placed.place, team.number, team.name, team.players, team.club,
            data.number(line.match_points), line.games, line.wins, line.draws, line.losses,
            line.byes, line.point_difference, line.points, line.points_against,
            data.number(line.buchholz)]


def games_header() -> list[str]:
    return [_("Round"), _("Table"), _("First pair number"), _("First pair"),
            _("Second pair number"), _("Second pair"), _("First pair's points"),
            _("Second pair's points"), _("First pair's match points"),
            _("Second pair's match points"), _("How the game ended"), _("Hands played")]


def games_values(line: data.GameLine) -> list:
    game = line.game
    return [line.round, line.table, line.first.number, line.first.name, line.second.number,
            line.second.name,
            game.first_points if game else None, game.second_points if game else None,
            data.number(line.first_match_points), data.number(line.second_match_points),
            str(ENDINGS.get(game.ended_by, game.ended_by)) if game else None,
            game.hands_played if game else None]


def with_section(header: list, sections: bool) -> list:
    """With sections, each sheet starts with the row's section (the place is within it)."""
    return [_("Section"), *header] if sections else header


def _ranking(workbook, scope, sections: bool) -> None:
    sheet = Sheet(workbook, _("Ranking"), with_section(ranking_header(), sections))
    place_column = 2 if sections else 1
    for line in data.ranking(scope):
        values = ranking_values(line)
        sheet.add([line.section_name, *values] if sections else values,
                  {place_column: SHARED_PLACE_FORMAT if line.placed.shared else "0"})
    sheet.finish()


def _games(workbook, scope, sections: bool) -> None:
    sheet = Sheet(workbook, _("Games"), with_section(games_header(), sections))
    for line in data.games(scope):
        values = games_values(line)
        sheet.add([line.section, *values] if sections else values)
    sheet.finish()


def _pairings(workbook, scope, sections: bool) -> None:
    sheet = Sheet(workbook, _("Pairings"), with_section([
        _("Round"), _("Table"), _("First pair"), _("Second pair"), _("Bye"),
    ], sections))
    for line in data.pairings(scope):
        values = [line.round, line.table, data.pair_name(line.first),
                  data.pair_name(line.second), data.pair_name(line.bye) or None]
        sheet.add([line.section, *values] if sections else values)
    sheet.finish()


def workbook_bytes(scope) -> bytes:
    """The workbook of ``scope.championship``, standing where ``scope`` says."""
    workbook = Workbook(write_only=True)
    sections = data.has_sections(scope.championship)
    _ranking(workbook, scope, sections)
    _games(workbook, scope, sections)
    _pairings(workbook, scope, sections)
    return saved(workbook, scope)
