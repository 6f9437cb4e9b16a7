"""Double-dummy analysis of a deal: every card visible, all four players perfect (rules.md 8.1).

For a deal, its dealer, a contract and the rule variant, the **double-dummy value** is the
number of points North-South take (card points plus one per trick) when each side plays to
maximise its own points, every player seeing all the cards. The two sides' points add up to 72,
so maximising one's own points is the same as minimising the other side's.

- :func:`solve` gives that value for a deal, :func:`position_value` for any position in the
  middle of the play (a :class:`Position`).
- :func:`double_dummy_table` gives it for the five contracts, :func:`par` the contract the
  trump-making side would choose to maximise its deal score (rules.md 6.2: points - 36,
  doubled for Botifarra; contro is not considered) and that score.
- :func:`optimal_line` gives one line of play that achieves the value, card by card.

The search is alpha-beta over points with a transposition table (``engine._kernel.search``),
driven here by null-window tests (MTD(f)). Legality comes from ``engine._kernel.legal_mask``,
which is tested card for card against :func:`engine.play.legal_cards`. The search runs
compiled by numba when it is installed, otherwise in plain Python (same code, same answers,
only slower); ``backend=`` chooses explicitly.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from engine import _backend, _transpositions
from engine import _search as S
from engine import _tables as T
from engine.cards import ALL_CARDS, Card, Contract, Deal
from engine.duplicate import side_deal_score
from engine.movements import trump_side
from engine.play import Variant, _beaters, _variant_flags
from engine.seats import Seat, Side

__all__ = [
    "Par",
    "Position",
    "Solver",
    "double_dummy_table",
    "optimal_line",
    "par",
    "position_value",
    "solve",
]

_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_TRUMP_NUMBER = {contract: i for i, contract in enumerate(Contract)}  # O C E B BOT = 0..4
#: Transposition table entries (a power of two): 96 MB with numba. Hard deals search hundreds
#: of millions of positions; at a quarter of this size they searched 1.6 times as many.
_TT_SIZE = 1 << 22
#: A smaller table for plain Python, where building a big list costs time of its own.
_TT_SIZE_PURE = 1 << 16


@dataclass(frozen=True)
class Position:
    """A moment of the play: the cards each seat still holds and the trick being played.

    ``hands`` are the card masks of N, E, S, W (see :attr:`engine.cards.Hand.mask`); ``leader``
    led (or is to lead) the current trick; ``trick`` lists the cards already in it, in order.
    Every seat that has not played to the trick holds one card more than those that have.
    """

    hands: tuple[int, int, int, int]
    leader: Seat
    contract: Contract
    variant: Variant
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.trick) > 3:
            raise ValueError("a trick in progress has at most three cards")
        sizes = [mask.bit_count() for mask in self.hands]
        seat = self.leader.index
        expected = sizes[seat] + (1 if self.trick else 0)
        for k in range(4):
            played = k < len(self.trick)
            if sizes[seat] + played != expected:
                raise ValueError("the hands do not fit the trick in progress")
            seat = (seat + 3) & 3
        union = 0
        for mask in self.hands:
            if union & mask:
                raise ValueError("a card appears in two hands")
            union |= mask
        for card in self.trick:
            if union >> card.index & 1:
                raise ValueError(f"{card} is in the trick and in a hand")

    @classmethod
    def start(cls, deal: Deal, dealer: Seat, contract: Contract, variant: Variant) -> Position:
        """The position before the first card: the seat after the dealer leads."""
        return cls(deal.masks, dealer.next, contract, variant)

    @property
    def to_play(self) -> Seat:
        """The seat due to play next."""
        return _SEATS[(self.leader.index + 3 * len(self.trick)) & 3]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return self.hands[self.leader.index].bit_count() + (1 if self.trick else 0)

    def _trick_state(self) -> tuple[int, int, int, int]:
        """(card led, card winning, seat winning, points in the trick) as numbers."""
        if not self.trick:
            return 0, 0, 0, 0
        beaters = _beaters(self.contract)
        led = win = self.trick[0].index
        wseat = seat = self.leader.index
        points = 0
        for card in self.trick:
            points += card.points
            if beaters[win] >> card.index & 1:
                win, wseat = card.index, seat
            seat = (seat + 3) & 3
        return led, win, wseat, points

    def legal(self) -> list[Card]:
        """The cards the seat due to play may play, in deck order."""
        rule3, second_counts = _variant_flags(self.variant)
        seat = self.to_play.index
        hand = self.hands[seat]
        if not self.trick:
            return [ALL_CARDS[i] for i in T.bits(hand)]
        led, win, wseat, _ = self._trick_state()
        mask = _backend.PURE.legal_mask(
            hand, led, win, wseat == seat ^ 2, len(self.trick) == 1, _beaters(self.contract),
            rule3, second_counts,
        )
        return [ALL_CARDS[i] for i in T.bits(mask)]

    def play(self, card: Card) -> tuple[Position, int]:
        """The position after ``card`` and the NS points the card completed (0 mid-trick).

        ``card`` must be legal (:meth:`legal`).
        """
        if card not in self.legal():
            raise ValueError(f"{card} is not a legal card for {self.to_play}")
        hands = list(self.hands)
        hands[self.to_play.index] ^= 1 << card.index
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(tuple(hands), self.leader, self.contract, self.variant, trick), 0
        beaters = _beaters(self.contract)
        win, wseat, seat = trick[0].index, self.leader.index, self.leader.index
        for c in trick:
            if beaters[win] >> c.index & 1:
                win, wseat = c.index, seat
            seat = (seat + 3) & 3
        gained = sum(c.points for c in trick) + 1 if wseat & 1 == 0 else 0
        return Position(tuple(hands), _SEATS[wseat], self.contract, self.variant), gained


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

    def __post_init__(self) -> None:
        b = self.backend
        size = self.table_size or (_TT_SIZE if b.name == "numba" else _TT_SIZE_PURE)
        if size & (size - 1):
            raise ValueError("the table size must be a power of two")
        self._size_mask = size - 1
        self._keys = b.array(2 * size, -1)  # two numbers per key
        self._entries = b.array(size, 0)
        self._buf = b.array(S.BUF_SIZE, 0)
        self._stack = b.array(S.STACK_SIZE, 0)
        self._hands = b.array(4, 0)
        self._beaters = b.beaters[_TRUMP_NUMBER[self.contract]]
        self._rule3, self._second_counts = _variant_flags(self.variant)
        # Who holds each card, as far as the positions searched so far tell (-1: not known).
        self._owner = [-1] * 48
        self._rest_keys = None

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

    def _search(self, position: Position, alpha: int, beta: int) -> int:
        self._know_owners(position)
        for i, mask in enumerate(position.hands):
            self._hands[i] = mask
        led, win, wseat, points = position._trick_state()
        live = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
        for card in position.trick:
            live |= 1 << card.index
        return int(
            self.backend.search(
                self._hands, len(position.trick), position.leader.index, led, win, wseat,
                points, live, alpha, beta, self._beaters, self._rule3, self._second_counts,
                self._rest_keys, self._keys, self._entries, self._size_mask, self._buf, self._stack,
            )
        )

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

    def at_least(self, position: Position, points: int) -> bool:
        """Whether NS take at least ``points`` from ``position`` on (a null-window test)."""
        return self._search(position, points - 1, points) >= points

    def value(self, position: Position, guess: int | None = None) -> int:
        """The NS points still to come from ``position``, its current trick included."""
        if position.contract is not self.contract or position.variant is not self.variant:
            raise ValueError("the position is of another contract or variant")
        low, high = 0, 72
        g = self._guess(position) if guess is None else guess
        while low < high:
            beta = g + 1 if g == low else g
            g = self._search(position, beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        return g


def _all(position: Position) -> int:
    union = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
    for card in position.trick:
        union |= 1 << card.index
    return union


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
    """NS points with perfect play in each of the five contracts.

    With the compiled backend the contracts are solved in threads, one per processor core:
    the compiled search releases the interpreter's lock, so they run side by side.
    """
    _check(deal, dealer, variant)
    backend = backend or _backend.fastest()
    workers = min(len(Contract), _cores()) if backend.name == "numba" else 1
    if workers <= 1:
        return {c: solve(deal, dealer, c, variant, backend) for c in Contract}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        values = pool.map(lambda c: solve(deal, dealer, c, variant, backend), list(Contract))
        return dict(zip(Contract, values, strict=True))


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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
