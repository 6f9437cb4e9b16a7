"""Build the individual championship under test through the project's services (a child
process).

    python -m benchmarks.load.abarrotada_build --tables N --out FILE

With ``DATABASE_URL`` pointing at a migrated, empty database: a director, an individual
championship (rules.md 10) of 4 × N players in the four-player form, round 1 seated and
released (N tables, no sit-out, 4 deals). Writes the championship, the round, its deals and
each table's players by seat (id and link secret) to FILE as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

DEALS = 4


def build(tables: int) -> dict:
    from django.contrib.auth import get_user_model

    from formats.abarrotada import services as ab
    from tournaments import services

    director = get_user_model().objects.create_user("load-director", password=None)
    championship = services.create_championship(
        director, name=f"Load test, individual, {tables} tables", format="abarrotada",
        rounds_planned=3, deals_per_match=DEALS)
    for number in range(1, 4 * tables + 1):
        ab.add_player(championship, name=f"Jugador {number}", club=f"Club {number % 23}")
    (round_,) = services.generate_next_round(championship)
    round_ = services.release_round(round_, by=director)
    seats: dict[int, dict] = {}
    for table, seat, pk, secret in (round_.player_tables.model.objects
                                    .filter(round=round_)
                                    .values_list("number", "seatings__seat",
                                                 "seatings__player_id",
                                                 "seatings__player__link_secret")):
        seats.setdefault(table, {})[seat] = {"id": pk, "secret": secret}
    return {
        "championship": championship.pk,
        "round": round_.number,
        "deals": list(round_.deals.order_by("number").values_list("number", flat=True)),
        "sit_outs": round_.sit_outs.count(),
        # "ns" and "ew" for the runner's warm-up, which reads two entrants a table.
        "tables": [{"number": n, "seats": seats[n], "ns": seats[n]["N"], "ew": seats[n]["E"]}
                   for n in sorted(seats)],
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
    if len(data["tables"]) != args.tables or data["sit_outs"]:
        print(f"built {len(data['tables'])} tables ({data['sit_outs']} sitting out), "
              f"expected {args.tables} and none", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
