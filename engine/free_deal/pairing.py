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
  without them the whole field is one group).  The groups are paired top down, each as a
  whole together with the pairs that floated down to it: first so that what it floats down
  can still be paired further down; then with the most tables inside it, so the fewest
  pairs float; then with as many of the floaters from above paired as possible, so a pair
  drops one group at a time; then top down (the top pair meets the nearest pair it may, the
  lowest pairs float).  See :mod:`.score_groups`.  Table 1 is the top pair's table, and so
  on down.  It depends on nothing but the order and the games played.
- **bye** (odd field): the lowest pair in the pairing order among those with the fewest
  byes -- so a pair has a second bye only when every other pair has had one, or when no
  pair with fewer can have it without forcing a rematch.
- **priorities**, highest first: never a rematch; the bye rule; the score groups; the
  pairing order.
- **withdrawn pairs** are left out of the rounds paired after their withdrawal.

Speed: in a group, a greedy pass in pairing order (the nearest opponent first, no look-ahead)
finds the first pairing unless it runs into a dead end; then only the pairs above the dead end
are re-paired, exactly, by Edmonds' matching (:func:`engine.swiss.first_pairing`), on as
few of them as will do (:func:`first_pairing_of`).  150 pairs take about 2 ms of processor
time after 6 rounds and under 10 ms after 17 (``benchmarks/free_deal_pairing.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.swiss import PairingImpossible, first_pairing
from engine.swiss_draw import HmacStream

from .ranking import Bye, PlacedPair
from .score_groups import pair_by_score_groups

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
    stream = HmacStream(seed)
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


def _greedy(size: int, met: list[set[int]], skip: int) -> tuple[list[tuple[int, int]], bool]:
    """Pair ``0 .. size-1`` but ``skip`` top down, each with the nearest free rank it has
    not met, without looking ahead.  Returns the pairs made, in order, and whether every
    rank was paired (``False``: a rank found no opponent, and the pass stopped there).

    The free ranks are a linked list, so the nearest free rank below is one step away.
    """
    nxt = list(range(1, size + 1))  # nxt[i]: the next free rank after i; ``size`` ends it
    prv = list(range(-1, size - 1))

    def take(v: int) -> None:
        if prv[v] >= 0:
            nxt[prv[v]] = nxt[v]
        if nxt[v] < size:
            prv[nxt[v]] = prv[v]

    first = 0
    if skip >= 0:
        take(skip)
        first = 1 if skip == 0 else 0
    pairs: list[tuple[int, int]] = []
    top = first
    while top < size:
        take(top)
        candidate = nxt[top]
        barred = met[top]
        while candidate < size and candidate in barred:
            candidate = nxt[candidate]
        if candidate == size:
            return pairs, False
        take(candidate)
        pairs.append((top, candidate))
        # The next top: the first free rank after ``top`` (``candidate`` is gone already).
        top = nxt[top] if nxt[top] != candidate else nxt[candidate]
    return pairs, True


def first_pairing_of(size: int, met: list[set[int]], skip: int) -> list[int] | None:
    """The first pairing in rank order of ``0 .. size-1`` but ``skip``, as partner ranks
    (``-1`` for ``skip``), or ``None`` if every pairing has a rematch.

    1. The greedy pass (:func:`_greedy`).  When it pairs everyone, its pairing is the first
       one: each top took the nearest opponent, and the rest could be paired.
    2. When it stops at a dead end, its first ``k`` pairs are still right for any ``k``
       after which the free ranks *can* be paired (each of those tops took the nearest
       opponent that lets the rest be paired).  So keep the first ``k`` pairs for ``k`` =
       all but 1, 2, 4, 8... and pair the ranks left, in order, exactly by Edmonds' matching
       (:func:`engine.swiss.first_pairing`): the first ``k`` for which they can be paired
       gives the first pairing.  Dead ends lie near the bottom of the field, so the
       matching usually works on a few dozen ranks; with ``k = 0`` it is the whole field.
    """
    pairs, complete = _greedy(size, met, skip)
    back = 1
    while not complete:
        kept = pairs[: max(0, len(pairs) - back)]
        taken = {rank for pair in kept for rank in pair}
        rest = [i for i in range(size) if i != skip and i not in taken]
        position = {rank: k for k, rank in enumerate(rest)}
        free = [{position[j] for j in rest if j != i and j not in met[i]} for i in rest]
        mate = first_pairing(free, len(rest))
        if mate is not None:
            pairs = kept + [(rest[k], rest[m]) for k, m in enumerate(mate) if k < m]
            break
        if not kept:
            return None
        back *= 2
    partner = [-1] * size
    for a, b in pairs:
        partner[a], partner[b] = b, a
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
    groups = [0] * size if match_points is None else [match_points[pair] for pair in order]
    for skip in candidates:
        some_pairing = first_pairing_of(size, barred, skip)
        if some_pairing is None:
            continue
        partner = pair_by_score_groups(size, barred, groups, skip, some_pairing)
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
