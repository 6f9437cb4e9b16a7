"""The group standings as export files (``GroupsKnockout.export_kinds``): the ranking sheet
(PDF, WeasyPrint: one sheet per group), the Excel workbook (one sheet, a column for the
group) and the CSV file, in the active language, on the shared exports' helpers
(``scoring.exports``: the printed sheet's frame, the workbook's sheet, CSV text that cannot
run as a formula). The knockout stage (rules.md 12.4, ``knockout_exports``): the workbook's
"Knockout stage" sheet once the bracket is drawn, its "Final ranking" sheet and the ranking
sheet's first page once the final is decided; the final ranking's own CSV file (a kind of
its own, offered once decided: the group standings' CSV stays the group standings); and the
printed bracket (the core's sheet, ``scoring.exports.bracket``), offered once drawn.

As the pages (``standings``), every file stands after a closed round
(``scoring.exports.data.export_scope``): the public sees the closed rounds only, and a
file "after round N" counts the games and walkovers of rounds 1 to N. Whether a pair goes
through shows once every group game counts (rules.md 12.3).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from openpyxl import Workbook

from formats.groups_knockout import knockout_exports as ko
from formats.groups_knockout.models import (
    Group,
    GroupDraw,
    GroupPair,
    GroupsSettings,
    GroupWalkover,
)
from formats.groups_knockout.services import settings_of
from formats.groups_knockout.standings import DIRECT, REPECHAGE, group_stage
from scoring.exports.bracket import bracket_pdf
from scoring.exports.csv_files import csv_bytes
from scoring.exports.pdf import print_context, rating_column
from scoring.exports.registry import (
    CSV,
    PDF,
    XLSX,
    ExportFile,
    ExportKind,
    file_name,
    register,
    scoped_file,
)
from scoring.exports.state import knockout_rows, row_marks, table_games
from scoring.exports.workbook import SHARED_PLACE_FORMAT, Sheet, saved
from scoring.models import KnockoutTie
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


def place_cell(label: str) -> tuple[int, str]:
    """A place as a number and its format: ``0"="`` for a shared one (it reads "2=" and
    sorts as 2)."""
    return int(label.rstrip("=")), SHARED_PLACE_FORMAT if label.endswith("=") else "0"


def standings_workbook(scope) -> bytes:
    """The group standings on one sheet, the group first on each line (filter it to see one
    group); then, once drawn, the knockout's ties, and once decided, the final ranking."""
    workbook = Workbook(write_only=True)
    sheet = Sheet(workbook, _("Group standings"), header())
    stage = stage_of(scope)
    for view in stage.groups:
        for row in view.rows:
            line = values(view.letter, row)
            line[1], place_format = place_cell(row.place)
            sheet.add(line, {2: place_format})
    sheet.finish()
    knockout = ko.knockout_of(scope.championship, stage)
    if knockout.rounds:
        sheet = Sheet(workbook, _("Knockout stage"), ko.knockout_header(knockout.best_of))
        for row in ko.knockout_rows(knockout):
            sheet.add(row)
        sheet.finish()
    if knockout.lines is not None:
        sheet = Sheet(workbook, _("Final ranking"), ko.final_header())
        for line in knockout.lines:
            row = ko.final_values(line)
            row[0], place_format = place_cell(line.label)
            formats = {1: place_format}
            if line.group_place:
                row[7], formats[8] = place_cell(line.group_place)
            sheet.add(row, formats)
        sheet.finish()
    return saved(workbook, scope)


def standings_pdf(scope) -> bytes:
    """The ranking sheet: the final ranking first once it is decided, then each group's
    standing on a page of its own."""
    settings = settings_of(scope.championship)
    context = print_context(scope, _("Group standings"))
    stage = stage_of(scope)
    context.update(groups=stage.groups, settings=settings,
                   final=ko.knockout_of(scope.championship, stage).lines,
                   ratings=rating_column(scope.championship))
    return render_pdf("groups_knockout/print/standings.html", context)


class _Knockout:
    """The file-name suffix of a knockout file: it stands after no round."""

    file_label = pgettext_lazy("file name", "knockout")


def final_csv(championship, language: str) -> ExportFile:
    """The final ranking (rules.md 12.4) as CSV: place ("3=" when shared), the pair, the
    knockout round it reached, its group and group place."""
    knockout = ko.knockout_of(championship, group_stage(championship))
    return ExportFile(file_name(championship, "ranking", _Knockout, "csv"), CSV,
                      csv_bytes(ko.final_header(),
                                (ko.final_values(line) for line in knockout.lines or ())))


def bracket_file(championship, language: str) -> ExportFile:
    """The printed bracket (the core's sheet): every game entered so far."""
    return ExportFile(file_name(championship, "bracket", _Knockout, "pdf"), PDF,
                      bracket_pdf(championship))


def _drawn(championship) -> bool:
    return KnockoutTie.objects.filter(championship=championship).exists()


KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", gettext_lazy("Group standings (PDF)"),
                    scoped_file("ranking", "pdf", PDF, standings_pdf), PDF, "pdf"), KINDS)
register(ExportKind("workbook", gettext_lazy("Excel workbook"),
                    scoped_file("ranking", "xlsx", XLSX, standings_workbook), XLSX, "xlsx"),
         KINDS)
register(ExportKind("ranking_csv", gettext_lazy("Group standings (CSV)"),
                    scoped_file("ranking", "csv", CSV, standings_csv), CSV, "csv"), KINDS)
# The knockout's files, each offered once there is something in it (one query each).
register(ExportKind("final_csv", gettext_lazy("Final ranking (CSV)"), final_csv, CSV, "csv",
                    scoped=False, offered=ko.decided), KINDS)
register(ExportKind("bracket_pdf", gettext_lazy("Knockout bracket (PDF)"), bracket_file, PDF,
                    "pdf", scoped=False, offered=_drawn), KINDS)


def export_state(championship) -> dict:
    """What the files depend on, as the public downloads' fingerprint sees it
    (``scoring.exports.public_files``): the games, their reviews, the tables, the groups,
    the walkovers, the director's kept draws (they reorder level pairs: kept, never
    changed), the knockout's ties and games, and the settings."""
    return {
        "format": championship.format,
        "games": row_marks(*table_games(championship),
                           Group.objects.filter(championship=championship),
                           GroupPair.objects.filter(championship=championship),
                           GroupWalkover.objects.filter(group__championship=championship),
                           GroupDraw.objects.filter(championship=championship),
                           *knockout_rows(championship)),
        "settings": list(GroupsSettings.objects.filter(championship=championship).values_list(
            "win_points", "qualifiers_per_group", "bracket_size", "best_of")),
    }
