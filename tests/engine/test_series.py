"""Series points and the series ranking (rules.md 13.2)."""

from __future__ import annotations

import math
import os
import random
import secrets
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.series import (
    SeriesError,
    championship_points,
    default_table,
    entrants_table,
    place_points,
    series_ranking,
    typed_table,
)

D = Decimal


def places(*entries):
    """A championship's ranking from ``(players, place)`` with players as a string of
    one-letter names ("AB": a pair)."""
    return [(tuple(players), place) for players, place in entries]


def by_player(ranking):
    return {line.player: line for line in ranking}


# --- Points tables ---------------------------------------------------------------------


def test_the_default_table_at_places_1_to_16():
    table = default_table()
    assert [place_points(table, p) for p in range(1, 17)] == [
        D(v) for v in ("25", "20", "16", "13", "11", "10", "9", "8", "7", "6", "5", "4", "3",
                       "2", "1", "0")]  # fmt: skip
    assert place_points(table, 40) == 0


def test_shared_places_4_to_11_share_8_63():
    # 13 + 11 + 10 + 9 + 8 + 7 + 6 + 5 = 69, / 8 = 8.625, halves up.
    assert str(place_points(default_table(), 4, 8)) == "8.63"


def test_a_shared_place_averages_and_rounds_to_2_decimals_half_up():
    table = default_table()
    assert place_points(table, 1, 2) == D("22.50")
    assert str(place_points(table, 1, 3)) == "20.33"  # 61 / 3 = 20.333...
    assert str(place_points(table, 2, 3)) == "16.33"  # 49 / 3
    assert str(place_points(table, 14, 3)) == "1.00"  # 2 + 1 + 0
    assert str(place_points(table, 15, 8)) == "0.13"  # 1 / 8 = 0.125 -> 0.13
    assert str(place_points(typed_table([1, 0, 0]), 1, 3)) == "0.33"  # 0.333...
    assert str(place_points(typed_table([2, 0, 0]), 1, 3)) == "0.67"  # 0.666...


def test_the_entrants_table():
    table = entrants_table(5)
    assert [place_points(table, p) for p in range(1, 7)] == [5, 4, 3, 2, 1, 0]
    assert place_points(table, 2, 3) == 3  # 4 + 3 + 2
    assert place_points(entrants_table(4), 3, 2) == D("1.50")


def test_the_entrants_table_counts_each_championship_s_entrants():
    small = places(("A", 1), ("B", 2))
    large = places(("C", 1), ("D", 2), ("E", 3), ("F", 3))
    assert championship_points(small, entrants_table())["A"].points == 2
    points = championship_points(large, entrants_table())
    assert [points[p].points for p in "CDEF"] == [4, 3, D("1.50"), D("1.50")]
    ranking = by_player(series_ranking([small, large], entrants_table()))
    assert ranking["C"].total == 4 and ranking["A"].total == 2


def test_a_typed_table_scores_0_past_its_end():
    table = typed_table([10, D("7.5"), 5])
    assert [place_points(table, p) for p in range(1, 6)] == [10, D("7.5"), 5, 0, 0]
    assert place_points(table, 3, 2) == D("2.50")  # 5 + 0
    assert place_points(table, 4, 3) == 0


@pytest.mark.parametrize(("points", "code"), [
    ([], "empty_table"),
    ([10, -1], "negative_points"),
    ([10, 2.5], "not_exact"),
    ([10, True], "not_exact"),
    ([10, D("NaN")], "not_exact"),
    ([D("Infinity")], "not_exact"),
    ([D("1.005")], "too_many_decimals"),
    ([Fraction(1, 3)], "too_many_decimals"),
])  # fmt: skip
def test_a_typed_table_is_refused_naming_the_problem(points, code):
    with pytest.raises(SeriesError) as refused:
        typed_table(points)
    assert refused.value.code == code


def test_refusals_of_places_and_settings():
    with pytest.raises(SeriesError) as refused:
        entrants_table(0)
    assert (refused.value.field, refused.value.code) == ("entrants", "out_of_range")
    with pytest.raises(SeriesError) as refused:
        place_points(default_table(), 2, 0)
    assert (refused.value.field, refused.value.code) == ("covers", "out_of_range")
    with pytest.raises(SeriesError) as refused:
        place_points(entrants_table(), 1)
    assert refused.value.code == "entrants_unknown"
    with pytest.raises(SeriesError) as refused:
        series_ranking([], best=0)
    assert (refused.value.field, refused.value.code) == ("best", "out_of_range")
    with pytest.raises(SeriesError) as refused:
        series_ranking([], best=True)
    assert refused.value.code == "not_an_integer"


