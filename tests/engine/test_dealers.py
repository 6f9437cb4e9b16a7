"""Dealers, trump sides and deal numbers (rules.md section 7)."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.movements import (
    dealer_for,
    dealer_for_deal,
    round_deal_numbers,
    round_of_deal,
    trump_side,
)
from engine.seats import Seat, Side

# --- dealers and deal numbers ------------------------------------------------------------


def test_dealer_rotates_in_the_order_of_play():
    assert [dealer_for(p) for p in range(1, 10)] == [
        Seat.N, Seat.W, Seat.S, Seat.E, Seat.N, Seat.W, Seat.S, Seat.E, Seat.N,
    ]  # fmt: skip


def test_dealer_follows_seat_next():
    for position in range(1, 20):
        assert dealer_for(position + 1) is dealer_for(position).next


@pytest.mark.parametrize("position", [0, -1, True, 1.0, "1"])
def test_dealer_position_is_validated(position):
    with pytest.raises(ValueError, match="position"):
        dealer_for(position)


def test_trump_side_is_the_dealers_side():
    assert [trump_side(dealer_for(p)) for p in range(1, 5)] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert trump_side(Seat.S) is Side.NS and trump_side(Seat.E) is Side.EW


def test_each_team_makes_trumps_on_half_the_deals():
    sides = Counter(trump_side(dealer_for(p)) for p in range(1, 5))
    assert sides == {Side.NS: 2, Side.EW: 2}


def test_round_deal_numbers():
    assert round_deal_numbers(1, 4) == range(1, 5)
    assert list(round_deal_numbers(2, 4)) == [5, 6, 7, 8]
    assert round_deal_numbers(3, 6) == range(13, 19)
    assert round_deal_numbers(5, 1) == range(5, 6)


@pytest.mark.parametrize(("round_number", "deals"), [(0, 4), (1, 0), (-1, 4), (True, 4)])
def test_round_deal_numbers_are_validated(round_number, deals):
    with pytest.raises(ValueError):
        round_deal_numbers(round_number, deals)


@given(st.integers(1, 50), st.integers(1, 8))
def test_round_of_deal_inverts_round_deal_numbers(round_number, deals):
    for position, deal in enumerate(round_deal_numbers(round_number, deals), 1):
        assert round_of_deal(deal, deals) == (round_number, position)
        assert dealer_for_deal(deal, deals) is dealer_for(position)
