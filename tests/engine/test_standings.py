"""Standings: exact totals and the tie-breaks of rules.md 6.6."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.duplicate import BYE_SCORE, Breach, TableResult, TableScore, score_deal, show_score
from engine.seats import Side
from engine.standings import (
    METRICS,
    TIE_BREAKS,
    Metric,
    StandingLine,
    Tally,
    accumulate,
    rank_standings,
)


def line(team, total, deal_sum=0, tops=0, deals=4):
    return StandingLine(team, Fraction(total), deal_sum, tops, deals)


def labels(placed):
    return [(p.label, p.line.team) for p in placed]


def test_tie_break_order_is_the_rules_order():
    assert TIE_BREAKS == ("total", "deal_score_sum", "tops")
    assert set(TIE_BREAKS) <= set(METRICS)


def test_higher_total_ranks_first():
    placed = rank_standings([line("a", 5), line("b", 7), line("c", Fraction(13, 2))])
    assert labels(placed) == [("1", "b"), ("2", "c"), ("3", "a")]
    assert [p.place for p in placed] == [1, 2, 3] and not any(p.shared for p in placed)


def test_equal_totals_ranked_by_deal_score_sum():
    placed = rank_standings([line("a", 6, deal_sum=-3), line("b", 6, deal_sum=12), line("c", 7)])
    assert labels(placed) == [("1", "c"), ("2", "b"), ("3", "a")]


def test_then_by_tops():
    placed = rank_standings([line("a", 6, 5, tops=1), line("b", 6, 5, tops=2)])
    assert labels(placed) == [("1", "b"), ("2", "a")]


def test_otherwise_the_place_is_shared():
    placed = rank_standings(
        [
            line("z", 9),
            line("y", 8),
            line("x", 8),
            line("d", 6, 1, 1),
            line("c", 6, 1, 1),
            line("a", 6, 1, 1),
            line("b", 5),
        ]
    )
    assert labels(placed) == [
        ("1", "z"),
        ("2=", "x"),
        ("2=", "y"),
        ("4=", "a"),
        ("4=", "c"),
        ("4=", "d"),
        ("7", "b"),
    ]
    assert placed[3].shared and placed[3].place == 4


def test_exact_totals_are_compared_not_rounded_ones():
    a, b = line("a", Fraction(1125, 1000)), line("b", Fraction(1126, 1000))
    assert show_score(a.total) == show_score(b.total)
    assert labels(rank_standings([a, b])) == [("1", "b"), ("2", "a")]


def test_unorderable_team_keys_still_rank_deterministically():
    placed = rank_standings([line(("x", 1), 5), line("b", 5), line(3, 5)])
    again = rank_standings([line(3, 5), line("b", 5), line(("x", 1), 5)])
    assert labels(placed) == labels(again)
    assert all(p.label == "1=" for p in placed)


def test_order_of_tie_breaks_is_configurable():
    lines = [line("a", 6, 10, 0), line("b", 6, 0, 3)]
    assert labels(rank_standings(lines))[0] == ("1", "a")
    assert labels(rank_standings(lines, ("total", "tops")))[0] == ("1", "b")
    fewest_deals = Metric("fewest_deals", lambda s: -s.deals, "fewer deals")
    assert labels(rank_standings([line("a", 6, deals=5), line("b", 6)], ("total", fewest_deals)))[
        0
    ] == ("1", "b")


def test_a_team_twice_is_rejected():
    with pytest.raises(ValueError, match="twice"):
        rank_standings([line("a", 1), line("a", 2)])


def test_empty_standings():
    assert rank_standings([]) == []


@given(
    st.lists(
        st.tuples(
            st.fractions(min_value=0, max_value=10, max_denominator=12),
            st.integers(-5, 5),
            st.integers(0, 3),
        ),
        max_size=25,
    )
)
def test_ranking_properties(rows):
    lines = [line(i, total, deal_sum, tops) for i, (total, deal_sum, tops) in enumerate(rows)]
    placed = rank_standings(lines)
    assert sorted(p.line.team for p in placed) == list(range(len(lines)))

    def key(s):
        return (s.total, s.deal_score_sum, s.tops)

    for i, p in enumerate(placed):
        better = sum(1 for s in lines if key(s) > key(p.line))
        equal = sum(1 for s in lines if key(s) == key(p.line))
        assert p.place == better + 1
        assert p.shared == (equal > 1)
        assert p.label == f"{p.place}{'=' if p.shared else ''}"
        if i:
            assert key(placed[i - 1].line) >= key(p.line)


# --- accumulating ----------------------------------------------------------------------------


def test_totals_are_exact_sums():
    tally = Tally()
    for value in (Fraction(39, 22), Fraction(9, 8), Fraction(7, 5), Fraction(1), Fraction(2)):
        tally.add("a", value, 3)
    (result,) = tally.lines()
    assert result.total == Fraction(39, 22) + Fraction(9, 8) + Fraction(7, 5) + 3
    assert result.deal_score_sum == 15 and result.tops == 1 and result.deals == 5


def test_many_deals_sum_exactly():
    tally = Tally()
    expected = Fraction(0)
    for den in range(1, 145):
        tally.add("a", Fraction(den + 1, den))
        expected += Fraction(den + 1, den)
    assert tally.lines()[0].total == expected


def test_not_played_counts_nothing_but_the_team_is_listed():
    tally = Tally(["idle"])
    tally.add("a", None, 10)
    assert tally.lines() == [StandingLine("idle", Fraction(0)), StandingLine("a", Fraction(0))]


def test_byes_score_one_and_a_half_per_deal():
    (bye,) = accumulate([], byes=[("a", 4)])
    assert bye.total == 4 * BYE_SCORE == 6 and bye.deals == 4
    assert bye.deal_score_sum == 0 and bye.tops == 0


def test_accumulate_tables_of_a_deal():
    results = [
        TableResult("t1", 40, Side.NS, False, False),
        TableResult("t2", 30, Side.NS, False, False),
        TableResult("t3", 20, Side.NS, False, False, Breach.EW),
    ]
    scores = score_deal(results, {"t2": {Side.EW: Fraction(8, 5)}})
    teams = {"t1": ("A", "B"), "t2": ("C", "D"), "t3": ("E", "F")}
    lines = {s.team: s for s in accumulate((scores[k], ns, ew) for k, (ns, ew) in teams.items())}
    assert lines["A"] == StandingLine("A", Fraction(2), 4, 1, 1)
    assert lines["C"] == StandingLine("C", Fraction(1), -6, 0, 1)
    assert lines["B"] == StandingLine("B", Fraction(3, 2), -4, 0, 1)  # alone in the EW pool
    assert lines["D"] == StandingLine("D", Fraction(8, 5), 0, 0, 1)  # adjusted
    assert lines["E"] == StandingLine("E", Fraction(3, 2), 0, 0, 1)  # victim: average
    assert lines["F"] == StandingLine("F", Fraction(0), 0, 0, 1)  # breach


def test_half_adjusted_unplayed_table_scores_only_the_adjusted_side():
    scores = score_deal([], {"t": {Side.NS: Fraction(2)}})
    lines = {s.team: s for s in accumulate([(scores["t"], "A", "B")])}
    assert lines["A"] == StandingLine("A", Fraction(2), 0, 1, 1)
    assert lines["B"] == StandingLine("B", Fraction(0), 0, 0, 0)


def test_accumulate_then_rank_a_small_event():
    t = TableScore
    tables = [
        (t(1, 4, -4, Fraction(2), Fraction(1)), "A", "B"),
        (t(2, -4, 4, Fraction(1), Fraction(2)), "C", "D"),
        (t(3, 2, -2, Fraction(3, 2), Fraction(3, 2)), "A", "D"),
        (t(4, 0, 0, Fraction(3, 2), Fraction(3, 2)), "C", "B"),
    ]
    placed = rank_standings(accumulate(tables))
    # A: 3.5, sum 6; D: 3.5, sum 2; B and C: 2.5 and -4 both.
    assert labels(placed) == [("1", "A"), ("2", "D"), ("3=", "B"), ("3=", "C")]
    assert show_score(placed[0].line.total) == "3.50"
