"""Play records: hand-built and random records checked against the rules, their points and
tricks, and records that are no play of the deal (rules.md section 4)."""

from __future__ import annotations

import random

import pytest
from botifarra_reference import SEATS, contracts, deals, play_out, seats, variants
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Contract
from engine.dealing import generate_deal
from engine.notation import parse_card, parse_deal
from engine.play import (
    IllegalCard,
    PlayOutcome,
    PlayRecordError,
    Rule,
    Variant,
    random_legal_play,
    validate_play,
)
from engine.seats import Seat, Side

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
WESTERN, EASTERN, SECOND = Variant.WESTERN, Variant.EASTERN, Variant.EASTERN_SECOND_COUNTS
FOLLOW, BEAT = Rule.FOLLOW_SUIT, Rule.MUST_BEAT
PARTNER, OPPONENTS = Rule.RESTRICTED_PARTNER_WINNING, Rule.RESTRICTED_OPPONENTS_WINNING
TRUMPS_OROS, BOTIFARRA = Contract.OROS, Contract.BOTIFARRA


def cards(codes: str) -> list[Card]:
    return [parse_card(code) for code in codes.split()]


# --- Validation of hand-built records ------------------------------------------------------

# Dealer E, so N leads and play goes N, W, S, E. N holds oros 3 2, copes 5 4, espases 9 1 12 8,
# bastos 9 1 12 11; W is void in espases; S is void in espases and has high oros; E has most
# espases and no bastos.
DEAL = parse_deal("N:32.54.9AR8.9ARC 76.76.CS765432. 9ARCS8.ACS8..32 54.9R32..S87654")
DEALER = E


def everywhere(breach):
    return dict.fromkeys(Variant, breach)


def eastern_only(breach):
    return {WESTERN: None, EASTERN: breach, SECOND: breach}


