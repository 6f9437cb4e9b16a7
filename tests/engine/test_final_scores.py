"""Final scores of a deal: rules.md 6.3 and 6.5, breaches, the policies, and how a score
shows."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.duplicate import (
    ALL_EQUAL_SCORE,
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    BYE_SCORE,
    NO_COMPARISON_SCORE,
    Breach,
    TableResult,
    TableScore,
    adjusted_value,
    score_deal,
    show_score,
)
from engine.seats import Side

ONE, TWO = Fraction(1), Fraction(2)


def result(key, points_ns, *, trumps=Side.NS, botifarra=False, contro=False, breach=Breach.NONE):
    return TableResult(key, points_ns, trumps, botifarra, contro, breach)


# --- 6.3 final scores --------------------------------------------------------------------


def test_final_is_one_plus_position_between_min_and_max():
    scores = score_deal([result("a", 30), result("b", 36), result("c", 46)])
    # NS deal scores -6, 0, 10: range 16.
    assert scores["a"].ns_final == ONE
    assert scores["b"].ns_final == Fraction(22, 16)
    assert scores["c"].ns_final == TWO
    # EW deal scores 6, 0, -10.
    assert scores["a"].ew_final == TWO
    assert scores["b"].ew_final == 1 + Fraction(10, 16)
    assert scores["c"].ew_final == ONE


def test_directions_are_scored_separately():
    # NS deal scores equal (all 1.5), EW ones differ because of contro.
    scores = score_deal(
        [result("a", 40, trumps=Side.NS), result("b", 40, trumps=Side.NS, contro=True)]
    )
    assert scores["a"].ns_final == scores["b"].ns_final == ALL_EQUAL_SCORE
    assert scores["a"].ew_final == TWO and scores["b"].ew_final == ONE


def test_all_equal_scores_one_and_a_half():
    scores = score_deal([result(k, 36) for k in range(5)])
    assert all(s.ns_final == s.ew_final == Fraction(3, 2) for s in scores.values())


def test_single_table_scores_one_and_a_half():
    (score,) = score_deal([result("only", 60, botifarra=True)]).values()
    assert score.ns_final == score.ew_final == Fraction(3, 2)
    assert score.ns_deal_score == 48


def test_no_results_no_scores():
    assert score_deal([]) == {}


def test_duplicate_table_keys_are_rejected():
    with pytest.raises(ValueError, match="two results"):
        score_deal([result(1, 36), result(1, 40)])


def test_results_must_agree_on_the_trump_side():
    with pytest.raises(ValueError, match="trump side"):
        score_deal([result(1, 36, trumps=Side.NS), result(2, 40, trumps=Side.EW)])


# --- breaches ------------------------------------------------------------------------------


def test_breaching_side_scores_zero_and_opponents_get_the_average_of_the_others():
    scores = score_deal(
        [result("a", 30), result("b", 36), result("c", 46), result("x", 72, breach=Breach.NS)]
    )
    assert scores["x"].ns_final == 0
    # The breaching table is left out of min/max: the others score as without it.
    assert scores["c"].ns_final == TWO
    assert scores["a"].ew_final == TWO
    ew_others = [scores[k].ew_final for k in "abc"]
    assert scores["x"].ew_final == sum(ew_others) / 3
    assert scores["x"].breach is Breach.NS


def test_ew_breach_mirrors():
    scores = score_deal([result("a", 30), result("b", 44), result("x", 0, breach=Breach.EW)])
    assert scores["x"].ew_final == 0
    assert scores["x"].ns_final == (ONE + TWO) / 2


def test_both_sides_breached_both_score_zero():
    scores = score_deal([result("a", 30), result("b", 44), result("x", 40, breach=Breach.BOTH)])
    assert scores["x"].ns_final == scores["x"].ew_final == 0
    assert scores["a"].ns_final == ONE and scores["b"].ns_final == TWO


def test_victim_of_a_breach_with_no_one_to_compare_scores_policy():
    scores = score_deal([result("x", 10, breach=Breach.NS), result("y", 50, breach=Breach.NS)])
    assert scores["x"].ew_final == scores["y"].ew_final == NO_COMPARISON_SCORE == Fraction(3, 2)
    assert scores["x"].ns_final == 0


def test_breach_with_a_single_other_table_gives_one_and_a_half():
    scores = score_deal([result("a", 30), result("x", 40, breach=Breach.EW)])
    assert scores["a"].ns_final == Fraction(3, 2)
    assert scores["x"].ns_final == Fraction(3, 2)


def test_breach_deal_scores_are_reported_but_do_not_count_for_tie_breaks():
    scores = score_deal([result("a", 30), result("x", 40, breach=Breach.EW)])
    assert scores["x"].ns_deal_score == 4
    assert scores["x"].counted_deal_score(Side.NS) == 0
    assert scores["a"].counted_deal_score(Side.NS) == -6


# --- 6.5 adjustments ---------------------------------------------------------------------


def test_adjusted_score_replaces_the_final_and_is_left_out_of_min_max():
    results = [result("a", 30), result("b", 36), result("c", 46)]
    scores = score_deal(results, {"c": {Side.NS: AVERAGE_PLUS}})
    assert scores["c"].ns_final == AVERAGE_PLUS and scores["c"].ns_adjusted
    # NS pool is now a (-6) and b (0): b is the top.
    assert scores["a"].ns_final == ONE and scores["b"].ns_final == TWO
    # The other side of the adjusted table stays in its own pool.
    assert not scores["c"].ew_adjusted
    assert scores["c"].ew_final == ONE and scores["a"].ew_final == TWO
    # The entered result is kept beside the adjustment.
    assert scores["c"].ns_deal_score == 10
    assert scores["c"].counted_deal_score(Side.NS) == 0


def test_adjusted_side_is_left_out_of_the_average_given_to_breach_victims():
    results = [result("a", 30), result("b", 46), result("x", 40, breach=Breach.EW)]
    scores = score_deal(results, {"b": {Side.NS: Fraction(0)}})
    # Only a is left in the NS pool: its final is 1.5, and so is x's NS average.
    assert scores["a"].ns_final == Fraction(3, 2)
    assert scores["x"].ns_final == Fraction(3, 2)
    assert scores["b"].ns_final == 0


def test_adjustment_overrides_a_breach():
    scores = score_deal(
        [result("a", 30), result("x", 40, breach=Breach.NS)], {"x": {Side.NS: AVERAGE_MINUS}}
    )
    assert scores["x"].ns_final == AVERAGE_MINUS and scores["x"].ns_adjusted


def test_unplayed_table_adjusted_on_both_sides():
    scores = score_deal([result("a", 30)], {"z": {Side.NS: AVERAGE, Side.EW: AVERAGE_MINUS}})
    z = scores["z"]
    assert not z.played
    assert z.ns_deal_score is None and z.ew_deal_score is None
    assert (z.ns_final, z.ew_final) == (AVERAGE, AVERAGE_MINUS)
    assert z.ns_adjusted and z.ew_adjusted
    assert z.counted_deal_score(Side.NS) == 0
    assert scores["a"].ns_final == Fraction(3, 2)


def test_unplayed_table_adjusted_on_one_side_leaves_the_other_not_played():
    scores = score_deal([], {"z": {"EW": Fraction(2)}})
    z = scores["z"]
    assert z.ew_final == 2 and z.ew_adjusted
    assert z.ns_final is None and not z.ns_adjusted
    assert z.final(Side.NS) is None and z.final(Side.EW) == 2


@pytest.mark.parametrize("value", [Fraction(-1, 10), Fraction(21, 10), 3, -1])
def test_adjusted_values_must_lie_between_zero_and_two(value):
    with pytest.raises(ValueError, match=r"\[0, 2\]"):
        score_deal([result("a", 30)], {"a": {Side.NS: value}})


def test_adjusted_values_must_be_exact():
    with pytest.raises(TypeError):
        adjusted_value(1.6)
    assert adjusted_value(Decimal("1.6")) == AVERAGE_PLUS
    assert adjusted_value(2) == TWO


def test_adjustment_side_is_validated():
    with pytest.raises(ValueError, match="NS or EW"):
        score_deal([result("a", 30)], {"a": {"N": AVERAGE}})


def test_named_constants():
    assert (AVERAGE, AVERAGE_PLUS, AVERAGE_MINUS) == (
        Fraction(3, 2),
        Fraction(8, 5),
        Fraction(7, 5),
    )
    assert BYE_SCORE == ALL_EQUAL_SCORE == NO_COMPARISON_SCORE == Fraction(3, 2)


# --- show_score --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(9, 8), "1.13"),
        (Fraction(39, 22), "1.77"),
        (Fraction(185, 8), "23.13"),
        (Fraction(3, 2), "1.50"),
        (Fraction(2), "2.00"),
        (0, "0.00"),
        (Fraction(1, 200), "0.01"),
        (Fraction(1, 201), "0.00"),
        (Fraction(-1, 201), "0.00"),
        (Fraction(-9, 8), "-1.13"),
        (Fraction(-37, 22), "-1.68"),
        (Fraction(2499, 1000), "2.50"),
        (Fraction(2494999, 1000000), "2.49"),
        (Decimal("1.005"), "1.01"),
        (123, "123.00"),
    ],
)
def test_show_score_rounds_halves_up(value, shown):
    assert show_score(value) == shown


def test_show_score_refuses_floats():
    with pytest.raises(TypeError):
        show_score(1.125)


@given(st.fractions(min_value=-1000, max_value=1000))
def test_show_score_is_within_half_a_hundredth(value):
    shown = Fraction(show_score(value))
    assert abs(shown - value) <= Fraction(1, 200)
    # Symmetric: only the sign differs, and a value shown as zero never gets a minus.
    assert show_score(-value).lstrip("-") == show_score(value).lstrip("-")
    assert show_score(value).startswith("-") == (shown < 0)


def test_table_score_accessors():
    s = TableScore("t", 4, -4, Fraction(2), Fraction(1), ns_adjusted=True)
    assert s.played and s.deal_score(Side.EW) == -4 and s.adjusted(Side.NS)
    assert not s.adjusted(Side.EW) and s.counted_deal_score(Side.EW) == -4
