"""Benchmark of the players' ratings through the app (rules.md 13.3; issue 39).

Run from the repository root:
    SECRET_KEY=x DEBUG=1 python benchmarks/ratings_app_bench.py [--seed N] [--tsv] [--postgres]

On a throwaway database (SQLite; PostgreSQL at 127.0.0.1 with ``--postgres``) it stores, in
bulk, ``--championships`` finished championships (default 1,000) of 20 to 60 pairs drawn
from ``--players`` players of the register (default 5,000): their entrants, each entrant's
two players (``EntrantPlayer``) and their final places (``FinalPlace``, about one entrant in
ten sharing the place above), dated over the years, a few on the same day. The data come
from ``random.Random`` seeded with ``--seed`` (a fresh seed is drawn and printed when none
is given, so any run can be repeated): test data, not a draw. It then times
``tournaments.services.ratings.rebuild_ratings()`` end to end through the database: the
places and players read, the order, the engine's replay, every ``PlayerRating`` row
replaced in one transaction; once from an empty ratings table and once replacing them.
Target: 30 s each (issue 39). The exit status is 1 if one misses it. With ``--tsv`` the
figures are printed as lines ``section<TAB>what<TAB>figure<TAB>target``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scoring_bench import drop_database, setup_database  # noqa: E402

TARGET_S = 30.0
BATCH = 2000


def store(rng: random.Random, championships: int, players: int) -> int:
    """The register and the finished championships, in bulk; returns the entrants stored."""
    from django.utils import timezone

    import engine
    from tournaments.models import Championship, EntrantPlayer, FinalPlace, Player, Team

    people = Player.objects.bulk_create(
        (Player(name=f"Jugador {n}", club=f"Club {n % 97}", search_name=f"jugador {n}")
         for n in range(1, players + 1)), batch_size=BATCH)
    first_day = datetime.date(2010, 1, 1)
    made = []
    for index in range(championships):
        key = secrets.token_bytes(32)
        day = first_day + datetime.timedelta(days=rng.randrange(16 * 365))
        made.append(Championship(
            name=f"Campionat {index + 1}", status=Championship.Status.FINISHED,
            format="free_deal_pairs", movement="swiss", starts_on=day, ends_on=day,
            deal_key=key.hex(), key_commitment=engine.key_commitment(key),
            finished_at=timezone.make_aware(datetime.datetime.combine(
                day, datetime.time(18 + rng.randrange(5), rng.randrange(60))))))
    made = Championship.objects.bulk_create(made, batch_size=BATCH)
    fields = []  # (championship, number, first player, second player, place)
    for championship in made:
        size = rng.randint(20, 60)
        drawn = rng.sample(people, 2 * size)
        place = 1
        for position in range(size):
            if position and rng.random() >= 0.1:
                place = position + 1
            fields.append((championship, position + 1, drawn[2 * position],
                           drawn[2 * position + 1], place))
    teams = Team.objects.bulk_create(
        (Team(championship=championship, number=number, name=f"Parella {number}",
              player1=first.name, player2=second.name, link_secret=secrets.token_hex(16),
              pin=f"{number % 10000:04d}")
         for championship, number, first, second, _place in fields), batch_size=BATCH)
    EntrantPlayer.objects.bulk_create(
        (EntrantPlayer(team=team, player=player, position=position)
         for team, (_c, _n, first, second, _p) in zip(teams, fields, strict=True)
         for position, player in ((1, first), (2, second))), batch_size=BATCH)
    FinalPlace.objects.bulk_create(
        (FinalPlace(championship=championship, team=team, place=place)
         for team, (championship, _n, _f, _s, place) in zip(teams, fields, strict=True)),
        batch_size=BATCH)
    return len(teams)


def figures(seed: int, championships: int, players: int, postgres: bool):
    name = setup_database(postgres=postgres)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.SCORING_REBUILD = "off"
    settings.RATINGS_REBUILD = "off"
    settings.DEBUG = False
    try:
        call_command("migrate", verbosity=0)
        from tournaments.models import PlayerRating
        from tournaments.services.ratings import rebuild_ratings

        started = time.perf_counter()
        entrants = store(random.Random(seed), championships, players)
        stored = time.perf_counter() - started
        times = []
        for _ in range(2):  # from an empty table, then replacing every row
            started = time.perf_counter()
            written = rebuild_ratings()
            times.append(time.perf_counter() - started)
        rated = PlayerRating.objects.values("player").distinct().count()
    finally:
        drop_database(name)
    return entrants, stored, written, rated, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="seed of the random data (default: fresh)")
    parser.add_argument("--championships", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--postgres", action="store_true",
                        help="on PostgreSQL at 127.0.0.1:5432 instead of SQLite")
    parser.add_argument("--tsv", action="store_true",
                        help="print the figures as lines section<TAB>what<TAB>figure<TAB>target")
    args = parser.parse_args()
    seed = secrets.randbits(48) if args.seed is None else args.seed
    entrants, stored, written, rated, times = figures(seed, args.championships, args.players,
                                                     args.postgres)
    database = "PostgreSQL" if args.postgres else "SQLite"
    label = (f"{args.championships} championships, {entrants} pairs, {rated} of "
             f"{args.players} players rated, {written} rows")
    whats = ("ratings rebuilt (empty table)", "ratings rebuilt (replacing every row)")
    if args.tsv:
        print(f"ratings ({database})\tdata drawn from seed\t{seed}\t--seed to replay")
        for what, seconds in zip(whats, times, strict=True):
            print(f"ratings ({database})\t{what}: {label}\t{seconds:.2f} s\t≤ {TARGET_S:.0f} s")
    else:
        print(f"seed {seed} (repeat with --seed {seed}); {database}; load average "
              f"{os.getloadavg()[0]:.1f}")
        print(f"stored in bulk: {label.split(',')[0]}, {entrants} pairs: {stored:.1f} s")
        for what, seconds in zip(whats, times, strict=True):
            print(f"{what}: {label}: {seconds:.2f} s (target ≤ {TARGET_S:.0f} s)")
    return 0 if max(times) <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
