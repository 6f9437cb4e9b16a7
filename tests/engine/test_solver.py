"""The double-dummy solver (rules.md 8.1) against a plain exhaustive minimax, and its fast core.

The reference minimax below is written independently of the solver: it plays through the
public rule functions :func:`engine.play.legal_cards` and :func:`engine.play.trick_winner`, with
:class:`Hand` objects, and tries every legal card of every player (a memo at the start of each
trick only avoids recomputing a position already met; nothing is pruned).
"""

from __future__ import annotations

import collections
import random

import pytest

from engine import _backend
from engine import card_bits as T
from engine.cards import ALL_CARDS, Contract, Hand
from engine.dealing import generate_deal
from engine.play import Variant, legal_cards, random_legal_play, trick_winner
from engine.seats import Seat
from engine.solver import Position, Solver, position_value

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
BACKENDS = [_backend.PURE] + ([_backend.compiled()] if _backend.compiled() else [])


# --- Reference: exhaustive minimax through the public rules ----------------------------------


def reference_value(hands, leader, trick, contract, variant, memo) -> int:
    """NS points from here on: NS maximise, EW minimise, every legal card tried.

    ``hands`` holds the :class:`Hand` of N, E, S, W (notation order) and ``trick`` the
    ``(seat, card)`` already played to the current trick.
    """
    if not trick:
        if not any(hands):
            return 0
        key = (tuple(hand.mask for hand in hands), leader)
        if key in memo:
            return memo[key]
    player = leader if not trick else trick[-1][0].next
    index = player.index
    ns = player in (Seat.N, Seat.S)
    best = None
    for card in legal_cards(hands[index], trick, contract, variant):
        after = list(hands)
        after[index] = Hand.from_mask(hands[index].mask ^ (1 << card.index))
        played = [*trick, (player, card)]
        if len(played) == 4:
            taker = trick_winner(played, contract)
            points = sum(c.points for _, c in played) + 1
            value = reference_value(after, taker, [], contract, variant, memo)
            if taker in (Seat.N, Seat.S):
                value += points
        else:
            value = reference_value(after, leader, played, contract, variant, memo)
        if best is None or (value > best if ns else value < best):
            best = value
    if not trick:
        memo[key] = best
    return best


# How many tricks are left, by weight: four-trick endings cost the reference most by far.
TRICKS_LEFT = (1,) * 6 + (2,) * 8 + (3,) * 7 + (4,)


def random_position(rng: random.Random) -> Position:
    """A position of a random deal after a random legal play, 1 to 4 tricks before the end."""
    deal = generate_deal(bytes([rng.randrange(256) for _ in range(8)]), rng.randrange(10**6))
    dealer = rng.choice(SEATS)
    contract = rng.choice(list(Contract))
    variant = rng.choice(list(Variant))
    tricks_left = rng.choice(TRICKS_LEFT)
    in_trick = rng.randrange(4)
    played = 48 - 4 * tricks_left + in_trick
    line = random_legal_play(deal, dealer, contract, variant, rng)[:played]
    # Replay the record: every card leaves its hand; each full trick gives the lead.
    hands = list(deal.masks)
    for card in line:
        for i in range(4):
            hands[i] &= ~(1 << card.index)
    leader = dealer.next
    complete = len(line) - len(line) % 4
    for start in range(0, complete, 4):
        trick, seat = [], leader
        for card in line[start : start + 4]:
            trick.append((seat, card))
            seat = seat.next
        leader = trick_winner(trick, contract)
    return Position(tuple(hands), leader, contract, variant, tuple(line[complete:]))


def reference_of(position: Position) -> int:
    hands = [Hand.from_mask(mask) for mask in position.hands]
    trick = []
    seat = position.leader
    for card in position.trick:
        trick.append((seat, card))
        seat = seat.next
    return reference_value(hands, position.leader, trick, position.contract, position.variant, {})


# --- The fast rule of play -------------------------------------------------------------------


def test_kernel_legal_mask_equals_legal_cards_on_random_positions():
    rng = random.Random(13)
    checked = 0
    for number in range(1500):
        deal = generate_deal(b"legal", number)
        dealer, contract = rng.choice(SEATS), rng.choice(list(Contract))
        variant = list(Variant)[number % 3]
        line = random_legal_play(deal, dealer, contract, variant, rng)
        position = Position.start(deal, dealer, contract, variant)
        for card in line[: rng.randrange(1, 48)]:
            position, _ = position.play(card)
        if not position.trick:
            continue
        hand = Hand.from_mask(position.hands[position.to_play.index])
        trick, seat = [], position.leader
        for card in position.trick:
            trick.append((seat, card))
            seat = seat.next
        expected = legal_cards(hand, trick, contract, variant)
        assert set(position.legal()) == expected
        checked += 1
    assert checked > 1000


