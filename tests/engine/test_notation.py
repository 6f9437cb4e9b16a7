"""Deal notation (rules.md section 2)."""

from __future__ import annotations

import pytest
from botifarra_reference import deals, seats
from hypothesis import given

from engine.cards import Card, Hand, Suit
from engine.notation import (
    DealNotationError,
    format_card,
    format_deal,
    format_hand,
    parse_card,
    parse_deal,
    parse_hand,
)
from engine.seats import Seat

OROS, C, E, B = Suit.OROS, Suit.COPES, Suit.ESPASES, Suit.BASTOS

# N holds all oros, E all copes, S all espases, W all bastos.
SPLIT = "N:9ARCS8765432... .9ARCS8765432.. ..9ARCS8765432. ...9ARCS8765432"


def test_rules_example_hand():
    hand = parse_hand("9RS.A82..RC654")
    assert hand.cards == (
        Card(OROS, 9), Card(OROS, 12), Card(OROS, 10),
        Card(C, 1), Card(C, 8), Card(C, 2),
        Card(B, 12), Card(B, 11), Card(B, 6), Card(B, 5), Card(B, 4),
    )  # fmt: skip
    assert format_hand(hand) == "9RS.A82..RC654"


def test_empty_hand():
    assert format_hand(Hand()) == "..."
    assert parse_hand("...") == Hand()


def test_parse_split_deal():
    deal = parse_deal(SPLIT)
    assert deal.hand(Seat.N).in_suit(OROS) == deal.hand(Seat.N).cards
    assert deal.seat_of(Card(B, 2)) is Seat.W
    assert format_deal(deal) == SPLIT


def test_first_seat_rotates_listing():
    deal = parse_deal(SPLIT)
    # W: lists W, N, E, S.
    text = format_deal(deal, Seat.W)
    assert text == "W:...9ARCS8765432 9ARCS8765432... .9ARCS8765432.. ..9ARCS8765432."
    assert parse_deal(text) == deal
    assert parse_deal("S:..9ARCS8765432. ...9ARCS8765432 9ARCS8765432... .9ARCS8765432..") == deal


@given(deals, seats)
def test_round_trip(deal, first):
    text = format_deal(deal, first)
    assert text.startswith(f"{first}:")
    assert parse_deal(text) == deal
    for seat in Seat:
        assert parse_hand(format_hand(deal.hand(seat))) == deal.hand(seat)


def test_lenient_input():
    deal = parse_deal(SPLIT)
    assert parse_deal("  n:" + SPLIT[2:].lower().replace(" ", "   ") + "\n") == deal
    # Ranks in a group in any order.
    assert parse_deal(SPLIT.replace("9ARCS8765432...", "23456789SCRA...")) == deal


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        # A card given twice (to N and to E), so also missing another card.
        (SPLIT.replace(".9ARCS8765432..", "9.ARCS8765432.."), "duplicate card O9 (in N and E)"),
        (SPLIT.replace(".9ARCS8765432..", "9.ARCS8765432.."), "missing card C9"),
        # The same card twice in one hand.
        (
            SPLIT.replace("9ARCS8765432...", "9ARCS87654329...", 1),
            "duplicate card O9 in the hand of N",
        ),
        # A card left out.
        (SPLIT.replace("...9ARCS8765432", "...9ARCS876543"), "missing card B2"),
        (SPLIT.replace("...9ARCS8765432", "...9ARCS876543"), "wrong hand size: W has 11 cards"),
        # A card moved from W to S: nothing missing, but 13 and 11 cards.
        (
            "N:9ARCS8765432... .9ARCS8765432.. ..9ARCS8765432.2 ...9ARCS876543",
            "wrong hand size: S has 13 cards",
        ),
        (SPLIT.replace("8765432..", "876543X.."), "unknown character 'X'"),
        (SPLIT.replace("8765432..", "8765431.."), "unknown character '1'"),
        (SPLIT.replace("N:", "Q:"), "bad seat 'Q'"),
        (SPLIT[2:], "bad seat"),
        ("", "bad seat"),
        (SPLIT.rsplit(" ", 1)[0], "wrong number of hands: found 3"),
        (SPLIT + " ...", "wrong number of hands: found 5"),
        (SPLIT.replace("9ARCS8765432...", "9ARCS8765432.."), "wrong number of groups"),
        (SPLIT.replace("9ARCS8765432...", "9ARCS8765432...."), "wrong number of groups"),
    ],
)
def test_malformed_deals_name_the_problem(text, problem):
    with pytest.raises(DealNotationError) as caught:
        parse_deal(text)
    assert problem in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_error_lists_all_problems():
    with pytest.raises(DealNotationError) as caught:
        parse_deal(SPLIT.replace("...9ARCS8765432", "...9ARCS87654"))
    assert caught.value.problems == [
        "missing cards B3, B2",
        "wrong hand size: W has 10 cards, expected 12",
    ]


def test_parse_hand_rejects_duplicates_and_bad_characters():
    with pytest.raises(DealNotationError, match="duplicate card OA"):
        parse_hand("AA...")
    with pytest.raises(DealNotationError, match="unknown character"):
        parse_hand("9T...")
    with pytest.raises(DealNotationError, match="wrong number of groups"):
        parse_hand("9.A")


def test_cards():
    assert format_card(Card(E, 1)) == "EA"
    assert parse_card("EA") is Card(E, 1)
    assert parse_card("bs") is Card(B, 10)
    for bad in ("", "X9", "O1", "O10", "9O"):
        with pytest.raises(DealNotationError):
            parse_card(bad)
