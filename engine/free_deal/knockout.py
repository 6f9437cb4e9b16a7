"""The optional knockout stage after the Swiss (rules.md 11.3).

The top 2, 4, 8 or 16 pairs of the ranking play a seeded bracket: in the first round seed 1
meets the lowest seed, and the halves are arranged so that seeds 1 and 2 can meet only in
the final, seeds 1-4 only from the semi-finals on, and so on (the standard bracket:
1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11 for 16).  Each tie is one game
or the best of three (a setting).

A game of a tie always has a winner: a tied game goes on with more hands until one pair
leads (rules.md 11.3), so a tie's result is just the winner of each game played, in order.

- :func:`seed_order` gives the seeds in bracket order;
- :func:`build_bracket` draws the bracket from the ranking;
- :func:`advance` fills it from the results so far: winners go on to the next round, where
  the better seed of the two is the tie's ``top`` pair;
- :func:`tie_winner` decides one tie from its games.

Other formats' brackets (groups then knockout, rules.md 12.3) use the same machinery: their
brackets may be larger (any power of two), hold **byes** (a first-round tie with one pair,
who goes straight through) and **withdrawn** pairs, whose opponent goes through without a
game (:func:`advance`'s ``withdrawn``).  A first-round tie with no pair at all sends nobody
on, and its next-round opponent goes through in turn.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

__all__ = [
    "BEST_OF",
    "BRACKET_SIZES",
    "Bracket",
    "Tie",
    "advance",
    "build_bracket",
    "seed_order",
    "tie_winner",
]

#: How many pairs a bracket may hold.
BRACKET_SIZES = (2, 4, 8, 16)
#: A tie is one game, or the best of three (first to two wins).
BEST_OF = (1, 3)


def seed_order(size: int) -> tuple[int, ...]:
    """The seeds (1 = best) in bracket order: consecutive entries meet in round 1.

    ``size`` is any power of two from 2 (the Swiss's stage allows :data:`BRACKET_SIZES`;
    :func:`build_bracket` checks that).  Built by doubling: in each round a seed ``s`` is paired with ``2k + 1 - s`` (``2k``
    pairs in that round), so the two best seeds of any section always lie in different
    halves of it: 1 and 2 can meet only in the final.
    """
    if not isinstance(size, int) or size < 2 or size & (size - 1):
        raise ValueError(f"a bracket holds a power of two pairs from 2, not {size!r}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Tie:
    """One tie of the bracket: two pairs (``None`` until known), their seeds, the winner
    of each game played so far, and the tie's winner once decided.

    ``round`` counts from 1 (the first round of the bracket); ``number`` counts from 1
    within its round, top of the bracket first.  ``top`` is the better seed.
    """

    round: int
    number: int
    top: Any = None
    bottom: Any = None
    top_seed: int | None = None
    bottom_seed: int | None = None
    games: tuple = ()
    winner: Any = None

    @property
    def pairs(self) -> tuple:
        return self.top, self.bottom

    @property
    def ready(self) -> bool:
        """Both pairs are known: the tie can be played."""
        return self.top is not None and self.bottom is not None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout bracket: its ties round by round (``rounds[0]`` is the first round,
    the last holds the final) and whether ties are one game or best of three."""

    size: int
    best_of: int
    rounds: tuple[tuple[Tie, ...], ...]

    @property
    def final(self) -> Tie:
        return self.rounds[-1][0]

    @property
    def champion(self) -> Any:
        """The winner of the final, ``None`` until it is decided."""
        return self.final.winner

    def tie(self, round: int, number: int) -> Tie:
        """The tie ``number`` of round ``round`` (both from 1)."""
        return self.rounds[round - 1][number - 1]


def _check_best_of(best_of: int) -> None:
    if best_of not in BEST_OF:
        raise ValueError(f"a tie is one game or the best of three, not best of {best_of!r}")


def tie_winner(top: Hashable, bottom: Hashable, games: Sequence[Hashable], best_of: int = 1):
    """The winner of a tie from the winner of each game, in order; ``None`` if undecided.

    One game: its winner.  Best of three: the first pair to win two.  Raises
    ``ValueError`` for a game won by a pair not in the tie, or a game after the tie was
    decided.
    """
    _check_best_of(best_of)
    needed = best_of // 2 + 1
    wins = {top: 0, bottom: 0}
    for number, winner in enumerate(games, start=1):
        if winner not in wins:
            raise ValueError(f"game {number} of {top!r} v {bottom!r} names {winner!r}")
        if max(wins.values()) >= needed:
            raise ValueError(f"game {number} of {top!r} v {bottom!r}: the tie was already decided")
        wins[winner] += 1
    for pair, count in wins.items():
        if count >= needed:
            return pair
    return None