CASES = [
    # (name, contract, cards played first, {variant: (trick, seat, card, rule) or None})
    ("rule 1, second player", TRUMPS_OROS, "C5 B4", everywhere((1, W, "B4", FOLLOW))),
    ("rule 1, trumping while holding the suit", TRUMPS_OROS, "E8 O4 O9 O7",
     everywhere((1, E, "O7", FOLLOW))),
    ("rule 2, following suit", TRUMPS_OROS, "C5 C2", everywhere((1, W, "C2", BEAT))),
    ("rule 2, third player following", TRUMPS_OROS, "C4 CR C8", everywhere((1, S, "C8", BEAT))),
    ("rule 2, void must trump", TRUMPS_OROS, "E8 C2", everywhere((1, W, "C2", BEAT))),
    ("rule 2, void must over-trump", TRUMPS_OROS, "E8 O4 C8", everywhere((1, S, "C8", BEAT))),
    ("rule 2, fourth must trump", TRUMPS_OROS, "B9 B4 B2 E5", everywhere((1, E, "E5", BEAT))),
    ("rule 3 opponents, after a trump", TRUMPS_OROS, "E8 O4 O9 EC",
     eastern_only((1, E, "EC", OPPONENTS))),
    ("rule 3 opponents, third player", TRUMPS_OROS, "C5 C9 CA",
     eastern_only((1, S, "CA", OPPONENTS))),
    ("rule 3 opponents, second not counting", TRUMPS_OROS, "B9 B8",
     eastern_only((1, W, "B8", OPPONENTS))),
    ("rule 3 opponents, second counting when following", TRUMPS_OROS, "B9 BS",
     {WESTERN: None, EASTERN: (1, W, "BS", OPPONENTS), SECOND: None}),
    ("rule 3 opponents, second void, not counting", BOTIFARRA, "E8 C3",
     eastern_only((1, W, "C3", OPPONENTS))),
    ("second void may count", BOTIFARRA, "E8 C9", everywhere(None)),
    ("rule 3 opponents, fourth discarding", BOTIFARRA, "B9 B4 B2 E5",
     eastern_only((1, E, "E5", OPPONENTS))),
    ("fourth discarding its lowest", BOTIFARRA, "B9 B4 B2 C6", everywhere(None)),
    ("rule 3 partner, third player", TRUMPS_OROS, "B9 B4 B3", eastern_only((1, S, "B3", PARTNER))),
    ("rule 3 partner, fourth player", TRUMPS_OROS, "C5 C9 C8 C7",
     eastern_only((1, E, "C7", PARTNER))),
    ("partner winning, lowest card", TRUMPS_OROS, "C5 C9 C8 C6", everywhere(None)),
    ("rule 3 in the second trick", TRUMPS_OROS, "E8 O4 O9 E2 C8 C7",
     eastern_only((2, E, "C7", OPPONENTS))),
    ("all legal", TRUMPS_OROS, "E8 O4 O9 E2 C8 C6", everywhere(None)),
]  # fmt: skip


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize(
    ("name", "contract", "prefix", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_hand_built_records(name, contract, prefix, expected, variant):
    record, breach, _ = play_out(DEAL, DEALER, contract, variant, cards(prefix))
    want = expected[variant]
    # The reference agrees with the table above...
    assert breach == (None if want is None else (*want[:2], parse_card(want[2]), want[3]))
    # ... and so does the engine.
    result = validate_play(DEAL, DEALER, contract, variant, record)
    if want is None:
        assert isinstance(result, PlayOutcome)
    else:
        assert result == IllegalCard(want[0], want[1], parse_card(want[2]), want[3])
        assert not result.is_legal


def test_illegal_card_describes_itself():
    illegal = IllegalCard(3, W, parse_card("C2"), BEAT)
    assert str(illegal).startswith("trick 3: W played C2, breaking rule 2")
    assert [r.number for r in Rule] == [1, 2, 3, 3]
    assert all(r.description for r in Rule)
    assert [v.is_eastern for v in Variant] == [False, True, True]


def test_only_the_first_illegal_card_is_reported():
    # Trick 1 breaks rule 2 (W does not trump); later cards break rules too.
    record, breach, _ = play_out(DEAL, DEALER, TRUMPS_OROS, WESTERN, cards("E8 C2 O9 E2"))
    assert validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record) == IllegalCard(
        1, W, parse_card("C2"), BEAT
    )


# --- Scores ----------------------------------------------------------------------------------

# N holds all the oros, E the copes, S the espases, W the bastos.
SPLIT = parse_deal("N:9ARCS8765432... .9ARCS8765432.. ..9ARCS8765432. ...9ARCS8765432")


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize(
    ("contract", "ns_points"),
    [(Contract.OROS, 72), (BOTIFARRA, 72), (Contract.COPES, 0), (Contract.ESPASES, 72)],
)
def test_points_of_one_sided_deal(contract, ns_points, variant):
    # Whatever is played, N wins every trick with oros unless E can trump (copes): then E
    # trumps the first trick and leads copes to the end. With espases trumps S trumps N's lead
    # when it can, and NS keep every trick.
    for seed in range(5):
        record = random_legal_play(SPLIT, E, contract, variant, random.Random(seed))
        outcome = validate_play(SPLIT, E, contract, variant, record)
        assert outcome.points == {Side.NS: ns_points, Side.EW: 72 - ns_points}
        assert outcome.tricks[Side.NS] == ns_points // 6


@settings(max_examples=150, deadline=None)
@given(deals, seats, contracts, variants, st.integers(0, 2**32))
def test_random_legal_play_validates(deal, dealer, contract, variant, seed):
    record = random_legal_play(deal, dealer, contract, variant, random.Random(seed))
    outcome = validate_play(deal, dealer, contract, variant, record)
    assert isinstance(outcome, PlayOutcome)
    assert outcome.is_legal
    assert sum(outcome.points.values()) == 72
    assert sum(outcome.tricks.values()) == 12
    assert outcome.ns_points + outcome.ew_points == 72
    _, breach, score = play_out(deal, dealer, contract, variant, record)
    assert breach is None
    assert outcome.points == {Side.NS: score["points"]["NS"], Side.EW: score["points"]["EW"]}
    assert outcome.tricks == {Side.NS: score["tricks"]["NS"], Side.EW: score["tricks"]["EW"]}


@settings(max_examples=150, deadline=None)
@given(deals, seats, contracts, variants, st.integers(0, 2**32))
def test_validator_matches_reference_on_records_with_breaches(
    deal, dealer, contract, variant, seed
):
    record, breach, score = play_out(
        deal, dealer, contract, variant, rng=random.Random(seed), illegal_rate=0.03
    )
    result = validate_play(deal, dealer, contract, variant, record)
    if breach is None:
        assert result == PlayOutcome(score["points"]["NS"], score["tricks"]["NS"])
    else:
        assert result == IllegalCard(*breach)


# --- Malformed records -----------------------------------------------------------------------


def _legal_record(seed=1, deal=DEAL):
    return random_legal_play(deal, DEALER, TRUMPS_OROS, WESTERN, random.Random(seed))


@pytest.mark.parametrize("length", [0, 1, 47, 49, 52, 6])
def test_wrong_length(length):
    record = (_legal_record() * 2)[:length]
    with pytest.raises(PlayRecordError, match="48 cards"):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record)


def test_card_of_another_player():
    record = _legal_record()
    record[0] = next(c for c in DEAL.hand(S))  # N leads a card of S
    with pytest.raises(PlayRecordError, match=r"trick 1: N is to play .* dealt to S"):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record)


def test_card_played_twice():
    record = _legal_record()
    # The leader of trick 2 leads again the card he led to trick 1.
    leader = DEAL.seat_of(record[4])
    first = next(i for i in range(4) if DEAL.seat_of(record[i]) is leader)
    record[4] = record[first]
    with pytest.raises(PlayRecordError, match=f"trick 2: {leader} .* already played"):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record)


