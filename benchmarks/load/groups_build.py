"""Build the groups-then-knockout championship under test through the project's services (a
child process).

    python -m benchmarks.load.groups_build --tables N --out FILE

With ``DATABASE_URL`` pointing at a migrated, empty database: a director, a groups-then-
knockout championship (rules.md 12) of 2N pairs in groups of 4 (N even: N / 2 groups, nobody
sits out), the first of each group through (Q = 1) and a bracket of 16 (issue 38's settings;
the default bracket below 16 groups), games of 8 hands and 2 more while level; the groups
made by a seeded draw (``DRAW_SEED``: the same groups every run) and round 1 drafted and
released (N tables). Writes to FILE, as JSON, the championship, the round, the settings,
each table's pairs with their link secrets (``ns`` the first pair, ``ew`` the second, as the
tables store them) and each pair's group.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

GROUP_SIZE = 4
QUALIFIERS = 1
BRACKET = 16
DRAW_SEED = "10ad5eed"


def bracket_for(tables: int) -> int | None:
    """Issue 38's bracket of 16 once there are 16 groups or more; else the default."""
    return BRACKET if tables // 2 >= BRACKET else None


def build(tables: int) -> dict:
    from django.contrib.auth import get_user_model

    from formats.groups_knockout.models import GroupPair, GroupSitOut
    from formats.groups_knockout.services import make_groups, settings_of
    from tournaments import services
    from tournaments.models import Table

    director = get_user_model().objects.create_user("load-director", password=None)
    championship = services.create_championship(
        director, name=f"Load test, groups then knockout, {tables} tables",
        format="groups_knockout",
        format_settings={"group_size": GROUP_SIZE, "qualifiers_per_group": QUALIFIERS,
                         "bracket_size": bracket_for(tables), "seeding": "draw"},
    )
    for number in range(1, 2 * tables + 1):
        services.add_team(championship, name=f"Parella {number}", club=f"Club {number % 23}",
                          player1=f"Jugador {number}A", player2=f"Jugador {number}B")
    make_groups(championship, seed=DRAW_SEED, by=director)
    (round_,) = services.generate_next_round(championship)
    round_ = services.release_round(round_, by=director)
    rows = (
        Table.objects.filter(round=round_)
        .select_related("ns_team", "ew_team")
        .order_by("number")
    )
    settings = settings_of(championship)
    groups = dict(GroupPair.objects.filter(championship=championship)
                  .values_list("team_id", "group__number"))

    def team(t) -> dict:
        return {"id": t.pk, "number": t.number, "secret": t.link_secret}

    return {
        "championship": championship.pk,
        "round": round_.number,
        "sit_outs": GroupSitOut.objects.filter(round=round_).count(),
        "settings": {
            "group_size": settings.group_size, "hands_per_game": settings.hands_per_game,
            "extra_hands": settings.extra_hands, "win_points": settings.win_points,
            "qualifiers_per_group": settings.qualifiers_per_group,
            "bracket_size": settings.bracket_size, "draw_seed": DRAW_SEED,
        },
        "groups": {str(pk): number for pk, number in groups.items()},
        "tables": [{"number": t.number, "ns": team(t.ns_team), "ew": team(t.ew_team)}
                   for t in rows if t.bye_team_id is None],
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
    groups = len(set(data["groups"].values()))
    if (len(data["tables"]) != args.tables or groups != args.tables // 2
            or data["sit_outs"]):
        print(f"built {len(data['tables'])} tables in {groups} groups ({data['sit_outs']} "
              f"sit-outs), expected {args.tables} tables in {args.tables // 2} groups of "
              f"{GROUP_SIZE} and none sitting out", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
