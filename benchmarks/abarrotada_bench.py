"""Benchmark of individual championships (abarrotada, rules.md 10): scoring a round.

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/abarrotada_bench.py [--postgres] [--seed N]

On a throwaway SQLite database (or PostgreSQL at 127.0.0.1:5432 with ``--postgres``) it seats
200 players at 50 tables for a round of 4 deals, draws every table's report of every deal
from a random generator whose seed is printed (``--seed`` replays it), stores them confirmed
in bulk and closes the round. It prints medians, in milliseconds:

- **scoring the round from scratch** through the format (``selectors.round_scores``: reading
  the seats, deals and counted reports, and scoring every seat of every deal);
- **the pure engine** doing the same work from the same reports as plain values in memory
  (building its ``TableReport``s and ``engine.abarrotada.score_individual_deal``), and the
  ratio of the two — target ≤ ×2;
- **the standings** after that round (``selectors.standings``).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scoring_bench import drop_database, median_ms, setup_database  # noqa: E402

PLAYERS = 200
DEALS = 4


def random_values(rng: random.Random, dealer: str = "N"):
    from engine.abarrotada import trump_maker
    from engine.seats import Seat
    from formats.abarrotada.rules import ReportValues

    cuts = sorted(rng.randint(0, 72) for _ in range(3))
    points = [b - a for a, b in zip([0, *cuts], [*cuts, 72], strict=True)]
    maker = rng.choice("NESW")
    contro = "".join(s for s in "NESW" if s != maker and rng.random() < 0.2)
    # The dealer delegated as often as it takes to reach the maker (rules.md 10.1).
    delegations = next(n for n in range(4) if trump_maker(Seat(dealer), n).value == maker)
    return ReportValues(maker=maker, contract=rng.choice(["O", "C", "E", "B", "BOT"]),
                        points=dict(zip("NESW", points, strict=True)), contro_by=contro,
                        breaches=rng.choice("NESW") if rng.random() < 0.03 else "",
                        delegations=delegations)


def figures(postgres: bool, seed: int) -> list[tuple[str, str, str]]:
    name = setup_database(postgres)
    try:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        settings.SCORING_REBUILD = "off"
        settings.DEBUG = False
        call_command("migrate", verbosity=0)
        director = get_user_model().objects.create_user("bench-director", password="x")
        return event_figures(director, seed)
    finally:
        drop_database(name)


def event_figures(director, seed: int) -> list[tuple[str, str, str]]:
    from engine.abarrotada import Form, TableReport, score_individual_deal
    from engine.cards import Contract
    from engine.seats import Seat
    from formats.abarrotada import selectors
    from formats.abarrotada import services as ab
    from formats.abarrotada.models import DealReport, ReportReview
    from formats.abarrotada.rules import check_values
    from tournaments import services

    rng = random.Random(seed)
    championship = services.create_championship(
        director, name="Bench abarrotada", format="abarrotada", rounds_planned=3,
        deals_per_match=DEALS)
    for i in range(1, PLAYERS + 1):
        ab.add_player(championship, name=f"Jugador {i}")
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    deals = list(round_.deals.order_by("number").values_list("number", "dealer"))
    reports, in_memory = [], {}
    for table in round_.player_tables.order_by("number"):
        by = table.seatings.values_list("player_id", flat=True).first()
        for number, dealer in deals:
            values = random_values(rng, dealer)
            check_values(values, dealer=dealer, form=Form.FOUR)
            reports.append(DealReport(table=table, deal_number=number, by_team_id=by,
                                      **values.report_fields()))
            in_memory.setdefault(number, []).append(
                (table.pk, dealer, values.maker, values.delegations, values.contract,
                 values.points, values.contro_by, values.breaches))
    reports = DealReport.objects.bulk_create(reports)
    ReportReview.objects.bulk_create(
        ReportReview(report=r, verdict="confirm", by_director=director) for r in reports)
    services.close_round(round_, by=director)
    rounds = [round_]
    through_format = median_ms(lambda: selectors.round_scores(championship, rounds))

    def engine_alone_work():
        # The engine's own input built from plain values, as the format reads them.
        for number, _dealer in deals:
            score_individual_deal([
                TableReport(key=key, dealer=Seat(dealer), maker=Seat(maker),
                            delegations=delegations, contract=Contract(contract),
                            points={Seat(s): p for s, p in points.items()},
                            contro_by=frozenset(Seat(s) for s in contro),
                            breaches=frozenset(Seat(s) for s in breaches), form=Form.FOUR)
                for key, dealer, maker, delegations, contract, points, contro, breaches
                in in_memory[number]])

    engine_alone = median_ms(engine_alone_work)
    standings = median_ms(lambda: selectors.standings(championship))
    tables = PLAYERS // 4
    return [
        (f"scoring a round from scratch, {tables} tables × {DEALS} deals",
         f"{through_format:.1f} ms", ""),
        ("the pure engine, same reports in memory", f"{engine_alone:.1f} ms", ""),
        ("scoring ÷ the pure engine", f"×{through_format / engine_alone:.2f}", "≤ ×2"),
        (f"standings, {PLAYERS} players after 1 round", f"{standings:.1f} ms", ""),
    ]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--tsv", action="store_true")
    parser.add_argument("--seed", type=int, default=None,
                        help="replay the reports of an earlier run (a fresh seed by default)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**48)
    database = "PostgreSQL" if args.postgres else "SQLite"
    rows = figures(args.postgres, seed)
    rows.insert(0, ("reports drawn from seed", str(seed), "--seed to replay"))
    if args.tsv:
        for what, figure, target in rows:
            print(f"abarrotada ({database})\t{what}\t{figure}\t{target}")
        return
    print(f"Individual (abarrotada) benchmark ({database})")
    for what, figure, target in rows:
        print(f"  {what:<55} {figure:>22}  {target}")


if __name__ == "__main__":
    main()
