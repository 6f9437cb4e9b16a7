"""Swiss rounds after the first: each paired from the current standings (rules.md section 7).

:func:`swiss_round` pairs one round; :class:`PairingImpossible` says no pairing avoids a
rematch.  (Round 1 is a seeded draw: :mod:`engine.swiss_draw`.)

Swiss policies (kept here, in one place):

- **pairing order**: the field is paired in standings order, first against second, third
  against fourth...  When a rematch forbids that, the highest team left takes the nearest
  team below it that it has not met and that still lets everyone else be paired.  The
  result is the pairing that is first in that order among all pairings without rematches
  (found with Edmonds' matching algorithm, so in polynomial time), hence a pairing is
  always found when one exists.
- **directions**: a team's *balance* is its times NS minus its times EW.  Of two teams
  that meet, the one with the larger balance sits EW; on a tie the higher-ranked team sits
  NS.  To keep every balance within one (rules.md 7), the pairing avoids matching two
  teams that both sat NS more often, or both EW more often (two teams with opposite
  surpluses, or one of them even, never conflict): it is the first pairing in rank order
  among those that respect this.  So, after round 1, the top team meets the nearest team
  below it with the other direction preference, which is usually second or third.

  *No rule can guarantee* a difference of at most one: the matches already played may
  leave no such pairing (e.g. ``a`` and ``b`` both sat NS once more, and ``a`` has met
  every other team: ``a`` meets ``b`` and one of them reaches +2).  In seeded simulations
  this happens only late in events that play more rounds than half the field (never for
  40-200 teams over 7-9 rounds).  When it happens, the pairing **minimises the
  violations**: among the pairings without rematches it takes one with the least *total
  excess* after the round -- the sum over teams of ``max(0, |balance| - 1)``, so a team
  two off counts 1 and three off counts 2, and teams already two off are brought back
  first -- and among those the one with the smallest sum of squared rank differences
  between opponents (closest to rank order).  This is exact: one maximum-weight perfect
  matching (:mod:`engine.matching`), O(n^3).  The minimum is per round: the pairing does
  not look ahead to later rounds.  (``balance_directions=False`` turns all this off and
  pairs plainly in rank order.)
- **bye**: with an odd field, the lowest-ranked team that has not had a bye and whose
  removal leaves a pairable field (the bye comes before the directions).  A team gets a
  second bye only when no team without one can have it.
- **priorities**, highest first: no rematch (never broken), the bye rule, directions
  balanced (or, failing that, the fewest violations), rank order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence

from .matching import max_weight_matching
from .rounds import Match, RoundPlan, T, _check_teams

__all__ = ["PairingImpossible", "swiss_round"]


class PairingImpossible(ValueError):
    """No Swiss pairing without a rematch exists for this round."""


# --- Swiss: later rounds ---------------------------------------------------------------


def _augmenting_path(root: int, adj: list[list[int]], match: list[int], allowed: list[bool]):
    """Edmonds' blossom search for an augmenting path from the exposed vertex ``root``.

    Works on the vertices marked ``allowed``.  Returns the exposed vertex the path ends at
    and the parent links, or ``(-1, None)``.
    """
    n = len(adj)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_path(v: int, stem: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stem:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if not allowed[to] or base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                stem = lowest_common_ancestor(v, to)
                blossom = [False] * n
                mark_path(v, stem, to, blossom)
                mark_path(to, stem, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = stem
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return -1, None


def _augment(end: int, parent: list[int], match: list[int]) -> None:
    v = end
    while v != -1:
        pv = parent[v]
        ppv = match[pv]
        match[v], match[pv] = pv, v
        v = ppv


def first_pairing(free: list[set[int]], size: int) -> list[int] | None:
    """The first pairing in rank order, as partner indices, or ``None`` if there is none.

    ``free[i]`` holds the indices (ranks) that team ``i`` may still meet.  "First" means:
    the top team gets the nearest opponent with which the rest can still be paired, then
    the next unpaired team likewise, and so on -- what a depth-first search trying the
    nearest opponent first would find, but in polynomial time even when it must backtrack:

    1. find a maximum matching with Edmonds' algorithm; if it is not perfect, no pairing
       exists;
    2. rank by rank, try the unfixed team's nearest opponents; a match ``top``-``other``
       can be completed iff, after pairing them, their two ex-partners can be joined by an
       augmenting path among the unfixed teams.  The current partner always works.
    """
    adj = [sorted(free[i]) for i in range(size)]
    match = [-1] * size
    allowed = [True] * size
    for v in range(size):  # greedy start, in rank order
        if match[v] == -1:
            for to in adj[v]:
                if match[to] == -1:
                    match[v], match[to] = to, v
                    break
    for v in range(size):
        if match[v] == -1:
            end, parent = _augmenting_path(v, adj, match, allowed)
            if end == -1:
                return None
            _augment(end, parent, match)

    for top in range(size):
        if not allowed[top]:
            continue
        for other in adj[top]:
            if other < top or not allowed[other]:
                continue
            if match[top] == other:
                break
            saved = match[:]
            a, b = match[top], match[other]
            match[a] = match[b] = -1
            match[top], match[other] = other, top
            allowed[top] = allowed[other] = False
            end, parent = _augmenting_path(a, adj, match, allowed)
            if end != -1:
                _augment(end, parent, match)
                break
            match[:] = saved
            allowed[top] = allowed[other] = True
        allowed[top] = allowed[match[top]] = False
    return match


def _sits_ns_first(balance_a: int, balance_b: int) -> bool:
    """Direction policy: does team ``a`` (the higher-ranked) sit NS against ``b``?

    The team with the larger balance (times NS minus times EW) sits EW; on a tie the
    higher-ranked team sits NS.
    """
    return balance_a <= balance_b


def _directions_compatible(balance_a: int, balance_b: int) -> bool:
    """Whether two teams can meet without either drifting further than 1 from balance.

    The one with the larger balance sits EW and the other NS, so they may meet unless both
    sat NS more often than EW, or both EW more often than NS.
    """
    return not (balance_a > 0 and balance_b > 0) and not (balance_a < 0 and balance_b < 0)


def swiss_round(
    ranked: Sequence[T],
    met: Collection[frozenset],
    ns_count: Mapping[T, int],
    ew_count: Mapping[T, int],
    had_bye: Collection[T],
    *,
    balance_directions: bool = True,
) -> RoundPlan[T]:
    """Pair a Swiss round from the current standings (rules.md 7).

    ``ranked`` is the standings order, best first; ``met`` holds a ``frozenset`` of the two
    teams of every match played so far; ``ns_count``/``ew_count`` give how often each team
    sat NS/EW (missing teams count 0); ``had_bye`` lists the teams that already had a bye.
    ``balance_directions=False`` drops the direction criterion from the pairing (directions
    are still assigned by the policy): the first pairing in rank order without rematches.
    Otherwise, when no pairing keeps every balance within one, the one with the fewest
    violations (see the module docstring).  See the module docstring for the policies.  Raises
    :class:`PairingImpossible` when no pairing without a rematch exists.
    """
    order = _check_teams(ranked)
    if len(order) < 2:
        raise ValueError("a Swiss round needs at least two teams")
    met = met if isinstance(met, set | frozenset) else set(met)
    had_bye = had_bye if isinstance(had_bye, set | frozenset) else set(had_bye)
    balance = {team: ns_count.get(team, 0) - ew_count.get(team, 0) for team in order}

    def pair(field: list[T], strict: bool) -> list[int] | None:
        size = len(field)
        index = {team: i for i, team in enumerate(field)}
        if strict:
            balances = [balance[team] for team in field]
            free = [
                {
                    j
                    for j in range(size)
                    if j != i and _directions_compatible(balances[i], balances[j])
                }
                for i in range(size)
            ]
        else:
            free = [set(range(size)) - {i} for i in range(size)]
        for meeting in met:
            if len(meeting) != 2:
                continue
            a, b = meeting
            if a in index and b in index:
                free[index[a]].discard(index[b])
                free[index[b]].discard(index[a])
        partner = first_pairing(free, size)
        if partner is None or strict or not balance_directions:
            return partner
        # No pairing keeps every balance within one: the fewest direction conflicts.
        return _fewest_conflicts(free, [balance[team] for team in field], partner)

    tiers = (True, False) if balance_directions else (False,)
    if len(order) % 2 == 0:
        candidates: list[T | None] = [None]
    else:
        # The lowest-ranked team without a bye; a second bye only when nothing else works.
        candidates = [t for t in reversed(order) if t not in had_bye]
        candidates += [t for t in reversed(order) if t in had_bye]
    for candidate in candidates:
        field = order if candidate is None else [t for t in order if t != candidate]
        for strict in tiers:
            partner = pair(field, strict)
            if partner is not None:
                return _plan(field, partner, balance, candidate)
    raise PairingImpossible(
        f"no pairing of these {len(order)} teams avoids a rematch"
        + (", whoever has the bye" if len(order) % 2 else "")
    )


def _excess_after(balance_a: int, balance_b: int) -> int:
    """How far beyond one from balance two teams end up after meeting (a ranked higher).

    A team's excess is ``max(0, |times NS - times EW| - 1)``; the directions are assigned
    by :func:`_sits_ns_first`.  Zero exactly when :func:`_directions_compatible`, unless a
    team was already further off than one (then it is brought one step back).
    """
    if _sits_ns_first(balance_a, balance_b):
        ns, ew = balance_a + 1, balance_b - 1
    else:
        ns, ew = balance_b + 1, balance_a - 1
    return max(0, abs(ns) - 1) + max(0, abs(ew) - 1)


def _fewest_conflicts(free: list[set[int]], balances: list[int], fallback: list[int]) -> list[int]:
    """The pairing with the least total excess after the round, then closest to rank order.

    ``free[i]`` holds the ranks team ``i`` may meet (a pairing exists: ``fallback`` is one).
    Minimises, in this order: the sum over teams of ``max(0, |times NS - times EW| - 1)``
    after the round (see :func:`_excess_after`); then the sum of the squared rank
    differences of opponents.  Solved exactly as one maximum-weight perfect matching.
    """
    size = len(balances)
    pairs = [(i, j) for i in range(size) for j in free[i] if i < j]
    costs = [_excess_after(balances[i], balances[j]) for i, j in pairs]
    spread = size * size * size + 1  # more than any sum of squared rank differences
    unit = spread * (max(costs, default=0) + 1)
    big = (size // 2 + 1) * unit + 1  # any perfect matching outweighs every smaller one
    edges = [
        (i, j, big - spread * cost - (j - i) ** 2)
        for (i, j), cost in zip(pairs, costs, strict=True)
    ]
    mate = max_weight_matching(size, edges)
    return mate if -1 not in mate else fallback


def _plan(field: list[T], partner: list[int], balance: Mapping[T, int], bye: T | None):
    matches = []
    for i, team in enumerate(field):
        j = partner[i]
        if j < i:
            continue
        other = field[j]  # ranked below ``team``
        if _sits_ns_first(balance[team], balance[other]):
            matches.append(Match(team, other))
        else:
            matches.append(Match(other, team))
    return RoundPlan(tuple(matches), bye)