def build_bracket(ranked: Sequence[Hashable], size: int, *, best_of: int = 1) -> Bracket:
    """The bracket of the top ``size`` pairs of ``ranked`` (best first), nothing played."""
    if size not in BRACKET_SIZES:
        raise ValueError(f"a bracket holds 2, 4, 8 or 16 pairs, not {size!r}")
    order = seed_order(size)
    _check_best_of(best_of)
    ranked = list(ranked)
    if len(ranked) < size:
        raise ValueError(f"a bracket of {size} needs {size} pairs, the ranking has {len(ranked)}")
    seeds = ranked[:size]
    if len(set(seeds)) != size or any(pair is None for pair in seeds):
        raise ValueError("the seeded pairs must be distinct and not None")
    first = tuple(
        Tie(1, k + 1, seeds[order[2 * k] - 1], seeds[order[2 * k + 1] - 1],
            order[2 * k], order[2 * k + 1])
        for k in range(size // 2)
    )  # fmt: skip
    rounds = [first]
    while len(rounds[-1]) > 1:
        number = len(rounds) + 1
        rounds.append(tuple(Tie(number, k + 1) for k in range(len(rounds[-1]) // 2)))
    return Bracket(size, best_of, tuple(rounds))


def advance(
    bracket: Bracket,
    results: Mapping[frozenset, Sequence[Hashable]],
    *,
    withdrawn: Collection[Hashable] = (),
) -> Bracket:
    """The bracket with the ``results`` so far: each tie's games and winner, and the
    winners moved on to the next round.

    ``results`` maps ``frozenset({pair_a, pair_b})`` to the winners of their games, in
    order.  A result for two pairs that do not (yet) meet in the bracket is refused
    (``ValueError``), as is a result that breaks :func:`tie_winner`'s rules.

    A first-round slot left ``None`` is a bye: the tie's other pair goes through.  A pair in
    ``withdrawn`` loses its undecided tie without a game (a tie it already won stands, and
    its next opponent goes through); when both pairs of a tie are missing or withdrawn,
    nobody goes on and the next round's opponent goes through in turn.
    """
    gone = set(withdrawn)
    used: set[frozenset] = set()
    rounds: list[tuple[Tie, ...]] = []
    # Entrants of the round being filled, per slot, top of the bracket first: (pair, seed,
    # settled), settled once the slot is known to hold that pair or to stay empty.  Every
    # first-round slot is settled (an empty one is a bye).
    entrants = [
        slot
        for tie in bracket.rounds[0]
        for slot in ((tie.top, tie.top_seed, True), (tie.bottom, tie.bottom_seed, True))
    ]
    for round_ties in bracket.rounds:
        filled = []
        winners = []
        for tie, k in zip(round_ties, range(0, len(entrants), 2), strict=True):
            (a, seed_a, settled_a), (b, seed_b, settled_b) = entrants[k], entrants[k + 1]
            if a is not None and b is not None and seed_b < seed_a:
                (a, seed_a), (b, seed_b) = (b, seed_b), (a, seed_a)  # better seed on top
            games: tuple = ()
            winner = None
            if a is not None and b is not None:
                key = frozenset((a, b))
                games = tuple(results.get(key, ()))
                if key in results:
                    used.add(key)
                winner = tie_winner(a, b, games, bracket.best_of)  # stands if decided
            present = [(p, seed) for p, seed in ((a, seed_a), (b, seed_b))
                       if p is not None and p not in gone]  # fmt: skip
            nobody = False
            if settled_a and settled_b and winner is None and len(present) < 2:
                # A bye or a withdrawal: the pair still there goes through, if any.
                if present:
                    winner = present[0][0]
                else:
                    nobody = True
            filled.append(replace(tie, top=a, bottom=b, top_seed=seed_a, bottom_seed=seed_b,
                                  games=games, winner=winner))  # fmt: skip
            if winner is not None:
                winners.append((winner, seed_a if winner == a else seed_b, True))
            else:
                winners.append((None, None, nobody))
        rounds.append(tuple(filled))
        entrants = winners
    unknown = [key for key in results if key not in used]
    if unknown:
        raise ValueError(f"no tie of the bracket is {' v '.join(map(repr, unknown[0]))} (yet)")
    return Bracket(bracket.size, bracket.best_of, tuple(rounds))