# --- One championship ------------------------------------------------------------------


def test_both_players_of_a_pair_get_the_pair_s_points():
    points = championship_points(places(("AB", 1), ("CD", 2), ("EF", 2), ("G", 4)))
    assert points["A"].points == points["B"].points == 25
    assert points["C"].points == points["F"].points == 18  # (20 + 16) / 2
    assert points["C"].label == "2=" and points["A"].label == "1"
    assert points["G"].points == 13 and points["G"].place == 4


@pytest.mark.parametrize(("entries", "field", "code"), [
    ([], "final_places", "no_entrants"),
    ([(("A",), 1), (("B",), 3)], "final_places", "places_not_consecutive"),
    ([(("A",), 2)], "final_places", "places_not_consecutive"),
    ([(("A",), 1), (("B",), 1), (("C",), 2)], "final_places", "places_not_consecutive"),
    ([(("A",), 1), (("B", "A"), 2)], "final_places[1].players", "player_twice"),
    ([(("A",), 1), ((), 2)], "final_places[1].players", "no_players"),
    ([("AB", 1)], "final_places[0].players", "invalid"),
    ([(("A",), 0)], "final_places[0].place", "out_of_range"),
])  # fmt: skip
def test_a_championship_s_ranking_is_refused_naming_the_problem(entries, field, code):
    with pytest.raises(SeriesError) as refused:
        championship_points(entries)
    assert (refused.value.field, refused.value.code) == (field, code)


def test_a_refusal_in_a_series_names_the_championship():
    with pytest.raises(SeriesError) as refused:
        series_ranking([places(("A", 1)), places(("A", 1), ("B", 3))])
    assert refused.value.field == "championships[1]"


# --- The series ranking ----------------------------------------------------------------


def test_the_ranking_sums_every_result_by_default():
    ranking = series_ranking([places(("AB", 1), ("C", 2)), places(("A", 1), ("C", 2))])
    lines = by_player(ranking)
    assert [line.player for line in ranking] == ["A", "C", "B"]
    assert lines["A"].total == 50 and lines["C"].total == 40 and lines["B"].total == 25
    assert str(lines["A"].total) == "50.00"
    assert lines["C"].place_counts == (0, 2)
    assert [r.championship for r in lines["B"].results] == [0]


def test_best_n_counts_the_best_results_only():
    # A: 1st, 16th (0 points), 2nd; B: 3rd three times; the other places filled.
    def field(a_place):
        others = iter(p for p in range(1, 17) if p not in (a_place, 3))
        return [(("A",), a_place), (("B",), 3), *(((f"x{p}",), p) for p in others)]

    c1, c2, c3 = field(1), field(16), field(2)
    lines = by_player(series_ranking([c1, c2, c3], best=2))
    assert lines["A"].total == 45
    assert [r.counted for r in lines["A"].results] == [True, False, True]
    assert [r.points for r in lines["A"].counted] == [25, 20]
    assert lines["B"].total == 32
    # Equal points: the earlier results are the ones counted.
    assert [r.counted for r in lines["B"].results] == [True, True, False]
    assert by_player(series_ranking([c1, c2, c3]))["A"].total == 45
    assert by_player(series_ranking([c1, c2, c3], best=1))["B"].total == 16


def test_places_are_counted_over_every_result_not_only_the_counted_ones():
    # best 1: both count 25; A's uncounted 2nd beats B's uncounted 3rd.
    c1 = places(("A", 1), ("X", 2), ("B", 3))
    c2 = places(("B", 1), ("A", 2), ("X", 3))
    ranking = series_ranking([c1, c2], best=1)
    lines = by_player(ranking)
    assert lines["A"].total == lines["B"].total == 25
    assert lines["A"].place_counts == (1, 1, 0) and lines["B"].place_counts == (1, 0, 1)
    assert [line.player for line in ranking][:2] == ["A", "B"]
    assert lines["A"].label == "1" and lines["B"].label == "2"


TABLE = typed_table([5, 4, 3, 2, 1])


