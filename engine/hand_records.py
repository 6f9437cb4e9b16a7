"""What a hand record shows besides the double-dummy table: the par and an optimal line.

(rules.md 8.1.) :func:`par` is the contract the trump-making side would choose knowing the
table; :func:`optimal_line` and :func:`line_from` give a line of play that achieves the value,
card by card; :func:`line_tricks` groups a line into its tricks.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import _backend
from engine.cards import Card, Contract, Deal
from engine.duplicate import side_deal_score
from engine.movements import trump_side
from engine.play import Variant, _beaters
from engine.positions import _SEATS, Position
from engine.seats import Seat, Side
from engine.solver import Solver, _check, each_contract

__all__ = ["HandRecord", "Par", "hand_record", "line_from", "line_tricks", "optimal_line", "par"]


@dataclass(frozen=True)
class Par:
    """The contract the trump makers would choose knowing the double-dummy table.

    ``score`` is their deal score in it (rules.md 6.2, without contro); ``points`` their points.
    """

    contract: Contract
    side: Side
    points: int
    score: int


def par(table: Mapping[Contract, int], dealer: Seat) -> Par:
    """The par of a deal from its double-dummy table (NS points per contract).

    The dealer's side makes trumps (rules.md 3) and picks the contract with the best deal
    score for itself: its points - 36, doubled for Botifarra. On equal scores the first
    contract in the order oros, copes, espases, bastos, Botifarra is taken.
    """
    side = trump_side(dealer)
    best: Par | None = None
    for contract in Contract:
        ns = table[contract]
        points = ns if side is Side.NS else 72 - ns
        score = side_deal_score(points, doubled=contract.is_botifarra)
        if best is None or score > best.score:
            best = Par(contract, side, points, score)
    assert best is not None
    return best


def optimal_line(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    backend: _backend.Backend | None = None,
) -> tuple[int, list[Card]]:
    """The double-dummy value and one line of 48 cards that achieves it.

    At each card the player due to play takes the first legal card (in deck order) that
    keeps the value: the best for its side, given perfect play afterwards.
    """
    _check(deal, dealer, variant)
    solver = Solver(contract, variant, backend or _backend.fastest())
    position = Position.start(deal, dealer, contract, variant)
    total = solver.value(position)
    line = line_from(solver, position, total)
    return total, line


def line_from(solver: Solver, position: Position, value: int) -> list[Card]:
    """A line of play from ``position`` on that achieves ``value`` (its double-dummy value)."""
    line: list[Card] = []
    remaining = value  # NS points still to come from the current position
    while position.tricks_left:
        ns_to_play = position.to_play.side is Side.NS
        for card in position.legal():
            child, gained = position.play(card)
            need = remaining - gained
            if not child.tricks_left:
                keeps = need == 0
            elif ns_to_play:
                keeps = solver.at_least(child, need)  # never more than `need`: it is optimal
            else:
                keeps = not solver.at_least(child, need + 1)
            if keeps:
                break
        else:  # pragma: no cover - the value is always reached by some card
            raise AssertionError("no card keeps the double-dummy value")
        line.append(card)
        position, remaining = child, need
    return line


def line_tricks(line: Sequence[Card], dealer: Seat, contract: Contract) -> list[list[tuple[Seat, Card]]]:
    """The 48 cards of a line grouped into its 12 tricks, each as ``(seat, card)`` in order."""
    beaters = _beaters(contract)
    leader = dealer.next.index
    tricks = []
    for start in range(0, len(line), 4):
        seat = leader
        trick = []
        win, wseat = line[start].index, leader
        for card in line[start : start + 4]:
            trick.append((_SEATS[seat], card))
            if beaters[win] >> card.index & 1:
                win, wseat = card.index, seat
            seat = (seat + 3) & 3
        tricks.append(trick)
        leader = wseat
    return tricks


@dataclass(frozen=True)
class HandRecord:
    """A deal's double-dummy table (NS points per contract), its par and the par's line."""

    table: dict[Contract, int]
    par: Par
    line: list[Card]


def hand_record(
    deal: Deal, dealer: Seat, variant: Variant, backend: _backend.Backend | None = None
) -> HandRecord:
    """The table, the par and an optimal line of the par contract, in one go.

    The line is found with the solver that solved the par contract: its table already holds
    most of the positions the line asks about, which saves from a third of a second to a few
    seconds a deal. Only the solver of the best contract so far is kept (each holds a large
    table), so at most one more than the cores at work is alive at a time.
    """
    _check(deal, dealer, variant)
    backend = backend or _backend.fastest()
    side = trump_side(dealer)
    order = list(Contract)
    lock = threading.Lock()
    kept: dict = {}

    def rank(contract: Contract, ns: int) -> tuple[int, int]:
        # par()'s choice: the best deal score, then the first contract in suit order.
        points = ns if side is Side.NS else 72 - ns
        return side_deal_score(points, doubled=contract.is_botifarra), -order.index(contract)

    def work(contract: Contract) -> int:
        solver = Solver(contract, variant, backend)
        value = solver.value(Position.start(deal, dealer, contract, variant))
        with lock:
            if "rank" not in kept or rank(contract, value) > kept["rank"]:
                kept.update(rank=rank(contract, value), solver=solver)
        return value

    table = each_contract(work, backend)
    best = par(table, dealer)
    solver = kept["solver"]
    assert solver.contract is best.contract
    line = line_from(solver, Position.start(deal, dealer, best.contract, variant),
                     table[best.contract])
    return HandRecord(table, best, line)
