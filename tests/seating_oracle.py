"""Test helper: the individual seating rules of rules.md 10.3 worked out by brute force, for
small fields, independently of ``engine.abarrotada``.

- Sit-outs: the lowest-ranked players among those who have sat out least often.
- Tables: of every way to split the seated players into tables, those with the fewest pairs
  meeting again (then the fewest earlier meetings among those pairs); of these, the first in
  ranking order: tables written as their players' sorted places in the ranking, listed by
  their best-ranked player, compared as lists.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def sit_outs(ranking: list, count: int, sat_out: Counter) -> set:
    """The ``count`` lowest-ranked among those who sat out least often."""
    by_need = sorted(ranking, key=lambda p: (sat_out[p], -ranking.index(p)))
    return set(by_need[:count])


def splits(players: list, size: int):
    """Every split of ``players`` into tables of ``size`` (each table once)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for tail in splits(left, size):
            yield [(first, *others), *tail]


def cost(tables, met: Counter) -> tuple[int, int]:
    """(pairs meeting again, how often those pairs had met before)."""
    times = [met[frozenset(pair)] for table in tables for pair in combinations(table, 2)]
    return sum(t > 0 for t in times), sum(times)


def in_ranking_order(tables, ranking: list) -> list[tuple[int, ...]]:
    """Tables as sorted places in the ranking, listed by their best place."""
    return sorted(tuple(sorted(ranking.index(p) for p in table)) for table in tables)


def best_tables(seated_in_ranking_order: list, size: int, met: Counter, ranking: list):
    """The tables the rules choose for ``seated_in_ranking_order`` (as places in
    ``ranking``), and their cost."""
    best = min(splits(seated_in_ranking_order, size),
               key=lambda tables: (cost(tables, met), in_ranking_order(tables, ranking)))
    return in_ranking_order(best, ranking), cost(best, met)
