"""Optimal lines, the double-dummy table and the par (rules.md 8.1).

A line is checked with the rule code itself: replayed through :func:`validate_play` it must be
legal and score exactly the double-dummy value; and at every card of it, no other legal card
of the player due to play would have given that player's side more points (each alternative
valued by the solver from the position it leads to).
"""

from __future__ import annotations

import random
import threading

import pytest

from engine import _backend
from engine._crew import cores as _cores
from engine.cards import Contract
from engine.dealing import generate_deal
from engine.hand_records import (
    Par,
    hand_record,
    hand_records,
    line_from,
    line_tricks,
    optimal_line,
    par,
)
from engine.play import Variant, random_legal_play, validate_play
from engine.positions import Position
from engine.seats import Seat, Side
from engine.solver import SOLVING_ORDER, Solver, double_dummy_table, each_contract, solve


def _replay(deal, dealer, contract, variant, prefix):
    position = Position.start(deal, dealer, contract, variant)
    taken = 0
    for card in prefix:
        position, gained = position.play(card)
        taken += gained
    return position, taken


def _check_no_deviation_helps(solver, position, line, value):
    """At each card of ``line``, every other legal card is no better for the side to play."""
    for card in line:
        side_ns = position.to_play.side is Side.NS
        for other in position.legal():
            child, gained = position.play(other)
            worth = gained + (solver.value(child) if child.tricks_left else 0)
            if side_ns:
                assert worth <= value, (other, card)
            else:
                assert worth >= value, (other, card)
        position, gained = position.play(card)
        value -= gained
    assert value == 0


@pytest.mark.parametrize(
    ("number", "dealer", "contract", "variant"),
    [
        (3, Seat.N, Contract.OROS, Variant.EASTERN),
        (5, Seat.E, Contract.BOTIFARRA, Variant.EASTERN_SECOND_COUNTS),
    ],
)
def test_full_deal_line_is_legal_and_scores_the_value(number, dealer, contract, variant):
    deal = generate_deal(b"line", number)
    value, line = optimal_line(deal, dealer, contract, variant)
    assert value == solve(deal, dealer, contract, variant)
    outcome = validate_play(deal, dealer, contract, variant, line)
    assert outcome.is_legal and outcome.ns_points == value
    tricks = line_tricks(line, dealer, contract)
    assert len(tricks) == 12 and tricks[0][0][0] is dealer.next


def test_no_single_card_deviation_improves_either_side():
    # Positions six tricks from the end of random deals, every variant and both kinds of
    # contract; the optimal line from there completes the record that validate_play scores.
    rng = random.Random(88)
    for k in range(6):
        deal = generate_deal(b"deviation", k)
        dealer = rng.choice(list(Seat))
        contract = [Contract.COPES, Contract.BOTIFARRA][k % 2]
        variant = list(Variant)[k % 3]
        prefix = random_legal_play(deal, dealer, contract, variant, rng)[: 24 + k % 4]
        position, taken = _replay(deal, dealer, contract, variant, prefix)
        solver = Solver(contract, variant)
        value = solver.value(position)
        line = line_from(solver, position, value)
        outcome = validate_play(deal, dealer, contract, variant, [*prefix, *line])
        assert outcome.is_legal and outcome.ns_points == taken + value
        _check_no_deviation_helps(solver, position, line, value)


@pytest.mark.skipif(_backend.compiled() is None, reason="numba is not installed")
def test_line_is_the_same_with_either_backend():
    deal = generate_deal(b"backends", 1)
    rng = random.Random(1)
    prefix = random_legal_play(deal, Seat.S, Contract.ESPASES, Variant.WESTERN, rng)[:28]
    position, _ = _replay(deal, Seat.S, Contract.ESPASES, Variant.WESTERN, prefix)
    results = []
    for backend in (_backend.PURE, _backend.compiled()):
        solver = Solver(Contract.ESPASES, Variant.WESTERN, backend)
        value = solver.value(position)
        results.append((value, line_from(solver, position, value)))
    assert results[0] == results[1]


def test_par_picks_the_best_deal_score_for_the_trump_makers():
    table = {Contract.OROS: 40, Contract.COPES: 30, Contract.ESPASES: 44, Contract.BASTOS: 20,
             Contract.BOTIFARRA: 41}
    # NS make trumps (dealer N): espases give 44 - 36 = 8, Botifarra (41 - 36) x 2 = 10.
    assert par(table, Seat.N) == Par(Contract.BOTIFARRA, Side.NS, 41, 10)
    # EW make trumps (dealer E): bastos give 52 - 36 = 16, Botifarra (31 - 36) x 2 = -10.
    assert par(table, Seat.E) == Par(Contract.BASTOS, Side.EW, 52, 16)
    # Equal scores: the first contract in suit order.
    flat = dict.fromkeys(Contract, 36)
    assert par(flat, Seat.S) == Par(Contract.OROS, Side.NS, 36, 0)


def test_double_dummy_table_has_the_five_contracts():
    deal = generate_deal(b"table", 2)
    table = double_dummy_table(deal, Seat.W, Variant.EASTERN)
    assert set(table) == set(Contract) and all(0 <= v <= 72 for v in table.values())
    assert table[Contract.BASTOS] == solve(deal, Seat.W, Contract.BASTOS, Variant.EASTERN)


