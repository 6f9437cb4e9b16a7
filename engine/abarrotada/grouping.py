"""The tables of a later round of an individual event (rules.md 10.3): groups down the ranking
with the fewest repeat meetings.

The policy, exactly (what :func:`group_tables` returns when its search completes):

1. **Fewest repeat meetings.**  A round's cost is the number of pairs of players at the same
   table who have met before; of two rounds with as many, the one whose repeated pairs had met
   fewer times before (a third meeting is worse than a second).
2. **Groups down the ranking.**  Of the rounds that cost least, the first in ranking order:
   write each table as its players' places in the ranking, sorted, and the tables in the order
   of their best-ranked player; the round chosen is the smallest such list (compared table by
   table, place by place).  Without earlier meetings this is the first four, the next four...;
   otherwise the leader's table takes the best-ranked players it can, then the next table...

The search is exact: a depth-first walk over the groupings in that order, pruned by a lower
bound of the cost still to come, starting from a good grouping found by a greedy fill and
swaps.  Its effort is bounded (``budget`` partial tables; not for a dozen players or fewer): a
round of many players whose meetings cannot all be avoided may stop early.  It then takes the
best grouping found so far (it repeats no more than the greedy fill) and swaps players
between tables until **no swap of two players** gives fewer repeat meetings, or as many and
a grouping earlier in ranking order; the complete search's grouping has that property too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

__all__ = ["ALWAYS_EXACT", "SEARCH_BUDGET", "group_tables", "round_cost"]

#: Up to this many players seated the search always runs to the end (its whole tree is under
#: 90,000 partial tables, some milliseconds once pruned).
ALWAYS_EXACT = 12

#: How many partial tables the exact search may try before it settles for the best grouping
#: found so far (keeps a round of 200 players well under a second).
SEARCH_BUDGET = 20_000

def round_cost(tables: Sequence[Sequence[Hashable]], met: Counter) -> tuple[int, int]:
    """``(pairs meeting again, their earlier meetings)`` of a round's tables."""
    again = earlier = 0
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                times = met[frozenset((a, b))]
                again += times > 0
                earlier += times
    return again, earlier


def group_tables(order: Sequence[Hashable], size: int, met: Counter, *,
                 budget: int = SEARCH_BUDGET) -> list[list[Hashable]]:
    """Split ``order`` (the players to seat, best-ranked first; a multiple of ``size``) into
    tables of ``size``, each listed best-ranked first, the tables in ranking order."""
    if len(order) % size:
        raise ValueError(f"{len(order)} players do not make tables of {size}")
    n = len(order)
    if not n:
        return []
    # A pair meeting again weighs more than all earlier meetings put together: the number of
    # repeated pairs comes first, their earlier meetings second.
    again = 1 + sum(met.values())
    weights = [[0] * n for _ in range(n)]
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            times = met[frozenset((a, order[j]))]
            if times:
                weights[i][j] = weights[j][i] = again + times
    start = _swapped(_greedy(n, size, weights), weights, in_order=False)
    search = _Search(n, size, weights, budget if n > ALWAYS_EXACT else 10**6)
    best = search.run(start)
    if search.budget < 0:  # stopped early: at least no single swap improves the grouping
        best = _swapped(best, weights, in_order=True)
    return [[order[i] for i in table] for table in best]


def _table_cost(table: Sequence[int], weights: list[list[int]]) -> int:
    return sum(weights[a][b] for i, a in enumerate(table) for b in table[i + 1 :])


def _greedy(n: int, size: int, weights: list[list[int]]) -> list[list[int]]:
    """Each table starts with the best-ranked player left and takes, one at a time, the
    best-ranked player left who adds the least cost."""
    left = list(range(n))
    tables = []
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            pick = min(range(len(left)),
                       key=lambda i: (sum(weights[left[i]][p] for p in table), i))
            table.append(left.pop(pick))
        tables.append(sorted(table))
    return tables


