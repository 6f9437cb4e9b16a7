"""Benchmark of the series ranking (rules.md 13.2; series/selectors.py).

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/series_bench.py [--seed N] [--tsv]

Builds, in a throwaway SQLite database, a series of ``--championships`` finished
championships (default 40) of ``--players`` players each (default 150: 75 pairs), drawn from
a pool of twice as many players, each ranked in a random order with about one pair in ten
sharing the place of the pair above, their final places kept as the core keeps them. Then
times, as the median of ``--runs`` runs (default 7) after one warm-up:

- the raw read: one query reading the final places of the series' championships with their
  players' ids (what the ranking cannot do without);
- ``series.selectors.series_ranking(series)``: the same read, the players' names, and the
  rules (points, best N, the tie-breaks);

and prints both figures and their ratio against the target of ×3 (issue 39), in CPU time
(the process's, SQLite's work included) and in wall time; the exit status is 1 if the CPU
ratio misses the target. The random championships come from ``random.Random``
seeded with ``--seed`` (a fresh seed is drawn and printed when none is given, so any run can
be repeated). With ``--tsv`` the figures are printed as lines
``series<TAB>what<TAB>figure<TAB>target`` (for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_RATIO = 3.0


def timed(func, runs: int) -> tuple[float, float]:
    """The median wall and CPU times of ``func()`` over ``runs`` runs after a warm-up, in
    milliseconds. The CPU time (this process's: SQLite runs in it) is what the ratio is
    judged on: on a machine busy with other work the wall time mostly measures the wait
    for a core, and differently for a short read and a longer computation."""
    func()
    wall, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        func()
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def places_of(rng: random.Random, size: int) -> list[int]:
    """A complete ranking of ``size`` entrants: about one in ten shares the place above."""
    places = [1]
    for position in range(1, size):
        places.append(places[-1] if rng.random() < 0.1 else position + 1)
    return places


def build(rng: random.Random, championships: int, players: int):
    """The series and its championships, written in bulk (the register's players, the
    pairs, their players and their final places)."""
    from django.contrib.auth import get_user_model

    from series import services as series_services
    from tournaments import services
    from tournaments.models import Championship, EntrantPlayer, FinalPlace, Player, Team
    from tournaments.names import search_key

    director = get_user_model().objects.create_user("bench", password="bench-password")
    pool = Player.objects.bulk_create(
        Player(name=f"Jugador {i}", club=f"Club {i % 17}", search_name=search_key(f"Jugador {i}"))
        for i in range(2 * players))
    series = series_services.create_series(director, name="Lliga", best_of=30)
    pairs = players // 2
    for number in range(1, championships + 1):
        championship = services.create_championship(director, name=f"Open {number}",
                                                     results_public=True)
        drawn = rng.sample(pool, 2 * pairs)
        teams = Team.objects.bulk_create(
            Team(championship=championship, number=i + 1, name=f"Parella {i + 1}",
                 player1=drawn[2 * i].name, player2=drawn[2 * i + 1].name)
            for i in range(pairs))
        EntrantPlayer.objects.bulk_create(
            EntrantPlayer(team=team, player=drawn[2 * i + side], position=side + 1)
            for i, team in enumerate(teams) for side in (0, 1))
        order = rng.sample(teams, len(teams))
        FinalPlace.objects.bulk_create(
            FinalPlace(championship=championship, team=team, place=place)
            for team, place in zip(order, places_of(rng, len(order)), strict=True))
        Championship.objects.filter(pk=championship.pk).update(
            status=Championship.Status.FINISHED)
        series_services.add_championship(series, championship, by=director)
    return series


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="seed of the random championships (default: fresh)")
    parser.add_argument("--championships", type=int, default=40)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tsv", action="store_true",
                        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()
    seed = secrets.randbits(48) if args.seed is None else args.seed
    rng = random.Random(seed)

    workdir = tempfile.mkdtemp(prefix="duplicada-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from series.selectors import series_ranking
    from tournaments.models import FinalPlace

    call_command("migrate", verbosity=0)
    series = build(rng, args.championships, args.players)
    ids = list(series.entries.values_list("championship_id", flat=True))

    def raw_read():
        return list(FinalPlace.objects.filter(championship_id__in=ids).values_list(
            "championship_id", "team_id", "place", "team__register_entries__player_id"))

    rows = len(raw_read())
    lines = len(series_ranking(series).lines)
    raw_wall, raw_cpu = timed(raw_read, args.runs)
    ranking_wall, ranking_cpu = timed(lambda: series_ranking(series), args.runs)
    ratio, wall_ratio = ranking_cpu / raw_cpu, ranking_wall / raw_wall
    what = (f"{args.championships} championships × {args.players} players "
            f"({rows} places of players read, {lines} players ranked)")
    if args.tsv:
        print(f"series\traw read of the final places (CPU): {what} (seed {seed})"
              f"\t{raw_cpu:.1f} ms\t")
        print(f"series\tseries_ranking(series) (CPU): {what}\t{ranking_cpu:.1f} ms\t")
        print(f"series\tseries ranking ÷ raw read (CPU)\t×{ratio:.2f}\t≤ ×{TARGET_RATIO:.0f}")
    else:
        print(f"seed {seed} (repeat with --seed {seed}); load average {os.getloadavg()[0]:.1f}")
        print(what)
        print(f"raw read of the final places with their players: {raw_cpu:.1f} ms CPU, "
              f"{raw_wall:.1f} ms wall (medians of {args.runs})")
        print(f"series_ranking(series): {ranking_cpu:.1f} ms CPU, {ranking_wall:.1f} ms wall "
              f"(medians of {args.runs})")
        print(f"ratio ×{ratio:.2f} CPU (target ≤ ×{TARGET_RATIO:.0f}), ×{wall_ratio:.2f} wall")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
