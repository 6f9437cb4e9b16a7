"""Tricks and legal cards: who wins a trick, which card beats, which cards the next player may
play (rules.md section 4)."""

from __future__ import annotations

import random

import pytest
from botifarra_reference import contracts, deals, legal, seats, states, variants
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Contract, Hand
from engine.notation import parse_card, parse_hand
from engine.play import Variant, beats, legal_cards, random_legal_play, trick_winner
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
WESTERN, EASTERN, SECOND = Variant.WESTERN, Variant.EASTERN, Variant.EASTERN_SECOND_COUNTS
TRUMPS_OROS, BOTIFARRA = Contract.OROS, Contract.BOTIFARRA


def trick(*plays: str) -> list[tuple[Seat, Card]]:
    """``trick("N O9", "W OA")`` -> [(N, O9), (W, OA)]."""
    return [(Seat(p.split()[0]), parse_card(p.split()[1])) for p in plays]


# --- Tricks --------------------------------------------------------------------------------


def test_trick_winner_highest_of_suit_led():
    assert trick_winner(trick("N C5", "W C9", "S CA", "E C2"), TRUMPS_OROS) is W
    assert trick_winner(trick("N C5", "W C4", "S C3", "E C2"), TRUMPS_OROS) is N
    # A higher card of another plain suit does not win.
    assert trick_winner(trick("N C5", "W E9", "S BA", "E C2"), TRUMPS_OROS) is N
    # The 1 beats the 12, the 10 beats the 8 (trick order, not rank).
    assert trick_winner(trick("N CR", "W CA"), BOTIFARRA) is W
    assert trick_winner(trick("N C8", "W CS"), BOTIFARRA) is W


def test_trick_winner_trumps():
    assert trick_winner(trick("N C9", "W O2", "S CA", "E C2"), TRUMPS_OROS) is W
    assert trick_winner(trick("N C9", "W O2", "S O3", "E C2"), TRUMPS_OROS) is S
    assert trick_winner(trick("N O2", "W C9", "S CA", "E B9"), TRUMPS_OROS) is N
    # No trumps in Botifarra: the oros are just another suit.
    assert trick_winner(trick("N C9", "W O9", "S CA", "E C2"), BOTIFARRA) is N


def test_trick_winner_rejects_bad_tricks():
    with pytest.raises(ValueError):
        trick_winner([], TRUMPS_OROS)
    with pytest.raises(ValueError, match="anticlockwise"):
        trick_winner(trick("N C9", "E C2"), TRUMPS_OROS)
    with pytest.raises(ValueError):
        trick_winner(trick("N C9", "W C9"), TRUMPS_OROS)


def test_beats():
    assert beats(parse_card("O2"), parse_card("C9"), TRUMPS_OROS)
    assert not beats(parse_card("O2"), parse_card("C9"), BOTIFARRA)
    assert beats(parse_card("OA"), parse_card("OR"), TRUMPS_OROS)
    assert not beats(parse_card("C9"), parse_card("O2"), TRUMPS_OROS)
    assert not beats(parse_card("E9"), parse_card("C2"), TRUMPS_OROS)


# --- Legal cards ---------------------------------------------------------------------------


def legal_set(hand: str, played: list, contract=TRUMPS_OROS, variant=WESTERN) -> set[str]:
    return {str(c) for c in legal_cards(parse_hand(hand), played, contract, variant)}


def test_leader_may_play_anything():
    assert legal_set("9.A.R.C", [], variant=EASTERN) == {"O9", "CA", "ER", "BC"}


def test_follow_suit_and_beat():
    # W must follow copes and beat the 5: the 9 or the 12.
    assert legal_set("54.9R32..S8", trick("N C5")) == {"C9", "CR"}
    # Nothing beats the 9 of copes: any copa.
    assert legal_set("54.R32..S8", trick("N C9")) == {"CR", "C3", "C2"}


def test_void_must_trump_or_over_trump():
    assert legal_set("54.9R32..S8", trick("N E8")) == {"O5", "O4"}
    # S must over-trump W's 4 of oros.
    assert legal_set("9AC.S..32", trick("N E8", "W O4")) == {"O9", "OA", "OC"}
    # Only lower trumps: no obligation to trump at all.
    assert legal_set("32.A..2", trick("N E8", "W O4")) == {"O3", "O2", "CA", "B2"}
    # Botifarra: nothing beats, any card.
    assert legal_set("54.9R..S8", trick("N E8"), BOTIFARRA) == {"O5", "O4", "C9", "CR", "BS", "B8"}


def test_following_after_opponent_trumped_does_not_oblige_beating():
    # E holds espases; S (an opponent) has trumped: any espasa in western...
    assert legal_set("7.7.CS2.", trick("N E8", "W O4", "S O9")) == {"EC", "ES", "E2"}
    # ... only the lowest in eastern (E is fourth, no counting exception).
    assert legal_set("7.7.CS2.", trick("N E8", "W O4", "S O9"), variant=EASTERN) == {"E2"}


def test_partner_winning_frees_rule_2():
    # S's partner N is winning: S need not beat, any copa in western.
    assert legal_set(".AC8..", trick("N C9", "W C2")) == {"CA", "CC", "C8"}
    # Eastern: counting cards, or the lowest.
    assert legal_set(".AC87..", trick("N C9", "W C2"), variant=EASTERN) == {"CA", "CC", "C7"}
    # Partner winning and S may beat him: a beating card is never restricted.
    assert legal_set(".9C87..", trick("N CA", "W C2"), variant=EASTERN) == {"C9", "CC", "C7"}


def test_second_player_counting_exception():
    hand = "S4.R32..8"  # W: void in espases
    # Botifarra, espases led: W cannot beat. Lowest of a suit, or (second, void) a counting card.
    assert legal_set(hand, trick("N E8"), BOTIFARRA, EASTERN) == {"OS", "O4", "CR", "C2", "B8"}
    # Third player, same holding, opponents winning: only the lowest of each suit.
    assert legal_set(hand, trick("W E2", "S E8"), BOTIFARRA, EASTERN) == {"O4", "C2", "B8"}
    # Following suit the second player may count only in eastern_second_counts.
    following = trick("N C9")
    assert legal_set(hand, following, BOTIFARRA, EASTERN) == {"C2"}
    assert legal_set(hand, following, BOTIFARRA, SECOND) == {"CR", "C2"}
    assert legal_set(hand, following, BOTIFARRA, WESTERN) == {"CR", "C3", "C2"}


def test_legal_cards_rejects_inconsistent_input():
    with pytest.raises(ValueError, match="still in the hand"):
        legal_cards(parse_hand("9..."), trick("N O9"), TRUMPS_OROS, WESTERN)
    with pytest.raises(ValueError, match="complete"):
        legal_cards(parse_hand("9..."), trick("N O2", "W O3", "S O4", "E O5"), TRUMPS_OROS, WESTERN)


@settings(max_examples=60, deadline=None)
@given(deals, seats, contracts, variants, st.integers(0, 2**32))
def test_legal_cards_match_reference(deal, dealer, contract, variant, seed):
    record = random_legal_play(deal, dealer, contract, variant, random.Random(seed))
    for hand, played, _card in states(deal, dealer, contract, record):
        expected = legal(hand, played, contract.trump, variant)
        assert legal_cards(Hand(hand), played, contract, variant) == expected