def _swapped(tables: list[list[int]], weights: list[list[int]], *,
             in_order: bool) -> list[list[int]]:
    """Swap two players of different tables while a swap lowers the cost or, ``in_order``,
    keeps it and makes the grouping come earlier in ranking order.  Without ``in_order``
    only players who meet somebody again are moved (a quick start for the search)."""
    tables = [list(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for first in tables:
            for i in range(len(first)):
                if not in_order and not sum(weights[first[i]][p] for p in first):
                    continue
                for second in tables:
                    if second is first:
                        continue
                    for j in range(len(second)):
                        gain = _swap_gain(first, i, second, j, weights)
                        if gain > 0 or (in_order and not gain
                                        and _comes_earlier(first, i, second, j)):
                            first[i], second[j] = second[j], first[i]
                            improved = True
    return sorted(sorted(t) for t in tables)


def _swap_gain(first: list[int], i: int, second: list[int], j: int,
               weights: list[list[int]]) -> int:
    """How much cheaper the tables are with ``first[i]`` and ``second[j]`` swapped."""
    a, b = first[i], second[j]
    row_a, row_b = weights[a], weights[b]
    before = sum(row_a[p] for p in first) + sum(row_b[q] for q in second)
    after = (sum(row_b[p] for p in first if p != a) + sum(row_a[q] for q in second if q != b))
    return before - after


def _comes_earlier(first: list[int], i: int, second: list[int], j: int) -> bool:
    """Whether swapping ``first[i]`` and ``second[j]`` makes the grouping come earlier in
    ranking order.  The other tables do not move, and the best-ranked player of the two
    tables starts the first of them either way: comparing that table, before and after,
    decides."""
    best = min(min(first), min(second))
    before = first if best in first else second
    after_first = [second[j] if k == i else p for k, p in enumerate(first)]
    after_second = [first[i] if k == j else q for k, q in enumerate(second)]
    after = after_first if best in after_first else after_second
    return sorted(after) < sorted(before)


class _Search:
    """Depth-first over the groupings in ranking order (see the module), branch and bound.

    Players are their places in the ranking (0 the leader).  A grouping is accepted when it
    costs less than the best so far, except that the starting grouping may be matched: the
    walk's first grouping that costs no more than it is the first such in ranking order."""

    def __init__(self, n: int, size: int, weights: list[list[int]], budget: int) -> None:
        self.n, self.size, self.weights, self.budget = n, size, weights, budget
        self.best: list[list[int]] = []
        # Each player's possible tablemates, cheapest first (for the bound), and the bounds
        # worked out so far (the same players are left after different first tables).
        self.cheapest = [sorted((weights[p][q], q) for q in range(n) if q != p)
                         for p in range(n)]
        self.bounds: dict[frozenset[int], int] = {}
        self.limit = 0

    def run(self, start: list[list[int]]) -> list[list[int]]:
        self.best = start
        self.limit = sum(_table_cost(t, self.weights) for t in start) + 1
        try:
            self._tables([], list(range(self.n)), 0)
        except _OutOfBudget:
            pass
        return self.best

    def _tables(self, done: list[list[int]], free: list[int], cost: int) -> None:
        """Seat the free players (ranking order) after the tables ``done``."""
        if not free:
            self.best, self.limit = [list(t) for t in done], cost
            return
        if cost + self._bound(free) >= self.limit:
            return
        self._fill(done, [free[0]], free[1:], 0, cost)

    def _fill(self, done, table: list[int], rest: list[int], start: int, cost: int) -> None:
        """Complete ``table`` with players of ``rest`` from ``start`` on, in ranking order."""
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if len(table) == self.size:
            done.append(table)
            self._tables(done, rest, cost)
            done.pop()
            return
        weights = self.weights
        need = self.size - len(table)
        for i in range(start, len(rest) - need + 1):
            candidate = rest[i]
            added = cost + sum(weights[candidate][p] for p in table)
            if added >= self.limit:
                continue
            self._fill(done, [*table, candidate], rest[:i] + rest[i + 1 :], i, added)

    def _bound(self, free: list[int]) -> int:
        """A lower bound of what seating ``free`` costs: every player sits with ``size - 1``
        of the others, at best the ones they cost least with; each pair counts for two."""
        if len(free) <= self.size:
            return _table_cost(free, self.weights)
        key = frozenset(free)
        bound = self.bounds.get(key)
        if bound is None:
            total = 0
            for p in free:
                need = self.size - 1
                for weight, q in self.cheapest[p]:
                    if q in key:
                        total += weight
                        need -= 1
                        if not need:
                            break
            bound = self.bounds[key] = (total + 1) // 2
        return bound


class _OutOfBudget(Exception):
    pass
