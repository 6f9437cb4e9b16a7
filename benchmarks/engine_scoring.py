"""Benchmark of the scoring engine on a large Swiss event.

Run from the repository root:  python benchmarks/engine_scoring.py [--tsv]

Measures, as medians over several repeats:

- scoring and ranking a whole 200-team, 9-round, 4-deal Swiss event: ``score_deal`` on
  each of the 36 deals (100 tables each), accumulating totals, deal-score sums and tops,
  and ranking (target: 50 ms or less);
- pairing round 9 of that event after 8 simulated rounds (target: 100 ms or less).

The simulated results come from a fixed-seed ``random.Random``: they are test data, not a
draw, so the cryptographic requirement of the real draw does not apply.

With ``--tsv`` it prints the same figures as lines ``engine<TAB>what<TAB>figure<TAB>target``
(for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.duplicate import Breach, TableResult, score_deal  # noqa: E402
from engine.movements import (  # noqa: E402
    dealer_for,
    round_deal_numbers,
    swiss_first_round,
    swiss_round,
    trump_side,
)
from engine.standings import Tally, rank_standings  # noqa: E402

TEAMS = 200
ROUNDS = 9
DEALS_PER_MATCH = 4
REPEATS = 15
SCORING_TARGET_MS = 50
PAIRING_TARGET_MS = 100


def random_result(rng: random.Random, key, side) -> TableResult:
    """A plausible table result: points near 36, some Botifarras, contros and breaches."""
    points = max(0, min(72, round(rng.gauss(36, 12))))
    roll = rng.random()
    breach = Breach.NONE
    if roll < 0.005:
        breach = Breach.NS
    elif roll < 0.01:
        breach = Breach.EW
    return TableResult(
        key=key,
        points_ns=points,
        trump_side=side,
        botifarra=rng.random() < 0.15,
        contro=rng.random() < 0.1,
        breach=breach,
    )


def simulate_event(rounds: int, rng: random.Random):
    """Pair and play ``rounds`` rounds; return the plans, the results by deal and the state."""
    teams = list(range(1, TEAMS + 1))
    met: set[frozenset] = set()
    ns_count = dict.fromkeys(teams, 0)
    ew_count = dict.fromkeys(teams, 0)
    had_bye: set[int] = set()
    tally = Tally(teams)
    plans = []
    deals: list[list[TableResult]] = []
    ranked = teams
    for round_number in range(1, rounds + 1):
        if round_number == 1:
            plan = swiss_first_round(teams, b"benchmark seed")
        else:
            plan = swiss_round(ranked, met, ns_count, ew_count, had_bye)
        plans.append(plan)
        for match in plan.matches:
            met.add(frozenset(match.teams))
            ns_count[match.ns] += 1
            ew_count[match.ew] += 1
        if plan.bye is not None:
            had_bye.add(plan.bye)
            tally.add_bye(plan.bye, DEALS_PER_MATCH)
        for position, _deal in enumerate(round_deal_numbers(round_number, DEALS_PER_MATCH), 1):
            side = trump_side(dealer_for(position))
            results = [random_result(rng, table, side) for table in range(len(plan.matches))]
            deals.append(results)
            for table, score in score_deal(results).items():
                match = plan.matches[table]
                tally.add_table(score, match.ns, match.ew)
        ranked = [placed.team for placed in rank_standings(tally.lines())]
    return plans, deals, (ranked, met, ns_count, ew_count, had_bye)


def score_and_rank(plans, deals) -> list:
    """The measured work: score every deal, accumulate, rank."""
    tally = Tally()
    for index, results in enumerate(deals):
        plan = plans[index // DEALS_PER_MATCH]
        matches = plan.matches
        for table, score in score_deal(results).items():
            match = matches[table]
            tally.add_table(score, match.ns, match.ew)
        if plan.bye is not None:
            tally.add_bye(plan.bye, 1)
    return rank_standings(tally.lines())


def median_ms(action, repeats: int = REPEATS) -> float:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tsv", action="store_true",
        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target",
    )
    args = parser.parse_args()

    rng = random.Random(2024)
    plans, deals, _ = simulate_event(ROUNDS, rng)
    tables = sum(len(results) for results in deals)
    scoring = median_ms(lambda: score_and_rank(plans, deals))
    if args.tsv:
        print(
            f"engine\tscore + rank {TEAMS} teams, {ROUNDS} rounds × {DEALS_PER_MATCH} deals "
            f"({len(deals)} deals, {tables:,} table results)\t{scoring:.1f} ms"
            f"\t≤ {SCORING_TARGET_MS} ms",
            flush=True,
        )
    else:
        print(
            f"score + rank {TEAMS} teams, {ROUNDS} rounds x {DEALS_PER_MATCH} deals "
            f"({len(deals)} deals, {tables} table results): {scoring:.1f} ms "
            f"(target <= {SCORING_TARGET_MS} ms)"
        )

    _, _, state = simulate_event(ROUNDS - 1, random.Random(7))
    pairing = median_ms(lambda: swiss_round(*state))
    if args.tsv:
        print(
            f"engine\tSwiss pairing of round {ROUNDS} for {TEAMS} teams\t{pairing:.1f} ms"
            f"\t≤ {PAIRING_TARGET_MS} ms",
            flush=True,
        )
    else:
        print(
            f"Swiss pairing of round {ROUNDS} for {TEAMS} teams: {pairing:.1f} ms "
            f"(target <= {PAIRING_TARGET_MS} ms)"
        )


if __name__ == "__main__":
    main()
