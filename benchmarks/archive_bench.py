"""Benchmark of the championship archive: full backup export and import.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/archive_bench.py [--postgres] [--tsv]

On a throwaway SQLite database (or, with ``--postgres``, a throwaway PostgreSQL database
at 127.0.0.1:5432) it builds the 200-team, 9-round Swiss event of ``benchmarks/event.py``
(3,600 confirmed table results) with a few audit events, then prints medians of:

- **export**: ``export_full`` and ``to_json_bytes`` (target ≤ 5 s), and the file's size;
- **import**: ``import_archive`` of that file after the championship was deleted, checks,
  inserts and the recompute of every score included (target ≤ 5 s);
- **public archive** export (``export_public``), with its size.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scoring_bench import drop_database, setup_database  # noqa: E402

REPEATS = 3


def delete_championship(championship) -> None:
    from scoring.models import Adjustment, DealScore, PinAttempt, ResultEntry, ResultReview
    from tournaments.models import AuditEvent

    ResultReview.objects.filter(entry__table__round__championship=championship).delete()
    for model in (ResultEntry, Adjustment, PinAttempt, DealScore):
        model.objects.filter(table__round__championship=championship).delete()
    AuditEvent.objects.filter(championship=championship).delete()
    championship.rounds.all().delete()
    championship.delete()


def archive_figures(director) -> list[tuple[str, str, str]]:
    from event import build_event

    from scoring.archive import export_full, export_public, import_archive, to_json_bytes
    from scoring.archive.format import renumbered
    from scoring.services import recompute_championship
    from tournaments.audit import Origin, record
    from tournaments.models import AuditEvent, Championship

    championship = build_event(director)
    recompute_championship(championship)
    for round_ in championship.rounds.all():
        record(AuditEvent.Action.ROUND_RELEASED, championship, by=director,
               origin=Origin("192.0.2.1", "bench"), round_number=round_.number)
    pk = championship.pk
    exports, imports, data = [], [], b""
    for _ in range(REPEATS):
        championship = Championship.objects.get(pk=pk)
        start = time.perf_counter()
        data = to_json_bytes(export_full(championship))
        exports.append(time.perf_counter() - start)
        delete_championship(championship)
        start = time.perf_counter()
        pk = import_archive(data, director=director).pk  # new ids for every row
        imports.append(time.perf_counter() - start)
    again = to_json_bytes(export_full(Championship.objects.get(pk=pk)))
    publics = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        public = to_json_bytes(export_public(Championship.objects.get(pk=pk)))
        publics.append(time.perf_counter() - start)
    def comparable(data: bytes) -> dict:
        archive = json.loads(data)
        archive.pop("exported_at")
        return renumbered(archive)

    same = comparable(again) == comparable(data)
    return [
        ("full backup export, 200 teams × 9 rounds (3,600 results)",
         f"{statistics.median(exports):.2f} s", "≤ 5 s"),
        ("full backup import (checks, inserts, recompute)",
         f"{statistics.median(imports):.2f} s", "≤ 5 s"),
        ("full backup size", f"{len(data) / 1e6:.1f} MB", ""),
        ("public archive export (8 closed rounds)", f"{statistics.median(publics):.2f} s",
         f"{len(public) / 1e6:.1f} MB"),
        ("export → import → export identical (but the time and ids)", "yes" if same else "NO", "yes"),
    ]


def figures(postgres: bool = False) -> list[tuple[str, str, str]]:
    import os

    name = setup_database(postgres)
    try:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        settings.SCORING_REBUILD = "off"
        # Each import asks for its closed deals' analysis in the background; the next
        # repeat deletes those deals (new ids each time), so it would only fail and log.
        settings.DEAL_ANALYSIS = "off"
        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        director = get_user_model().objects.create_user("bench-director", password="x")
        return archive_figures(director)
    finally:
        drop_database(name)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true",
                        help="a throwaway PostgreSQL database at 127.0.0.1:5432, not SQLite")
    parser.add_argument("--tsv", action="store_true",
                        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()
    database = "PostgreSQL" if args.postgres else "SQLite"
    rows = figures(args.postgres)
    if args.tsv:
        for what, figure, target in rows:
            print(f"archive ({database})\t{what}\t{figure}\t{target}")
        return
    print(f"Archive benchmark ({database})")
    for what, figure, target in rows:
        print(f"  {what:<55} {figure:>10}  {target}")


if __name__ == "__main__":
    main()
