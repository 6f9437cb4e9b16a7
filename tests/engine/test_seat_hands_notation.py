"""Reading the hands of a deal by seat (``engine.parse_seat_hands``): a pairs' deal of four
hands as ``parse_deal`` reads it, and an individual three-player deal (rules.md 10.1) of
three hands, N, E and S, twelve distinct cards each from the 36-card deck."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.abarrotada import Form, generate_individual_deal
from engine.notation import DealNotationError, format_hand, parse_seat_hands


@given(key=st.binary(min_size=32, max_size=32), number=st.integers(1, 500))
def test_three_and_four_hand_deals_read_back(key, number):
    three = generate_individual_deal(key, number, Form.THREE)
    text = "N:" + " ".join(format_hand(three[seat]) for seat in Form.THREE.seats)
    assert parse_seat_hands(text) == three
    four = engine.generate_deal(key, number)
    assert parse_seat_hands(engine.format_deal(four)) == {s: four.hand(s) for s in engine.Seat}


def test_a_card_in_two_hands_is_refused():
    hands = generate_individual_deal(bytes(32), 1, Form.THREE)
    text = "N:" + " ".join([format_hand(hands[Form.THREE.seats[0]])] * 3)
    with pytest.raises(DealNotationError):
        parse_seat_hands(text)
