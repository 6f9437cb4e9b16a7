"""Seatings for individual events (rules.md 10.3) and free-deal individual ranking (10.4)."""

from collections import Counter
from itertools import combinations

import pytest
import seating_oracle as oracle
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abarrotada import Form, PlayerLine, first_round, meetings, next_round, rank_players

forms = st.sampled_from(list(Form))


def check_round(seating, players, form):
    """Every player once, at a table or sitting out; every seat of every table filled."""
    seated = [p for table in seating.tables for p in table.values()]
    assert sorted(seated + list(seating.sit_outs)) == sorted(players)
    assert all(set(table) == set(form.seats) for table in seating.tables)
    assert len(seating.sit_outs) == len(players) % len(form.seats)


def check_sit_outs(seating, ranking, history):
    """The sit-outs are the lowest-ranked among those who have sat out least often."""
    sat_out = Counter(p for s in history for p in s.sit_outs)
    assert set(seating.sit_outs) == oracle.sit_outs(ranking, len(seating.sit_outs), sat_out)


def tables_of(seating):
    return [tuple(table.values()) for table in seating.tables]


def random_event(form, count, rounds, rnd):
    """A seeded draw, then ``rounds - 1`` rounds from random rankings; yields each later
    round with its ranking and the rounds before it."""
    players = list(range(count))
    history = [first_round(players, form, seed=rnd.random())]
    check_round(history[0], players, form)
    for _ in range(rounds - 1):
        ranking = list(players)
        rnd.shuffle(ranking)
        seating = next_round(ranking, form, history)
        check_round(seating, players, form)
        yield seating, ranking, list(history)
        history.append(seating)


@settings(max_examples=40, deadline=None)
@given(forms, st.integers(3, 40), st.integers(1, 7), st.randoms())
def test_rounds_seat_everybody_once_and_the_lowest_ranked_sit_out(form, count, rounds, rnd):
    if count < len(form.seats):
        with pytest.raises(ValueError):
            first_round(list(range(count)), form, seed=1)
        return
    every_round = []
    for seating, ranking, history in random_event(form, count, rounds, rnd):
        check_sit_outs(seating, ranking, history)
        every_round = [*history, seating]
    outs = Counter(p for seating in every_round for p in seating.sit_outs)
    # Nobody sits out twice before everybody has sat out once.
    assert max(outs.values(), default=0) - min((outs[p] for p in range(count)), default=0) <= 1


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(2, 8), st.randoms())
def test_small_rounds_are_the_exact_search_s_choice(data, rounds, rnd):
    """Up to 12 players seated (9 in the three-player form), the tables are exactly those a
    search of every grouping picks: the fewest pairs meeting again (then the fewest earlier
    meetings among them), and of those the first in ranking order (tables as sorted places
    in the ranking, listed by their best place, compared as lists)."""
    form = data.draw(forms)
    count = data.draw(st.integers(len(form.seats), 15 if form is Form.FOUR else 11))
    for seating, ranking, history in random_event(form, count, rounds, rnd):
        met = meetings(history)
        seated = [p for p in ranking if p not in seating.sit_outs]
        expected, cost = oracle.best_tables(seated, len(form.seats), met, ranking)
        assert oracle.in_ranking_order(tables_of(seating), ranking) == expected
        assert oracle.cost(tables_of(seating), met) == cost


def swapped(tables, a, b):
    return [tuple(b if p == a else a if p == b else p for p in table) for table in tables]


@settings(max_examples=15, deadline=None)
@given(forms, st.integers(16, 64), st.integers(2, 9), st.randoms())
def test_no_swap_of_two_players_improves_a_round(form, count, rounds, rnd):
    """Any size: swapping two players of different tables never gives fewer repeat meetings,
    nor as many and a grouping earlier in ranking order (the exact search's choice has this
    property, and a search stopped early is completed by such swaps)."""
    for seating, ranking, history in random_event(form, count, rounds, rnd):
        met = meetings(history)
        tables = tables_of(seating)
        chosen = (oracle.cost(tables, met), oracle.in_ranking_order(tables, ranking))
        for first, second in combinations(tables, 2):
            for a in first:
                for b in second:
                    other = swapped(tables, a, b)
                    assert (oracle.cost(other, met),
                            oracle.in_ranking_order(other, ranking)) > chosen, (a, b)


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
@given(forms, st.integers(1, 50))
def test_without_earlier_meetings_the_tables_go_down_the_ranking(form, tables):
    size = len(form.seats)
    ranking = list(range(size * tables))
    seating = next_round(ranking, form, [])
    assert [sorted(t) for t in tables_of(seating)] == [
        ranking[i : i + size] for i in range(0, len(ranking), size)]


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
