"""A free-deal evening of abarrotada (rules.md 10.4): tables report each player's game
total, confirmed by another player; the ranking is the sum of totals, then games won (a
shared highest total wins for each), then shared places; a player sitting out scores the
round's average total, rounded down, and wins nothing (our policy). A random evening's
standings equal an independent computation written here (fresh seed, printed)."""

from __future__ import annotations

import os
import random
from collections import defaultdict

import pytest
from abarrotada_factories import make_evening, next_round, seated
from django.utils import translation

from formats.abarrotada import evening
from formats.abarrotada import services as ab
from formats.abarrotada.rules import ReportRefused
from formats.abarrotada.services import TotalsValues
from scoring.services.values import ScoringError
from tournaments import services

pytestmark = pytest.mark.django_db

SEED = int(os.environ.get("ABARROTADA_SEED") or random.SystemRandom().randrange(2**32))


def test_rounds_of_an_evening_have_tables_and_no_deals(director):
    championship = make_evening(director, players=9)
    round_ = next_round(championship, director)
    assert round_.player_tables.count() == 2 and round_.sit_outs.count() == 1
    assert not round_.deals.exists()


def test_totals_are_entered_confirmed_and_refused_naming_the_field(director):
    championship = make_evening(director, players=4, hand_limit=12)
    table = next_round(championship, director).player_tables.get()
    who = seated(table)
    with translation.override("en"):
        with pytest.raises(ReportRefused) as refused:
            ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                             values=TotalsValues({"N": 10, "E": 3, "S": 0}))
        assert refused.value.field == "total_w"
        with pytest.raises(ReportRefused) as refused:
            ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                             values=TotalsValues({"N": 10, "E": 3, "S": 0, "W": 4},
                                                 hands_played=13))
        assert refused.value.field == "hands_played" and "limit of 12" in refused.value.message
    entry, _ = ab.submit_totals(player=who["N"], table=table, idempotency_key="k",
                                values=TotalsValues({"N": 10, "E": 3, "S": 0, "W": 4}))
    with pytest.raises(ScoringError):
        ab.confirm_totals(entry_id=entry.pk, player=who["N"])
    ab.confirm_totals(entry_id=entry.pk, player=who["W"])
    assert evening.table_games(table.round)[table.pk]["status"] == "confirmed"
    assert evening.missing_games(table.round) == []


def test_a_random_evening_ranks_as_an_independent_computation(director):
    rng = random.Random(SEED)
    players, rounds = 11, 3
    championship = make_evening(director, players=players, rounds=rounds)
    expected_total, won, games = defaultdict(int), defaultdict(int), defaultdict(int)
    for _ in range(rounds):
        round_ = next_round(championship, director)
        round_totals = []
        for table in round_.player_tables.all():
            who = seated(table)
            totals = {seat: rng.choice([0, 0, 2, 5, 8, 8, 13]) for seat in "NESW"}
            entry, _ = ab.submit_totals(player=who["S"], table=table, idempotency_key=None,
                                        values=TotalsValues(totals))
            ab.confirm_totals(entry_id=entry.pk, player=who["E"])
            top = max(totals.values())
            for seat, total in totals.items():
                expected_total[who[seat].pk] += total
                won[who[seat].pk] += total == top
                games[who[seat].pk] += 1
            round_totals.extend(totals.values())
        for player in round_.sit_outs.values_list("player_id", flat=True):
            expected_total[player] += sum(round_totals) // len(round_totals)
            games[player] += 1
        services.close_round(round_, by=director)
    lines = evening.evening_standings(championship)
    context = f"ABARROTADA_SEED={SEED}"
    assert {line.player_id: (line.total, line.games_won, line.games) for line in lines} == {
        p: (expected_total[p], won[p], games[p]) for p in expected_total}, context
    keys = [(-line.total, -line.games_won) for line in lines]
    assert keys == sorted(keys), context
    for a, b in zip(lines, lines[1:], strict=False):
        assert (a.place == b.place) == ((a.total, a.games_won) == (b.total, b.games_won))
