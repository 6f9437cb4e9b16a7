"""Benchmark of the groups-then-knockout engine (rules.md 12; engine/groups/).

Run from the repository root:  python benchmarks/groups_bench.py [--seed N] [--tsv]

Plays ``--events`` random events (default 10) of the issue's size: 64 pairs in 16 groups of
4, Q = 1, a bracket of 16 (and, to time a repechage, the same pairs in 13 groups of 5 and
4 with a bracket of 16).  For each it times, as the best of ``--repeats`` runs (default 3):

- **groups and rounds**: the seeded draw into groups and every group round
  (``drawn_groups``, ``group_stage_schedule``);
- **standings**: every group's ranking after each round (``rank_group`` for all groups;
  the slowest round counts);
- **qualification and bracket**: who goes through, the repechage, the seeding and the
  same-group separation (``qualify``);
- **knockout and final ranking**: the bracket played out (``advance`` after each round) and
  the final ranking.

Prints the median and the maximum over the events against the target of 200 ms each; the
exit status is 1 if a maximum misses it.  The random games come from ``random.Random``
seeded with ``--seed`` (a fresh seed is drawn and printed when none is given, so any run can
be repeated): they are test data, not a draw.  With ``--tsv`` the figures are printed as lines
``engine<TAB>what<TAB>figure<TAB>target`` (for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.free_deal.knockout import advance  # noqa: E402
from engine.groups import (  # noqa: E402
    GameResult,
    drawn_groups,
    final_ranking,
    group_stage_schedule,
    qualify,
    rank_group,
)

TARGET_MS = 200
PAIRS = 64
EVENTS = ((4, 16), (5, 16))  # (group size, bracket size)


def random_game(rng: random.Random, a, b) -> GameResult:
    """Eight hands' points, two more hands while level."""
    pa, pb, hands = rng.randint(20, 110), rng.randint(20, 110), 8
    while pa == pb:
        pa, pb, hands = pa + rng.randint(0, 30), pb + rng.randint(0, 30), hands + 2
    return GameResult(a, b, pa, pb, hands)


def best_of(repeats: int, work, *args) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work(*args)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def make_groups(ids, size, seed):
    groups = drawn_groups(ids, size, seed)
    return groups, group_stage_schedule(groups)


def all_standings(groups, played, draw):
    return [rank_group(group, played[g], draw=draw) for g, group in enumerate(groups)]


def play_knockout(bracket, strength, groups_standings):
    results: dict = {}
    while bracket.champion is None:
        bracket = advance(bracket, results)
        for tie in (t for r in bracket.rounds for t in r if t.ready and t.winner is None):
            results[frozenset(tie.pairs)] = [max(tie.pairs, key=strength.__getitem__)]
    return final_ranking(bracket, groups_standings)


def one_event(rng: random.Random, size: int, bracket: int, repeats: int) -> dict[str, float]:
    ids = [f"P{k:02}" for k in range(1, PAIRS + 1)]
    draw_seed = rng.randrange(2**32)
    timings = {"groups and rounds": best_of(repeats, make_groups, ids, size, draw_seed)}
    groups, rounds = make_groups(ids, size, draw_seed)
    draw = list(ids)
    rng.shuffle(draw)
    played: list[list[GameResult]] = [[] for _ in groups]
    standings_ms = []
    for r in rounds:
        for game in r.games:
            played[game.group - 1].append(random_game(rng, *game.pairs))
        standings_ms.append(best_of(repeats, all_standings, groups, played, draw))
    timings["standings after a round"] = max(standings_ms)
    standings = all_standings(groups, played, draw)
    timings["qualification and bracket"] = best_of(
        repeats, lambda: qualify(standings, size=bracket, draw=draw))
    result = qualify(standings, size=bracket, draw=draw)
    strength = {p: rng.random() for p in ids}
    timings["knockout and final ranking"] = best_of(
        repeats, play_knockout, result.bracket, strength, standings)
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="seed of the random events (default: fresh)")
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3, help="runs per timing; the best counts")
    parser.add_argument("--tsv", action="store_true",
                        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()
    seed = secrets.randbits(48) if args.seed is None else args.seed
    rng = random.Random(seed)
    if not args.tsv:
        print(f"seed {seed} (repeat with --seed {seed}); load average {os.getloadavg()[0]:.1f}")
    ok = True
    for size, bracket in EVENTS:
        figures: dict[str, list[float]] = {}
        for _ in range(args.events):
            for what, ms in one_event(rng, size, bracket, args.repeats).items():
                figures.setdefault(what, []).append(ms)
        groups = -(-PAIRS // size)
        label = f"{PAIRS} pairs, {groups} groups (size {size}), Q 1, bracket {bracket}"
        if not args.tsv:
            print(f"{label}, {args.events} events:")
        for what, values in figures.items():
            median, worst = statistics.median(values), max(values)
            ok = ok and worst <= TARGET_MS
            if args.tsv:
                print(f"engine\tgroups, {label}: {what} (seed {seed})\t{median:.1f} ms"
                      f"\t≤ {TARGET_MS} ms", flush=True)  # fmt: skip
            else:
                print(f"  {what}: median {median:.2f} ms, max {worst:.2f} ms "
                      f"(target {TARGET_MS} ms)")  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
