"""The ranking of a free-deal pair tournament (rules.md 11.3): match points, point
difference, points, Buchholz, byes, shared places."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.free_deal import (
    METRICS,
    TIE_BREAKS,
    Bye,
    MatchPoints,
    PairLine,
    RankingSettings,
    pair_lines,
    rank_pairs,
)


def table(placed):
    return [(p.label, p.pair) for p in placed]


def lines_by_pair(pairs, games, byes=(), scheme=MatchPoints.ONE_HALF_ZERO):
    return {line.pair: line for line in pair_lines(pairs, games, byes, scheme)}


# --- Match points --------------------------------------------------------------------------


def test_match_points_schemes_are_exact():
    assert (MatchPoints.ONE_HALF_ZERO.win, MatchPoints.ONE_HALF_ZERO.draw,
            MatchPoints.ONE_HALF_ZERO.loss) == (1, Fraction(1, 2), 0)  # fmt: skip
    assert [MatchPoints.TWO_ONE_ZERO.win, MatchPoints.TWO_ONE_ZERO.draw] == [2, 1]
    assert [MatchPoints.THREE_ONE_ZERO.win, MatchPoints.THREE_ONE_ZERO.draw] == [3, 1]
    assert all(isinstance(s.draw, Fraction) for s in MatchPoints)
    assert MatchPoints.ONE_HALF_ZERO.for_game(101, 40) == 1
    assert MatchPoints.ONE_HALF_ZERO.for_game(70, 70) == Fraction(1, 2)
    assert MatchPoints.ONE_HALF_ZERO.for_game(40, 101) == 0
    assert str(MatchPoints.TWO_ONE_ZERO) == "2-1-0"


def test_the_default_order_is_the_rules_order():
    assert TIE_BREAKS == ("match_points", "point_difference", "points", "buchholz")
    assert set(TIE_BREAKS) <= set(METRICS)
    settings = RankingSettings()
    assert settings.tie_breaks == TIE_BREAKS
    assert settings.match_points is MatchPoints.ONE_HALF_ZERO


@pytest.mark.parametrize(
    "tie_breaks", [["match_points", "luck"], "match_points", ["points", "points"]]
)
def test_ranking_settings_refuse_unknown_or_repeated_metrics(tie_breaks):
    with pytest.raises(ValueError):
        RankingSettings(tie_breaks=tie_breaks)


def test_ranking_settings_take_a_list_and_a_scheme_name():
    settings = RankingSettings(match_points="3-1-0", tie_breaks=["match_points", "wins"])
    assert settings.match_points is MatchPoints.THREE_ONE_ZERO
    assert settings.tie_breaks == ("match_points", "wins")


# --- The figures of a pair ----------------------------------------------------------------

# Two rounds of four pairs.  Round 1: A 101-60 B, C 80-80 D (a draw on hands).
# Round 2: A 50-105 C, B 121-0 D.
GAMES = [("A", "B", 101, 60), ("C", "D", 80, 80), ("A", "C", 50, 105), ("D", "B", 0, 121)]


def test_a_pairs_figures():
    lines = lines_by_pair("ABCD", GAMES)
    assert lines["A"] == PairLine(
        "A", games=2, wins=1, draws=0, losses=1, byes=0, match_points=Fraction(1),
        points=151, points_against=165, point_difference=-14,
        # Buchholz: B has 1 (a win), C has 3/2 (a draw and a win)
        buchholz=Fraction(5, 2),
    )  # fmt: skip
    assert lines["C"].match_points == Fraction(3, 2) and lines["C"].draws == 1
    assert lines["C"].point_difference == 55 and lines["C"].points == 185
    assert lines["D"].match_points == Fraction(1, 2) and lines["D"].losses == 1
    # D met C (3/2) and B (1).
    assert lines["D"].buchholz == Fraction(5, 2)


def test_the_ranking_orders_by_match_points_then_difference_then_points_then_buchholz():
    placed = rank_pairs("ABCD", GAMES)
    # C 3/2; A 1 (-14) and B 1 (+80): B above A on difference; D 1/2.
    assert table(placed) == [("1", "C"), ("2", "B"), ("3", "A"), ("4", "D")]


def test_equal_difference_goes_to_points_scored():
    games = [("A", "X", 110, 100), ("B", "Y", 30, 20), ("X", "Y", 50, 40)]
    placed = rank_pairs(["A", "B", "X", "Y"], games)
    # A and B: one win each, +10 each; A scored more.
    assert table(placed)[:2] == [("1", "A"), ("2", "B")]


def test_equal_points_go_to_buchholz():
    # A and B each win once by 101-50; A's victim then wins, B's does not.
    games = [("A", "X", 101, 50), ("B", "Y", 101, 50), ("X", "Z", 101, 50), ("Y", "W", 50, 101)]
    lines = lines_by_pair("ABXYZW", games)
    assert lines["A"].buchholz == 1 and lines["B"].buchholz == 0
    placed = rank_pairs("ABXYZW", games)
    # A first on Buchholz; B and W (who beat Y, 0 match points) are equal on everything.
    assert table(placed)[:3] == [("1", "A"), ("2=", "B"), ("2=", "W")]


def test_pairs_equal_on_everything_share_the_place():
    games = [("A", "X", 101, 50), ("B", "Y", 101, 50)]
    placed = rank_pairs(["B", "A", "X", "Y"], games)
    # A and B share first place (listed by id), X and Y share third.
    assert table(placed) == [("1=", "A"), ("1=", "B"), ("3=", "X"), ("3=", "Y")]
    assert [p.place for p in placed] == [1, 1, 3, 3]


def test_the_tie_break_order_is_a_setting():
    settings = RankingSettings(tie_breaks=("match_points", "buchholz", "point_difference"))
    placed = rank_pairs("ABCD", GAMES, settings=settings)
    # A and B both have 1: Buchholz A 5/2 (B 1 + C 3/2), B 1 (A 1 + D 1/2 = 3/2)... A first.
    lines = lines_by_pair("ABCD", GAMES)
    assert lines["B"].buchholz == Fraction(3, 2)
    assert table(placed) == [("1", "C"), ("2", "A"), ("3", "B"), ("4", "D")]


def test_the_match_points_scheme_is_a_setting():
    # P: a win and a loss; Q: two draws.  1-1/2-0 ties them on match points; 3-1-0 does not.
    games = [("P", "X", 101, 0), ("Y", "P", 101, 100), ("Q", "X", 60, 60), ("Q", "Y", 0, 0)]
    lines = lines_by_pair("PQXY", games)
    assert lines["P"].match_points == lines["Q"].match_points == 1
    lines = lines_by_pair("PQXY", games, scheme=MatchPoints.THREE_ONE_ZERO)
    assert (lines["P"].match_points, lines["Q"].match_points) == (3, 2)
    ranked = [
        p.pair for p in rank_pairs("PQXY", games, settings=RankingSettings(match_points="3-1-0"))
    ]
    assert ranked.index("P") < ranked.index("Q")


# --- Byes ---------------------------------------------------------------------------------


def test_a_bye_scores_a_win_with_no_points_by_default():
    lines = lines_by_pair("ABC", [("A", "B", 101, 90)], ["C"])
    c = lines["C"]
    assert c.match_points == 1 and c.byes == 1
    assert (c.games, c.wins, c.points, c.point_difference, c.buchholz) == (0, 0, 0, 0, 0)


def test_a_bye_counts_the_points_and_difference_the_director_sets():
    lines = lines_by_pair("ABC", [("A", "B", 101, 90)], [Bye("C", points=101, difference=40)])
    c = lines["C"]
    assert (c.points, c.point_difference, c.points_against) == (101, 40, 61)
    lines = lines_by_pair("ABC", [], [Bye("C", difference=-10)], MatchPoints.TWO_ONE_ZERO)
    assert lines["C"].match_points == 2 and lines["C"].point_difference == -10


def test_a_bye_adds_nothing_to_buchholz_but_its_win_counts_for_the_opponents():
    # C had a bye in round 1, then lost to A.
    games = [("A", "B", 101, 50), ("A", "C", 101, 20)]
    lines = lines_by_pair("ABC", games, [Bye("C")])
    assert lines["C"].buchholz == 2  # A's two wins; the bye adds 0
    assert lines["A"].buchholz == 1  # B 0 + C 1 (C's bye)


def test_a_bye_is_not_a_game():
    lines = lines_by_pair("AB", [], ["A", "A"])
    assert lines["A"].games == 0 and lines["A"].byes == 2 and lines["A"].match_points == 2


# --- Withdrawals, sections, bad input ------------------------------------------------------


def test_a_withdrawn_pair_keeps_its_games_and_counts_for_its_opponents():
    # W won round 1 then withdrew; X, whom it beat, is still ranked with W in its Buchholz.
    games = [("W", "X", 101, 60), ("Y", "Z", 101, 60), ("X", "Z", 101, 30), ("Y", "A", 80, 80)]
    lines = lines_by_pair("WXYZA", games)
    assert lines["W"].games == 1 and lines["W"].match_points == 1
    assert lines["X"].buchholz == 1 + 0
    assert "W" in [p.pair for p in rank_pairs("WXYZA", games)]


def test_sections_are_ranked_apart():
    # A game of another section's pair cannot slip into this section's ranking.
    with pytest.raises(ValueError, match="not a pair"):
        rank_pairs(["A", "B"], [("A", "Z", 101, 0)])
    with pytest.raises(ValueError, match="not a pair"):
        rank_pairs(["A", "B"], [], [Bye("Z")])


@pytest.mark.parametrize(
    "games",
    [[("A", "A", 101, 0)], [("A", "B", -1, 101)], [("A", "B", 101, "7")], [("A", "B", 1.5, 0)]],
)
def test_bad_games_are_refused(games):
    with pytest.raises(ValueError):
        rank_pairs("AB", games)


def test_bad_byes_and_pairs_are_refused():
    with pytest.raises(ValueError):
        rank_pairs("AB", [], [Bye("A", points=-1)])
    with pytest.raises(ValueError):
        rank_pairs(["A", "A"], [])


def test_pairs_of_mixed_id_types_are_ranked():
    placed = rank_pairs([1, "a", (2, 3)], [])
    assert all(p.label == "1=" for p in placed) and len(placed) == 3


# --- Properties ----------------------------------------------------------------------------


@st.composite
def events(draw):
    size = draw(st.integers(2, 12))
    pairs = list(range(size))
    games = []
    for _ in range(draw(st.integers(0, 25))):
        a, b = draw(st.lists(st.sampled_from(pairs), min_size=2, max_size=2, unique=True))
        games.append((a, b, draw(st.integers(0, 121)), draw(st.integers(0, 121))))
    byes = draw(st.lists(st.builds(Bye, st.sampled_from(pairs), st.integers(0, 121),
                                   st.integers(-50, 50)), max_size=4))  # fmt: skip
    return pairs, games, byes


@given(events(), st.randoms(use_true_random=False), st.sampled_from(list(MatchPoints)))
def test_the_ranking_does_not_depend_on_the_order_results_arrive(event, rnd, scheme):
    pairs, games, byes = event
    settings = RankingSettings(match_points=scheme)
    expected = rank_pairs(pairs, games, byes, settings)
    shuffled_games, shuffled_pairs, shuffled_byes = games[:], pairs[:], byes[:]
    rnd.shuffle(shuffled_games)
    rnd.shuffle(shuffled_pairs)
    rnd.shuffle(shuffled_byes)
    assert rank_pairs(shuffled_pairs, shuffled_games, shuffled_byes, settings) == expected


@given(events(), st.sampled_from(list(MatchPoints)))
def test_match_points_stay_in_range_and_add_up(event, scheme):
    pairs, games, byes = event
    lines = pair_lines(pairs, games, byes, scheme)
    for line in lines:
        assert line.games == line.wins + line.draws + line.losses
        assert 0 <= line.match_points <= scheme.win * (line.games + line.byes)
        assert line.match_points == (
            scheme.win * (line.wins + line.byes) + scheme.draw * line.draws
        )
        assert line.point_difference == line.points - line.points_against
    # Games are zero-sum in point difference; every game gives out win + loss or two draws.
    assert sum(line.point_difference for line in lines) == sum(b.difference for b in byes)
    decisive = sum(1 for g in games if g[2] != g[3])
    assert sum(line.match_points for line in lines) == (
        decisive * (scheme.win + scheme.loss)
        + (len(games) - decisive) * 2 * scheme.draw
        + len(byes) * scheme.win
    )


def test_places_follow_the_metrics():
    rng = random.Random(7)
    pairs = list(range(30))
    games = [(a, b, rng.randint(0, 121), rng.randint(0, 121))
             for a, b in (rng.sample(pairs, 2) for _ in range(60))]  # fmt: skip
    placed = rank_pairs(pairs, games)
    keys = [tuple(METRICS[m].value(p.line) for m in TIE_BREAKS) for p in placed]
    assert keys == sorted(keys, reverse=True)
    for i, p in enumerate(placed):
        first = next(j for j, k in enumerate(keys) if k == keys[i])
        assert p.place == first + 1
        assert p.shared == (keys.count(keys[i]) > 1)
