"""The group standings as export files (``GroupsKnockout.export_kinds``): the ranking sheet
(PDF, WeasyPrint: one sheet per group), the Excel workbook (one sheet, a column for the
group) and the CSV file, in the active language, on the shared exports' helpers
(``scoring.exports``: the printed sheet's frame, the workbook's sheet, CSV text that cannot
run as a formula).

As the pages (``standings``), every file stands after a closed round
(``scoring.exports.data.export_scope``): the public sees the closed rounds only, and a
file "after round N" counts the games and walkovers of rounds 1 to N. Whether a pair goes
through shows once every group game counts (rules.md 12.3).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook

from formats.groups_knockout.models import Group, GroupPair, GroupsSettings, GroupWalkover
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.standings import DIRECT, REPECHAGE, group_stage
from scoring.exports.csv_files import csv_bytes
from scoring.exports.pdf import print_context
from scoring.exports.registry import CSV, PDF, XLSX, ExportKind, register, scoped_file
from scoring.exports.state import row_marks, table_games
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved
from tournaments.printing import render_pdf


def stage_of(scope):
    """The group stage after the closed round the scope stands after."""
    return group_stage(scope.championship, up_to=scope.after)


def through_label(through: str) -> str:
    return {DIRECT: _("through"), REPECHAGE: _("through by repechage")}.get(through, "")


def header() -> list[str]:
    return [_("Group"), _("Place"), _("Pair number"), _("Pair"), _("Players"), _("Club"),
            _("Match points"), _("Games"), _("Won"), _("Lost"), _("Point difference"),
            _("Points"), _("Points against"), _("Through")]


def values(letter: str, row) -> list:
    """A pair's line, its place as the page shows it (``2=`` while a draw is needed)."""
    team, line = row.team, row.line
    return [letter, row.place, team.number, team.name, team.players, team.club,
            line.match_points, line.games, line.wins, line.losses, line.difference,
            line.points_for, line.points_against, through_label(row.through)]


def standings_csv(scope) -> bytes:
    return csv_bytes(header(), (values(view.letter, row) for view in stage_of(scope).groups
                                for row in view.rows))


def standings_workbook(scope) -> bytes:
    """One sheet, the group first on each line (filter it to see one group); a shared
    place is the number with the format ``0"="`` (it reads "2=" and sorts as 2)."""
    workbook = Workbook(write_only=True)
    sheet = Sheet(workbook, _("Group standings"), header())
    for view in stage_of(scope).groups:
        for row in view.rows:
            line = values(view.letter, row)
            shared = row.place.endswith("=")
            line[1] = int(row.place.rstrip("="))
            sheet.add(line, {2: SHARED_PLACE_FORMAT if shared else "0"})
    sheet.finish()
    return saved(workbook, scope)


def standings_pdf(scope) -> bytes:
    """The ranking sheet: each group's standing on a page of its own."""
    settings = settings_of(scope.championship)
    context = print_context(scope, _("Group standings"))
    context.update(groups=stage_of(scope).groups, settings=settings)
    return render_pdf("groups_knockout/print/standings.html", context)


KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", gettext_lazy("Group standings (PDF)"),
                    scoped_file("ranking", "pdf", PDF, standings_pdf), PDF, "pdf"), KINDS)
register(ExportKind("workbook", gettext_lazy("Excel workbook"),
                    scoped_file("ranking", "xlsx", XLSX, standings_workbook), XLSX, "xlsx"),
         KINDS)
register(ExportKind("ranking_csv", gettext_lazy("Group standings (CSV)"),
                    scoped_file("ranking", "csv", CSV, standings_csv), CSV, "csv"), KINDS)


def export_state(championship) -> dict:
    """What the standings files depend on, as the public downloads' fingerprint sees it
    (``scoring.exports.public_files``): the games, their reviews, the tables, the groups,
    the walkovers and the settings."""
    return {
        "format": championship.format,
        "games": row_marks(*table_games(championship),
                           Group.objects.filter(championship=championship),
                           GroupPair.objects.filter(championship=championship),
                           GroupWalkover.objects.filter(group__championship=championship)),
        "settings": list(GroupsSettings.objects.filter(championship=championship).values_list(
            "win_points", "qualifiers_per_group", "bracket_size", "best_of")),
    }
