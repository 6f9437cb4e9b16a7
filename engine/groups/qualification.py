"""Who goes through, and the seeded bracket (rules.md 12.3).

- The first **Q** of each group go through (``per_group``, default 1).
- **Repechage** (*repesca*) fills the places left in the bracket **tier by tier**: first the
  (Q+1)-th placed pairs of every group, compared across groups per game
  (:mod:`.comparison`), the best taking the places left; only if places remain is the
  (Q+2)-th tier compared, and so on.  **Policy:** a pair with 0 match points never goes
  through by repechage.
- The **bracket size** B is a power of two, by default the smallest ≥ G × Q, and at least 2.
  With too few pairs to fill it, the top seeds get **byes** (seed s meets seed B + 1 - s,
  and the missing seeds are the lowest).
- **Seeding**: the group winners first, ordered by the cross-group comparison; then the
  runners-up (when Q ≥ 2), likewise; and so on to the Q-th; then the repechage pairs in their
  order.  Standard bracket (1 v B, B/2 v B/2 + 1, ...: :func:`engine.free_deal.knockout.seed_order`).
- **Same-group separation** (:mod:`.separation`): no first-round tie between two pairs of one
  group where a swap can avoid it.

Policies:

- every group's ranking must be complete (the director has drawn every tie of 12.2) before
  anyone goes through; a tie in the cross-group comparison is drawn by the director only where
  the order matters (within the pairs going through, or across the last place);
- a **withdrawn** pair never goes through: the places of its group are counted without it,
  so the pairs below it move up (a withdrawn group winner's runner-up counts as the group's
  first);
- when more pairs go through directly than B holds, B is refused as too small.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass

from engine.free_deal.knockout import BEST_OF, Bracket, Tie, seed_order

from .comparison import order_across_groups
from .errors import DrawNeeded, GroupsError
from .ranking import GroupStanding
from .separation import separate

__all__ = ["Qualification", "bracket_size", "qualify"]

#: How many pairs of each group may go through directly.
PER_GROUP_RANGE = range(1, 6)


def bracket_size(groups: int, per_group: int) -> int:
    """The default bracket size: the smallest power of two ≥ G × Q, at least 2."""
    size = 2
    while size < groups * per_group:
        size *= 2
    return size


@dataclass(frozen=True, slots=True)
class Qualification:
    """Who goes through and the bracket's first round.

    ``direct`` holds the first Q of each group in seeding order; ``repechage`` the pairs
    through by repechage, in order; ``seeds`` both, seed 1 first; ``compared`` every
    repechage tier compared, eligible pairs best first; ``excluded`` the pairs of those
    tiers left out for having no match point; ``byes`` the seeds with a bye; ``swaps`` the
    same-group separation's swaps, in order, each ``(lower seed, pair swapped with)``.
    """

    size: int
    direct: tuple[Hashable, ...]
    repechage: tuple[Hashable, ...]
    compared: tuple[tuple[Hashable, ...], ...]
    excluded: tuple[Hashable, ...]
    byes: tuple[Hashable, ...]
    swaps: tuple[tuple[Hashable, Hashable], ...]
    bracket: Bracket

    @property
    def seeds(self) -> tuple[Hashable, ...]:
        return self.direct + self.repechage

    def seed(self, pair: Hashable) -> int:
        """A pair's seed, from 1."""
        return self.seeds.index(pair) + 1


def _check_settings(per_group: int, size: int | None, best_of: int) -> None:
    if isinstance(per_group, bool) or not isinstance(per_group, int):
        raise GroupsError("per_group", "a whole number was expected", code="not_an_integer")
    if per_group not in PER_GROUP_RANGE:
        raise GroupsError("per_group", "from 1 to 5 pairs of each group go through",
                          code="out_of_range", params={"min": 1, "max": 5})  # fmt: skip
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)
                             or size < 2 or size & (size - 1)):  # fmt: skip
        raise GroupsError("bracket_size", "a bracket holds 2, 4, 8, 16, 32... pairs",
                          code="not_a_power_of_two", params={"size": size})  # fmt: skip
    if best_of not in BEST_OF:
        raise GroupsError("best_of", "a tie is one game or the best of three",
                          code="out_of_range", params={"min": 1, "max": 3})  # fmt: skip


