"""The three files of a series ranking, by key (the keys of a championship's own:
``ranking_pdf``, ``workbook``, ``ranking_csv``), their names and how one is made."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from django.http import Http404
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from scoring.exports.registry import CSV, FILE_WORDS, PDF, XLSX, ExportFile
from series.files.csv_file import ranking_csv
from series.files.pdf import ranking_pdf
from series.files.sheet import RankingSheet, ranking_sheet
from series.files.workbook import ranking_workbook
from series.models import Series


class SeriesFileKind(NamedTuple):
    key: str
    label: object
    extension: str
    content_type: str
    build: Callable[[RankingSheet], bytes]


KINDS = {kind.key: kind for kind in (
    SeriesFileKind("ranking_pdf", _("Ranking sheet (PDF)"), "pdf", PDF, ranking_pdf),
    SeriesFileKind("workbook", _("Excel workbook"), "xlsx", XLSX, ranking_workbook),
    SeriesFileKind("ranking_csv", _("Ranking (CSV)"), "csv", CSV, ranking_csv),
)}


def kind_of(key: str) -> SeriesFileKind:
    """The kind ``key``; 404 for any other."""
    try:
        return KINDS[key]
    except KeyError:
        raise Http404("No such file") from None


def file_name(series: Series, kind: SeriesFileKind) -> str:
    """``<series>-<ranking>.<extension>`` as a slug, in the active language
    ("lliga-del-casal-2026-classificacio.pdf"); a name with no letter to keep gives
    ``series-<id>``."""
    name = slugify(series.name) or f"series-{series.pk}"
    return f"{name}-{slugify(str(FILE_WORDS['ranking']))}.{kind.extension}"


def make(kind: SeriesFileKind, series: Series, language: str, *, director: bool
         ) -> ExportFile:
    """The file of ``kind`` in ``language``: the public's (the championships whose results
    are public) or, with ``director``, the series directors' (every championship)."""
    with override(language):
        return build(kind, ranking_sheet(series, director=director))


def build(kind: SeriesFileKind, sheet: RankingSheet) -> ExportFile:
    """The file of ``kind`` showing ``sheet``, in the active language."""
    return ExportFile(file_name(sheet.series, kind), kind.content_type, kind.build(sheet))