def test_the_total_comes_before_the_places():
    # A: 2nd + 2nd = 8; B: 1st + 5th = 6 (a first, but fewer points).
    ranking = series_ranking([places(("B", 1), ("A", 2), ("X", 3), ("Y", 4), ("Z", 5)),
                              places(("W", 1), ("A", 2), ("X", 3), ("Y", 4), ("B", 5))],
                             TABLE)  # fmt: skip
    assert [line.player for line in ranking][:2] == ["A", "B"]


def test_equal_totals_more_first_places_first_then_seconds():
    # A: 1st + 3rd = 8 (one first); B: 2nd + 2nd = 8 (two seconds): the first wins.
    c1 = places(("A", 1), ("B", 2), ("X", 3))
    c2 = places(("Y", 1), ("B", 2), ("A", 3))
    lines = by_player(series_ranking([c1, c2], TABLE))
    assert lines["A"].total == lines["B"].total == 8
    assert (lines["A"].place, lines["B"].place) == (1, 2)


def test_equal_totals_and_firsts_more_second_places_first():
    # A: 2nd, 2nd, 5th = 9; B: 3rd, 3rd, 3rd = 9; no firsts.
    c1 = places(("X", 1), ("A", 2), ("B", 3))
    c2 = places(("X", 1), ("A", 2), ("B", 3))
    c3 = places(("X", 1), ("Y", 2), ("B", 3), ("Z", 4), ("A", 5))
    lines = by_player(series_ranking([c1, c2, c3], TABLE))
    assert lines["A"].total == lines["B"].total == 9
    assert lines["A"].place < lines["B"].place
    # ... even though B's most recent championship gave more points.
    assert lines["B"].latest_points > lines["A"].latest_points


def test_a_shared_3_counts_as_a_third_place():
    # A: "3=" of two, (6 + 4) / 2 = 5; B: 4th + 6th = 4 + 1 = 5.  Counted as a 4th, A would
    # have B's fourth and no sixth, and B would be ahead; as a third, A is ahead.
    table = typed_table([10, 8, 6, 4, 2, 1])
    c1 = places(("P", 1), ("Q", 2), ("A", 3), ("X", 3), ("Y", 5))
    c2 = places(("P", 1), ("Q", 2), ("R", 3), ("B", 4), ("S", 5), ("T", 6))
    c3 = places(("P", 1), ("Q", 2), ("R", 3), ("S", 4), ("T", 5), ("B", 6))
    lines = by_player(series_ranking([c1, c2, c3], table))
    assert lines["A"].total == lines["B"].total == 5
    assert lines["A"].place_counts[2] == 1 and lines["A"].results[0].label == "3="
    assert lines["A"].place < lines["B"].place


def test_then_the_points_of_the_player_s_own_most_recent_championship():
    # A: 1st then 2nd; B: 2nd then 1st: equal totals and places, B's latest is better.
    ranking = series_ranking([places(("A", 1), ("B", 2)), places(("B", 1), ("A", 2))])
    assert [(line.player, line.label) for line in ranking] == [("B", "1"), ("A", "2")]
    # Each player's own most recent: A's is championship 2, B's championship 3.
    ranking = series_ranking([places(("B", 1), ("A", 2)), places(("A", 1), ("X", 2)),
                              places(("X", 1), ("B", 2))])  # fmt: skip
    lines = by_player(ranking)
    assert lines["A"].latest_points == 25 and lines["B"].latest_points == 20
    assert lines["A"].place < lines["B"].place


def test_still_equal_the_place_is_shared():
    # A pair's two players are equal on everything; so are two winners of different
    # championships.
    ranking = series_ranking([places(("BA", 1), ("C", 2)), places(("D", 1), ("E", 2))])
    assert [(line.player, line.label) for line in ranking] == [
        ("A", "1="), ("B", "1="), ("D", "1="), ("C", "4="), ("E", "4=")]


def test_the_engine_exports_the_series_names():
    assert engine.series_ranking is series_ranking
    assert engine.place_points is place_points
    assert engine.DEFAULT_POINTS[0] == 25


# --- Properties ------------------------------------------------------------------------

NAMES = "ABCDEFGHIJKL"


def competition_places(scores):
    """Standard competition places of ``scores`` (higher first): 1, 2, 2, 4..."""
    return [1 + sum(other > score for other in scores) for score in scores]


