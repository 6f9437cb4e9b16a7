"""Seatings for individual events (rules.md 10.3) and free-deal individual ranking (10.4)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abarrotada import Form, PlayerLine, first_round, meetings, next_round, rank_players
from engine.abarrotada.movements import _fewest_repeats

forms = st.sampled_from(list(Form))


def check_round(seating, players, form):
    seated = [p for table in seating.tables for p in table.values()]
    assert sorted(seated + list(seating.sit_outs)) == sorted(players)
    assert all(set(table) == set(form.seats) for table in seating.tables)
    assert len(seating.sit_outs) == len(players) % len(form.seats)


@settings(max_examples=40, deadline=None)
@given(forms, st.integers(3, 40), st.integers(1, 6), st.randoms())
def test_rounds_seat_everybody_once_and_share_sit_outs(form, count, rounds, rnd):
    players = list(range(count))
    if count < len(form.seats):
        with pytest.raises(ValueError):
            first_round(players, form, seed=1)
        return
    history = [first_round(players, form, seed=rnd.random())]
    check_round(history[0], players, form)
    for _ in range(rounds - 1):
        ranking = list(players)
        rnd.shuffle(ranking)
        history.append(next_round(ranking, form, history))
        check_round(history[-1], players, form)
    outs = Counter(p for s in history for p in s.sit_outs)
    # Nobody sits out twice before everybody has sat out once.
    assert max(outs.values(), default=0) - min((outs[p] for p in players), default=0) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 10), st.randoms())
def test_second_round_meets_nobody_again_when_ranked_table_by_table(tables, rnd):
    """The hardest ranking for a greedy fill: round 1's tablemates next to each other."""
    players = list(range(4 * tables))
    history = [first_round(players, Form.FOUR, seed=rnd.random())]
    ranking = [p for table in history[0].tables for p in table.values()]
    history.append(next_round(ranking, Form.FOUR, history))
    assert max(meetings(history).values()) == 1


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 10), st.randoms())
def test_later_rounds_repeat_no_more_than_the_greedy_fill(tables, rnd):
    players = list(range(4 * tables))
    history = [first_round(players, Form.FOUR, seed=rnd.random())]
    for _ in range(3):
        ranking = list(players)
        rnd.shuffle(ranking)
        met = meetings(history)
        seating = next_round(ranking, Form.FOUR, history)
        greedy = _fewest_repeats(ranking, 4, met)
        repeats = sum(
            met[frozenset(p)] for t in seating.tables for p in combinations(t.values(), 2)
        )
        assert repeats <= sum(met[frozenset(p)] for g in greedy for p in combinations(g, 2))
        history.append(seating)


def test_seeded_draw_is_reproducible_and_seats_even_out():
    players = [f"p{i}" for i in range(16)]
    assert first_round(players, Form.FOUR, "x") == first_round(players, Form.FOUR, "x")
    assert first_round(players, Form.FOUR, "x") != first_round(players, Form.FOUR, "y")
    history = [first_round(players, Form.FOUR, "x")]
    for _ in range(3):
        history.append(next_round(players, Form.FOUR, history))
    seats = Counter((p, seat) for s in history for t in s.tables for seat, p in t.items())
    # Four rounds, four seats: nobody holds a seat three times, and most seats go round.
    assert max(seats.values()) <= 2 and len(seats) >= 56


def test_lowest_ranked_sit_out_first():
    players = list(range(19))  # 4n + 3: three sit out, no three-player table
    seating = next_round(players, Form.FOUR, [])
    assert seating.sit_outs == (16, 17, 18) and len(seating.tables) == 4
    later = next_round(players, Form.FOUR, [seating])
    assert later.sit_outs == (13, 14, 15)


def test_free_deal_ranking_10_4():
    games = [{"a": 10, "b": 4, "c": 0, "d": 10}, {"a": 2, "b": 9, "c": 5, "d": 0}]
    assert rank_players(games) == [
        PlayerLine("b", 13, 1, 2, 1),
        PlayerLine("a", 12, 1, 2, 2),
        PlayerLine("d", 10, 1, 2, 3),
        PlayerLine("c", 5, 0, 2, 4),
    ]
    tied = rank_players([{"a": 3, "b": 3, "c": 0}])
    assert [line.place for line in tied] == [1, 1, 3]
    with pytest.raises(ValueError, match="'a'"):
        rank_players([{"a": -1}])