def test_an_earlier_illegal_card_wins_over_a_later_card_not_held():
    # rules.md 4: the first problem in play order is reported.
    record, breach, _ = play_out(DEAL, DEALER, TRUMPS_OROS, WESTERN, cards("E8 C2"))
    assert breach is not None
    record[-1] = record[0]
    assert validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record) == IllegalCard(*breach)


def test_an_earlier_card_not_held_wins_over_a_later_illegal_card():
    record, breach, _ = play_out(DEAL, DEALER, TRUMPS_OROS, WESTERN, cards("E8 C2"))
    _number, _seat, card, _rule = breach
    # Just before the breach, the card the breach plays: its player does not hold it.
    where = record.index(card) - 1
    record[where] = card
    with pytest.raises(PlayRecordError, match=f"trick {where // 4 + 1}: .* dealt to"):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record)


@given(seed=st.integers(0, 10**6), tricks=st.integers(1, 12))
@settings(max_examples=60, deadline=None)
def test_a_record_that_stops_early_is_validated_as_far_as_it_goes(seed, tricks):
    full = random_legal_play(DEAL, DEALER, TRUMPS_OROS, EASTERN, random.Random(seed))
    whole = validate_play(DEAL, DEALER, TRUMPS_OROS, EASTERN, full)
    outcome = validate_play(DEAL, DEALER, TRUMPS_OROS, EASTERN, full[: 4 * tricks])
    assert outcome.is_legal and outcome.tricks_played == tricks
    assert outcome.complete == (tricks == 12)
    assert outcome.ns_tricks + outcome.ew_tricks == tricks
    if tricks == 12:
        assert outcome == whole
    else:
        # Points of the tricks covered: never more than the whole play's, adding up to the
        # card points played plus one per trick.
        assert outcome.ns_points <= whole.ns_points and outcome.ew_points <= whole.ew_points
        assert outcome.points == {Side.NS: outcome.ns_points, Side.EW: outcome.ew_points}


def test_a_partial_record_reports_its_problems_too():
    record, breach, _ = play_out(DEAL, DEALER, TRUMPS_OROS, WESTERN, cards("E8 C2"))
    number = breach[0]
    partial = record[: 4 * number]
    assert validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, partial) == IllegalCard(*breach)
    clean = _legal_record()[:8]
    clean[5] = clean[0]  # a card already played, in trick 2
    with pytest.raises(PlayRecordError, match="trick 2: "):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, clean)


@pytest.mark.parametrize("bad", ["O9", None, 3])
def test_not_a_card(bad):
    record = _legal_record()
    record[5] = bad
    with pytest.raises(PlayRecordError, match="not a card"):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, record)


def test_text_is_not_a_record():
    with pytest.raises(PlayRecordError):
        validate_play(DEAL, DEALER, TRUMPS_OROS, WESTERN, "O9 " * 48)


def test_wrong_argument_types():
    record = _legal_record()
    with pytest.raises(TypeError):
        validate_play(DEAL, DEALER, "O", WESTERN, record)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        validate_play(DEAL, DEALER, TRUMPS_OROS, "western", record)  # type: ignore[arg-type]


def test_dealer_decides_the_first_leader():
    deal = generate_deal(bytes(32), 1)
    for dealer in SEATS:
        record = random_legal_play(deal, dealer, TRUMPS_OROS, EASTERN, random.Random(0))
        assert deal.seat_of(record[0]) is dealer.next
        assert validate_play(deal, dealer, TRUMPS_OROS, EASTERN, record).is_legal
        wrong = dealer.partner  # its first lead is not from the right seat's hand
        with pytest.raises(PlayRecordError):
            validate_play(deal, wrong, TRUMPS_OROS, EASTERN, record)


@given(seed=st.integers(0, 10**6), where=st.integers(0, 47))
@settings(max_examples=80, deadline=None)
def test_the_first_problem_in_play_order_is_reported(seed, where):
    """A record with rule breaches and one card its player does not hold: whichever comes
    first in play order is reported (rules.md 4)."""
    record, breach, _ = play_out(DEAL, DEALER, TRUMPS_OROS, EASTERN, rng=random.Random(seed),
                                 illegal_rate=0.2)
    breach_at = record.index(breach[2]) if breach else 99
    other = where + 1 if where % 4 != 3 else where - 1  # same trick, another seat's card
    record[where] = record[other]
    if breach_at < where:
        assert validate_play(DEAL, DEALER, TRUMPS_OROS, EASTERN, record) == IllegalCard(*breach)
    else:
        with pytest.raises(PlayRecordError, match=f"^trick {where // 4 + 1}: "):
            validate_play(DEAL, DEALER, TRUMPS_OROS, EASTERN, record)
