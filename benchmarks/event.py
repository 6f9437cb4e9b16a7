"""A large championship written straight to the database, for the benchmarks.

``build_event`` creates a 200-team Swiss-like event of 9 rounds (100 tables each, 4 deals a
round, 3,600 table results), every result entered by the NS team and confirmed by the EW
team, with a few breaches and adjusted scores. Rows are bulk-created: the benchmarks
measure reading and scoring, not entering. The points come from a fixed-seed
``random.Random``: test data, not a draw.

``build_round`` creates a championship with one released round of ``tables`` tables and no
results, for timing result entry.
"""

from __future__ import annotations

import random
import secrets

from django.utils import timezone

import engine


def _championship(name: str, teams: int, director):
    from tournaments.models import Championship, Team

    key = secrets.token_bytes(32)
    championship = Championship.objects.create(
        name=name, status=Championship.Status.RUNNING, movement=Championship.Movement.SWISS,
        rounds_planned=9, deal_key=key.hex(), key_commitment=engine.key_commitment(key),
    )
    championship.directors.add(director)
    Team.objects.bulk_create(
        Team(championship=championship, number=n, name=f"Team {n}", player1=f"P{n}a",
             player2=f"P{n}b")
        for n in range(1, teams + 1)
    )
    return championship, list(championship.teams.order_by("number"))


def _round(championship, number: int, pairs, status):
    from tournaments.models import Deal, Round, Table

    now = timezone.now()
    round_ = Round.objects.create(
        championship=championship, number=number, status=status, released_at=now,
        closed_at=now if status == Round.Status.CLOSED else None,
    )
    Table.objects.bulk_create(
        Table(round=round_, number=i, ns_team=ns, ew_team=ew)
        for i, (ns, ew) in enumerate(pairs, start=1)
    )
    key = championship.key_bytes
    Deal.objects.bulk_create(
        Deal(championship=championship, round=round_, number=deal_number,
             dealer=engine.dealer_for(position).value,
             cards=engine.format_deal(engine.generate_deal(key, deal_number)))
        for position, deal_number in enumerate(
            engine.round_deal_numbers(number, championship.deals_per_match), start=1
        )
    )
    return round_


def build_event(director, *, teams: int = 200, rounds: int = 9, seed: int = 7):
    """The 200-team, 9-round event with every result confirmed; returns the championship."""
    from scoring.models import Adjustment, ResultEntry, ResultReview
    from tournaments.models import Round

    rng = random.Random(seed)
    championship, team_rows = _championship("Benchmark Swiss", teams, director)
    entries = []
    for number in range(1, rounds + 1):
        order = team_rows[:]
        rng.shuffle(order)
        pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
        status = Round.Status.RELEASED if number == rounds else Round.Status.CLOSED
        round_ = _round(championship, number, pairs, status)
        tables = list(round_.tables.all())
        for deal in round_.deals.all():
            for table in tables:
                roll = rng.random()
                entries.append(ResultEntry(
                    table=table, deal=deal, by_team_id=table.ns_team_id,
                    contract="BOT" if rng.random() < 0.15 else rng.choice("OCEB"),
                    contro=rng.random() < 0.1,
                    points_ns=max(0, min(72, round(rng.gauss(36, 12)))),
                    breach="NS" if roll < 0.005 else "EW" if roll < 0.01 else "none",
                ))
    ResultEntry.objects.bulk_create(entries, batch_size=500)
    ResultReview.objects.bulk_create(
        (ResultReview(entry=entry, verdict="confirm", by_team_id=entry.table.ew_team_id)
         for entry in entries),
        batch_size=500,
    )
    Adjustment.objects.bulk_create(
        Adjustment(table=entry.table, deal=entry.deal, side="EW", kind="average_plus",
                   score_num=8, score_den=5, reason="benchmark", by_director=director)
        for entry in entries[::400]
    )
    return championship


def build_round(director, *, tables: int = 200, name: str = "Benchmark round"):
    """One released round of ``tables`` tables (2 × tables teams), no results yet."""
    from tournaments.models import Round

    championship, team_rows = _championship(name, 2 * tables, director)
    pairs = [(team_rows[i], team_rows[i + 1]) for i in range(0, len(team_rows), 2)]
    return championship, _round(championship, 1, pairs, Round.Status.RELEASED)
