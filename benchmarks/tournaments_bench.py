"""Benchmark of the tournaments app: round generation and printing.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/tournaments_bench.py [--tsv]

Uses a throwaway SQLite database in a temporary directory and prints, in milliseconds:

- Swiss round generation for 200 teams (round 1, the seeded draw; and round 5, paired
  from the ranking after four rounds), including writing the round, 100 tables and the
  deals;
- deal sheets for 36 deals (a 10-team round robin, 9 rounds of 4 deals);
- table cards for the 100 tables of a 200-team round;
- team cards for 200 teams.

PDF timings are the median of three runs after one warm-up render (WeasyPrint loads its
fonts on first use).

With ``--tsv`` it prints the same figures as lines
``tournaments<TAB>what<TAB>figure<TAB>target`` (no targets; for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from formats.duplicate_pairs.rounds import generate_schedule

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(func, repeat: int = 1):
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def page_count(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tsv", action="store_true",
        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target",
    )
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="duplicada-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import translation

    from tournaments import printing, services

    call_command("migrate", verbosity=0)
    translation.activate("ca")
    director = get_user_model().objects.create_user("bench", password="bench-password")

    def make(name, count, **settings):
        championship = services.create_championship(director, name=name, **settings)
        for i in range(1, count + 1):
            services.add_team(
                championship,
                name=f"Equip {i}",
                club=f"Club {i % 17}",
                player1=f"Jugador {i}A",
                player2=f"Jugador {i}B",
            )
        return championship

    # Swiss, 200 teams.
    swiss = make("Swiss 200", 200, movement="swiss", rounds_planned=9)
    swiss_first_ms, rounds = timed(lambda: services.generate_next_round(swiss))
    swiss_later = []
    for _ in range(4):
        services.release_round(rounds[0])
        services.close_round(rounds[0])
        elapsed, rounds = timed(lambda: services.generate_next_round(swiss))
        swiss_later.append(elapsed)
    round_100_tables = rounds[0]

    # Round robin, 10 teams: 9 rounds, 36 deals.
    robin = make("Round robin 10", 10)
    generate_schedule(robin)
    deals = list(robin.deals.select_related("round").order_by("number"))
    assert len(deals) == 36

    printing.table_cards_pdf(robin.rounds.get(number=1))  # warm-up
    deal_ms, pdf = timed(lambda: printing.deal_sheets_pdf(robin, deals), repeat=3)
    deal_pages = page_count(pdf)
    assert round_100_tables.tables.count() == 100
    table_ms, pdf = timed(lambda: printing.table_cards_pdf(round_100_tables), repeat=3)
    table_pages = page_count(pdf)
    team_ms, pdf = timed(
        lambda: printing.team_cards_pdf(swiss, "https://duplicada.example"), repeat=3
    )
    team_pages = page_count(pdf)

    if args.tsv:
        rows = [
            ("Swiss round 1 for 200 teams (seeded draw)", swiss_first_ms),
            ("Swiss round 5 for 200 teams (from the ranking)", swiss_later[-1]),
            ("Swiss rounds 2-5 for 200 teams, median", statistics.median(swiss_later)),
            (f"deal sheets, 36 deals ({deal_pages} pages)", deal_ms),
            (f"table cards, 100 tables ({table_pages} pages)", table_ms),
            (f"team cards, 200 teams ({team_pages} pages)", team_ms),
        ]
        for what, ms in rows:
            print(f"tournaments\t{what}\t{ms:,.0f} ms\t")
        return
    print("Tournaments benchmark (ms)")
    print(f"  Swiss round 1 for 200 teams (seeded draw):       {swiss_first_ms:8.0f}")
    print(f"  Swiss round 5 for 200 teams (from the ranking):  {swiss_later[-1]:8.0f}")
    print(f"  Swiss rounds 2-5 for 200 teams, median:          {statistics.median(swiss_later):8.0f}")
    print(f"  Deal sheets, 36 deals ({deal_pages} pages):              {deal_ms:8.0f}")
    print(f"  Table cards, 100 tables ({table_pages} pages):            {table_ms:8.0f}")
    print(f"  Team cards, 200 teams ({team_pages} pages):               {team_ms:8.0f}")


if __name__ == "__main__":
    main()
