"""Benchmark of the groups-then-knockout format through the app (rules.md 12; issue 38).

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/groups_app_bench.py [--seed N] [--events N] [--tsv]

On a throwaway SQLite database it plays ``--events`` events (default 5) of the issue's size,
64 pairs in 16 groups of 4 with Q = 1, through the services: once with the issue's bracket of
16 (the 16 group winners fill it) and once with a bracket of 32 (the 16 runners-up compared
per game for the repechage). Every group game is drawn from a random generator whose seed is
printed (``--seed`` replays it), checked by the format's rules and stored confirmed in bulk
(entering games one at a time is ``free_deal_bench.py``'s figure); each round is closed. Each
timing is the best of ``--repeats`` runs (default 3; the machine's other work kept out); it
prints, in milliseconds, their median and maximum against the issue's target of 200 ms:

- **making the groups**: the seeded draw stored (``services.make_groups``), before round 1;
- **drafting a group round**: ``tournaments.services.generate_next_round`` for each of the
  stage's 3 rounds (a drafted round discarded and drafted again for the repeats);
- **group standings**: every group's table after each round, as the public sees them
  (``standings.group_stage(up_to=N)``), and the director's (every confirmed game);
- **who goes through**: the director's page's data once the stage is complete
  (``standings.going_through``: the rankings, the repechage, the seeding and the bracket's
  first round); where pairs are level on every figure the director's draw is recorded
  first (``services.draws.record_draw``, the server drawing), as on the night;
- **storing the bracket**: the director confirming who goes through
  (``services.knockout.confirm_qualifiers``: the bracket stored, its byes settled, audited),
  once per event (it cannot be repeated), so its maximum is of single runs.

The exit status is 1 if a maximum misses the target. With ``--tsv`` the figures are printed as
lines ``section<TAB>what<TAB>figure<TAB>target`` (for ``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from game_rounds import play_confirmed  # noqa: E402
from scoring_bench import drop_database, setup_database  # noqa: E402

TARGET_MS = 200
PAIRS, GROUP_SIZE = 64, 4
BRACKETS = (16, 32)
SECTION = "groups then knockout (SQLite)"


def timed(func) -> tuple[float, object]:
    start = time.perf_counter()
    result = func()
    return (time.perf_counter() - start) * 1000, result


def random_game(rng: random.Random):
    """Eight hands' points; about one game in five level after them and won in two more."""
    from scoring.services.games import GameValues

    first, second = rng.randint(20, 110), rng.randint(20, 110)
    while first == second:
        second = rng.randint(20, 110)
    return GameValues(first, second, "hands", 8 if rng.random() < 0.8 else 10)


def play(director, round_, rng, settings) -> None:
    """Every game of the round, checked by the format's rules, stored confirmed; closed."""
    from formats.groups_knockout.rules import check_game

    play_confirmed(director, round_, lambda: random_game(rng),
                   lambda values: check_game(settings, values))


def best_ms(repeats: int, func) -> float:
    """The best of ``repeats`` runs (ms): the machine's other work kept out of the figure."""
    return min(timed(func)[0] for _ in range(repeats))


def one_event(director, rng: random.Random, bracket: int, repeats: int,
              times: dict[str, list[float]]) -> None:
    """Time one event, from making its groups to storing its bracket."""
    from formats.groups_knockout.services import make_groups, settings_of
    from formats.groups_knockout.services.draws import record_draw
    from formats.groups_knockout.services.knockout import confirm_qualifiers
    from formats.groups_knockout.standings import going_through, group_stage
    from tournaments import services

    championship = services.create_championship(
        director, name=f"Bench groups {bracket}", format="groups_knockout",
        format_settings={"group_size": GROUP_SIZE, "qualifiers_per_group": 1,
                         "bracket_size": bracket, "seeding": "draw"})
    for i in range(1, PAIRS + 1):
        services.add_team(championship, name=f"Parella {i}", player1=f"A{i}", player2=f"B{i}")
    seed = str(rng.randrange(2**32))
    times["making the groups (seeded draw)"].append(
        best_ms(repeats, lambda: make_groups(championship, seed=seed)))
    settings = settings_of(championship)

    def draft():
        services.discard_drafted_rounds(championship)
        return services.generate_next_round(championship)

    for number in range(1, 4):
        times["drafting a group round"].append(best_ms(repeats, draft))
        round_ = championship.rounds.get(number=number)
        services.release_round(round_, by=director)
        play(director, round_, rng, settings)
        times["group standings after a round (public)"].append(
            best_ms(repeats, lambda number=number: group_stage(championship, up_to=number)))
        times["group standings (director, every confirmed game)"].append(
            best_ms(repeats, lambda: group_stage(championship)))
    # Pairs level on every figure (rare): the director draws, one tie at a time.
    while needed := group_stage(championship).draws_needed:
        numbers = [team.number for team in championship.teams.filter(pk__in=needed[0].pairs)]
        record_draw(championship, numbers, for_me=True, by=director)
    times[f"who goes through, bracket {bracket}"].append(
        best_ms(repeats, lambda: going_through(championship)))
    times[f"storing the bracket, bracket {bracket}"].append(
        timed(lambda: confirm_qualifiers(championship, by=director))[0])


def figures(seed: int, events: int, repeats: int) -> list[tuple[str, float, float]]:
    setup_database(postgres=False)
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
    rng = random.Random(seed)
    times: dict[str, list[float]] = {
        "making the groups (seeded draw)": [], "drafting a group round": [],
        "group standings after a round (public)": [],
        "group standings (director, every confirmed game)": []}
    for bracket in BRACKETS:
        times[f"who goes through, bracket {bracket}"] = []
        times[f"storing the bracket, bracket {bracket}"] = []
    for bracket in BRACKETS:
        for _ in range(events):
            one_event(director, rng, bracket, repeats, times)
    drop_database(None)
    return [(what, statistics.median(values), max(values)) for what, values in times.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="replay the games of an earlier run "
                        "(a fresh seed by default)")
    parser.add_argument("--events", type=int, default=5, help="events per bracket size")
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs of each timing; the best counts")
    parser.add_argument("--tsv", action="store_true")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**48)
    label = f"{PAIRS} pairs, {PAIRS // GROUP_SIZE} groups of {GROUP_SIZE}, Q 1"
    if not args.tsv:
        print(f"Groups-then-knockout app benchmark (SQLite): {label}, {args.events} events "
              f"per bracket; seed {seed} (repeat with --seed {seed}); load average "
              f"{os.getloadavg()[0]:.1f}")
    rows = figures(seed, args.events, args.repeats)
    ok = all(worst <= TARGET_MS for _what, _median, worst in rows)
    if args.tsv:
        print(f"{SECTION}\tgames drawn from seed\t{seed}\t--seed to replay")
        for what, median, worst in rows:
            print(f"{SECTION}\t{label}: {what}\t{median:.1f} ms (max {worst:.1f})"
                  f"\t≤ {TARGET_MS} ms")
    else:
        for what, median, worst in rows:
            print(f"  {what:<52} median {median:7.1f} ms, max {worst:7.1f} ms "
                  f"(target {TARGET_MS} ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
