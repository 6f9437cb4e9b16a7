"""Benchmark of the scoring app: standings, recompute, and a captain's requests.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/scoring_bench.py [--postgres]

On a throwaway SQLite database (or, with ``--postgres``, a throwaway PostgreSQL database
at 127.0.0.1:5432) it builds a 200-team, 9-round Swiss event (3,600 confirmed table
results, ``benchmarks/event.py``) and prints medians, in milliseconds:

- **standings** of the whole event (``scoring.selectors.standings``), and its ratio to
  reading the counted result rows alone (``counted_results``: the latest confirmed entry of
  every table and deal, one query) — target ≤ 50 ms and ≤ ×3;
- **recompute** of every stored score (``recompute_championship``), from empty and when
  the stored rows are already right, and its ratio to the engine alone scoring the same
  rows (``TableResult`` built from plain tuples, then ``score_deal``) — target ≤ ×2;
- **a captain's requests**, one at a time through Django's test client against a released
  200-table round: submit and confirm through the API, and the captain's page — targets
  5, 5 and 8 ms — with their query counts.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

REPEATS = 15


def median_ms(func, repeat: int = REPEATS) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def setup_database(postgres: bool) -> str | None:
    """Point Django at a throwaway database; returns the PostgreSQL name to drop, if any."""
    if postgres:
        name = f"duplicada_bench_{os.getpid()}"
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc",
                        f"CREATE DATABASE {name}"], check=True)
        os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{name}"
        return name
    workdir = tempfile.mkdtemp(prefix="duplicada-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    return None


def drop_database(name: str | None) -> None:
    if name:
        from django.db import connections

        connections.close_all()
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc",
                        f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


def engine_alone(championship) -> float:
    """The engine scoring the event's counted rows, from plain tuples (ms)."""
    from django.db.models import Q

    from scoring.selectors.scores import adjustments_in_force, counted_results, score_from_rows
    from tournaments.models import Deal

    deals = list(Deal.objects.filter(championship=championship).values_list("id", "dealer"))
    deal_filter = Q(deal__championship=championship)
    counted = counted_results(deal_filter)
    adjusted = adjustments_in_force(deal_filter)
    return median_ms(lambda: score_from_rows(deals, counted, adjusted))


def event_figures(director) -> list[tuple[str, str, str]]:
    from django.db.models import Q
    from event import build_event

    from scoring import selectors, services
    from scoring.models import DealScore
    from scoring.selectors.scores import counted_results
    from tournaments.models import Deal

    championship = build_event(director)
    deal_ids = list(Deal.objects.filter(championship=championship).values_list("id", flat=True))

    def recompute_from_empty():
        DealScore.objects.all().delete()
        services.recompute_championship(championship)

    cold = median_ms(recompute_from_empty, repeat=5)
    warm = median_ms(lambda: services.recompute_championship(championship), repeat=5)
    engine_ms = engine_alone(championship)
    raw = median_ms(lambda: counted_results(Q(deal_id__in=deal_ids)))
    standings = median_ms(lambda: selectors.standings(championship, live=True))
    # The same standings while every deal waits for its rebuild: read from the results.
    services.deal_changed  # noqa: B018 (documenting where notes come from)
    from scoring.models import ScoreRefresh

    ScoreRefresh.objects.bulk_create(ScoreRefresh(deal_id=d) for d in deal_ids)
    stale = median_ms(lambda: selectors.standings(championship, live=True), repeat=5)
    ScoreRefresh.objects.all().delete()
    return [
        ("standings, 200 teams × 9 rounds × 4 deals", f"{standings:.1f} ms", "≤ 50 ms"),
        ("reading the counted result rows (one query)", f"{raw:.1f} ms", ""),
        ("standings ÷ reading the counted rows", f"×{standings / raw:.2f}", "≤ ×3"),
        ("standings while every deal awaits its rebuild", f"{stale:.1f} ms", ""),
        ("engine alone: 3,600 results scored from tuples", f"{engine_ms:.1f} ms", ""),
        ("recompute, stored rows already right", f"{warm:.1f} ms", ""),
        ("recompute ÷ engine alone", f"×{warm / engine_ms:.2f}", "≤ ×2"),
        ("recompute from empty (3,600 rows written)", f"{cold:.1f} ms",
         f"×{cold / engine_ms:.2f} the engine"),
    ]


def request_figures(director, tables: int = 200, samples: int = 101) -> list[tuple[str, str, str]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from event import build_round

    championship, round_ = build_round(director, tables=tables, name="Requests")
    rows = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deal = round_.deals.order_by("number").first()
    client = Client()
    times = {"submit": [], "confirm": [], "page": []}
    queries = {}

    def timed(kind, call, *, count: bool):
        # Queries are counted on the first sample only: capturing them switches on Django's
        # debug cursor, which would add to the time measured.
        if count:
            with CaptureQueriesContext(connection) as context:
                response = call()
            queries[kind] = len(context)
            return response
        start = time.perf_counter()
        response = call()
        times[kind].append((time.perf_counter() - start) * 1000)
        return response

    for index, table in enumerate(rows[:samples]):
        count = index == 0
        ns, ew = table.ns_team, table.ew_team
        base = f"/api/v1/captain/{ns.pk}/{ns.link_secret}/results/"
        body = {"deal": deal.number, "contract": "O", "points_ns": 40,
                "idempotency_key": uuid.uuid4().hex}
        response = timed("submit", lambda base=base, body=body: client.post(
            base, body, content_type="application/json"), count=count)
        assert response.status_code == 201, response.content
        entry_id = response.json()["id"]
        url = f"/api/v1/captain/{ew.pk}/{ew.link_secret}/results/{entry_id}/confirm/"
        response = timed("confirm", lambda url=url: client.post(url), count=count)
        assert response.status_code == 200, response.content
        page = f"/t/{ew.pk}/{ew.link_secret}/"
        response = timed("page", lambda page=page: client.get(page), count=count)
        assert response.status_code == 200
    label = {"submit": ("submit (API)", "≤ 5 ms"), "confirm": ("confirm (API)", "≤ 5 ms"),
             "page": ("captain page", "≤ 8 ms")}
    return [
        (f"{label[k][0]}, {tables}-table round, one at a time",
         f"{statistics.median(v):.1f} ms ({queries[k]} queries)", label[k][1])
        for k, v in times.items()
    ]


def figures(postgres: bool = False) -> list[tuple[str, str, str]]:
    name = setup_database(postgres)
    try:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["ALLOWED_HOSTS"] = "testserver"
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        settings.SCORING_REBUILD = "off"  # measure the request alone
        settings.DEBUG = False  # as in production (make bench sets DEBUG=1 for its key)
        call_command("migrate", verbosity=0)
        director = get_user_model().objects.create_user("bench-director", password="x")
        return event_figures(director) + request_figures(director)
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
            print(f"scoring ({database})\t{what}\t{figure}\t{target}")
        return
    print(f"Scoring benchmark ({database})")
    for what, figure, target in rows:
        print(f"  {what:<55} {figure:>22}  {target}")


if __name__ == "__main__":
    main()
