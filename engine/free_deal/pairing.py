"""Swiss pairing of a free-deal pair tournament (rules.md 11.3).

- :func:`drawn_first_round`: round 1 by a seeded draw (HMAC-SHA256 of the seed, the stream
  of :mod:`engine.swiss_draw`; never ``random``).
- :func:`seeded_first_round`: round 1 from the seeding order the director gives.
- :func:`swiss_round` (from pair ids) and :func:`next_round` (from a ranking and the games
  so far): later rounds.

A :class:`RoundPairing` lists the :class:`Table` s of a round, table 1 first, and the pair
with the bye.  At a table the two pairs are ``first`` (the higher-ranked, better-seeded or
earlier-drawn) and ``second``, the names a game report uses; free deal has no directions
to balance.

Policies (kept here, in one place):

- **round 1, drawn**: the pairs are put in id order, shuffled by Fisher-Yates driven by
  the seed's HMAC stream, and paired in draw order (first v second at table 1...); with an
  odd field the last pair drawn has the bye.
- **round 1, seeded** (common club practice): the top half of the seeding meets the bottom
  half in order, seed 1 v seed n/2 + 1 at table 1, seed 2 v seed n/2 + 2 at table 2...
  (``n`` pairs playing), so the strongest seeds do not meet in round 1.  With an odd field
  the lowest seed has the bye.
- **later rounds, top down within score groups**: the *pairing order* is the ranking with
  the score groups kept together (by match points, highest first, when they are given;
  the default ranking already puts them first).  The top pair meets the next pair in that
  order that it has not met **and** that still lets every other pair be paired without a
  rematch; then the highest pair left does the same, and so on (Monrad with look-ahead).
  So pairs meet within their score group, and a pair leaves its group only when its group
  is odd or rematches leave no other way.  The result is the *first* pairing without
  rematches in that order: it depends on nothing but the order and the games played, and
  one is always found when any exists.  Table 1 is the top pair's table, and so on down.
- **bye** (odd field): the lowest pair in the pairing order among those with the fewest
  byes -- so a pair has a second bye only when every other pair has had one, or when no
  pair with fewer can have it without forcing a rematch.
- **priorities**, highest first: never a rematch; the bye rule; the pairing order.
- **withdrawn pairs** are left out of the rounds paired after their withdrawal.

Speed: a depth-first search in pairing order (the nearest opponent first) finds the first
pairing; it is bounded, and a search that runs long (many backtracks late in a small
field) hands over to Edmonds' matching (:func:`engine.swiss._first_pairing`), which finds
the same first pairing in polynomial time.  150 pairs after 6 rounds take about a
millisecond (``benchmarks/free_deal_pairing.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.swiss import PairingImpossible, _first_pairing
from engine.swiss_draw import _HmacStream

from .ranking import Bye, PlacedPair

__all__ = [
    "PairingImpossible",
    "RoundPairing",
    "Table",
    "drawn_first_round",
    "next_round",
    "pairing_history",
    "seeded_first_round",
    "swiss_round",
]

P = TypeVar("P", bound=Hashable)

#: How many steps the depth-first search may take before it hands over to the matching.
#: A plain greedy pass over n pairs takes about n steps, a few more for each rematch it
#: steps over.
_SEARCH_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class Table(Generic[P]):
    """Two pairs at one table for a round: ``first`` is the higher-placed pair."""

    first: P
    second: P

    @property
    def pairs(self) -> tuple[P, P]:
        return self.first, self.second


@dataclass(frozen=True, slots=True)
class RoundPairing(Generic[P]):
    """The tables of one round, table 1 first, and the pair with the bye (or ``None``)."""

    tables: tuple[Table[P], ...]
    bye: P | None = None

    def pairs(self) -> list[P]:
        """Every pair of the round, table by table, the bye last."""
        pairs = [pair for table in self.tables for pair in table.pairs]
        if self.bye is not None:
            pairs.append(self.bye)
        return pairs

    def table_of(self, pair: P) -> int | None:
        """The number (from 1) of the table ``pair`` plays at; ``None`` for the bye."""
        for number, table in enumerate(self.tables, start=1):
            if pair in table.pairs:
                return number
        if pair == self.bye:
            return None
        raise KeyError(pair)


def _check_pairs(pairs: Iterable[P]) -> list[P]:
    pairs = list(pairs)
    if len(set(pairs)) != len(pairs):
        raise ValueError("a pair is listed twice")
    if any(pair is None for pair in pairs):
        raise ValueError("None cannot be a pair (it marks the bye)")
    if len(pairs) < 2:
        raise ValueError("a round needs at least two pairs")
    return pairs


def _id_order(pairs: list[P]) -> list[P]:
    try:
        return sorted(pairs)
    except TypeError:  # ids that do not compare with each other
        return sorted(pairs, key=lambda pair: (type(pair).__name__, repr(pair)))


def _in_order(order: list[P], bye: P | None) -> RoundPairing[P]:
    tables = tuple(Table(order[i], order[i + 1]) for i in range(0, len(order), 2))
    return RoundPairing(tables, bye)


def drawn_first_round(pairs: Iterable[P], seed: bytes) -> RoundPairing[P]:
    """Round 1 by a seeded draw: reproducible from ``seed`` (bytes), whatever the order
    ``pairs`` are given in.  See the module docstring for the policy."""
    order = _id_order(_check_pairs(pairs))
    stream = _HmacStream(seed)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    bye = order.pop() if len(order) % 2 else None
    return _in_order(order, bye)


def seeded_first_round(seeding: Sequence[P]) -> RoundPairing[P]:
    """Round 1 from the director's seeding order (best first): top half v bottom half,
    1 v n/2 + 1 at table 1; the lowest seed has the bye in an odd field."""
    order = _check_pairs(seeding)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    tables = tuple(Table(order[i], order[half + i]) for i in range(half))
    return RoundPairing(tables, bye)


class _GaveUp(Exception):
    """The depth-first search ran past its budget."""


def _depth_first(size: int, met: list[set[int]], skip: int, budget: int) -> list[int] | None:
    """The first pairing in rank order of ``0 .. size-1`` but ``skip``, or ``None``.

    ``met[i]`` holds the ranks ``i`` may not meet.  The unpaired ranks are a doubly linked
    list ("dancing links"), so taking a pair out and putting it back on backtracking are
    O(1), and the nearest free rank below is one step away.  Raises :class:`_GaveUp` after
    ``budget`` steps.
    """
    head = size
    nxt = list(range(1, size + 2))
    prv = list(range(-1, size))
    nxt[head], prv[0] = 0, head
    nxt[size - 1], prv[head] = head, size - 1

    def unlink(v: int) -> None:
        nxt[prv[v]] = nxt[v]
        prv[nxt[v]] = prv[v]

    def relink(v: int) -> None:
        nxt[prv[v]] = v
        prv[nxt[v]] = v

    if skip >= 0:
        unlink(skip)
    partner = [-1] * size
    stack: list[int] = []
    steps = 0
    top = nxt[head]
    resume = -1  # where the current top's next candidate search starts; -1: a fresh top
    while top != head:
        if resume < 0:
            unlink(top)
            candidate = nxt[top]
        else:
            candidate = resume
        barred = met[top]
        while candidate != head and candidate in barred:
            candidate = nxt[candidate]
            steps += 1
        steps += 1
        if candidate != head:
            unlink(candidate)
            partner[top], partner[candidate] = candidate, top
            stack.append(top)
            top, resume = nxt[head], -1
            continue
        # No opponent left for ``top``: undo the last choice and try the next one.  Pairs
        # are put back in the reverse order they were taken out, so the links come back.
        relink(top)
        if not stack:
            return None
        top = stack.pop()
        other = partner[top]
        partner[top] = partner[other] = -1
        relink(other)
        resume = nxt[other]
        if steps > budget:
            raise _GaveUp
    return partner


def _first_pairing_of(order: list, met: list[set[int]], skip: int) -> list[int] | None:
    """The first pairing in ``order`` (skipping the rank ``skip``), as partner ranks."""
    size = len(order)
    try:
        return _depth_first(size, met, skip, _SEARCH_BUDGET)
    except _GaveUp:
        pass
    # The matching works on 0 .. m-1: renumber without ``skip``, keeping the order.
    ranks = [i for i in range(size) if i != skip]
    position = {rank: k for k, rank in enumerate(ranks)}
    free = [{position[j] for j in ranks if j != i and j not in met[i]} for i in ranks]
    mate = _first_pairing(free, len(ranks))
    if mate is None:
        return None
    partner = [-1] * size
    for k, other in enumerate(mate):
        partner[ranks[k]] = ranks[other]
    return partner


def swiss_round(
    ranked: Sequence[P],
    met: Collection[frozenset],
    byes_had: Iterable[P] = (),
    *,
    match_points: Mapping[P, object] | None = None,
    withdrawn: Collection[P] = (),
) -> RoundPairing[P]:
    """Pair a round after the first from the ranking (rules.md 11.3).

    ``ranked``: pair ids, best first (e.g. ``[p.pair for p in rank_pairs(...)]``);
    ``met``: a ``frozenset`` of the two pairs of every game played so far; ``byes_had``:
    one entry per bye so far (a pair appears once per bye it had); ``match_points``: each
    pair's match points, to keep score groups together (optional when ``ranked`` already
    puts match points first); ``withdrawn``: pairs to leave out.  See the module docstring
    for the policies.  Raises :class:`PairingImpossible` when every pairing has a rematch.
    """
    left_out = set(withdrawn)
    order = _check_pairs(pair for pair in ranked if pair not in left_out)
    if match_points is not None:
        missing = [pair for pair in order if pair not in match_points]
        if missing:
            raise ValueError(f"no match points given for {missing[0]!r}")
        # Stable: within a score group the ranking's order stands.
        order.sort(key=lambda pair: match_points[pair], reverse=True)
    size = len(order)
    rank = {pair: i for i, pair in enumerate(order)}
    barred: list[set[int]] = [set() for _ in range(size)]
    for meeting in met:
        if len(meeting) != 2:
            continue
        a, b = meeting
        if a in rank and b in rank:
            barred[rank[a]].add(rank[b])
            barred[rank[b]].add(rank[a])

    if size % 2 == 0:
        candidates = [-1]
    else:
        had = Counter(byes_had)
        # Fewest byes first, lowest in the pairing order first among equals.
        candidates = sorted(range(size - 1, -1, -1), key=lambda i: had[order[i]])
    for skip in candidates:
        partner = _first_pairing_of(order, barred, skip)
        if partner is None:
            continue
        tables = tuple(
            Table(order[i], order[partner[i]]) for i in range(size) if i != skip and i < partner[i]
        )
        return RoundPairing(tables, order[skip] if skip >= 0 else None)
    raise PairingImpossible(
        f"no pairing of these {size} pairs avoids a rematch"
        + (", whoever has the bye" if size % 2 else "")
    )


def pairing_history(
    games: Iterable[tuple], byes: Iterable[Hashable | Bye] = ()
) -> tuple[set[frozenset], list]:
    """Who has met whom and who has had a bye, from the games and byes so far.

    ``games`` holds tuples whose first two items are the pairs, as :func:`rank_pairs`
    takes them; returns ``(met, byes_had)`` as :func:`swiss_round` takes them.
    """
    met = {frozenset(game[:2]) for game in games}
    byes_had = [bye.pair if isinstance(bye, Bye) else bye for bye in byes]
    return met, byes_had


def next_round(
    ranking: Sequence[PlacedPair],
    games: Iterable[tuple],
    byes: Iterable[Hashable | Bye] = (),
    *,
    withdrawn: Collection[P] = (),
) -> RoundPairing:
    """The next Swiss round from a ranking (:func:`rank_pairs`) and the games and byes so
    far: :func:`swiss_round` with the ranking's order and match points."""
    met, byes_had = pairing_history(games, byes)
    return swiss_round(
        [placed.pair for placed in ranking],
        met,
        byes_had,
        match_points={placed.pair: placed.line.match_points for placed in ranking},
        withdrawn=withdrawn,
    )
