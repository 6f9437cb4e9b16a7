"""The kinds of export, one entry each, and how a file of a kind is built.

A kind says what it is called, how it is built, what it holds and who may have it::

    register(ExportKind(
        key="ranking_pdf", label=_("Ranking (PDF)"), extension="pdf",
        content_type="application/pdf", build=ranking_pdf,
    ))

``build(championship, language)`` (``language`` is active while it runs) returns the file
name, the content type and the bytes (an :class:`ExportFile`, or any 3-tuple in that order);
a kind that stands after a round (``scoped``) is also given ``after`` (None: the last closed
round). ``directors_only`` kinds are never served to the public; ``holds_secrets`` ones are
marked on the director's exports page. Public kinds are served directly from the results
pages (``scoring.views.exports``); every kind can be made as a background job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from scoring.exports import csv_files, data, pdf, workbook
from tournaments.models import Championship

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json"


class ExportFile(NamedTuple):
    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class ExportKind:
    key: str
    label: str
    build: Callable[..., ExportFile | tuple]
    content_type: str
    extension: str
    scoped: bool = True  # stands after a round: build(..., after=N)
    directors_only: bool = False
    holds_secrets: bool = False


KINDS: dict[str, ExportKind] = {}


def register(kind: ExportKind) -> ExportKind:
    KINDS[kind.key] = kind
    return kind


def get(key: str) -> ExportKind | None:
    return KINDS.get(key)


def available(*, director: bool) -> list[ExportKind]:
    return [kind for kind in KINDS.values() if director or not kind.directors_only]


def build(kind: ExportKind, championship: Championship, language: str,
          after: int | None = None) -> ExportFile:
    """The file of ``kind``, in ``language``. Raises ``data.ScopeError`` for a bad round."""
    with override(language):
        if kind.scoped:
            made = kind.build(championship, language, after=after)
        else:
            made = kind.build(championship, language)
    return ExportFile(*made)


def file_name(championship: Championship, what: str, scope, extension: str) -> str:
    name = slugify(championship.name) or f"championship-{championship.pk}"
    return f"{name}-{what}-{scope.file_suffix}.{extension}"


def _scoped(what: str, extension: str, content_type: str, make: Callable[[object], bytes]):
    """A builder for a kind that stands after a round: scope, name and bytes."""

    def build_file(championship: Championship, language: str, after=None) -> ExportFile:
        scope = data.export_scope(championship, after)
        return ExportFile(file_name(championship, what, scope, extension), content_type,
                          make(scope))

    return build_file


register(ExportKind("ranking_pdf", _("Ranking sheet (PDF)"),
                    _scoped("ranking", "pdf", PDF, pdf.ranking_pdf), PDF, "pdf"))
register(ExportKind("travellers_pdf", _("Travellers (PDF)"),
                    _scoped("travellers", "pdf", PDF, pdf.travellers_pdf), PDF, "pdf"))
register(ExportKind("scorecards_pdf", _("Team scorecards (PDF)"),
                    _scoped("scorecards", "pdf", PDF, pdf.scorecards_pdf), PDF, "pdf"))
register(ExportKind("workbook", _("Excel workbook"),
                    _scoped("results", "xlsx", XLSX, workbook.workbook_bytes), XLSX, "xlsx"))
register(ExportKind("ranking_csv", _("Ranking (CSV)"),
                    _scoped("ranking", "csv", CSV, csv_files.ranking_csv), CSV, "csv"))
register(ExportKind("results_csv", _("Results (CSV)"),
                    _scoped("results", "csv", CSV, csv_files.results_csv), CSV, "csv"))




def _archive_file(championship: Championship, *, full: bool) -> ExportFile:
    """The championship archive (docs/archive.md); it stands after no round."""
    from scoring import archive  # imported late: scoring.models imports this package

    kind = archive.KIND_FULL if full else archive.KIND_PUBLIC
    made = archive.export_full(championship) if full else archive.export_public(championship)
    return ExportFile(archive.archive_filename(championship, kind), JSON,
                      archive.to_json_bytes(made))


register(ExportKind("public_archive", _("Championship archive (JSON)"),
                    lambda championship, language: _archive_file(championship, full=False),
                    JSON, "json", scoped=False))
register(ExportKind("full_backup", _("Full backup (JSON, holds secrets)"),
                    lambda championship, language: _archive_file(championship, full=True),
                    JSON, "json", scoped=False, directors_only=True, holds_secrets=True))
