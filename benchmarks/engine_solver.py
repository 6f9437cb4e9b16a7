"""Benchmark of random play-outs and of the double-dummy solver (rules.md 4 and 8).

Run from the repository root::

    python benchmarks/engine_solver.py [--deals 30] [--western-deals 10] [--key HEX] [--fixed 3]
                                       [--playouts 2000] [--repeats 5] [--quick] [--event] [--tsv]
                                       [--playouts-only]

The solver's deals are drawn from a fresh random key on each run, so the figures cannot be
tuned to a handful of deals; the key is printed first and ``--key`` repeats a run. Prints:

- random legal play-outs per second of a comparable re-implementation of the peer
  narcispr/botifarra_rl's loop (its ``Jugador.cartes_valides``: lists of card objects, one
  list comprehension per question, ``random.choice`` per card). The code below is written
  here in the same naive style, not copied; it enforces the same rules as our engine's
  eastern variant (follow suit, beat if able, else the lowest card or a counting card);
- play-outs per second through our public API card by card (``legal_cards`` and
  ``trick_winner``, as a program deciding each card would call them), and the ratio to the peer
  (target ×3); the same choosing in the set's own order or sorting the legal cards, and the
  same loop with the rules' answers free, which is the most a faster API can give that loop
  (where the time goes); ``--playouts-only`` stops there;
- complete play records checked and scored per second by ``validate_play``;
- play-outs per second through ``engine.playouts.random_playouts`` (compiled by numba when
  installed, and in plain Python), and the ratio to the peer's loop (target ×10);
- for ``--deals`` random eastern deals (default 30) and ``--western-deals`` western ones
  (default 10): the median, 90th percentile and maximum seconds to solve a deal's five
  contracts (on all cores, as the hand records do), and the positions searched; the 36 deals
  of a 9-round event projected from the eastern mean, or with ``--event`` measured (table,
  par and line of the random key's deals 1 to 36);
- the fixed set (``--fixed`` eastern deals of a constant key) as a regression figure: its
  median time and its positions searched, which change only when the search does.

``--quick`` (what ``make bench`` runs) takes 12 eastern and 4 western deals and fewer play-outs.
With ``--tsv`` it prints lines ``engine<TAB>what<TAB>figure<TAB>target`` for run_all.py.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import _backend  # noqa: E402
from engine.cards import Contract  # noqa: E402
from engine.dealing import generate_deal  # noqa: E402
from engine.hand_records import hand_records  # noqa: E402
from engine.play import (  # noqa: E402
    Variant,
    random_legal_play,
    validate_play,
)
from engine.playouts import random_playouts  # noqa: E402
from engine.positions import Position  # noqa: E402
from engine.seats import Seat  # noqa: E402
from engine.solver import Crew, Solver, each_contract  # noqa: E402

KEY = bytes(range(32))

# The loops timed (kept apart; their names stay importable from here).
from benchmarks.playout_loops import (  # noqa: E402
    PeerCard,
    api_playout,
    api_playout_unsorted,
    bare_playout,
    peer_playout,
    sorted_playout,
)


def _rate(count: int, run, repeats: int) -> float:
    """Runs per second of the processor's time (one thread): on a machine shared with other
    work, time spent waiting for a core is not counted."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        rates.append(count / (time.process_time() - start))
    return statistics.median(rates)


def bench_playouts(count: int, repeats: int) -> dict[str, tuple[float, float]]:
    """The peer's loop and ours, taken in turn ``repeats`` times: for each, the median rate
    and the median of its ratio to the peer's rate measured just before it. (Taken in turn,
    a busy machine's changing load falls on both sides of each ratio alike.)"""
    deal = generate_deal(KEY, 1)
    peer_hands = [[PeerCard(c.suit.index, c.rank) for c in deal.hand(s)] for s in Seat]
    loops = {
        "peer": lambda rng: peer_playout(peer_hands, 0, 0, rng),
        "api": lambda rng: api_playout(deal, Contract.OROS, Variant.EASTERN, rng),
        "unsorted": lambda rng: api_playout_unsorted(deal, Contract.OROS, Variant.EASTERN, rng),
        "sorted": lambda rng: sorted_playout(deal, Contract.OROS, Variant.EASTERN, rng),
        "bare": lambda rng: bare_playout(deal, Contract.OROS, Variant.EASTERN, rng),
    }
    rngs = {name: random.Random(1) for name in loops}
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(repeats):
        for name, loop in loops.items():
            rng = rngs[name]
            start = time.process_time()  # as _rate: the processor's time
            for _ in range(count):
                loop(rng)
            rates[name].append(count / (time.process_time() - start))
    return {
        name: (statistics.median(values),
               statistics.median(v / p for v, p in zip(values, rates["peer"], strict=True)))
        for name, values in rates.items()
    }


