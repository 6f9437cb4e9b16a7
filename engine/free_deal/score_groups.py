"""A later Swiss round paired score group by score group (rules.md 11.3).

The field is in pairing order (ranks ``0 .. size-1``, best first) and cut into score groups
(equal match points, a run of ranks).  The groups are paired top down, each as a whole, as
one *bracket*: the pairs that float down from the groups above (they rank above the group,
so they come first) and the group's own pairs.  In a bracket, in this order of priority:

1. **the rest can still be paired**: the pairs the bracket floats down, with every pair
   below, can be paired without a rematch;
2. **the most tables** inside the bracket, so the fewest pairs float down;
3. **the fewest floaters float again**: a pair that came down from above is paired in this
   bracket whenever some pairing allows it, so a pair drops one group at a time;
4. **top down**: among the pairings equal on 1-3, the top pair of the bracket meets the
   nearest pair it may, then the highest pair left, and so on; a pair that floats counts as
   meeting "nobody", after every real opponent (so the lowest pairs are the ones to float).

No rematch ever.  A bracket is solved as a *first pairing* (:func:`first_pairing_of` of
:mod:`.pairing`) of its pairs and ``d`` stand-ins for "the group below": ``d`` is the
number of pairs that float, tried from the fewest up, and of the stand-ins only ``x`` will
take a floater from above, also tried from the fewest up.  The stand-ins rank after every
real pair, so floating is each pair's last choice and the first pairing is priority 4.  In
the rare case where the floats so chosen cannot be paired further down (priority 1), the
bracket and everything below are solved at once by a maximum-weight matching
(:func:`engine.matching.max_weight_matching`) whose weights put the four priorities in
order.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.matching import max_weight_matching

__all__ = ["pair_by_score_groups"]


def pair_by_score_groups(
    size: int,
    barred: Sequence[set[int]],
    group: Sequence[object],
    skip: int,
    some_pairing: Sequence[int],
) -> list[int]:
    """Partner ranks (``-1`` for ``skip``, the bye) of ranks ``0 .. size-1`` paired score
    group by score group.  ``barred[i]``: the ranks ``i`` has met; ``group[i]``: its score
    group (equal for a run of ranks); ``some_pairing``: any pairing of the field without
    ``skip`` and without a rematch, as partner ranks (the caller's proof that one exists).
    """
    # ``witness`` always pairs the pairs not yet seated, so most brackets need no search
    # to know that what they float down can still be paired.
    witness = list(some_pairing)
    ranks = [i for i in range(size) if i != skip]
    partner = [-1] * size
    floaters: list[int] = []
    start = 0
    while start < len(ranks):
        end = start
        while end < len(ranks) and group[ranks[end]] == group[ranks[start]]:
            end += 1
        tables, floaters = _pair_bracket(floaters + ranks[start:end], len(floaters),
                                         ranks[end:], barred, witness)
        for a, b in tables:
            partner[a], partner[b] = b, a
        start = end
    if floaters:  # the caller's check failed us
        raise AssertionError("pairs left over after the last score group")
    return partner


def _pair_bracket(
    members: list[int],
    from_above: int,
    below: list[int],
    barred: Sequence[set[int]],
    witness: list[int],
) -> tuple[list[tuple[int, int]], list[int]]:
    """The tables of one bracket and the pairs it floats down (priorities 1-4).

    ``members``: the bracket's ranks in order, its first ``from_above`` the floaters from
    the groups above; ``below``: every rank below the bracket; ``witness``: a pairing of
    ``members + below``, made a pairing of what the bracket leaves unseated.
    """
    # Import here: .pairing imports this module.
    from .pairing import first_pairing_of

    size = len(members)
    position = {rank: k for k, rank in enumerate(members)}
    met = [{position[j] for j in barred[rank] if j in position} for rank in members]
    for floats in range(size % 2, size + 1, 2):
        for again in range(min(floats, from_above) + 1):
            # Stand-ins ``size ..``: the first ``floats - again`` take only the group's own
            # pairs, the others anyone; they never meet each other.
            stand_ins = range(size, size + floats)
            own_only = set(range(size, size + floats - again))
            extended = [
                met[k] | (own_only if k < from_above else set()) for k in range(size)
            ] + [set(stand_ins) | (set(range(from_above)) if s in own_only else set())
                 for s in stand_ins]
            partner = first_pairing_of(size + floats, extended, -1)
            if partner is None:
                continue
            tables = [(members[k], members[m]) for k, m in enumerate(partner[:size]) if k < m < size]
            left = [members[k] for k in range(size) if partner[k] >= size]
            if _rest_can_be_paired(tables, left + below, barred, witness):
                return tables, left
            return _pair_bracket_with_the_rest(members, from_above, below, barred, witness)
    raise AssertionError("a bracket where every pair floats is always possible")


def _rest_can_be_paired(
    tables: list[tuple[int, int]], rest: list[int], barred: Sequence[set[int]],
    witness: list[int],
) -> bool:
    """Whether ``rest`` (the pairs not at ``tables``) can all be paired without a rematch;
    if so, ``witness`` is left (or made) a pairing of them."""
    seated = {rank for table in tables for rank in table}
    if all(witness[rank] in seated for rank in seated):
        return True
    pairs = _pairs_greedily(rest, barred) or _first_pairs(rest, barred)
    if pairs is None:
        return False
    for a, b in pairs:
        witness[a], witness[b] = b, a
    return True


def _first_pairs(ranks: list[int], barred: Sequence[set[int]]) -> list[tuple[int, int]] | None:
    """The first pairing of ``ranks`` in their order without a rematch, or ``None``."""
    from .pairing import first_pairing_of

    if len(ranks) % 2:
        return None
    position = {rank: k for k, rank in enumerate(ranks)}
    met = [{position[j] for j in barred[rank] if j in position} for rank in ranks]
    partner = first_pairing_of(len(ranks), met, -1)
    if partner is None:
        return None
    return [(ranks[k], ranks[m]) for k, m in enumerate(partner) if k < m]


def _pairs_greedily(ranks: list[int], barred: Sequence[set[int]]) -> list[tuple[int, int]]:
    """``ranks`` paired top down, each with the nearest free rank it has not met, if that
    pairs them all (a quick answer that spares most exact searches); else ``[]``."""
    count = len(ranks)
    after = list(range(1, count + 1))  # after[k]: the next free position after k
    pairs = []
    top = 0
    while top < count:
        barred_top = barred[ranks[top]]
        before, candidate = top, after[top]
        while candidate < count and ranks[candidate] in barred_top:
            before, candidate = candidate, after[candidate]
        if candidate == count:
            return []
        pairs.append((ranks[top], ranks[candidate]))
        after[before] = after[candidate]  # take ``candidate`` out of the free list
        top = after[top]
    return pairs


def _pair_bracket_with_the_rest(
    members: list[int],
    from_above: int,
    below: list[int],
    barred: Sequence[set[int]],
    witness: list[int],
) -> tuple[list[tuple[int, int]], list[int]]:
    """The bracket's tables when its first pairing floats pairs that the groups below cannot
    take: one maximum-weight matching of the bracket and every pair below, the weights
    ordered as priorities 1-4 (Python integers do not overflow).

    Every edge gets ``whole`` (so the matching pairs everyone); an edge inside the bracket
    also ``table``, plus ``again_saved`` per floater from above on it, plus the top-down
    term ``base ** (size - k) * (size - m)`` for ranks ``k < m`` of the bracket: where two
    pairings first differ, the top pair's nearer opponent outweighs all the terms below it.
    """
    size, nodes = len(members), members + below
    base = size * size + 1
    top_down_total = (size // 2 + 1) * size * base**size
    again_saved = top_down_total + 1
    table = 2 * again_saved * (size + 1)
    whole = table * (size + 1) + 1
    edges = []
    for k, a in enumerate(nodes):
        for m in range(k + 1, len(nodes)):
            if nodes[m] in barred[a]:
                continue
            weight = whole
            if m < size:
                weight += table + again_saved * ((k < from_above) + (m < from_above))
                weight += base ** (size - k) * (size - m)
            edges.append((k, m, weight))
    mate = max_weight_matching(len(nodes), edges)
    if -1 in mate:
        raise AssertionError("the bracket and the pairs below cannot be paired")
    for k, m in enumerate(mate):
        witness[nodes[k]] = nodes[m]
    tables = [(members[k], members[m]) for k, m in enumerate(mate[:size]) if k < m < size]
    left = [members[k] for k in range(size) if mate[k] >= size]
    return tables, left