def _first_round(slots: Sequence[Hashable | None], seed_of: dict) -> tuple[Tie, ...]:
    ties = []
    for k in range(len(slots) // 2):
        pairs = [pair for pair in slots[2 * k:2 * k + 2] if pair is not None]
        pairs.sort(key=seed_of.__getitem__)
        top, bottom = (pairs + [None, None])[:2]
        ties.append(Tie(1, k + 1, top, bottom, seed_of.get(top), seed_of.get(bottom)))
    return tuple(ties)


def qualify(standings: Sequence[GroupStanding], *, per_group: int = 1,
            size: int | None = None, withdrawn: Collection[Hashable] = (),
            draw: Sequence[Hashable] = (), best_of: int = 1) -> Qualification:  # fmt: skip
    """Who goes through from the groups' rankings (group 1 first) and the seeded bracket.

    ``draw`` is the director's order for pairs tied in the cross-group comparison; a tie
    whose order matters and that it does not settle raises :class:`DrawNeeded`.
    """
    _check_settings(per_group, size, best_of)
    gone = set(withdrawn)
    places: list[list] = []  # each group's lines, withdrawn pairs left out
    group_of: dict[Hashable, int] = {}
    for number, standing in enumerate(standings, start=1):
        if standing.needs_draw:
            raise DrawNeeded(f"groups[{number - 1}]", standing.needs_draw[0])
        places.append([placed.line for placed in standing.lines if placed.pair not in gone])
        group_of.update((placed.pair, number) for placed in standing.lines)
    size = bracket_size(len(standings), per_group) if size is None else size
    direct: list[Hashable] = []
    for tier in range(per_group):
        lines = [group[tier] for group in places if len(group) > tier]
        direct.extend(order_across_groups(lines, draw=draw))
    if len(direct) > size:
        raise GroupsError("bracket_size", f"{len(direct)} pairs go through directly, more "
                          f"than a bracket of {size} holds", code="bracket_too_small",
                          params={"size": size, "direct": len(direct)})  # fmt: skip
    repechage: list[Hashable] = []
    compared, excluded = [], []
    tier = per_group
    while len(direct) + len(repechage) < size and any(len(g) > tier for g in places):
        lines = [group[tier] for group in places if len(group) > tier]
        excluded.extend(line.pair for line in lines if line.match_points == 0)
        eligible = [line for line in lines if line.match_points > 0]
        left = size - len(direct) - len(repechage)
        ordered = order_across_groups(eligible, draw=draw, needed=left)
        compared.append(tuple(ordered))
        repechage.extend(ordered[:left])
        tier += 1
    seeds = direct + repechage
    if len(seeds) < 2:
        raise GroupsError("pairs", "a bracket needs at least 2 pairs going through",
                          code="too_few_pairs", params={"min": 2, "count": len(seeds)})  # fmt: skip
    seed_of = {pair: k for k, pair in enumerate(seeds, start=1)}
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in seed_order(size)]
    slots, swaps = separate(slots, seed_of, group_of)
    rounds = [_first_round(slots, seed_of)]
    while len(rounds[-1]) > 1:
        number = len(rounds) + 1
        rounds.append(tuple(Tie(number, k + 1) for k in range(len(rounds[-1]) // 2)))
    byes = tuple(tie.top for tie in rounds[0] if tie.top is not None and tie.bottom is None)
    return Qualification(size, tuple(direct), tuple(repechage), tuple(compared),
                         tuple(excluded), byes, swaps, Bracket(size, best_of, tuple(rounds)))  # fmt: skip
