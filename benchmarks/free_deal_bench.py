"""Benchmark of the free-deal format (rules.md 11): a 150-pair Swiss after its rounds.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/free_deal_bench.py [--postgres] [--seed N]

On a throwaway SQLite database (or PostgreSQL at 127.0.0.1:5432 with ``--postgres``) it
plays a 150-pair event through the services: each round paired by the format, every game
drawn from a random generator whose seed is printed (``--seed`` replays it), entered and
confirmed in bulk, the round closed. It prints medians, in milliseconds:

- **pairing** round 7 after 6 rounds (the ranking, the history and the Swiss pairing, as
  ``pair_next_round`` computes them, without writing) — target ≤ 50 ms;
- **standings** after 7 rounds (``selectors.ranking``), and its ratio to reading the counted
  games alone (``counted_games``, one query) — target ≤ ×3;
- the same two with the pairs in **two sections** of 75 (rules.md 11.3);
- **a captain's game**: entering it and the other pair confirming it through the pages, one
  table at a time in a released round, with their query counts (no more than a duplicate
  deal's: test_request_costs).
"""

from __future__ import annotations

import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from game_rounds import play_confirmed  # noqa: E402
from scoring_bench import drop_database, median_ms, setup_database  # noqa: E402

PAIRS = 150
ROUNDS = 7


def random_game(rng: random.Random):
    from scoring.services.games import GameValues

    if rng.random() < 0.85:
        loser = rng.randint(10, 100)
        points = (101 + rng.randint(0, 20), loser)
        return GameValues(*(points if rng.random() < 0.5 else points[::-1]), "target",
                          rng.randint(5, 12))
    return GameValues(rng.randint(30, 100), rng.randint(30, 100), "time", rng.randint(4, 11))


def play(championship, director, round_, rng) -> None:
    from formats.free_deal.rules import check_game
    from formats.free_deal.services import settings_of

    settings = settings_of(championship)
    play_confirmed(director, round_, lambda: random_game(rng),
                   lambda values: check_game(settings, values))


def event_figures(director, seed: int, *, sections: bool = False
                  ) -> list[tuple[str, str, str]]:
    """The figures of one event; with ``sections``, the same pairs in two sections of 75
    (rules.md 11.3), each paired from its own ranking."""
    from formats.free_deal import rules, selectors
    from formats.free_deal.services.sections import assign_sections
    from tournaments import services

    rng = random.Random(seed)
    championship = services.create_championship(
        director, name="Bench free deal" + (" (sections)" if sections else ""),
        format="free_deal_pairs", rounds_planned=ROUNDS + 1,
        format_settings={"sections": ["A", "B"]} if sections else None)
    for i in range(1, PAIRS + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"A{i}", player2=f"B{i}")
    if sections:
        assign_sections(championship, {
            team.pk: "AB"[i % 2] for i, team in enumerate(championship.teams.all())})
    pairing_ms = None
    for number in range(1, ROUNDS + 1):
        if number == ROUNDS:
            def pairing():
                met, byes_had = selectors.history(championship)
                return [rules.later_round(part.lines, met=met, byes_had=byes_had)
                        for part in selectors.section_rankings(championship)]

            pairing_ms = median_ms(pairing)
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        play(championship, director, round_, rng)
    standings = median_ms(lambda: selectors.ranking(championship))
    raw = median_ms(lambda: selectors.counted_games(championship))
    if sections:
        return [
            (f"pairing round {ROUNDS}, two sections of {PAIRS // 2}", f"{pairing_ms:.1f} ms",
             "≤ 50 ms"),
            (f"standings, two sections of {PAIRS // 2} × {ROUNDS} rounds", f"{standings:.1f} ms",
             ""),
            ("standings (sections) ÷ reading the counted games", f"×{standings / raw:.2f}",
             "≤ ×3"),
        ]
    return [
        (f"pairing round {ROUNDS}, {PAIRS} pairs after {ROUNDS - 1} rounds", f"{pairing_ms:.1f} ms",
         "≤ 50 ms"),
        (f"standings, {PAIRS} pairs × {ROUNDS} rounds", f"{standings:.1f} ms", ""),
        ("reading the counted games (one query)", f"{raw:.1f} ms", ""),
        ("standings ÷ reading the counted games", f"×{standings / raw:.2f}", "≤ ×3"),
    ]


def request_figures(director, samples: int = 60) -> list[tuple[str, str, str]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments import services

    championship = services.create_championship(
        director, name="Bench free deal requests", format="free_deal_pairs", rounds_planned=5)
    for i in range(1, PAIRS + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"A{i}", player2=f"B{i}")
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    client = Client()
    times = {"submit": [], "confirm": []}
    queries = {}
    for index, table in enumerate(round_.tables.select_related("ns_team", "ew_team")
                                  .order_by("number")[:samples]):
        first, second = table.ns_team, table.ew_team
        link = f"/t/{first.pk}/{first.link_secret}/"
        key = re.search(r'name="idempotency_key" value="([^"]+)"',
                        client.get(link).content.decode()).group(1)
        data = {"first_points": "101", "second_points": "60", "ended_by": "target",
                "hands_played": "9", "idempotency_key": key}
        calls = {
            "submit": lambda link=link, data=data: client.post(f"{link}game/", data),
        }
        for kind in ("submit", "confirm"):
            if kind == "confirm":
                from scoring.models import GameEntry

                entry = GameEntry.objects.get(idempotency_key=key)
                other = f"/t/{second.pk}/{second.link_secret}/game/{entry.pk}/confirm/"
                calls["confirm"] = lambda other=other: client.post(other)
            if index == 0:
                with CaptureQueriesContext(connection) as context:
                    response = calls[kind]()
                queries[kind] = len(context)
            else:
                start = time.perf_counter()
                response = calls[kind]()
                times[kind].append((time.perf_counter() - start) * 1000)
            assert response.status_code == 302, response.content[:300]
    return [
        (f"{kind} a game (page), {PAIRS // 2}-table round, one at a time",
         f"{statistics.median(values):.1f} ms ({queries[kind]} queries)", "")
        for kind, values in times.items()
    ]


def figures(postgres: bool, seed: int) -> list[tuple[str, str, str]]:
    name = setup_database(postgres)
    try:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["ALLOWED_HOSTS"] = "testserver"
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        settings.SCORING_REBUILD = "off"
        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        director = get_user_model().objects.create_user("bench-director", password="x")
        return (event_figures(director, seed) + event_figures(director, seed, sections=True)
                + request_figures(director))
    finally:
        drop_database(name)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--tsv", action="store_true")
    parser.add_argument("--seed", type=int, default=None,
                        help="replay the games of an earlier run (a fresh seed by default)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**48)
    database = "PostgreSQL" if args.postgres else "SQLite"
    rows = figures(args.postgres, seed)
    rows.insert(0, ("games drawn from seed", str(seed), "--seed to replay"))
    if args.tsv:
        for what, figure, target in rows:
            print(f"free deal ({database})\t{what}\t{figure}\t{target}")
        return
    print(f"Free-deal benchmark ({database})")
    for what, figure, target in rows:
        print(f"  {what:<55} {figure:>22}  {target}")


if __name__ == "__main__":
    main()
