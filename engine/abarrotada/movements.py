"""Seatings for individual events (rules.md 10.3).

Round 1 is a seeded draw (:func:`first_round`): the drawn order is cut into tables.  Later
rounds (:func:`next_round`) go down the ranking in groups of the table size (four, or three)
with the fewest repeat meetings (:mod:`.grouping` says exactly how).  At a table each player
gets the seat they have held least often (ties: the higher ranked player picks first, in seat
order N, E, S, W), which evens seats out over the event.

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
from .grouping import group_tables

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
    counts = _seat_counts(history)
    groups = group_tables(left, size, meetings(history))
    tables = [_seat(group, form, counts) for group in groups]
    return Seating(tables=tuple(tables), sit_outs=tuple(sit_outs))