def random_championship(rng, names=NAMES):
    """A random championship of some of ``names``, in pairs or alone, with ties."""
    players = rng.sample(list(names), rng.randint(1, len(names)))
    entrants = []
    while players:
        size = min(len(players), rng.choice((1, 2)))
        entrants.append(tuple(players[:size]))
        del players[:size]
    scores = [rng.randint(0, 4) for _ in entrants]
    return list(zip(entrants, competition_places(scores), strict=True))


@st.composite
def series(draw, size=(0, 5)):
    rng = random.Random(draw(st.integers(0, 2**32)))
    return [random_championship(rng) for _ in range(draw(st.integers(*size)))]


TABLES = st.sampled_from([default_table(), entrants_table(), typed_table([3, D("1.5"), 1])])


@settings(max_examples=150, deadline=None)
@given(series(), TABLES, st.none() | st.integers(1, 4))
def test_totals_are_non_negative_with_2_decimals_and_sum_the_counted(championships, table,
                                                                     best):  # fmt: skip
    for line in series_ranking(championships, table, best):
        assert line.total >= 0 and line.total.as_tuple().exponent == -2
        assert line.total == sum(r.points for r in line.counted)
        assert len(line.counted) == min(len(line.results), best or len(line.results))
        counted = sorted((r.points for r in line.counted), reverse=True)
        left = [r.points for r in line.results if not r.counted]
        assert not left or not counted or max(left) <= counted[-1]


@settings(max_examples=100, deadline=None)
@given(series(size=(0, 4)), series(size=(1, 1)), TABLES)
def test_adding_a_championship_never_lowers_a_total(championships, extra, table):
    before = by_player(series_ranking(championships, table))
    after = by_player(series_ranking([*championships, *extra], table))
    for player, line in before.items():
        assert after[player].total >= line.total


@settings(max_examples=100, deadline=None)
@given(series(), st.permutations(NAMES), st.none() | st.integers(1, 3))
def test_renaming_the_players_renames_the_ranking(championships, permuted, best):
    rename = dict(zip(NAMES, permuted, strict=True))
    renamed = [[(tuple(rename[p] for p in players), place) for players, place in c]
               for c in championships]  # fmt: skip

    def figures(line):
        return line.place, line.shared, line.total, line.place_counts, line.latest_points

    original = {rename[line.player]: figures(line) for line in series_ranking(championships,
                                                                             best=best)}
    assert {line.player: figures(line)
            for line in series_ranking(renamed, best=best)} == original  # fmt: skip


# --- An independent brute force ---------------------------------------------------------


def brute_points(place, covers):
    """The default table's points, written out another way, shared and rounded half up."""
    def single(p):
        return {1: 25, 2: 20, 3: 16, 4: 13, 5: 11}.get(p, max(0, 16 - p))

    mean = Fraction(sum(single(p) for p in range(place, place + covers)), covers)
    return Fraction(math.floor(mean * 100 + Fraction(1, 2)), 100)


def brute_ranking(championships, best):
    results: dict[str, list[tuple[int, Fraction]]] = {}
    for championship in championships:
        covers = [place for _players, place in championship]
        for players, place in championship:
            for player in players:
                results.setdefault(player, []).append((place, brute_points(place, covers.count(place))))
    deepest = max((place for rs in results.values() for place, _ in rs), default=0)

    def key(player):
        points = sorted((p for _, p in results[player]), reverse=True)
        total = sum(points[:best] if best else points)
        counts = tuple(sum(place == k for place, _ in results[player])
                       for k in range(1, deepest + 1))  # fmt: skip
        return total, counts, results[player][-1][1]

    keys = {player: key(player) for player in results}
    return {player: (1 + sum(other > k for other in keys.values()),
                     sum(other == k for other in keys.values()) > 1, k[0])
            for player, k in keys.items()}  # fmt: skip


def test_the_ranking_agrees_with_a_brute_force_on_random_series():
    seed = int(os.environ.get("SERIES_SEED") or secrets.randbits(48))
    rng = random.Random(seed)
    for trial in range(300):
        championships = [random_championship(rng) for _ in range(rng.randint(0, 6))]
        best = rng.choice((None, 1, 2, 3))
        got = {line.player: (line.place, line.shared, Fraction(line.total))
               for line in series_ranking(championships, best=best)}  # fmt: skip
        assert got == brute_ranking(championships, best), (
            f"seed {seed} (replay with SERIES_SEED={seed}), trial {trial}: "
            f"{championships!r}, best={best}")