# Whole deals take from half a second to many seconds to solve, by how their cards lie. Each
# test on whole deals below runs on the deals it was written with (marked ``exhaustive``:
# ``make test`` runs them) and, for ``make test-fast``, on deals that solve quickly (the
# quickest of the first 24 of b"quick": 0.2 s for a whole table where deals 2 and 5 took 0.4).
QUICK = "quick deals"


@pytest.mark.parametrize("seed", [
    pytest.param((b"record", 2), marks=pytest.mark.exhaustive, id="hard deal"),
    pytest.param((b"quick", 16), id=QUICK),
])
def test_hand_record_is_the_table_the_par_and_a_line_of_the_par(seed):
    deal, dealer, variant = generate_deal(*seed), Seat.W, Variant.EASTERN
    record = hand_record(deal, dealer, variant)
    table = double_dummy_table(deal, dealer, variant)
    assert record.table == table
    assert record.par == par(table, dealer)
    # The par side is EW here (West deals): the line is played in the par contract and takes
    # exactly the table's NS points.
    outcome = validate_play(deal, dealer, record.par.contract, variant, record.line)
    assert outcome.is_legal and outcome.ns_points == table[record.par.contract]



@pytest.mark.parametrize("deals", [
    pytest.param([(b"records", n, dealer) for n, dealer in enumerate(Seat)][:3],
                 marks=pytest.mark.exhaustive, id="three deals"),
    pytest.param([(b"quick", 16, Seat.W), (b"quick", 6, Seat.N)], id=QUICK),
])
def test_hand_records_solve_deals_side_by_side_as_one_at_a_time_would(deals):
    variant = Variant.EASTERN
    deals = [(generate_deal(seed, n), dealer) for seed, n, dealer in deals]
    results = list(hand_records(deals, variant))
    # Every deal once, each with its own place in the list, whatever order they finish in.
    assert sorted(done.index for done in results) == list(range(len(deals)))
    for done in results:
        deal, dealer = deals[done.index]
        record = done.record
        assert done.error is None and done.seconds > 0
        assert record.table == double_dummy_table(deal, dealer, variant)
        assert record.par == par(record.table, dealer)
        outcome = validate_play(deal, dealer, record.par.contract, variant, record.line)
        assert outcome.is_legal and outcome.ns_points == record.table[record.par.contract]


@pytest.mark.parametrize("seeds", [
    pytest.param([(b"records", 1), (b"records", 2)], marks=pytest.mark.exhaustive,
                 id="two deals"),
    pytest.param([(b"quick", 6), (b"quick", 16)], id=QUICK),
])
def test_hand_records_report_a_failing_deal_and_go_on(monkeypatch, seeds):
    from engine import hand_records as module

    deals = [(generate_deal(*seed), Seat.N) for seed in seeds]
    broken = module.Position.start(deals[0][0], Seat.N, Contract.COPES, Variant.EASTERN)

    class Failing(module.Solver):
        def value(self, position, guess=None):
            if position == broken:
                raise RuntimeError("no value for this one")
            return super().value(position, guess)

    # The first deal fails in one of its contracts; the second is still analysed.
    monkeypatch.setattr(module, "Solver", Failing)
    results = {done.index: done for done in hand_records(deals, Variant.EASTERN)}
    assert isinstance(results[0].error, RuntimeError) and results[0].record is None
    assert results[1].error is None
    assert results[1].record.table == double_dummy_table(*deals[1], Variant.EASTERN)
    with pytest.raises(RuntimeError, match="no value"):
        hand_record(*deals[0], Variant.EASTERN)


def test_line_shows_the_first_card_in_suit_order_that_keeps_the_value():
    # rules.md 8.1: at each card, every legal card before the one shown (suit order, then
    # strongest first: deck order) would have changed the value.
    deal = generate_deal(b"suit order", 2)
    rng = random.Random(2)
    prefix = random_legal_play(deal, Seat.W, Contract.BASTOS, Variant.EASTERN, rng)[:24]
    position, _ = _replay(deal, Seat.W, Contract.BASTOS, Variant.EASTERN, prefix)
    solver = Solver(Contract.BASTOS, Variant.EASTERN)
    value = solver.value(position)
    line = line_from(solver, position, value)
    skipped = 0
    for card in line:
        legal = position.legal()
        assert legal == sorted(legal, key=lambda c: c.index)
        for earlier in legal[: legal.index(card)]:
            child, gained = position.play(earlier)
            assert gained + (solver.value(child) if child.tricks_left else 0) != value, earlier
            skipped += 1
        position, gained = position.play(card)
        value -= gained
    assert value == 0 and skipped > 0  # some card was passed over: the order was put to work


def test_contracts_are_handed_out_botifarra_first_and_answered_in_their_order():
    # each_contract starts the hardest contract first (engine.solver.SOLVING_ORDER) and still
    # answers with the five contracts in their usual order, each with its own work's result.
    backend = _backend.compiled() or _backend.PURE
    parallel = backend.name == "numba" and _cores() > 1
    botifarra_started = threading.Event()
    waited_for_botifarra = []

    def work(contract):
        if contract is Contract.BOTIFARRA:
            botifarra_started.set()
        elif parallel:
            # Handed out first, Botifarra is already running (or done) on another core.
            waited_for_botifarra.append(botifarra_started.wait(timeout=10))
        return contract.value

    done = each_contract(work, backend)
    assert list(done) == list(Contract)
    assert all(done[contract] == contract.value for contract in Contract)
    assert all(waited_for_botifarra)
    assert SOLVING_ORDER[0] is Contract.BOTIFARRA and set(SOLVING_ORDER) == set(Contract)
