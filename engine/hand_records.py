"""What a hand record shows besides the double-dummy table: the par and an optimal line.

(rules.md 8.1.) :func:`par` is the contract the trump-making side would choose knowing the
table; :func:`optimal_line` and :func:`line_from` give a line of play that achieves the value,
card by card; :func:`line_tricks` groups a line into its tricks.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine import _backend
from engine._crew import SOLVING_ORDER, Crew
from engine._crew import cores as _cores
from engine.cards import Card, Contract, Deal
from engine.duplicate import side_deal_score
from engine.movements import trump_side
from engine.play import Variant, beaters_of
from engine.positions import _SEATS, Position
from engine.seats import Seat, Side
from engine.solver import Solver, _check

__all__ = [
    "Analysed", "HandRecord", "Par", "hand_record", "hand_records", "line_from", "line_tricks",
    "optimal_line", "par",
]


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

    At each card the player due to play takes the first legal card, in the search's order of
    trial (:meth:`Solver.ordered`), that keeps the value: the best for its side, given perfect
    play afterwards.
    """
    _check(deal, dealer, variant)
    solver = Solver(contract, variant, backend or _backend.fastest())
    position = Position.start(deal, dealer, contract, variant)
    total = solver.value(position)
    line = line_from(solver, position, total)
    return total, line


def line_from(solver: Solver, position: Position, value: int) -> list[Card]:
    """A line of play from ``position`` on that achieves ``value`` (its double-dummy value).

    At each card the player takes the first card, in suit order (oros, copes, espases, bastos)
    and then from the strongest, that keeps the value (rules.md 8.1): the line a player reading
    the hand record would look for first. That is deck order, the order of ``legal()``. Each
    card tried costs one null-window test, a forced card none.
    """
    line: list[Card] = []
    remaining = value  # NS points still to come from the current position
    while position.tricks_left:
        ns_to_play = position.to_play.side is Side.NS
        cards = position.legal()  # deck order: suit order, strongest first
        for card in cards:
            child, gained = position.play(card)
            need = remaining - gained
            if len(cards) == 1:
                keeps = True  # the only legal card keeps the value, whatever it is
            elif not child.tricks_left:
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
    beaters = beaters_of(contract)
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
    seconds a deal.
    """
    (done,) = hand_records([(deal, dealer)], variant, backend)
    if done.error is not None:
        raise done.error
    return done.record


@dataclass(frozen=True)
class Analysed:
    """One deal of :func:`hand_records`: its place in the list, its record or what failed,
    and the seconds from its first contract's start to its record."""

    index: int
    record: HandRecord | None
    error: Exception | None
    seconds: float


class _DealWork:
    """What is known of one deal while its five contracts are solved, maybe in two threads.

    Only the solver of the best contract so far is kept (each holds a large table): the
    line is played out with it once the five values are in.
    """

    def __init__(self, index: int, deal: Deal, dealer: Seat) -> None:
        self.index, self.deal, self.dealer = index, deal, dealer
        self.table: dict[Contract, int] = {}
        self.finished = 0  # contracts solved or failed
        self.kept: tuple | None = None  # (rank, solver)
        self.error: Exception | None = None
        self.started: float | None = None
        self.lock = threading.Lock()

    def rank(self, contract: Contract, ns: int) -> tuple[int, int]:
        # par()'s choice: the best deal score, then the first contract in suit order.
        points = ns if trump_side(self.dealer) is Side.NS else 72 - ns
        return side_deal_score(points, doubled=contract.is_botifarra), -_ORDER.index(contract)

    def solve(self, contract: Contract, variant: Variant, backend,
              crew: Crew | None = None) -> Analysed | None:
        """Solve one contract; the deal's :class:`Analysed` once it was the last one."""
        with self.lock:
            if self.started is None:
                self.started = time.perf_counter()
            failed = self.error is not None
        value = solver = error = None
        if not failed:
            try:
                solver = Solver(contract, variant, backend, crew=crew)
                value = solver.value(Position.start(self.deal, self.dealer, contract, variant))
            except Exception as exc:  # reported with the deal, the other deals go on
                error = exc
        with self.lock:
            if error is not None and self.error is None:
                self.error = error
            if value is not None:
                self.table[contract] = value
                if self.kept is None or self.rank(contract, value) > self.kept[0]:
                    self.kept = (self.rank(contract, value), solver)
            self.finished += 1
            if self.finished < len(Contract):
                return None
        return self._finish(variant)

    def _finish(self, variant: Variant) -> Analysed:
        record = None
        if self.error is None:
            try:
                best = par(self.table, self.dealer)
                solver = self.kept[1]
                assert solver.contract is best.contract
                start = Position.start(self.deal, self.dealer, best.contract, variant)
                record = HandRecord(dict(self.table), best,
                                    line_from(solver, start, self.table[best.contract]))
            except Exception as exc:
                self.error = exc
        self.kept = None  # let the table go
        return Analysed(self.index, record, self.error, time.perf_counter() - self.started)


_ORDER = list(Contract)


def hand_records(
    deals: Iterable[tuple[Deal, Seat]],
    variant: Variant,
    backend: _backend.Backend | None = None,
) -> Iterator[Analysed]:
    """The :func:`hand_record` of each ``(deal, dealer)``, yielded as each one is done.

    The five contracts of every deal are the units of work (a deal's in ``SOLVING_ORDER``,
    Botifarra first), taken in order by one thread per
    processor core when the search is compiled (it releases the interpreter's lock). Several
    deals are thus solved side by side: a core that has finished never waits for another's
    hard contract while work is left, which is where a deal at a time lost most of an event's
    time. A deal whose analysis fails is yielded with its error; the others go on.
    """
    backend = backend or _backend.fastest()
    works = []
    for index, (deal, dealer) in enumerate(deals):
        _check(deal, dealer, variant)
        works.append(_DealWork(index, deal, dealer))
    units = [(work, contract) for work in works for contract in SOLVING_ORDER]
    workers = min(len(units), _cores()) if backend.name == "numba" else 1
    if workers <= 1:
        for work, contract in units:
            done = work.solve(contract, variant, backend)
            if done is not None:
                yield done
        return
    finished: queue.Queue = queue.Queue()
    pending = iter(units)
    take = threading.Lock()
    stopped = threading.Event()  # the caller stopped reading: take no more work
    # Once every contract is handed out, a free core helps one still running (engine._crew).
    crew = Crew(len(units))

    def worker() -> None:
        while not stopped.is_set():
            with take:
                unit = next(pending, None)
            if unit is None:
                crew.help_until_done()
                return
            try:
                done = unit[0].solve(unit[1], variant, backend, crew)
            finally:
                crew.work_over()
            if done is not None:
                finished.put(done)

    # Daemon threads, not a concurrent.futures pool: that pool's workers hold up the
    # interpreter's exit until their work is done, so a command that closed a round and stopped
    # reading would wait for the whole analysis. ``stopped`` lets these ones finish the contract
    # in hand and take no more.
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(workers)]
    for thread in threads:
        thread.start()
    try:
        for _ in works:
            yield finished.get()
    finally:
        stopped.set()
        crew.close()
    for thread in threads:
        thread.join()
