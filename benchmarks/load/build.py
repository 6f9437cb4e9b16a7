"""Build the championship under test through the project's services (a child process).

    python -m benchmarks.load.build --tables N --out FILE

With ``DATABASE_URL`` pointing at a migrated, empty database: a director, a Swiss
championship of 2N teams and 4 deals a match, round 1 generated and released. Writes to
FILE, as JSON, the championship, the round's deal numbers and each table's NS and EW teams
with their link secrets.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

DEALS_PER_MATCH = 4
ROUNDS_PLANNED = 5


def build(tables: int) -> dict:
    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.models import Deal, Table, Team

    director = get_user_model().objects.create_user("load-director", password=None)
    championship = services.create_championship(
        director,
        name=f"Load test, {tables} tables",
        movement="swiss",
        rounds_planned=ROUNDS_PLANNED,
        deals_per_match=DEALS_PER_MATCH,
    )
    Team.objects.bulk_create(
        [
            Team(
                championship=championship,
                number=number,
                name=f"Equip {number}",
                club=f"Club {number % 23}",
                player1=f"Jugador {number}A",
                player2=f"Jugador {number}B",
            )
            for number in range(1, 2 * tables + 1)
        ],
        batch_size=500,
    )
    rounds = services.generate_next_round(championship)
    round_ = services.release_round(rounds[0], by=director)
    rows = (
        Table.objects.filter(round=round_)
        .select_related("ns_team", "ew_team")
        .order_by("number")
    )

    def team(t) -> dict:
        return {"id": t.pk, "number": t.number, "secret": t.link_secret}

    return {
        "championship": championship.pk,
        "round": round_.number,
        "deals": list(
            Deal.objects.filter(round=round_).order_by("number").values_list("number", flat=True)
        ),
        "tables": [{"number": t.number, "ns": team(t.ns_team), "ew": team(t.ew_team)} for t in rows],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    start = time.monotonic()
    data = build(args.tables)
    data["seconds"] = round(time.monotonic() - start, 3)
    if len(data["tables"]) != args.tables or len(data["deals"]) != DEALS_PER_MATCH:
        print(f"built {len(data['tables'])} tables and {len(data['deals'])} deals, "
              f"expected {args.tables} and {DEALS_PER_MATCH}", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
