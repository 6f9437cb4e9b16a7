"""Ordinary (non-duplicate) scoring: rules.md sections 3 and 5."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ordinary import DoublingScheme, multiplier, ordinary_score
from engine.seats import Side

SCHEMES = {
    DoublingScheme.TWO_FOUR_EIGHT: (1, 2, 4, 8),
    DoublingScheme.TWO_THREE_FIVE: (1, 2, 3, 5),
    DoublingScheme.TWO_FOUR_TEN: (1, 2, 4, 10),
}


def test_scheme_values():
    assert [s.value for s in DoublingScheme] == ["2-4-8", "2-3-5", "2-4-10"]
    assert DoublingScheme("2-3-5") is DoublingScheme.TWO_THREE_FIVE


@pytest.mark.parametrize("scheme", list(SCHEMES))
@pytest.mark.parametrize("doubling", [0, 1, 2, 3])
@pytest.mark.parametrize("botifarra", [False, True])
def test_multiplier(scheme, doubling, botifarra):
    expected = SCHEMES[scheme][doubling] * (2 if botifarra else 1)
    assert multiplier(botifarra=botifarra, doubling=doubling, scheme=scheme) == expected


def test_botifarra_with_sant_vicenc_is_sixteen_in_two_four_eight():
    assert multiplier(botifarra=True, doubling=3, scheme=DoublingScheme.TWO_FOUR_EIGHT) == 16
    assert multiplier(botifarra=True, doubling=3, scheme=DoublingScheme.TWO_FOUR_TEN) == 20


@pytest.mark.parametrize(
    ("points", "botifarra", "doubling", "scheme", "expected"),
    [
        (36, True, 3, DoublingScheme.TWO_FOUR_EIGHT, (None, 0)),
        (37, False, 0, DoublingScheme.TWO_FOUR_EIGHT, (Side.NS, 1)),
        (30, False, 0, DoublingScheme.TWO_FOUR_EIGHT, (Side.EW, 6)),
        (46, True, 0, DoublingScheme.TWO_FOUR_EIGHT, (Side.NS, 20)),
        (46, False, 1, DoublingScheme.TWO_FOUR_EIGHT, (Side.NS, 20)),
        (46, False, 2, DoublingScheme.TWO_FOUR_EIGHT, (Side.NS, 40)),
        (46, True, 3, DoublingScheme.TWO_FOUR_EIGHT, (Side.NS, 160)),
        (26, False, 2, DoublingScheme.TWO_THREE_FIVE, (Side.EW, 30)),
        (26, True, 3, DoublingScheme.TWO_THREE_FIVE, (Side.EW, 100)),
        (0, False, 3, DoublingScheme.TWO_FOUR_TEN, (Side.EW, 360)),
        (72, True, 1, DoublingScheme.TWO_FOUR_TEN, (Side.NS, 144)),
    ],
)
def test_ordinary_score(points, botifarra, doubling, scheme, expected):
    assert ordinary_score(points, botifarra=botifarra, doubling=doubling, scheme=scheme) == expected


def test_scheme_may_be_given_by_value():
    assert ordinary_score(40, botifarra=False, doubling=2, scheme="2-3-5") == (Side.NS, 12)


@given(st.integers(0, 72), st.booleans(), st.integers(0, 3), st.sampled_from(list(DoublingScheme)))
def test_mirror_and_winner(points, botifarra, doubling, scheme):
    winner, score = ordinary_score(points, botifarra=botifarra, doubling=doubling, scheme=scheme)
    other, mirrored = ordinary_score(
        72 - points, botifarra=botifarra, doubling=doubling, scheme=scheme
    )
    assert score == mirrored >= 0
    assert (winner is None) == (points == 36) == (other is None)
    if winner is not None:
        assert other is winner.opponents
        assert (winner is Side.NS) == (points > 36)


@pytest.mark.parametrize("points", [-1, 73, 36.5, True])
def test_points_are_validated(points):
    with pytest.raises(ValueError, match="points_ns"):
        ordinary_score(points, botifarra=False, doubling=0, scheme=DoublingScheme.TWO_FOUR_EIGHT)


@pytest.mark.parametrize("doubling", [-1, 4, True, 1.0])
def test_doubling_is_validated(doubling):
    with pytest.raises(ValueError, match="doubling"):
        multiplier(botifarra=False, doubling=doubling, scheme=DoublingScheme.TWO_FOUR_EIGHT)


def test_unknown_scheme_is_rejected():
    with pytest.raises(ValueError):
        multiplier(botifarra=False, doubling=1, scheme="2-4-6")
