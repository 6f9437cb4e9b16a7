"""Same-group separation in the bracket's first round (rules.md 12.3).

Taking the first-round ties in order of their higher seed (the better seed of the tie), if a
tie holds two pairs of one group, its **lower seed** swaps with the **nearest-seeded** pair
(nearest by seed number; at equal distance the lower seed first, that is the larger seed
number) that

- is in the same half of the bracket as the tie,
- has no bye (its own tie holds two pairs), and
- whose swap leaves neither tie with two pairs of one group.

If there is none, the tie stands (with B = 4 each half is a single tie, so a tie of one
group always stands).

Policies:

- any pair of the half may be swapped with, whatever its seed, except the tie's own two;
- a pair keeps its seed when it moves: the swap changes who meets whom, not the seeding (so
  in later rounds the better seed is still listed first);
- the order of the ties is fixed before the first swap, by each tie's higher seed then.

Pure Python, no Django.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence

__all__ = ["separate"]


def separate(slots: Sequence[Hashable | None], seed_of: Mapping[Hashable, int],
             group_of: Mapping[Hashable, int]) -> tuple[list, tuple]:  # fmt: skip
    """The first round's slots (bracket order, ``None`` for a bye; slots 2k and 2k + 1 meet)
    after the separation's swaps, and the swaps made, each ``(lower seed, other pair)``."""
    slots = list(slots)
    half = len(slots) // 2

    def higher_seed(tie: int) -> float:
        seeds = [seed_of[p] for p in slots[2 * tie:2 * tie + 2] if p is not None]
        return min(seeds, default=math.inf)

    swaps = []
    for tie in sorted(range(len(slots) // 2), key=higher_seed):
        a, b = slots[2 * tie], slots[2 * tie + 1]
        if a is None or b is None or group_of[a] != group_of[b]:
            continue
        lower_at = 2 * tie if seed_of[a] > seed_of[b] else 2 * tie + 1
        lower, stays = slots[lower_at], slots[lower_at ^ 1]
        start = 0 if lower_at < half else half
        best, best_key = None, None
        for at in range(start, start + half):
            pair, partner = slots[at], slots[at ^ 1]
            if at // 2 == tie or pair is None or partner is None:
                continue
            if group_of[pair] == group_of[stays] or group_of[partner] == group_of[lower]:
                continue
            key = (abs(seed_of[pair] - seed_of[lower]), -seed_of[pair])
            if best_key is None or key < best_key:
                best, best_key = at, key
        if best is not None:
            swaps.append((lower, slots[best]))
            slots[lower_at], slots[best] = slots[best], lower
    return slots, tuple(swaps)
