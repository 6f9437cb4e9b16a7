"""Making the groups (rules.md 12.1).

The director sets the **group size** S (4, 5 or 6; default 4).  With N pairs there are
G = ⌈N / S⌉ groups, so none is larger than S, and their sizes differ by at most one (10 pairs
at S = 4: 4, 3, 3).  Pairs are placed

- by a **seeded draw** (:func:`drawn_groups`): the pairs shuffled by ``random.Random(seed)``
  and dealt into the groups in turn, the larger groups first; or
- **snake-wise** from the director's seeding order (:func:`snake_groups`): seeds 1..G in
  groups 1..G, seeds G+1..2G in groups G..1, and so on; a last, partial row goes on in its
  row's direction.

and the director may swap two pairs of different groups before round 1 (:func:`swap_pairs`).

Policies:

- at least 2 pairs (a group of one could not play);
- in the snake the group sizes follow from the snake itself: when the last, partial row runs
  from group G down, the larger groups are the last ones (10 pairs at S = 4: 3, 3, 4);
- groups are tuples of pair ids, group 1 first; pair ids are any hashable values.

Pure Python, no Django.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

from .errors import GroupsError

__all__ = [
    "GROUP_SIZES",
    "drawn_groups",
    "group_count",
    "group_sizes",
    "snake_groups",
    "swap_pairs",
]

#: The group sizes a director may set.
GROUP_SIZES = (4, 5, 6)

Groups = tuple[tuple[Hashable, ...], ...]


def _check_size(size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int):
        raise GroupsError("group_size", "a whole number was expected", code="not_an_integer")
    if size not in GROUP_SIZES:
        raise GroupsError("group_size", "a group holds 4, 5 or 6 pairs", code="out_of_range",
                          params={"min": GROUP_SIZES[0], "max": GROUP_SIZES[-1]})  # fmt: skip


def _check_pairs(pairs: Sequence[Hashable]) -> list[Hashable]:
    pairs = list(pairs)
    if len(pairs) < 2:
        raise GroupsError("pairs", "at least 2 pairs are needed", code="too_few_pairs",
                          params={"min": 2, "count": len(pairs)})  # fmt: skip
    seen: set = set()
    for pair in pairs:
        if pair in seen:
            raise GroupsError("pairs", f"pair {pair} is listed twice", code="pair_twice",
                              params={"pair": pair})  # fmt: skip
        seen.add(pair)
    return pairs


def group_count(pairs: int, size: int) -> int:
    """G = ⌈N / S⌉: the fewest groups of at most ``size`` pairs."""
    _check_size(size)
    return math.ceil(pairs / size)


def group_sizes(pairs: int, size: int) -> tuple[int, ...]:
    """The sizes of the G groups, larger first, differing by at most one."""
    count = group_count(pairs, size)
    small, larger = divmod(pairs, count)
    return tuple(small + 1 if g < larger else small for g in range(count))


def drawn_groups(pairs: Sequence[Hashable], size: int, seed: int | str) -> Groups:
    """The groups by a seeded draw: ``pairs`` shuffled by ``random.Random(seed)`` (the same
    seed gives the same groups), then dealt into the groups in turn, larger groups first."""
    pairs = _check_pairs(pairs)
    sizes = group_sizes(len(pairs), size)
    drawn = list(pairs)
    random.Random(seed).shuffle(drawn)
    groups, start = [], 0
    for count in sizes:
        groups.append(tuple(drawn[start:start + count]))
        start += count
    return tuple(groups)


def snake_groups(seeding: Sequence[Hashable], size: int) -> Groups:
    """The groups snake-wise from the seeding order (best first): row ``r`` (from 0) holds
    seeds ``r*G + 1 .. (r+1)*G``, into groups 1..G for an even ``r`` and G..1 for an odd
    one; each group lists its pairs in seeding order."""
    seeding = _check_pairs(seeding)
    count = group_count(len(seeding), size)
    groups: list[list[Hashable]] = [[] for _ in range(count)]
    for index, pair in enumerate(seeding):
        row, column = divmod(index, count)
        groups[column if row % 2 == 0 else count - 1 - column].append(pair)
    return tuple(tuple(group) for group in groups)


def swap_pairs(groups: Sequence[Sequence[Hashable]], a: Hashable, b: Hashable) -> Groups:
    """The groups with pairs ``a`` and ``b`` (of two different groups) swapped, each taking
    the other's place in its group."""
    where: dict[Hashable, tuple[int, int]] = {}
    for g, group in enumerate(groups):
        for k, pair in enumerate(group):
            where[pair] = (g, k)
    for field, pair in (("first", a), ("second", b)):
        if pair not in where:
            raise GroupsError(field, f"pair {pair} is in no group", code="unknown_pair",
                              params={"pair": pair})  # fmt: skip
    (ga, ka), (gb, kb) = where[a], where[b]
    if ga == gb:
        raise GroupsError("second", f"pairs {a} and {b} are both in group {ga + 1}",
                          code="same_group", params={"group": ga + 1})  # fmt: skip
    swapped = [list(group) for group in groups]
    swapped[ga][ka], swapped[gb][kb] = b, a
    return tuple(tuple(group) for group in swapped)
