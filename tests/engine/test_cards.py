"""Cards, contracts, names, hands and deals."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine.cards import (
    ALL_CARDS,
    Card,
    Contract,
    Deal,
    Hand,
    Suit,
    card_name,
    contract_name,
    rank_name,
    suit_name,
)
from engine.seats import Seat

OROS, C, E, B = Suit.OROS, Suit.COPES, Suit.ESPASES, Suit.BASTOS


def test_suits_in_fixed_order():
    assert [s.value for s in Suit] == ["O", "C", "E", "B"]
    assert [s.index for s in Suit] == [0, 1, 2, 3]


def test_all_cards_in_suit_then_trick_order():
    assert len(ALL_CARDS) == 48
    assert len(set(ALL_CARDS)) == 48
    assert [c.rank for c in ALL_CARDS[:12]] == [9, 1, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2]
    assert [c.suit for c in ALL_CARDS[::12]] == [OROS, C, E, B]
    assert [c.index for c in ALL_CARDS] == list(range(48))
    assert sorted(reversed(ALL_CARDS)) == list(ALL_CARDS)


def test_card_is_a_shared_immutable_instance():
    card = Card(OROS, 9)
    assert card is ALL_CARDS[0]
    assert Card(B, 2) is ALL_CARDS[47]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 1  # type: ignore[misc]
    assert hash(card) == hash(Card(OROS, 9))


@pytest.mark.parametrize("rank", [0, 13, -1, "9", 9.0])
def test_card_rejects_bad_rank(rank):
    with pytest.raises(ValueError):
        Card(OROS, rank)


def test_card_rejects_bad_suit():
    with pytest.raises(TypeError):
        Card("O", 9)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "points", "symbol"),
    [(9, 5, "9"), (1, 4, "A"), (12, 3, "R"), (11, 2, "C"), (10, 1, "S"), (8, 0, "8"), (2, 0, "2")],
)
def test_points_and_symbols(rank, points, symbol):
    card = Card(E, rank)
    assert card.points == points
    assert card.is_counting == (points > 0)
    assert card.symbol == symbol
    assert str(card) == "E" + symbol


def test_deck_has_60_points_and_20_counting_cards():
    assert sum(c.points for c in ALL_CARDS) == 60
    assert sum(c.is_counting for c in ALL_CARDS) == 20


def test_power_is_trick_order():
    assert Card(C, 9).power > Card(C, 1).power > Card(C, 12).power > Card(C, 10).power
    assert Card(C, 10).power > Card(C, 8).power > Card(C, 2).power == 0


def test_repr_round_trips():
    card = Card(B, 12)
    assert repr(card) == "Card(Suit.BASTOS, 12)"
    assert eval(repr(card)) is card  # noqa: S307 - our own repr


def test_contracts():
    assert [c.value for c in Contract] == ["O", "C", "E", "B", "BOT"]
    assert Contract.COPES.trump is C
    assert Contract.BOTIFARRA.trump is None
    assert Contract.BOTIFARRA.is_botifarra
    assert not Contract.OROS.is_botifarra


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("ca", ["ors", "copes", "espases", "bastos"]),
        ("es", ["oros", "copas", "espadas", "bastos"]),
        ("en", ["coins", "cups", "swords", "batons"]),
    ],
)
def test_suit_names(language, names):
    assert [suit_name(s, language) for s in Suit] == names


def test_contract_and_card_names():
    assert contract_name(Contract.BOTIFARRA, "ca") == "botifarra"
    assert contract_name(Contract.BOTIFARRA, "es") == "butifarra"
    assert contract_name(Contract.BOTIFARRA, "en") == "botifarra"
    assert contract_name(Contract.ESPASES, "es") == "espadas"
    assert card_name(Card(OROS, 9), "ca") == "manilla d'ors"
    assert card_name(Card(C, 12), "ca") == "rei de copes"
    assert card_name(Card(E, 1), "ca") == "as d'espases"
    assert card_name(Card(C, 11), "es") == "caballo de copas"
    assert card_name(Card(B, 10), "en") == "jack of batons"
    assert card_name(Card(B, 7), "en") == "7 of batons"
    assert rank_name(1, "es") == "as"
    assert rank_name(5, "ca") == "5"
    assert suit_name(OROS, "ca-ES") == "ors"


def test_unknown_language_and_rank_rejected():
    with pytest.raises(ValueError, match="language"):
        suit_name(OROS, "fr")
    with pytest.raises(ValueError):
        rank_name(13, "ca")


def test_hand():
    cards = [Card(B, 2), Card(OROS, 12), Card(OROS, 9), Card(C, 8), Card(B, 1)]
    hand = Hand(cards)
    assert hand.cards == (Card(OROS, 9), Card(OROS, 12), Card(C, 8), Card(B, 1), Card(B, 2))
    assert hand.in_suit(OROS) == (Card(OROS, 9), Card(OROS, 12))
    assert hand.in_suit(E) == ()
    assert len(hand) == 5
    assert Card(C, 8) in hand and Card(C, 9) not in hand and "C8" not in hand
    assert hand == Hand(reversed(cards)) and hash(hand) == hash(Hand(reversed(cards)))
    assert hand != Hand(cards[:4])
    assert Hand.from_mask(hand.mask) == hand
    assert hand.points == 5 + 3 + 4
    assert list(hand) == list(hand.cards)
    assert pickle.loads(pickle.dumps(hand)) == hand
    with pytest.raises(AttributeError):
        hand._mask = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        Hand(["O9"])  # type: ignore[list-item]


def _split_deal() -> Deal:
    return Deal({seat: ALL_CARDS[12 * i : 12 * i + 12] for i, seat in enumerate(Seat)})


def test_deal():
    deal = _split_deal()
    assert [c.suit for c in deal.hand(Seat.E)] == [C] * 12
    assert deal.seat_of(Card(E, 5)) is Seat.S
    assert deal.seat_of(Card(B, 9)) is Seat.W
    assert deal == _split_deal() and hash(deal) == hash(_split_deal())
    assert pickle.loads(pickle.dumps(deal)) == deal
    swapped = Deal({Seat.N: deal.hand(Seat.E), Seat.E: deal.hand(Seat.N),
                    Seat.S: deal.hand(Seat.S), Seat.W: deal.hand(Seat.W)})  # fmt: skip
    assert swapped != deal
    with pytest.raises(AttributeError):
        deal._masks = ()  # type: ignore[misc]


def test_deal_rejects_invalid_hands():
    hands = {seat: ALL_CARDS[12 * i : 12 * i + 12] for i, seat in enumerate(Seat)}
    with pytest.raises(ValueError, match="12 cards"):
        Deal({**hands, Seat.N: ALL_CARDS[:11]})
    with pytest.raises(ValueError, match="two hands"):
        Deal({**hands, Seat.N: ALL_CARDS[12:24]})
    with pytest.raises(ValueError, match="each of"):
        Deal({Seat.N: ALL_CARDS[:12]})
