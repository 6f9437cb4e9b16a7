"""Secure deal generation (rules.md section 8)."""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from botifarra_reference import deals
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.dealing as dealing
from engine.cards import ALL_CARDS, Deal
from engine.dealing import (
    DEAL_COUNT,
    generate_deal,
    key_commitment,
    new_deal_key,
    rank_deal,
    unrank_deal,
)
from engine.notation import format_deal, parse_deal
from engine.seats import Seat

KEY = bytes(range(32))
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
keys = st.binary(min_size=1, max_size=64)
numbers = st.integers(min_value=0, max_value=2**64 - 1)


def test_deal_count():
    assert DEAL_COUNT == math.factorial(48) // math.factorial(12) ** 4
    assert DEAL_COUNT == 235_809_301_462_142_612_780_721_600


def test_new_keys_are_random_32_bytes():
    keys_seen = {new_deal_key() for _ in range(20)}
    assert len(keys_seen) == 20
    assert all(isinstance(k, bytes) and len(k) == 32 for k in keys_seen)


def test_commitment_is_sha256_hex():
    assert key_commitment(KEY) == hashlib.sha256(KEY).hexdigest()
    assert key_commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert len(key_commitment(new_deal_key())) == 64


@given(keys, numbers)
def test_generated_deal_is_complete(key, number):
    deal = generate_deal(key, number)
    hands = [deal.hand(seat) for seat in SEATS]
    assert [len(h) for h in hands] == [12, 12, 12, 12]
    assert sorted(c for h in hands for c in h) == list(ALL_CARDS)


def test_reproducible_and_distinct():
    assert generate_deal(KEY, 7) == generate_deal(KEY, 7)
    assert len({generate_deal(KEY, n) for n in range(200)}) == 200
    other = bytes(31) + b"\x01"
    assert generate_deal(other, 7) != generate_deal(KEY, 7)
    assert generate_deal(bytearray(KEY), 7) == generate_deal(KEY, 7)


@pytest.mark.parametrize("number", [-1, 2**64, 1.0, "1"])
def test_bad_number_rejected(number):
    with pytest.raises(ValueError):
        generate_deal(KEY, number)


def test_empty_key_rejected():
    with pytest.raises(ValueError):
        generate_deal(b"", 1)


def test_stability_fixture():
    """Deals of a published key must never change from one release to the next."""
    path = Path(__file__).parent / "data" / "stable_deals.txt"
    lines = [line.split(" ", 1) for line in path.read_text().splitlines() if line[:1].isdigit()]
    assert len(lines) == 20
    for number, text in lines:
        assert format_deal(generate_deal(KEY, int(number))) == text
        assert generate_deal(KEY, int(number)) == parse_deal(text)


# --- Independent re-derivation from the module docstring --------------------------------


def _docstring_deal(key: bytes, number: int) -> Deal:
    """The construction as documented, written independently of the engine's tables."""
    d = math.factorial(48) // math.factorial(12) ** 4
    limit = 2**256 - 2**256 % d
    j = 0
    while True:
        msg = b"duplicada-deal-v1" + number.to_bytes(8, "big") + j.to_bytes(4, "big")
        x = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")
        if x < limit:
            break
        j += 1
    r = x % d
    need = {seat: 12 for seat in SEATS}
    hands: dict[Seat, list] = {seat: [] for seat in SEATS}
    for card in ALL_CARDS:
        for seat in SEATS:  # N < E < S < W
            if need[seat] == 0:
                continue
            need[seat] -= 1
            ways = math.factorial(sum(need.values())) // math.prod(
                math.factorial(n) for n in need.values()
            )
            if r < ways:
                hands[seat].append(card)
                break
            r -= ways
            need[seat] += 1
    return Deal(hands)


@pytest.mark.parametrize("number", [0, 1, 2, 99, 2**64 - 1])
def test_matches_documented_construction(number):
    assert generate_deal(KEY, number) == _docstring_deal(KEY, number)


def test_rejection_step(monkeypatch):
    """A block at or above the limit is skipped and the next counter used."""
    real = hmac.digest
    counters = []

    def fake(key, msg, digest):
        counters.append(int.from_bytes(msg[-4:], "big"))
        return b"\xff" * 32 if counters[-1] == 0 else real(key, msg, digest)

    monkeypatch.setattr(dealing.hmac, "digest", fake)
    deal = generate_deal(KEY, 5)
    assert counters == [0, 1]
    msg = b"duplicada-deal-v1" + (5).to_bytes(8, "big") + (1).to_bytes(4, "big")
    x = int.from_bytes(real(KEY, msg, "sha256"), "big")
    assert deal == unrank_deal(x % DEAL_COUNT)


