"""Benchmark of deal generation and play-record validation.

Run from the repository root::

    python benchmarks/engine_play.py [--records 5000] [--repeats 7] [--tsv]

Prints the median over the repeats of deals generated per second and of complete random legal
play records validated per second (the records are generated first and not timed).
Targets: 20,000 deals/s and 40,000 validations/s. With ``--tsv`` it prints the same figures
as lines ``engine<TAB>what<TAB>figure<TAB>target`` (for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cards import Contract  # noqa: E402
from engine.dealing import generate_deal  # noqa: E402
from engine.play import Variant, random_legal_play, validate_play  # noqa: E402
from engine.seats import Seat  # noqa: E402

KEY = bytes(range(32))
SEATS = list(Seat)
CONTRACTS = list(Contract)


def _rate(count: int, run, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_dealing(count: int, repeats: int) -> float:
    def run() -> None:
        for number in range(1, count + 1):
            generate_deal(KEY, number)

    return _rate(count, run, repeats)


def make_records(count: int, variant: Variant | None, seed: int = 2024) -> list[tuple]:
    rng = random.Random(seed)
    variants = list(Variant)
    records = []
    for number in range(1, count + 1):
        deal = generate_deal(KEY, number)
        dealer = SEATS[number % 4]
        contract = CONTRACTS[number % 5]
        v = variant or variants[number % 3]
        records.append(
            (deal, dealer, contract, v, random_legal_play(deal, dealer, contract, v, rng))
        )
    return records


def bench_validation(records: list[tuple], repeats: int) -> float:
    # Check once, untimed, that every record is legal: the timed loop measures the common case.
    assert all(validate_play(*record).is_legal for record in records)

    def run() -> None:
        for record in records:
            validate_play(*record)

    return _rate(len(records), run, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument(
        "--tsv", action="store_true",
        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target",
    )
    args = parser.parse_args()

    def emit(label: str, rate: float, target: int) -> None:
        if args.tsv:
            print(f"engine\t{label}\t{rate:,.0f} /s\t≥ {target:,} /s", flush=True)
        else:
            print(f"{label + ':':<54} {rate:>10,.0f}  (target {target:,})")

    if not args.tsv:
        print(f"Python {sys.version.split()[0]}, median of {args.repeats} repeats")
    deals = bench_dealing(args.records, args.repeats)
    emit("deals generated per second", deals, 20_000)
    for variant in [None, *Variant]:
        records = make_records(args.records, variant)
        rate = bench_validation(records, args.repeats)
        label = "all variants mixed" if variant is None else variant.value
        emit("play-outs validated per second, " + label, rate, 40_000)


if __name__ == "__main__":
    main()
