"""The free-deal format's kinds of export (``FreeDealPairs.export_kinds``), with the keys of
the duplicate kinds they stand for (``…/export/ranking_pdf/`` is the ranking sheet of either
format), and what its kept public downloads depend on.

Not yet offered: the championship archive and the full backup, which hold duplicate results
only (``scoring.archive``) and would leave out every game.

The knockout bracket (PDF) is offered only to an event whose settings ask for a knockout
stage (``ExportKind.offered``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from formats.free_deal.exports import csv_files, pdf, workbook
from formats.free_deal.models import FreeDealSettings
from formats.free_deal.services.settings import settings_of
from scoring.exports.bracket import bracket_pdf
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

KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", _("Ranking sheet (PDF)"),
                    scoped_file("ranking", "pdf", PDF, pdf.ranking_pdf), PDF, "pdf"), KINDS)
register(ExportKind("scorecards_pdf", _("Pair scorecards (PDF)"),
                    scoped_file("scorecards", "pdf", PDF, pdf.scorecards_pdf), PDF, "pdf"),
         KINDS)
register(ExportKind("workbook", _("Excel workbook"),
                    scoped_file("results", "xlsx", XLSX, workbook.workbook_bytes), XLSX,
                    "xlsx"), KINDS)
register(ExportKind("ranking_csv", _("Ranking (CSV)"),
                    scoped_file("ranking", "csv", CSV, csv_files.ranking_csv), CSV, "csv"),
         KINDS)
register(ExportKind("games_csv", _("Games (CSV)"),
                    scoped_file("games", "csv", CSV, csv_files.games_csv), CSV, "csv"), KINDS)


class _Whole:
    """The file-name suffix of a file that stands after no round (``file_name``)."""

    file_suffix = "knockout"
    file_label = pgettext_lazy("file name", "knockout")


def _bracket_file(championship, language: str) -> ExportFile:
    """The knockout bracket (rules.md 11.3), as the director prints it: every game entered
    so far (a knockout has no rounds to close)."""
    return ExportFile(file_name(championship, "bracket", _Whole, "pdf"), PDF,
                      bracket_pdf(championship))


# Offered only to an event whose settings ask for a knockout stage.
register(ExportKind("bracket_pdf", _("Knockout bracket (PDF)"), _bracket_file, PDF, "pdf",
                    scoped=False,
                    offered=lambda championship: bool(settings_of(championship).knockout_size)),
         KINDS)


def export_state(championship) -> dict:
    """The games, their reviews, the tables, the knockout's ties and games and the
    settings, as the public downloads' fingerprint sees them
    (``scoring.exports.public_files``); six queries."""
    settings = list(FreeDealSettings.objects.filter(championship=championship).values_list(
        "match_points", "tie_breaks", "bye_points", "bye_difference"))
    return {
        "format": championship.format,
        "games": row_marks(*table_games(championship), *knockout_rows(championship)),
        "settings": settings,
    }
