"""Enter and confirm every result of a championship's open round, in-process (a child
process, with ``DATABASE_URL`` set), through the project's services.

    python -m benchmarks.drills.results --championship ID

Gives a task such as ``scoring.recompute_championship`` real work to do. Prints, as one
JSON line, how many results were stored and how long a full recompute takes here.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time


def enter_all(championship_id: int) -> dict:
    from django.conf import settings

    from formats.duplicate_pairs import services as pairs_services
    from scoring import services
    from scoring.services import check_result_values
    from tournaments.models import Championship, Deal, Table

    settings.SCORING_REBUILD = "off"  # the drill rebuilds; no background thread here
    championship = Championship.objects.get(pk=championship_id)
    rng = random.Random(championship_id)
    tables = Table.objects.filter(round__championship=championship).select_related(
        "round", "ns_team", "ew_team")
    stored = 0
    for table in tables:
        for deal in Deal.objects.filter(round=table.round).order_by("number"):
            data = check_result_values(contract=rng.choice(("O", "C", "E", "B", "BOT")),
                                       points_ns=rng.randint(0, 72))
            entry, _ = pairs_services.submit_result(
                team=table.ns_team, table=table, deal=deal, data=data,
                idempotency_key=f"drill-results-{table.pk}-{deal.pk}")
            pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team)
            stored += 1
    start = time.monotonic()
    services.recompute_championship(championship)
    return {"results": stored, "recompute_seconds": round(time.monotonic() - start, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--championship", type=int, required=True)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(enter_all(args.championship)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
