"""The individual format's kinds of export (``Abarrotada.export_kinds``), with the keys of
the pairs' kinds they stand for, and what its kept public downloads depend on."""

from __future__ import annotations

from django.db.models import Count, Max
from django.utils.translation import gettext_lazy as _

from formats.abarrotada.exports import csv_files, pdf, workbook
from formats.abarrotada.models import DealReport, ReportReview, SeatAdjustment, Seating
from scoring.exports.registry import CSV, PDF, XLSX, ExportKind, register, scoped_file

KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", _("Ranking sheet (PDF)"),
                    scoped_file("ranking", "pdf", PDF, pdf.ranking_pdf), PDF, "pdf"), KINDS)
register(ExportKind("travellers_pdf", _("Travellers (PDF)"),
                    scoped_file("travellers", "pdf", PDF, pdf.travellers_pdf), PDF, "pdf"),
         KINDS)
register(ExportKind("scorecards_pdf", _("Player scorecards (PDF)"),
                    scoped_file("scorecards", "pdf", PDF, pdf.scorecards_pdf), PDF, "pdf"),
         KINDS)
register(ExportKind("workbook", _("Excel workbook"),
                    scoped_file("results", "xlsx", XLSX, workbook.workbook_bytes), XLSX,
                    "xlsx"), KINDS)
register(ExportKind("ranking_csv", _("Ranking (CSV)"),
                    scoped_file("ranking", "csv", CSV, csv_files.ranking_csv), CSV, "csv"),
         KINDS)
register(ExportKind("results_csv", _("Results (CSV)"),
                    scoped_file("results", "csv", CSV, csv_files.results_csv), CSV, "csv"),
         KINDS)


def export_state(championship) -> dict:
    """The reports, reviews, adjustments and seatings, as the public downloads' fingerprint
    sees them (``scoring.exports.public_files``); four queries."""
    return {
        "format": championship.format,
        "rows": [
            list(rows.aggregate(n=Count("id"), last=Max("id")).values())
            for rows in (DealReport.objects.filter(table__round__championship=championship),
                         ReportReview.objects.filter(
                             report__table__round__championship=championship),
                         SeatAdjustment.objects.filter(table__round__championship=championship),
                         Seating.objects.filter(round__championship=championship))
        ],
    }
