"""What a table reports for a deal, and each side's deal score: rules.md 6.1 and 6.2."""

import pytest

from engine.duplicate import Breach, TableResult, side_deal_score
from engine.seats import Side


def result(key, points_ns, *, trumps=Side.NS, botifarra=False, contro=False, breach=Breach.NONE):
    return TableResult(key, points_ns, trumps, botifarra, contro, breach)


# --- 6.2 deal scores ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "doubled", "expected"),
    [
        (36, False, 0),
        (37, False, 1),
        (30, False, -6),
        (44, True, 16),
        (28, True, -16),
        (72, True, 72),
    ],
)
def test_side_deal_score(points, doubled, expected):
    assert side_deal_score(points, doubled=doubled) == expected


def test_botifarra_doubles_only_the_trump_makers():
    assert result(1, 40, trumps=Side.NS, botifarra=True).deal_scores == (8, -4)
    assert result(1, 40, trumps=Side.EW, botifarra=True).deal_scores == (4, -8)


def test_contro_doubles_only_the_defenders():
    assert result(1, 40, trumps=Side.NS, contro=True).deal_scores == (4, -8)
    assert result(1, 40, trumps=Side.EW, contro=True).deal_scores == (8, -4)


def test_doubled_botifarra_is_times_two_for_both_never_four():
    assert result(1, 46, trumps=Side.NS, botifarra=True, contro=True).deal_scores == (20, -20)
    assert result(1, 26, trumps=Side.EW, botifarra=True, contro=True).deal_scores == (-20, 20)


def test_plain_deal_scores_add_to_zero_and_points_ew_is_the_rest():
    r = result(1, 50)
    assert r.deal_scores == (14, -14)
    assert r.points_ew == 22


@pytest.mark.parametrize("points", [-1, 73, 36.0, True, "36"])
def test_points_are_validated_and_the_field_named(points):
    with pytest.raises(ValueError, match="points_ns"):
        result(1, points)


def test_other_fields_are_validated():
    with pytest.raises(ValueError, match="trump_side"):
        TableResult(1, 36, "N", False, False)
    with pytest.raises(ValueError, match="breach"):
        TableResult(1, 36, Side.NS, False, False, "north")
    with pytest.raises(ValueError, match="botifarra"):
        TableResult(1, 36, Side.NS, 1, False)
    with pytest.raises(ValueError, match="contro"):
        TableResult(1, 36, Side.NS, False, None)


def test_stored_string_forms_are_accepted():
    r = TableResult(1, 36, "EW", False, False, "both")
    assert r.trump_side is Side.EW and r.breach is Breach.BOTH


def test_table_result_is_frozen():
    with pytest.raises(AttributeError):
        result(1, 36).points_ns = 40
