"""Double-dummy analysis of a deal: every card visible, all four players perfect (rules.md 8.1).

For a deal, its dealer, a contract and the rule variant, the **double-dummy value** is the
number of points North-South take (card points plus one per trick) when each side plays to
maximise its own points, every player seeing all the cards. The two sides' points add up to 72,
so maximising one's own points is the same as minimising the other side's.

- :func:`solve` gives that value for a deal, :func:`position_value` for any position in the
  middle of the play (a :class:`Position`).
- :func:`double_dummy_table` gives it for the five contracts; :mod:`engine.hand_records` adds
  the par (the contract the trump-making side would choose to maximise its deal score,
  rules.md 6.2: points - 36, doubled for Botifarra; contro is not considered) and an optimal
  line of play, card by card.

The search is alpha-beta over points with a transposition table (``engine._kernel.search``),
driven here by null-window tests (MTD(f)). Legality comes from ``engine._kernel.legal_mask``,
which is tested card for card against :func:`engine.play.legal_cards`. The search runs
compiled by numba when it is installed, otherwise in plain Python (same code, same answers,
only slower); ``backend=`` chooses explicitly.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from engine import _backend, _transpositions
from engine import _search as S
from engine import card_bits as T
from engine._crew import SOLVING_ORDER, Crew, each_contract
from engine.cards import ALL_CARDS, Card, Contract, Deal
from engine.play import Variant, _variant_flags
from engine.positions import Position, _all
from engine.seats import Seat

__all__ = [
    "SOLVING_ORDER",
    "Crew",
    "Position",
    "Solver",
    "double_dummy_table",
    "each_contract",
    "position_value",
    "solve",
]

_TRUMP_NUMBER = {contract: i for i, contract in enumerate(Contract)}  # O C E B BOT = 0..4
#: Transposition table entries (a power of two): 64 MB with numba. Hard deals search hundreds
#: of millions of positions; at half this size they searched a sixth more, at twice this size
#: a twentieth fewer.
_TT_SIZE = 1 << 22
#: A smaller table for plain Python, where building a big list costs time of its own.
_TT_SIZE_PURE = 1 << 16


@dataclass
class Solver:
    """Searches positions of one deal and contract, sharing one transposition table.

    The table is keyed on the cards left and the leader, so it is only valid for positions of
    a single deal and contract (cards that have left the hands are never dealt back).
    """

    contract: Contract
    variant: Variant
    backend: _backend.Backend = field(default_factory=_backend.fastest)
    #: Entries of the transposition table (a power of two); by default a size fit for a deal.
    table_size: int | None = None
    #: The crew of the deal's other contracts, if any: while this solver searches, a core with
    #: nothing left may help it (``engine._crew``).
    crew: Crew | None = None

    def __post_init__(self) -> None:
        b = self.backend
        size = self.table_size or (_TT_SIZE if b.name == "numba" else _TT_SIZE_PURE)
        if size & (size - 1) or size < _transpositions.WAYS:
            raise ValueError(f"the table size must be a power of two, at least {_transpositions.WAYS}")
        # Buckets of four entries of two numbers, each bucket on one 64-byte cache line.
        self._size_mask = size // _transpositions.WAYS - 1
        self._table = _aligned(b, 2 * size)
        self._buf = b.array(S.BUF_SIZE, 0)
        self._stack = b.array(S.STACK_SIZE, 0)
        self._hands = b.array(4, 0)
        self._beaters = b.beaters[_TRUMP_NUMBER[self.contract]]
        self._rule3, self._second_counts = _variant_flags(self.variant)
        # A helper and this solver search one test at a time, numbered (see ``_search``):
        # ``_stop[0]`` is the number of the test under way, 0 once it is answered.
        self._stop = b.array(1, 0)
        self._runs = 0
        self._test = None  # (number, position, alpha, beta) of the test under way
        self._answer = (0, 0)  # (number, value) from a helper that finished a test first
        self._searching = False
        self._helper_positions = 0
        self._talk = threading.Condition()
        # Who holds each card, as far as the positions searched so far tell (-1: not known).
        self._owner = [-1] * 48
        self._rest_keys = None

    @property
    def positions(self) -> int:
        """Positions this solver (and any helper) searched so far (plies entered)."""
        return int(self._buf[S.NODES]) + self._helper_positions

    def _know_owners(self, position: Position) -> None:
        """Record who holds the position's cards; (re)build the key table when it learns some.

        A table is only valid for one deal: a card seen in two hands is an error.
        """
        holders = [(seat, mask) for seat, mask in enumerate(position.hands)]
        seat = position.leader.index
        for card in position.trick:
            holders.append((seat, 1 << card.index))
            seat = (seat + 3) & 3
        learnt = False
        for seat, mask in holders:
            for i in T.bits(mask):
                if self._owner[i] == -1:
                    self._owner[i] = seat
                    learnt = True
                elif self._owner[i] != seat:
                    raise ValueError("the position is of another deal than this solver's")
        if learnt or self._rest_keys is None:
            owners = [0, 0, 0, 0]
            for i, seat in enumerate(self._owner):
                owners[max(seat, 0)] |= 1 << i
            table = self.backend.array(512, 0)
            for i, key in enumerate(_transpositions.rest_keys_of(owners)):
                table[i] = key
            self._rest_keys = table

    def _kernel(self, arrays, position: Position, alpha: int, beta: int, run: int,
                reverse: int) -> int:
        hands, buf, stack = arrays
        for i, mask in enumerate(position.hands):
            hands[i] = mask
        led, win, wseat, points = position._trick_state()
        live = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
        for card in position.trick:
            live |= 1 << card.index
        return int(
            self.backend.search(
                hands, len(position.trick), position.leader.index, led, win, wseat,
                points, live, alpha, beta, self._beaters, self._rule3, self._second_counts,
                self._rest_keys, self._table, self._size_mask, buf, stack, self._stop, run,
                reverse,
            )
        )

    def _search(self, position: Position, alpha: int, beta: int) -> int:
        """One test of the window ``(alpha, beta)``, with a helper if one has joined.

        The test is numbered and published for a helper; whichever search finishes first
        answers (both answers are right: bounds found under the same window) and sets
        ``_stop[0]`` to 0, which makes the other give up.
        """
        self._know_owners(position)
        with self._talk:
            self._runs += 1
            run = self._runs
            self._stop[0] = run
            self._test = (run, position, alpha, beta)
            self._talk.notify_all()
        value = self._kernel((self._hands, self._buf, self._stack), position, alpha, beta, run, 0)
        with self._talk:
            if self._stop[0] == run:
                self._stop[0] = 0
            else:
                value = self._answer[1]
        return value

    def help(self) -> None:
        """Search this solver's tests beside it until its :meth:`value` returns.

        Run by a thread with nothing else to do (``engine._crew``), with its own work space
        and this solver's transposition table: what either search stores, the other finds.
        """
        b = self.backend
        arrays = (b.array(4, 0), b.array(S.BUF_SIZE, 0), b.array(S.STACK_SIZE, 0))
        seen = 0
        try:
            while True:
                with self._talk:
                    while self._searching and (self._test is None or self._test[0] == seen):
                        self._talk.wait()
                    if not self._searching:
                        return
                    run, position, alpha, beta = self._test
                seen = run
                value = self._kernel(arrays, position, alpha, beta, run, 1)
                with self._talk:
                    if self._stop[0] == run:
                        self._answer = (run, value)
                        self._stop[0] = 0
        finally:
            with self._talk:
                self._helper_positions += int(arrays[1][S.NODES])

    def _guess(self, position: Position) -> int:
        """A first guess of the value, for the null-window tests to start from.

        The tests near the true value are the expensive ones, so a close first guess saves
        most of the others. The mean of a few hundred random legal play-outs (a millisecond),
        stretched away from an even share, comes closer than half the points left: on the
        benchmark's deals it saved a quarter of the positions searched, and on hard deals
        whose value is far from even up to two thirds.
        """
        if position.trick:
            return (T.points(_all(position)) + position.tricks_left) // 2
        count = 256
        out = self.backend.array(count, 0)
        h = position.hands
        self.backend.playouts(h[0], h[1], h[2], h[3], position.leader.index, self._beaters,
                              self._rule3, self._second_counts, count, 1, out)
        # Random play drifts towards an even share: stretching the mean away from the middle
        # by 1.4 came a third closer to the value on the benchmark's deals.
        middle = (T.points(_all(position)) + position.tricks_left) / 2
        mean = sum(int(x) for x in out) / count
        return min(max(round(middle + 1.4 * (mean - middle)), 0), 2 * round(middle))

    def ordered(self, position: Position) -> list[Card]:
        """The legal cards of ``position`` in the order the search tries them, best first.

        The search's own move ordering (``engine._ordering``), which depends on the position
        alone, so both backends give the same order; cards it leaves out as equivalent to
        another follow in deck order.
        """
        legal = position.legal()
        if len(legal) < 2:
            return legal
        h = position.hands
        seat = position.to_play.index
        mask = 0
        for card in legal:
            mask |= 1 << card.index
        led, win, wseat, _ = position._trick_state()
        hands = self.backend.array(4, 0)
        for i in range(4):
            hands[i] = h[i]
        buf = self.backend.array(16, 0)
        count = self.backend.order_moves(mask, len(position.trick), seat, led, win, wseat,
                                         _all(position), hands, self._beaters, buf, 0)
        first = [ALL_CARDS[int(buf[i]) & 255] for i in range(count)]
        return first + [card for card in legal if card not in first]

    def at_least(self, position: Position, points: int) -> bool:
        """Whether NS take at least ``points`` from ``position`` on (a null-window test)."""
        return self._search(position, points - 1, points) >= points

    def value(self, position: Position, guess: int | None = None) -> int:
        """The NS points still to come from ``position``, its current trick included."""
        if position.contract is not self.contract or position.variant is not self.variant:
            raise ValueError("the position is of another contract or variant")
        low, high = 0, 72
        g = self._guess(position) if guess is None else guess
        with self._talk:
            self._searching = True
        if self.crew is not None:
            self.crew.started(self)
        try:
            while low < high:
                beta = g + 1 if g == low else g
                g = self._search(position, beta - 1, beta)
                if g < beta:
                    high = g
                else:
                    low = g
        finally:
            with self._talk:
                self._searching = False
                self._test = None
                self._talk.notify_all()
            if self.crew is not None:
                self.crew.stopped(self)
        return g




def _aligned(backend: _backend.Backend, length: int):
    """A zeroed array of ``length`` numbers starting on a 64-byte boundary (when compiled)."""
    if backend.name != "numba":
        return backend.array(length, 0)
    whole = backend.array(length + 8, 0)
    skip = (-whole.ctypes.data % 64) // 8
    return whole[skip : skip + length]


def _check(deal: Deal, dealer: Seat, variant: Variant) -> None:
    if not isinstance(deal, Deal):
        raise TypeError(f"deal must be a Deal, not {deal!r}")
    if not isinstance(dealer, Seat):
        raise TypeError(f"dealer must be a Seat, not {dealer!r}")
    _variant_flags(variant)


def position_value(position: Position, backend: _backend.Backend | None = None) -> int:
    """NS points still to come from ``position`` (the current trick's cards included)."""
    solver = Solver(position.contract, position.variant, backend or _backend.fastest())
    return solver.value(position)


def solve(
    deal: Deal,
    dealer: Seat,
    contract: Contract,
    variant: Variant,
    backend: _backend.Backend | None = None,
) -> int:
    """The double-dummy value of ``deal``: the points NS take with perfect play (0..72)."""
    _check(deal, dealer, variant)
    return position_value(Position.start(deal, dealer, contract, variant), backend)


def double_dummy_table(
    deal: Deal, dealer: Seat, variant: Variant, backend: _backend.Backend | None = None
) -> dict[Contract, int]:
    """NS points with perfect play in each of the five contracts (:func:`each_contract`)."""
    _check(deal, dealer, variant)
    backend = backend or _backend.fastest()
    crew = Crew(len(Contract))

    def work(contract: Contract) -> int:
        solver = Solver(contract, variant, backend, crew=crew)
        return solver.value(Position.start(deal, dealer, contract, variant))

    return each_contract(work, backend, crew)
