"""Groups then knockout, a group's ranking (rules.md 12.2) and a withdrawal in the group
stage (12.4): match points, group point difference, points, the game between exactly two
tied pairs, the director's draw, shared places while it is missing, walkovers."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.groups import (
    WIN_POINTS,
    DrawNeeded,
    GameResult,
    GroupsError,
    mean_winning_margin,
    qualify,
    rank_group,
    walkovers,
)


def g(a, b, pa, pb):
    return GameResult(a, b, pa, pb, 8)


def table(standing):
    return [(placed.label, placed.pair) for placed in standing.lines]


def test_match_points_then_difference_then_points_scored():
    games = [
        g("A", "B", 90, 30), g("C", "D", 70, 60), g("A", "C", 40, 50),
        g("B", "D", 80, 20), g("A", "D", 55, 50), g("B", "C", 61, 60),
    ]  # fmt: skip
    standing = rank_group("ABCD", games)
    lines = {placed.pair: placed.line for placed in standing.lines}
    assert [lines[p].match_points for p in "ABCD"] == [2, 2, 2, 0]
    assert [lines[p].difference for p in "ABCD"] == [55, 1, 19, -75]
    assert table(standing) == [("1", "A"), ("2", "C"), ("3", "B"), ("4", "D")]


def test_a_win_may_give_3_match_points():
    standing = rank_group("AB", [g("A", "B", 50, 40)], win=3)
    assert [placed.line.match_points for placed in standing.lines] == [3, 0]
    with pytest.raises(GroupsError) as caught:
        rank_group("AB", [], win=4)
    assert caught.value.field == "win_points"


def test_points_scored_split_pairs_equal_on_difference():
    # B, C and D: one win each and -50; D scored 260, C 250, B 170.
    games = [g("A", "B", 100, 50), g("A", "C", 100, 50), g("A", "D", 100, 50),
             g("B", "C", 60, 50), g("D", "B", 70, 60), g("C", "D", 150, 140)]  # fmt: skip
    standing = rank_group("ABCD", games)
    lines = {placed.pair: placed.line for placed in standing.lines}
    assert {lines[p].key[:2] for p in "BCD"} == {(1, -50)}
    assert [lines[p].points_for for p in "DCB"] == [260, 250, 170]
    assert table(standing) == [("1", "A"), ("2", "D"), ("3", "C"), ("4", "B")]


def test_three_tied_pairs_need_a_draw_even_when_two_of_them_have_met():
    # A beat C, C beat B, B beat A, each 30-20: all three at 1 win, 0, 50 for.
    games = [g("A", "C", 30, 20), g("C", "B", 30, 20), g("B", "A", 30, 20)]
    standing = rank_group("ABC", games)
    lines = {placed.pair: placed.line for placed in standing.lines}
    assert lines["A"].key == lines["B"].key == lines["C"].key == (1, 0, 50)
    # All three tied: the game between two is not used for three; a draw is needed.
    assert standing.needs_draw == (("A", "B", "C"),)
    assert table(standing) == [("1=", "A"), ("1=", "B"), ("1=", "C")]
    drawn = rank_group("ABC", games, draw=["C", "A", "B"])
    assert table(drawn) == [("1", "C"), ("2", "A"), ("3", "B")] and drawn.resolved


def test_head_to_head_between_exactly_two():
    games = [g("B", "A", 30, 20), g("A", "C", 40, 30), g("B", "C", 20, 30),
             g("A", "D", 60, 50), g("B", "D", 70, 60), g("C", "D", 10, 90)]  # fmt: skip
    standing = rank_group("ABCD", games)
    lines = {placed.pair: placed.line for placed in standing.lines}
    assert lines["A"].key == lines["B"].key and lines["A"].key != lines["C"].key
    assert table(standing)[:2] == [("1", "B"), ("2", "A")]  # B won their game
    assert standing.resolved


def test_two_tied_pairs_that_have_not_met_need_a_draw_and_share_the_place():
    # After round 1 of a group of 4: A beat C 50-40, B beat D 50-40.
    games = [g("A", "C", 50, 40), g("B", "D", 50, 40)]
    standing = rank_group("ABCD", games)
    assert table(standing) == [("1=", "A"), ("1=", "B"), ("3=", "C"), ("3=", "D")]
    assert standing.needs_draw == (("A", "B"), ("C", "D"))
    standing = rank_group("ABCD", games, draw=["B", "A"])
    assert table(standing) == [("1", "B"), ("2", "A"), ("3=", "C"), ("3=", "D")]


def test_a_pair_that_has_not_played_is_ranked_with_nothing():
    standing = rank_group("ABC", [g("A", "B", 70, 30)])
    assert table(standing) == [("1", "A"), ("2", "C"), ("3", "B")]


def test_a_game_twice_or_with_another_groups_pair_is_refused():
    with pytest.raises(GroupsError) as caught:
        rank_group("AB", [g("A", "B", 1, 0), g("B", "A", 1, 0)])
    assert caught.value.code == "played_twice"
    with pytest.raises(GroupsError) as caught:
        rank_group("AB", [g("A", "Z", 1, 0)])
    assert caught.value.code == "unknown_pair"


# --- Withdrawal in the group stage (12.4) -------------------------------------------------


def test_the_unplayed_games_are_lost_by_the_mean_winning_margin_rounded_down():
    played = [g("A", "B", 60, 50), g("C", "D", 90, 65), g("D", "A", 70, 40)]
    assert mean_winning_margin(played) == (10 + 25 + 30) // 3 == 21
    # D withdraws after round 2: it has played C and A, not B.
    made = walkovers("ABCD", played, "D")
    assert made == (GameResult("B", "D", 21, 0, walkover=True),)
    assert made[0].winner == "B"


def test_with_no_game_played_the_walkover_is_won_0_to_0():
    made = walkovers("ABCD", [], "A")
    assert [(w.first, w.second, w.first_points, w.second_points) for w in made] == [
        ("B", "A", 0, 0), ("C", "A", 0, 0), ("D", "A", 0, 0)]
    assert all(w.winner != "A" for w in made)
    standing = rank_group("ABCD", made)
    line = standing.line("B").line
    assert (line.wins, line.match_points, line.difference) == (1, 1, 0)
    assert standing.line("A").place == 4


def test_a_second_withdrawal_makes_no_game_between_the_two():
    played = [g("A", "B", 60, 50)]
    first = walkovers("ABCD", played, "D")
    assert {w.first for w in first} == {"A", "B", "C"}
    second = walkovers("ABCD", played + list(first), "C", also_withdrawn=["D"])
    assert {w.first for w in second} == {"A", "B"}
    assert all(w.first_points == 10 for w in first + second)  # walkovers not in the mean


def test_a_withdrawn_group_winner_stays_in_the_table_but_never_goes_through():
    games = [g("A", "B", 60, 50), g("C", "D", 90, 65), g("A", "C", 70, 40),
             g("B", "D", 80, 60), g("A", "D", 55, 54), g("B", "C", 40, 30)]  # fmt: skip
    other = [g("E", "F", 50, 40), g("G", "H", 60, 40), g("E", "G", 60, 40),
             g("F", "H", 70, 40), g("E", "H", 55, 40), g("F", "G", 45, 40)]  # fmt: skip
    standings = [rank_group("ABCD", games), rank_group("EFGH", other)]
    assert standings[0].order[0] == "A"
    result = qualify(standings, withdrawn=["A"])
    assert "A" not in result.seeds and "B" in result.direct  # B moves up
    assert result.direct == ("E", "B") or result.direct == ("B", "E")
    with pytest.raises(GroupsError):
        walkovers("ABCD", games, "Z")


def test_qualification_waits_for_the_groups_draws():
    standings = [rank_group("ABCD", [g("A", "C", 50, 40), g("B", "D", 50, 40)])]
    with pytest.raises(DrawNeeded) as caught:
        qualify(standings)
    assert caught.value.params["pairs"] == ("A", "B")


@given(st.integers(2, 6), st.sampled_from(WIN_POINTS), st.randoms(use_true_random=False))
def test_a_played_group_is_ranked_whole_by_its_figures(n, win, rng):
    pairs = list(range(1, n + 1))
    games = []
    for a, b in combinations(pairs, 2):
        pa, pb = rng.choice((20, 30, 40)), rng.choice((20, 30, 40))
        games.append(g(a, b, pa, pb) if pa != pb else g(a, b, pa + 10, pb))
    draw = rng.sample(pairs, n)
    standing = rank_group(pairs, games, win=win, draw=draw)
    assert sorted(standing.order) == pairs and standing.resolved
    assert [placed.place for placed in standing.lines] == list(range(1, n + 1))
    keys = [placed.line.key for placed in standing.lines]
    assert keys == sorted(keys, reverse=True)
    assert sum(placed.line.match_points for placed in standing.lines) == win * len(games)
    assert all(placed.line.games == n - 1 for placed in standing.lines)
