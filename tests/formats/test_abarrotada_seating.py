"""Each individual championship is seated from its own ranking (rules.md 10.3): a free-deal
evening from the evening's standings (10.4: game totals, then games won), a duplicate event
from its standings (10.2). The expected sit-outs and tables are worked out by brute force
(``seating_oracle``), from the ranking the standings page shows and the tables played."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
import seating_oracle as oracle
from abarrotada_factories import (
    enter_and_confirm,
    make_evening,
    make_individual,
    next_round,
    seated,
    values,
)

from formats.abarrotada import evening, selectors
from formats.abarrotada import services as ab
from formats.abarrotada.services import TotalsValues
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def play_evening_round(round_, director, strength) -> None:
    """Every table enters each player's strength as their game total; the round closes."""
    for table in round_.player_tables.all():
        who = seated(table)
        entry, _ = ab.submit_totals(
            player=who["N"], table=table, idempotency_key=None,
            values=TotalsValues({seat: strength(player) for seat, player in who.items()}))
        ab.confirm_totals(entry_id=entry.pk, player=who["E"])
    services.close_round(round_, by=director)


def history(championship, before: int) -> tuple[Counter, Counter]:
    """How often each pair has met, and each player sat out, in the rounds before ``before``."""
    met: Counter = Counter()
    sat_out: Counter = Counter()
    for round_ in championship.rounds.filter(number__lt=before):
        for table in round_.player_tables.all():
            for a, b in combinations([p.pk for p in seated(table).values()], 2):
                met[frozenset((a, b))] += 1
        sat_out.update(round_.sit_outs.values_list("player_id", flat=True))
    return met, sat_out


def check_seated_by_the_rules(round_: Round, ranking: list[int]) -> None:
    """The round's sit-outs and tables are those the rules choose from ``ranking`` (the
    tables for up to 12 players seated, which the brute force can afford)."""
    met, sat_out = history(round_.championship, round_.number)
    tables = [[p.pk for p in seated(table).values()] for table in round_.player_tables.all()]
    outs = set(round_.sit_outs.values_list("player_id", flat=True))
    size = len(tables[0])
    assert outs == oracle.sit_outs(ranking, len(ranking) % size, sat_out)
    if len(ranking) - len(outs) > 12:
        return
    expected, cost = oracle.best_tables([p for p in ranking if p not in outs], size, met,
                                        ranking)
    assert oracle.in_ranking_order(tables, ranking) == expected
    assert oracle.cost(tables, met) == cost


def evening_ranking(championship) -> list[int]:
    return [line.player_id for line in evening.evening_standings(championship)
            if not line.withdrawn]


def test_a_nine_player_evening_seats_round_2_from_the_evening_ranking(director):
    """Regression: round 2 sat {1,2,3,4} and {5,6,7,8} by player number and benched 9, the
    leader, because the duplicate standings (0 for everyone on an evening) ranked it."""
    championship = make_evening(director, players=9, rounds=2)
    number = dict(championship.teams.values_list("pk", "number"))
    play_evening_round(next_round(championship, director), director,
                       lambda player: 10 * number[player.pk])  # player 9 leads
    ranking = evening_ranking(championship)
    assert number[ranking[0]] in (8, 9)  # 9 leads, unless they sat out round 1
    round_2 = next_round(championship, director)
    check_seated_by_the_rules(round_2, ranking)
    (out,) = round_2.sit_outs.values_list("player_id", flat=True)
    assert number[out] in (1, 2)  # the last who has not sat out yet


def test_the_leaders_of_a_19_player_evening_do_not_sit_out(director):
    """Regression: in round 7 of a 19-player evening the leaders sat out (three sit out a
    round; after six rounds all but one have sat out once)."""
    championship = make_evening(director, players=19, rounds=7)
    number = dict(championship.teams.values_list("pk", "number"))
    strength = {pk: (7 * n) % 19 * 3 for pk, n in number.items()}  # not the numbers' order
    play_evening_round(next_round(championship, director), director,
                       lambda player: strength[player.pk])
    for _ in range(6):
        ranking = evening_ranking(championship)
        round_ = next_round(championship, director)
        check_seated_by_the_rules(round_, ranking)
        if round_.number == 7:
            outs = set(round_.sit_outs.values_list("player_id", flat=True))
            # The one who never sat out, and the two lowest-ranked of the others.
            _met, sat_out = history(championship, 7)
            (fresh,) = [p for p in ranking if not sat_out[p]]
            assert outs == {fresh, *[p for p in ranking if p != fresh][-2:]}
            assert not outs & set(ranking[:3]) - {fresh}
        else:
            play_evening_round(round_, director, lambda player: strength[player.pk])


def test_a_duplicate_individual_event_is_seated_from_its_standings(director):
    championship = make_individual(director, players=9, rounds=2, deals=1)
    round_1 = next_round(championship, director)
    for table, points in zip(round_1.player_tables.all(), ["30-14-20-8", "20-30-8-14"],
                             strict=True):
        enter_and_confirm(table, 1, values(points))
    services.close_round(round_1, by=director)
    ranking = [line.player_id for line in selectors.standings(championship)]
    check_seated_by_the_rules(next_round(championship, director), ranking)
