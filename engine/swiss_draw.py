"""The first round of a Swiss event: a seeded draw, paired in draw order (rules.md section 7).

The field is shuffled by Fisher-Yates driven by HMAC-SHA256 of a seed (the championship's
secret deal key; never ``random``) and paired in draw order; with an odd field the last team
drawn has the bye.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from .rounds import Match, RoundPlan, T, _check_teams

__all__ = ["swiss_first_round"]


# --- Swiss: first round by a seeded draw ----------------------------------------------

_DRAW_LABEL = b"duplicada swiss draw v1"


class HmacStream:
    """Unbiased integers from HMAC-SHA256(seed, label || counter): never ``random``."""

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, bytes | bytearray) or not seed:
            raise ValueError("seed must be non-empty bytes")
        self._seed = bytes(seed)
        self._counter = 0

    def _word(self) -> int:
        block = hmac.new(
            self._seed, _DRAW_LABEL + self._counter.to_bytes(8, "big"), hashlib.sha256
        ).digest()
        self._counter += 1
        return int.from_bytes(block[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection sampling (no modulo bias)."""
        space = 1 << 64
        limit = space - space % n
        while True:
            word = self._word()
            if word < limit:
                return word % n


def swiss_first_round(teams: Sequence[T], seed: bytes) -> RoundPlan[T]:
    """Round 1 of a Swiss event: a seeded draw, paired consecutively.

    The teams are sorted (so the draw depends only on the field and the seed), shuffled by
    Fisher-Yates driven by HMAC-SHA256 of the seed, then paired first with second (first
    sits NS), third with fourth...; with an odd field the last team drawn has the bye.
    """
    order = sorted(_check_teams(teams))
    if len(order) < 2:
        raise ValueError("a Swiss round needs at least two teams")
    stream = HmacStream(seed)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    bye = order.pop() if len(order) % 2 else None
    matches = tuple(Match(order[i], order[i + 1]) for i in range(0, len(order), 2))
    return RoundPlan(matches, bye)