def bench_validate(count: int, repeats: int) -> float:
    """Complete play records checked and scored per second by ``validate_play``."""
    deal, rng = generate_deal(KEY, 1), random.Random(1)
    records = [random_legal_play(deal, Seat.N, Contract.OROS, Variant.EASTERN, rng)
               for _ in range(50)]
    return _rate(
        count,
        lambda: [validate_play(deal, Seat.N, Contract.OROS, Variant.EASTERN, records[k % 50])
                 for k in range(count)],
        repeats,
    )


def bench_batch(count: int, repeats: int, backend) -> float:
    deal = generate_deal(KEY, 1)
    random_playouts(deal, Seat.N, Contract.OROS, Variant.EASTERN, 10, backend=backend)  # warm
    return _rate(
        count,
        lambda: random_playouts(deal, Seat.N, Contract.OROS, Variant.EASTERN, count, seed=9,
                                backend=backend),
        repeats,
    )


def solve_counted(deal, variant: Variant, helped: bool = True) -> tuple[dict[Contract, int], int]:
    """The five contracts' values, as ``double_dummy_table`` makes them, and positions searched.

    ``helped=False`` leaves out the help of a free core (engine._crew), whose share varies from
    run to run: the positions searched are then the same on every run."""
    backend = _backend.fastest()
    crew = Crew(len(Contract)) if helped else None

    def work(contract):
        solver = Solver(contract, variant, backend, crew=crew)
        value = solver.value(Position.start(deal, Seat.N, contract, variant))
        return value, solver

    # A solver's positions are read once its helper, if any, has finished too.
    done = each_contract(work, backend, crew)
    return {c: v for c, (v, _) in done.items()}, sum(s.positions for _, s in done.values())


def bench_solver(variant: Variant, key: bytes, numbers, helped: bool = True):
    """Seconds and positions searched for the five contracts of each deal ``numbers`` of ``key``."""
    times, positions = [], []
    for number in numbers:
        deal = generate_deal(key, number)
        start = time.perf_counter()
        _, searched = solve_counted(deal, variant, helped)
        times.append(time.perf_counter() - start)
        positions.append(searched)
    return times, positions


