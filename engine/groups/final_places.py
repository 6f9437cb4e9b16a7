"""The final ranking (rules.md 12.4).

1. The winner, then the runner-up.
2. Then the pairs by the knockout round they were eliminated in, later rounds first; the
   losers of a round **share** the place after every pair that went further: both losing
   semi-finalists are "3=" unless a third-place game was played (then 3 and 4), the
   quarter-finals' losers "5=", and so on.
3. Then the pairs that did not go through, by **group place** (all the group winners first,
   then all the runners-up, ...) and within a place by the per-game comparison of 12.3
   (:mod:`.comparison`), equal figures sharing.

Policies:

- a pair with a first-round bye was not eliminated in round 1: it is ranked by the round it
  lost in; a place counts the pairs that went further, so with byes "9=" may follow "5=";
- a pair that withdraws during the knockout is ranked as a loser of the round it withdrew
  in (its opponent went through, or, facing a bye or another withdrawn pair, nobody); a pair that withdrew in the group stage is ranked with the
  pairs that did not go through, by its place in its group's ranking;
- the ranking is made once the final is decided (and the third-place game, when it is
  played); pairs sharing a place are listed by pair id.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from engine.free_deal.knockout import Bracket

from .comparison import tied_blocks
from .errors import GroupsError
from .ranking import GroupStanding, sorted_ids

__all__ = ["FinalPlace", "bracket_ranking", "final_ranking", "third_place_pairs"]


@dataclass(frozen=True, slots=True)
class FinalPlace:
    """A pair's final place; ``shared`` when it shares it (``3=``); ``knockout`` whether it
    played in the bracket (else: its group place)."""

    place: int
    shared: bool
    pair: Hashable
    knockout: bool

    @property
    def label(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)


def _loser(tie) -> Hashable | None:
    if tie.winner is None or tie.top is None or tie.bottom is None:
        return None
    return tie.bottom if tie.winner == tie.top else tie.top


def third_place_pairs(bracket: Bracket) -> tuple[Hashable, ...]:
    """The losing semi-finalists (who meet in a third-place game), once both are known."""
    if len(bracket.rounds) < 2:
        return ()
    losers = tuple(p for p in (_loser(t) for t in bracket.rounds[-2]) if p is not None)
    return losers if len(losers) == 2 else ()


def bracket_ranking(bracket: Bracket, *,
                    third_place_winner: Hashable | None = None) -> tuple[FinalPlace, ...]:  # fmt: skip
    """The places of the decided ``bracket``'s pairs (steps 1 and 2 above: the winner, the
    runner-up, then the pairs by the round they went out in, sharing); ``third_place_winner``
    when a third-place game was played. The pairs outside the bracket are the format's to
    rank after these: by group place here (:func:`final_ranking`), by the Swiss ranking in
    the free-deal format (rules.md 11.3), so both formats share this one rule."""
    champion = bracket.champion
    if champion is None:
        raise GroupsError("bracket", "the final has not been decided yet",
                          code="knockout_not_finished")  # fmt: skip
    # How far each pair of the bracket went: the last round it is seen in (from 0), the
    # champion one round further.
    reached: dict[Hashable, int] = {}
    for number, round_ties in enumerate(bracket.rounds):
        for tie in round_ties:
            reached.update((pair, number) for pair in tie.pairs if pair is not None)
    reached[champion] = len(bracket.rounds)
    semi_final = len(bracket.rounds) - 2
    ranking: list[FinalPlace] = []
    for stage in sorted(set(reached.values()), reverse=True):
        out = sorted_ids(pair for pair, last in reached.items() if last == stage)
        place = len(ranking) + 1
        if stage == semi_final and third_place_winner is not None:
            if third_place_winner not in out or len(out) != 2:
                raise GroupsError("third_place_winner", f"pair {third_place_winner} did not "
                                  "lose a semi-final", code="unknown_pair",
                                  params={"pair": third_place_winner})  # fmt: skip
            other = out[1] if out[0] == third_place_winner else out[0]
            ranking += [FinalPlace(place, False, third_place_winner, True),
                        FinalPlace(place + 1, False, other, True)]  # fmt: skip
            continue
        ranking.extend(FinalPlace(place, len(out) > 1, pair, True) for pair in out)
    return tuple(ranking)


def final_ranking(bracket: Bracket, standings: Sequence[GroupStanding], *,
                  third_place_winner: Hashable | None = None) -> tuple[FinalPlace, ...]:  # fmt: skip
    """Every pair's final place, from the decided ``bracket`` and the groups' rankings
    (group 1 first); ``third_place_winner`` when a third-place game was played."""
    ranking = list(bracket_ranking(bracket, third_place_winner=third_place_winner))
    in_bracket = {entry.pair for entry in ranking}
    by_place: dict[int, list] = {}
    for standing in standings:
        for placed in standing.lines:
            if placed.pair not in in_bracket:
                by_place.setdefault(placed.place, []).append(placed.line)
    for group_place in sorted(by_place):
        for block in tied_blocks(by_place[group_place]):
            place = len(ranking) + 1
            shared = len(block) > 1
            ranking.extend(FinalPlace(place, shared, pair, False)
                           for pair in sorted_ids(line.pair for line in block))  # fmt: skip
    return tuple(ranking)