@pytest.mark.skipif(_backend.compiled() is None, reason="numba is not installed")
def test_compiled_legal_mask_and_playouts_equal_pure_python():
    fast = _backend.compiled()
    rng = random.Random(5)
    for _ in range(3000):
        hand = rng.getrandbits(48)
        led, win = rng.randrange(48), rng.randrange(48)
        args = (rng.random() < 0.5, rng.random() < 0.5)
        trump = rng.randrange(5)
        flags = (rng.random() < 0.5, rng.random() < 0.5)
        assert _backend.PURE.legal_mask(
            hand, led, win, *args, _backend.PURE.beaters[trump], *flags
        ) == fast.legal_mask(hand, led, win, *args, fast.beaters[trump], *flags)
    deal = generate_deal(b"playouts", 1)
    for trump in range(5):
        pure, compiled = [0] * 200, fast.array(200, 0)
        _backend.PURE.playouts(*deal.masks, 1, _backend.PURE.beaters[trump], True, False, 200, 7,
                               pure)
        fast.playouts(*deal.masks, 1, fast.beaters[trump], True, False, 200, 7, compiled)
        assert pure == [int(x) for x in compiled]


def test_playouts_points_are_possible_and_vary():
    from engine.playouts import random_playouts

    deal = generate_deal(b"playouts", 2)
    points = random_playouts(deal, Seat.N, Contract.OROS, Variant.EASTERN, 500, seed=3)
    assert len(points) == 500 and all(0 <= p <= 72 for p in points)
    assert len(set(points)) > 5
    assert random_playouts(deal, Seat.N, Contract.OROS, Variant.EASTERN, 500, seed=3) == points


# --- The solver against the reference -------------------------------------------------------


KINDS_OF_ENDING = 3 * 2 * 4  # every variant, trumps and Botifarra, 1 to 4 tricks left


@pytest.mark.parametrize("per_kind", [
    # 10,000 positions in all: most on the compiled solver, a share on plain Python as well.
    pytest.param(None, marks=pytest.mark.exhaustive, id="all"),
    # ``make test-fast``: drawn the same way, the first 4 of each kind of ending on each.
    pytest.param(4, id="sample"),
])
@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_solver_equals_exhaustive_minimax_on_endings(backend, per_kind):
    count = (8000 if backend.name == "numba" else 2000) if per_kind is None else (
        per_kind * KINDS_OF_ENDING)
    quota = per_kind or count
    rng = random.Random(2026 if backend.name == "numba" else 1913)
    kinds = collections.Counter()
    while sum(kinds.values()) < count:
        position = random_position(rng)
        kind = (position.variant, position.contract.is_botifarra, position.tricks_left)
        if kinds[kind] >= quota:
            continue
        solver = Solver(position.contract, position.variant, backend, table_size=1 << 10)
        assert solver.value(position) == reference_of(position), position
        kinds[kind] += 1
    assert len(kinds) == KINDS_OF_ENDING


def test_both_backends_agree_on_six_trick_endings():
    if _backend.compiled() is None:
        pytest.skip("numba is not installed")
    rng = random.Random(6)
    for _ in range(20):
        deal = generate_deal(b"six", rng.randrange(1000))
        dealer, contract, variant = rng.choice(SEATS), rng.choice(list(Contract)), rng.choice(
            list(Variant)
        )
        position = Position.start(deal, dealer, contract, variant)
        for card in random_legal_play(deal, dealer, contract, variant, rng)[:24]:
            position, _ = position.play(card)
        assert position_value(position, _backend.PURE) == position_value(
            position, _backend.compiled()
        )


def test_position_rejects_inconsistent_hands():
    deal = generate_deal(b"bad", 1)
    masks = list(deal.masks)
    with pytest.raises(ValueError, match="trick in progress"):
        Position(tuple(masks), Seat.N, Contract.OROS, Variant.EASTERN, (ALL_CARDS[0],))
    masks[1] |= masks[0] & -masks[0]
    with pytest.raises(ValueError):
        Position(tuple(masks), Seat.N, Contract.OROS, Variant.EASTERN)
    assert T.points(T.FULL) == 60


def test_a_table_too_small_for_one_bucket_is_refused():
    with pytest.raises(ValueError, match="power of two, at least 4"):
        Solver(Contract.OROS, Variant.EASTERN, table_size=2)
    with pytest.raises(ValueError, match="power of two"):
        Solver(Contract.OROS, Variant.EASTERN, table_size=24)