def p90(values: list[float]) -> float:
    """The 90th percentile (nearest rank): nine deals in ten take no longer."""
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=30, help="random eastern deals")
    parser.add_argument("--western-deals", type=int, default=10, help="random western deals")
    parser.add_argument("--key", help="the random key (64 hex digits) of a run to repeat")
    parser.add_argument("--fixed", type=int, default=3,
                        help="eastern deals of the fixed key (regression figure; 0: none)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true",
                        help="12 eastern and 4 western random deals, fewer play-outs (make bench)")
    parser.add_argument("--tsv", action="store_true")
    parser.add_argument("--event", action="store_true",
                        help="also make the hand records of a 9-round event (36 eastern deals)")
    parser.add_argument("--playouts-only", action="store_true",
                        help="only the play-out loops taken in turn (the ×3 target)")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.western_deals, args.playouts, args.repeats = 12, 4, 1000, 3
    key = bytes.fromhex(args.key) if args.key else secrets.token_bytes(32)
    if len(key) != 32:
        parser.error("--key must be 64 hex digits")

    def emit(label: str, figure: str, target: str) -> None:
        if args.tsv:
            print(f"engine\t{label}\t{figure}\t{target}", flush=True)
        else:
            print(f"{label + ':':<64} {figure:>14}  {target}", flush=True)

    emit("random key of this run (repeat with --key)", key.hex(), "")
    n, reps = args.playouts, args.repeats
    # The play-out loops taken in turn, at least five times: their ratios are the figures.
    playouts = bench_playouts(n // 4, max(reps, 5))
    peer = playouts["peer"][0]
    emit("play-outs/s, the peer's loop (re-implemented)", f"{peer:,.0f} /s", "")
    for name, label, target in (
        ("api", "play-outs/s, legal_cards() + trick_winner()", " (target ×3)"),
        ("unsorted", "play-outs/s, the same in the set's own order (not repeatable)", ""),
        ("sorted", "play-outs/s, the same sorting the legal cards", ""),
        ("bare", "play-outs/s, that loop with the rules' answers free (its ceiling)", ""),
    ):
        rate, ratio = playouts[name]
        emit(label, f"{rate:,.0f} /s", f"×{ratio:.2f} the peer{target}")
    if args.playouts_only:
        return
    checked = bench_validate(n * 2, reps)
    emit("records/s, validate_play (48 cards, checked and scored)", f"{checked:,.0f} /s",
         f"×{checked / peer:.1f} the peer's play-outs")
    pure = bench_batch(n, reps, _backend.PURE)
    emit("play-outs/s, random_playouts (plain Python)", f"{pure:,.0f} /s",
         f"×{pure / peer:.1f} the peer")
    fast = _backend.compiled()
    if fast is not None:
        rate = bench_batch(n * 50, reps, fast)
        emit("play-outs/s, random_playouts (numba)", f"{rate:,.0f} /s",
             f"×{rate / peer:.0f} the peer (target ×10)")
        # Load the compiled search before timing (a couple of seconds the first time).
        solve_counted(generate_deal(KEY, 1), Variant.EASTERN)
    targets = {Variant.EASTERN: ("≤ 0.5 s", "≤ 1.5 s", "≤ 5 s"),
               Variant.WESTERN: ("≤ 1.5 s", "", "≤ 10 s")}
    # Eastern deals are numbers 1..N of the key, western ones follow: no deal is used twice.
    ranges = {Variant.EASTERN: range(1, args.deals + 1),
              Variant.WESTERN: range(args.deals + 1, args.deals + args.western_deals + 1)}
    for variant, numbers in ranges.items():
        if not numbers:
            continue
        times, positions = bench_solver(variant, key, numbers)
        median_t, p90_t, max_t = targets[variant]
        label = f"5 contracts, {variant.value}, {len(numbers)} random deals"
        emit(f"{label}: median", f"{statistics.median(times):.2f} s", median_t)
        emit(f"{label}: p90", f"{p90(times):.2f} s", p90_t)
        slowest = max(range(len(times)), key=times.__getitem__)
        emit(f"{label}: max (deal {numbers[slowest]})", f"{times[slowest]:.2f} s", max_t)
        emit(f"{label}: positions, median", f"{statistics.median(positions):,.0f}", "")
        emit(f"{label}: positions, max", f"{max(positions):,}", "")
        if variant is Variant.EASTERN and not args.event:
            # From the mean, not the median: a few hard deals take most of an event's time.
            emit("36 eastern deals of a 9-round event (projected from the mean)",
                 f"{36 * statistics.fmean(times):.0f} s", "≤ 30 s")
    if args.fixed:
        times, positions = bench_solver(Variant.EASTERN, KEY, range(1, args.fixed + 1), False)
        emit(f"fixed set: 5 contracts, eastern, deals 1-{args.fixed}, median",
             f"{statistics.median(times):.2f} s", "regression")
        emit("fixed set: positions, total", f"{sum(positions):,}", "regression")
    if args.event:
        # What the analysis worker does: each deal's table, par and the par's line, the deals
        # side by side; on the run's random key.
        start = time.perf_counter()
        deals = [(generate_deal(key, number), Seat.N) for number in range(1, 37)]
        for done in hand_records(deals, Variant.EASTERN):
            assert done.error is None, done.error
        emit("36 eastern deals of a 9-round event, hand records (measured)",
             f"{time.perf_counter() - start:.0f} s", "≤ 30 s")


if __name__ == "__main__":
    main()
