"""The public files of a series, made once per state of the ranking and kept.

Anyone may download them once the ranking is public, and the PDF takes WeasyPrint a second
or two: so, as a championship's public downloads (``scoring.exports.public_files``), a file
is kept under ``EXPORTS_DIR/public/``, named by a fingerprint of everything it shows (the
series' name and settings, the championships and how each counts, every line of the
ranking, the kind and the language). The ranking is read afresh each time (a few queries),
so any change makes a new fingerprint and a stale file is never served; old files go with
the day-old cleanup (``scoring.exports.jobs.cleanup_exports``). The directors' files are
made each time and never kept."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from django.conf import settings
from django.utils.translation import override

from scoring.exports.jobs import cleanup_exports
from scoring.exports.registry import ExportFile
from series.files.kinds import SeriesFileKind, build, file_name
from series.files.sheet import RankingSheet, ranking_sheet
from series.models import Series

FOLDER = "public"


def fingerprint(sheet: RankingSheet, kind: SeriesFileKind, language: str) -> str:
    """A digest of what the file shows."""
    series = sheet.series
    state = {
        "kind": kind.key, "language": language,
        "series": [series.name, series.points_table, series.typed_points, series.best_of,
                   series.updates],
        "columns": [[c.position, c.championship.pk, c.championship.name, c.state]
                    for c in sheet.ranking.columns],
        "championships": [list(row) for row in (
            (r.position, r.name, r.dates, r.format, r.status, r.counted)
            for r in sheet.championships)],
        "lines": [[line.label, line.name, line.club, str(line.total),
                   [None if r is None else [str(r.points), r.counted] for r in line.results]]
                  for line in sheet.lines],
    }
    encoded = json.dumps(state, sort_keys=True, default=str).encode()
    return hashlib.sha256(encoded).hexdigest()[:32]


def public_file(kind: SeriesFileKind, series: Series, language: str) -> ExportFile:
    """The public file of ``kind`` in ``language``, from the kept copy when the ranking has
    not changed."""
    with override(language):
        sheet = ranking_sheet(series, director=False)
        path = (Path(settings.EXPORTS_DIR) / FOLDER
                / f"series-{series.pk}-{fingerprint(sheet, kind, language)}.{kind.extension}")
        try:
            return ExportFile(file_name(series, kind), kind.content_type, path.read_bytes())
        except OSError:
            pass
        made = build(kind, sheet)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.part")
    partial.write_bytes(made.data)
    partial.replace(path)  # a reader never sees half a file
    cleanup_exports()
    return made
