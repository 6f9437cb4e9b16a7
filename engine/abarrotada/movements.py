"""Seatings for individual events (rules.md 10.3).

Round 1 is a seeded draw (:func:`first_round`).  Later rounds (:func:`next_round`) go down the
ranking in groups of the table size (four, or three): each table is started by the best-ranked
player left, and filled with the best-ranked players left who have met the fewest of those
already at it (so earlier meetings are avoided as far as possible, and otherwise the ranking
decides).  At a table each player gets the seat they have held least often (ties: the higher
ranked player picks first, in seat order N, E, S, W), which evens seats out over the event.

Sit-outs, when the field is not a multiple of the table size, are the lowest-ranked players
who have not yet sat out (everybody has sat out once: the lowest-ranked again).  **Policy**:
with four-player tables a three-player table is never formed; sit-outs are used instead.  A
player sitting out scores the bye of rules.md 6.5 (3/2 a deal), which the caller gives.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from engine.seats import Seat

from .forms import Form

__all__ = ["Seating", "first_round", "meetings", "next_round"]


@dataclass(frozen=True, slots=True)
class Seating:
    """One round's seating: per table, who sits where; and who sits out."""

    tables: tuple[dict[Seat, Hashable], ...]
    sit_outs: tuple[Hashable, ...]


def meetings(rounds: Iterable[Seating]) -> Counter:
    """How often each pair of players (a frozenset of two) has sat at the same table."""
    met: Counter = Counter()
    for seating in rounds:
        for table in seating.tables:
            for a, b in combinations(table.values(), 2):
                met[frozenset((a, b))] += 1
    return met


def _seat_counts(rounds: Iterable[Seating]) -> Counter:
    counts: Counter = Counter()
    for seating in rounds:
        for table in seating.tables:
            for seat, player in table.items():
                counts[player, seat] += 1
    return counts


def _check(players: Sequence[Hashable], form: Form) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    if len(players) < len(form.seats):
        raise ValueError(f"at least {len(form.seats)} players are needed, got {len(players)}")


def _seat(group: list[Hashable], form: Form, counts: Counter) -> dict[Seat, Hashable]:
    """The seating of ``group`` that gives its players the seats they have held least.

    Of the orderings of the seats (24 at most), the one with the fewest earlier sittings in
    the seats given, then the fewest for the better-ranked players, then the first in order.
    """
    best = min(
        permutations(form.seats),
        key=lambda seats: (
            sum(counts[p, s] for p, s in zip(group, seats, strict=True)),
            [counts[p, s] for p, s in zip(group, seats, strict=True)],
        ),
    )
    return dict(sorted(zip(best, group, strict=True), key=lambda item: item[0].index))


def first_round(players: Sequence[Hashable], form: Form, seed: int | str) -> Seating:
    """Round 1: a draw from ``seed`` (the same seed, the same draw)."""
    _check(players, form)
    drawn = list(players)
    random.Random(f"abarrotada-draw:{seed}").shuffle(drawn)
    return _from_order(drawn, form, [])


def next_round(ranking: Sequence[Hashable], form: Form, history: Sequence[Seating]) -> Seating:
    """A later round from ``ranking`` (best first) and the rounds already played."""
    _check(ranking, form)
    return _from_order(list(ranking), form, list(history))


def _from_order(order: list[Hashable], form: Form, history: list[Seating]) -> Seating:
    size = len(form.seats)
    out = len(order) % size
    sat_out = Counter(p for seating in history for p in seating.sit_outs)
    # The lowest-ranked among those who have sat out least often.
    by_need = sorted(range(len(order)), key=lambda i: (sat_out[order[i]], -i))
    sit_outs = sorted((order[i] for i in by_need[:out]), key=order.index)
    left = [p for p in order if p not in set(sit_outs)]
    met = meetings(history)
    counts = _seat_counts(history)
    groups = _without_repeats(left, size, met) or _fewest_repeats(left, size, met)
    tables = [_seat(group, form, counts) for group in groups]
    return Seating(tables=tuple(tables), sit_outs=tuple(sit_outs))


#: How many partial tables the search for a round without repeat meetings may try before the
#: greedy fallback takes over (keeps a round of 200 players fast).
SEARCH_BUDGET = 2_000


def _without_repeats(left: list[Hashable], size: int, met: Counter) -> list[list[Hashable]] | None:
    """Groups down the ranking in which nobody meets anybody again, if the search finds one.

    Depth first: each table starts with the best-ranked player left and takes the best-ranked
    players who have met nobody at it, backtracking when a later table cannot be filled;
    ``None`` when there is no such round or the budget runs out.
    """
    budget = SEARCH_BUDGET
    groups: list[list[Hashable]] = []

    def fill(group: list[Hashable], rest: list[Hashable], start: int) -> bool:
        nonlocal budget
        budget -= 1
        if budget < 0:
            return False
        if len(group) == size:
            if rest and not _may_split(rest, size, met):
                return False
            groups.append(group)
            if not rest or fill([rest[0]], rest[1:], 0):
                return True
            groups.pop()
            return False
        for i in range(start, len(rest)):
            candidate = rest[i]
            if any(met[frozenset((candidate, g))] for g in group):
                continue
            if fill([*group, candidate], rest[:i] + rest[i + 1 :], i):
                return True
        return False

    if not left:
        return []
    return groups if fill([left[0]], left[1:], 0) else None


def _may_split(rest: list[Hashable], size: int, met: Counter) -> bool:
    """False when ``rest`` surely cannot make tables without repeats: some players who have
    all met each other (found greedily) outnumber the tables left, each needing its own."""
    tables = len(rest) // size
    for player in rest:
        clique = [player]
        for other in rest:
            if other is not player and all(met[frozenset((other, c))] for c in clique):
                clique.append(other)
                if len(clique) > tables:
                    return False
    return True


def _fewest_repeats(left: list[Hashable], size: int, met: Counter) -> list[list[Hashable]]:
    """Greedy: each table takes the best-ranked players who have met the fewest at it."""
    left = list(left)
    groups = []
    while left:
        group = [left.pop(0)]
        while len(group) < size:
            best = min(
                range(len(left)),
                key=lambda i: (sum(met[frozenset((left[i], g))] for g in group), i),
            )
            group.append(left.pop(best))
        groups.append(group)
    return groups
