"""The kinds of export of duplicate pairs (``DuplicatePairs.export_kinds``), and what its
kept public downloads depend on (``DuplicatePairs.export_state``).

The files are this package's (the ranking sheet, the travellers, the pair scorecards, the
workbook, the CSV files) and the core's championship archive (``scoring.archive``); the
other formats use the same keys for their own files, so that ``…/export/ranking_pdf/`` is
the ranking sheet of any championship.
"""

from __future__ import annotations

from django.db.models import Count, Max
from django.utils.translation import gettext_lazy as _

from formats.duplicate_pairs.exports import csv_files, pdf, workbook
from scoring import archive
from scoring.exports.registry import (
    CSV,
    JSON,
    PDF,
    XLSX,
    ExportFile,
    ExportKind,
    register,
    scoped_file,
)
from scoring.models import Adjustment, ResultEntry, ResultReview
from tournaments.models import Championship, DealAnalysis

#: The kinds, by key, in the order the exports page lists them.
KINDS: dict[str, ExportKind] = {}

register(ExportKind("ranking_pdf", _("Ranking sheet (PDF)"),
                    scoped_file("ranking", "pdf", PDF, pdf.ranking_pdf), PDF, "pdf"), KINDS)
register(ExportKind("travellers_pdf", _("Travellers (PDF)"),
                    scoped_file("travellers", "pdf", PDF, pdf.travellers_pdf), PDF, "pdf"),
         KINDS)
register(ExportKind("scorecards_pdf", _("Pair scorecards (PDF)"),
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


def _archive_file(championship: Championship, *, full: bool) -> ExportFile:
    """The championship archive (docs/archive.md); it stands after no round."""
    kind = archive.KIND_FULL if full else archive.KIND_PUBLIC
    made = archive.export_full(championship) if full else archive.export_public(championship)
    return ExportFile(archive.archive_filename(championship, kind), JSON,
                      archive.to_json_bytes(made))


# Linked from the results pages by the archive's own URL (``archive:public``).
register(ExportKind("public_archive", _("Championship archive (JSON)"),
                    lambda championship, language: _archive_file(championship, full=False),
                    JSON, "json", scoped=False, linked=False), KINDS)
register(ExportKind("full_backup", _("Full backup (JSON, holds secrets)"),
                    lambda championship, language: _archive_file(championship, full=True),
                    JSON, "json", scoped=False, directors_only=True, holds_secrets=True),
         KINDS)


def export_state(championship: Championship) -> dict:
    """The results, their reviews, the adjustments and the deals' analyses, as the public
    downloads' fingerprint sees them (``scoring.exports.public_files``)."""
    deals = {"deal__championship": championship}
    return {
        "results": [
            list(model.objects.filter(**deals).aggregate(n=Count("id"), last=Max("id")).values())
            for model in (ResultEntry, Adjustment)
        ] + [list(ResultReview.objects.filter(entry__deal__championship=championship)
                  .aggregate(n=Count("id"), last=Max("id")).values())],
        # An analysis done, or done again, after the file was made is shown by a new file.
        "analyses": list(DealAnalysis.objects.filter(
            **deals, status=DealAnalysis.Status.DONE,
        ).aggregate(n=Count("id"), last=Max("computed_at")).values()),
    }
