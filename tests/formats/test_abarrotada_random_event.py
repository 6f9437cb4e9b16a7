"""A 36-player individual event with random results, played through the services; its
standings must equal an independent computation written here from rules.md 10.2 (and the
sit-outs of 10.3), not through the code under test. The seed is fresh on each run and
printed on failure, so a failing run can be repeated with ABARROTADA_SEED."""

from __future__ import annotations

import os
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from abarrotada_factories import delegated, make_individual, next_round, seated

from formats.abarrotada import selectors
from formats.abarrotada import services as ab
from formats.abarrotada.rules import ReportValues
from tournaments import services

pytestmark = pytest.mark.django_db

SEED = int(os.environ.get("ABARROTADA_SEED") or random.SystemRandom().randrange(2**32))


def random_report(rng: random.Random, seats: str) -> ReportValues:
    cuts = sorted(rng.randint(0, 72) for _ in range(len(seats) - 1))
    points = [b - a for a, b in zip([0, *cuts], [*cuts, 72], strict=True)]
    maker = rng.choice(seats)
    others = [s for s in seats if s != maker]
    contro = "".join(s for s in others if rng.random() < 0.2)
    breaches = rng.choice(seats) if rng.random() < 0.08 else ""
    return ReportValues(maker=maker, contract=rng.choice(["O", "C", "E", "B", "BOT"]),
                        points=dict(zip(seats, points, strict=True)), contro_by=contro,
                        breaches=breaches)


def deal_score_of(cell, threshold):
    _player, points, announced, _breach = cell
    return (points - threshold) * (2 if announced else 1)


def independent_standings(played, sit_outs, deals_of_round, seats):
    """rules.md 10.2 from scratch: ``played`` maps (round, deal) to a list of tables, each
    {seat: (player, points, announced, breach)}."""
    threshold = 18 if len(seats) == 4 else 24
    total, scores, tops = defaultdict(Fraction), defaultdict(int), defaultdict(int)
    for tables in played.values():
        valid = [i for i, t in enumerate(tables) if not any(cell[3] for cell in t.values())]
        finals = [{} for _ in tables]
        for seat in seats:
            values = [deal_score_of(tables[i][seat], threshold) for i in valid]
            for i in valid:
                mine = deal_score_of(tables[i][seat], threshold)
                low, high = min(values), max(values)
                finals[i][seat] = (Fraction(3, 2) if high == low
                                   else 1 + Fraction(mine - low, high - low))
            average = (sum((finals[i][seat] for i in valid), Fraction(0)) / len(valid)
                       if valid else Fraction(3, 2))
            for i, table in enumerate(tables):
                if i not in valid:
                    finals[i][seat] = Fraction(0) if table[seat][3] else average
        for i, table in enumerate(tables):
            for seat in seats:
                player = table[seat][0]
                total[player] += finals[i][seat]
                tops[player] += finals[i][seat] == 2
                # The tie-break counts a deal score only where it made the final.
                if i in valid:
                    scores[player] += deal_score_of(table[seat], threshold)
    for round_number, players in sit_outs.items():
        for player in players:
            total[player] += Fraction(3, 2) * deals_of_round[round_number]
    return total, scores, tops


@pytest.mark.parametrize("players,form", [(36, 4), (38, 4), (20, 3)])
def test_random_event_standings_equal_an_independent_computation(director, players, form):
    rng = random.Random(SEED * 1000 + players)
    seats = "NESW"[:form]
    championship = make_individual(director, players=players, rounds=3, deals=2, form=form)
    played, sit_outs, deals_of_round = {}, {}, {}
    for _ in range(3):
        round_ = next_round(championship, director)
        numbers = list(round_.deals.order_by("number").values_list("number", flat=True))
        deals_of_round[round_.number] = len(numbers)
        sit_outs[round_.number] = list(round_.sit_outs.values_list("player_id", flat=True))
        for table in round_.player_tables.order_by("number"):
            who = seated(table)
            for number in numbers:
                report = delegated(random_report(rng, seats), table, number)
                entry, _ = ab.submit_report(player=who[rng.choice(seats)], table=table,
                                            deal_number=number, values=report,
                                            idempotency_key=None)
                confirmer = next(p for s, p in who.items() if p.pk != entry.by_team_id)
                ab.confirm_report(report_id=entry.pk, player=confirmer)
                announced = set(report.contro_by) | (
                    {report.maker} if report.contract == "BOT" else set())
                played.setdefault((round_.number, number), []).append(
                    {s: (who[s].pk, report.points[s], s in announced, s in report.breaches)
                     for s in seats})
        services.close_round(round_, by=director)
    total, scores, tops = independent_standings(played, sit_outs, deals_of_round, seats)
    lines = selectors.standings(championship)
    context = f"ABARROTADA_SEED={SEED}"
    assert {line.player_id: line.total for line in lines} == dict(total), context
    assert {line.player_id: line.deal_scores for line in lines} == {
        p: scores.get(p, 0) for p in total}, context
    assert {line.player_id: line.tops for line in lines} == {p: tops.get(p, 0) for p in total}
    expected = sorted(total, key=lambda p: (-total[p], -scores.get(p, 0), -tops.get(p, 0)))
    assert [line.player_id for line in lines] == expected or all(
        (lines[i].total, lines[i].deal_scores, lines[i].tops)
        == (total[expected[i]], scores.get(expected[i], 0), tops.get(expected[i], 0))
        for i in range(len(lines))), context
    # Each player sits once a round, and the sit-outs are those the field forces.
    assert all(len(out) == players % form for out in sit_outs.values())
