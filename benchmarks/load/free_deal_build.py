"""Build the free-deal championship under test through the project's services (a child process).

    python -m benchmarks.load.free_deal_build --tables N --out FILE

With ``DATABASE_URL`` pointing at a migrated, empty database: a director, a free-deal pairs
championship (the settings' defaults of rules.md 11) of 2N pairs, round 1 drawn and
released (N tables, no bye). Writes to FILE, as JSON, the championship, the round, the game
and ranking settings, and each table's pairs with their link secrets: ``ns`` is the first
pair and ``ew`` the second, as the tables store them (and as the shared runner reads them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROUNDS_PLANNED = 5


def build(tables: int) -> dict:
    from django.contrib.auth import get_user_model

    from formats.free_deal.services import settings_of
    from tournaments import services
    from tournaments.models import Table

    director = get_user_model().objects.create_user("load-director", password=None)
    championship = services.create_championship(
        director,
        name=f"Load test, free deal, {tables} tables",
        format="free_deal_pairs",
        rounds_planned=ROUNDS_PLANNED,
    )
    for number in range(1, 2 * tables + 1):
        services.add_team(championship, name=f"Parella {number}", club=f"Club {number % 23}",
                          player1=f"Jugador {number}A", player2=f"Jugador {number}B")
    (round_,) = services.generate_next_round(championship)
    round_ = services.release_round(round_, by=director)
    rows = (
        Table.objects.filter(round=round_)
        .select_related("ns_team", "ew_team")
        .order_by("number")
    )
    settings = settings_of(championship)

    def team(t) -> dict:
        return {"id": t.pk, "number": t.number, "secret": t.link_secret}

    return {
        "championship": championship.pk,
        "round": round_.number,
        "bye": round_.bye_team_id,
        "settings": {
            "target": settings.target, "hand_limit": settings.hand_limit,
            "round_minutes": settings.round_minutes, "cap": settings.cap,
            "match_points": settings.match_points, "tie_breaks": settings.tie_breaks,
        },
        "tables": [{"number": t.number, "ns": team(t.ns_team), "ew": team(t.ew_team)}
                   for t in rows],
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
    if len(data["tables"]) != args.tables or data["bye"] is not None:
        print(f"built {len(data['tables'])} tables (bye: {data['bye']}), expected "
              f"{args.tables} and no bye", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
