"""Benchmark of the exports: the ranking sheet, travellers and scorecards PDFs, the
workbook and the CSV files of a 200-team, 9-round Swiss event.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/exports_bench.py [--tsv]

On a throwaway SQLite database it builds the event of ``benchmarks/event.py`` (3,600
confirmed table results), closes its last round, and prints, in Catalan (decimal comma):

- the ranking sheet PDF (200 teams) — target ≤ 1.5 s;
- the travellers PDF (36 deals × 100 tables, with the hands);
- the Excel workbook (Ranking, Results with 3,600 lines, Teams, Deals, Rounds) — target ≤ 2 s;
- the ranking and results CSV files.

The ranking PDF, workbook and CSV figures are medians of three runs after one warm-up
render (WeasyPrint loads its fonts on first use); the travellers PDF is timed once. (The
team scorecards PDF, 200 pages of 36 lines, costs about what the travellers do: WeasyPrint's
time grows with the number of table cells.) With ``--tsv`` it prints lines ``exports<TAB>what<TAB>figure<TAB>target`` (for
``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def timed(func, repeat: int = 1):
    """(median wall-clock seconds, median CPU seconds of this process, the result). On a
    shared machine the CPU time says what the work costs when the wall clock is waiting."""
    times, cpu, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = func()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return (statistics.median(times), statistics.median(cpu)), result


def pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tsv", action="store_true",
                        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="duplicada-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone, translation
    from event import build_event

    from formats.duplicate_pairs.exports import csv_files, pdf, workbook
    from scoring import services
    from scoring.exports import data
    from tournaments.models import Round

    call_command("migrate", verbosity=0)
    translation.activate("ca")
    director = get_user_model().objects.create_user("bench", password="bench-password")
    championship = build_event(director)
    Round.objects.filter(championship=championship, status=Round.Status.RELEASED).update(
        status=Round.Status.CLOSED, closed_at=timezone.now()
    )
    services.recompute_championship(championship)
    scope = data.export_scope(championship)
    assert scope.after == 9

    pdf.ranking_pdf(scope)  # warm-up: fonts
    ranking_s, ranking = timed(lambda: pdf.ranking_pdf(scope), repeat=3)
    travellers_s, travellers = timed(lambda: pdf.travellers_pdf(scope))
    workbook_s, book = timed(lambda: workbook.workbook_bytes(scope), repeat=3)
    ranking_csv_s, _ = timed(lambda: csv_files.ranking_csv(scope), repeat=3)
    results_csv_s, _ = timed(lambda: csv_files.results_csv(scope), repeat=3)

    rows = [
        (f"ranking sheet PDF, 200 teams ({pages(ranking)} pages)", ranking_s, "≤ 1.5 s"),
        (f"travellers PDF, 36 deals × 100 tables ({pages(travellers)} pages)",
         travellers_s, ""),
        (f"Excel workbook, 3,600 result lines ({len(book) // 1024} kB)", workbook_s, "≤ 2 s"),
        ("ranking CSV", ranking_csv_s, ""),
        ("results CSV, 3,600 lines", results_csv_s, ""),
    ]
    if args.tsv:
        for what, (seconds, cpu), target in rows:
            print(f"exports\t{what}\t{seconds:,.2f} s (CPU {cpu:,.2f} s)\t{target}")
        return
    print("Exports benchmark, 200 teams × 9 rounds (seconds: wall clock, CPU)")
    for what, (seconds, cpu), target in rows:
        print(f"  {what:<58} {seconds:7.2f} {cpu:7.2f}  {target}")


if __name__ == "__main__":
    main()
