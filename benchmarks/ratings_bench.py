"""Benchmark of the players' ratings (rules.md 13.3; engine/ratings.py).

Run from the repository root:  python benchmarks/ratings_bench.py [--seed N] [--tsv]

Rebuilds the ratings from scratch over ``--championships`` random championships (default
1,000) among ``--players`` players (default 5,000), each of 20 to 60 pairs drawn from the
players and ranked in a random order with some shared places, and prints the time against
the target of 30 s (issue 39).  The exit status is 1 if it misses the target.  The random
championships come from ``random.Random`` seeded with ``--seed`` (a fresh seed is drawn and
printed when none is given, so any run can be repeated): they are test data, not a draw.
With ``--tsv`` the figure is printed as a line ``engine<TAB>what<TAB>figure<TAB>target``
(for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ratings import RankedMatch, rebuild_ratings  # noqa: E402

TARGET_S = 30.0


def championships(rng: random.Random, count: int, players: int) -> list[RankedMatch]:
    """``count`` championships of 20 to 60 pairs each, in their final order; about one
    entrant in ten shares the place of the one above."""
    matches = []
    for index in range(count):
        size = rng.randint(20, 60)
        drawn = rng.sample(range(players), 2 * size)
        places = [1]
        for position in range(1, size):
            places.append(places[-1] if rng.random() < 0.1 else position + 1)
        entrants = [(drawn[2 * i], drawn[2 * i + 1]) for i in range(size)]
        matches.append(RankedMatch(entrants, places, key=index))
    return matches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="seed of the random championships (default: fresh)")
    parser.add_argument("--championships", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--tsv", action="store_true",
                        help="print the figure as a line section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()
    seed = secrets.randbits(48) if args.seed is None else args.seed
    rng = random.Random(seed)
    matches = championships(rng, args.championships, args.players)
    entrants = sum(len(match.entrants) for match in matches)
    started = time.perf_counter()
    rebuilt = rebuild_ratings(matches)
    seconds = time.perf_counter() - started
    label = (f"ratings rebuilt: {args.championships} championships, {entrants} pairs, "
             f"{len(rebuilt.ratings)} of {args.players} players rated")  # fmt: skip
    if args.tsv:
        print(f"engine\t{label} (seed {seed})\t{seconds:.2f} s\t≤ {TARGET_S:.0f} s")
    else:
        print(f"seed {seed} (repeat with --seed {seed}); load average {os.getloadavg()[0]:.1f}")
        print(f"{label}: {seconds:.2f} s (target ≤ {TARGET_S:.0f} s)")
    return 0 if seconds <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