def test_extreme_ranks():
    assert format_deal(unrank_deal(0)) == (
        "N:9ARCS8765432... .9ARCS8765432.. ..9ARCS8765432. ...9ARCS8765432"
    )
    assert format_deal(unrank_deal(DEAL_COUNT - 1)) == (
        "N:...9ARCS8765432 ..9ARCS8765432. .9ARCS8765432.. 9ARCS8765432..."
    )
    assert rank_deal(unrank_deal(DEAL_COUNT - 1)) == DEAL_COUNT - 1
    for bad in (-1, DEAL_COUNT):
        with pytest.raises(ValueError):
            unrank_deal(bad)


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_rank_round_trip(rank):
    assert rank_deal(unrank_deal(rank)) == rank


@given(deals)
def test_every_deal_has_a_rank(deal):
    assert unrank_deal(rank_deal(deal)) == deal


# --- Uniformity ----------------------------------------------------------------------------


def _chi_square_critical(df: int, alpha_z: float) -> float:
    """Upper critical value of chi-square(df) by the Wilson-Hilferty approximation.

    ``alpha_z`` is the standard normal quantile of the significance level (3.09 for 0.001).
    """
    a = 2 / (9 * df)
    return df * (1 - a + alpha_z * math.sqrt(a)) ** 3


def _card_seat_statistic(deal_of: Callable[[int], Deal], count: int) -> tuple[float, int]:
    """Pearson statistic of the 48 x 4 table of how often each card went to each seat."""
    table = [[0] * 4 for _ in range(48)]
    for n in range(count):
        masks = deal_of(n).masks
        for s, mask in enumerate(masks):
            for i in range(48):
                table[i][s] += mask >> i & 1
    expected = count / 4
    stat = sum((o - expected) ** 2 / expected for row in table for o in row)
    return stat, (48 - 1) * (4 - 1)


DEALS_FOR_CHI_SQUARE = 4000


def test_card_to_seat_frequencies_are_uniform():
    stat, df = _card_seat_statistic(lambda n: generate_deal(KEY, n), DEALS_FOR_CHI_SQUARE)
    assert stat < _chi_square_critical(df, 3.09)  # significance 0.001


def test_chi_square_critical_value_approximation():
    # Tabulated: chi-square(100) at 0.001 is 149.45, chi-square(141) at 0.001 about 196.
    assert _chi_square_critical(100, 3.09) == pytest.approx(149.45, abs=0.3)
    assert 190 < _chi_square_critical(141, 3.09) < 200


@pytest.mark.parametrize(
    "biased",
    [
        # A 64-bit seed reduced modulo the deal count: only the lowest ranks are reachable.
        lambda n: unrank_deal(int.from_bytes(hashlib.sha256(n.to_bytes(8, "big")).digest()[:8])),
        # A dealer that slips the manilla d'ors to North one time in ten.
        lambda n: _slip_manilla(generate_deal(KEY, n), n),
    ],
)
def test_chi_square_detects_biased_dealers(biased):
    stat, df = _card_seat_statistic(biased, DEALS_FOR_CHI_SQUARE)
    assert stat > _chi_square_critical(df, 3.09)


def _slip_manilla(deal: Deal, n: int) -> Deal:
    holder = deal.seat_of(ALL_CARDS[0])
    if n % 10 or holder is Seat.N:
        return deal
    # Swap the manilla with North's first card.
    north = deal.hand(Seat.N).cards[0]
    hands = {seat: set(deal.hand(seat)) for seat in SEATS}
    hands[holder] = hands[holder] - {ALL_CARDS[0]} | {north}
    hands[Seat.N] = hands[Seat.N] - {north} | {ALL_CARDS[0]}
    return Deal(hands)


@settings(max_examples=50, deadline=None)
@given(st.binary(min_size=1, max_size=64), st.integers(0, 2**64 - 1))
def test_pairs_deals_match_documented_construction_for_any_key(key, number):
    """Differential: the construction is shared with the individual deals (engine.abarrotada)
    through ``uniform_rank``; the pairs' deals must stay exactly the documented ones."""
    assert generate_deal(key, number) == _docstring_deal(key, number)
