"""Final places of a free-deal event (rules.md 13, ``Format.final_places``): one ranking of
the whole event, as ``(pair id, place)``, shared places carrying the same number (1, 2, 2, 4),
for the series and the ratings.

- **Without a knockout, or before it is decided:** the Swiss ranking (rules.md 11.3) after the
  last closed round (or ``up_to``). With sections, each section's ranking follows the one
  before it, in the sections' order, its places counted on from the pairs above (the 1st of
  a second section after a first section of 7 is 8th).
- **Once the knockout is decided** (its final, and the third-place game when there is one):
  the bracket's pairs first, by the rule of the groups' bracket (rules.md 12.4,
  ``engine.groups.final_places.bracket_ranking``): the winner, the runner-up, then the pairs
  by the round they went out in, sharing a place (the losing semi-finalists "3=", or 3 and 4
  after a third-place game; the quarter-finals' losers "5="...). Then every pair outside the
  bracket in its Swiss order, places counted on from the bracket, pairs level in the Swiss
  sharing as they did there. The losers of one round share rather than keep their Swiss
  order: they all went as far, the Swiss order already gave them their seeds, and the
  groups' knockout ranks them so.
- **Sections and the knockout:** a knockout across sections is refused (the bracket is drawn
  from the one Swiss ranking of the event, ``services.knockout.knockout_field``), so the two
  never meet: an event with sections is ranked by the sections rule above.

``up_to`` asks for the ranking after an earlier round: the Swiss alone, the knockout coming
after every round.
"""

from __future__ import annotations

from engine.groups.final_places import bracket_ranking
from formats.free_deal.selectors import section_rankings
from scoring.models import KnockoutTie
from scoring.services.knockout_settle import decided_ties, engine_bracket
from tournaments.models import Championship, Round


def final_places(championship: Championship, *, up_to: int | None = None
                 ) -> list[tuple[int, int]]:
    """Each pair's place (see the module): the decided knockout, then the Swiss ranking."""
    swiss = swiss_places(championship, up_to=up_to)
    if up_to is not None:
        return swiss
    knockout = knockout_places(championship)
    if knockout is None:
        return swiss
    return knockout + _after(knockout, swiss)


def swiss_places(championship: Championship, *, up_to: int | None = None
                 ) -> list[tuple[int, int]]:
    """The Swiss ranking after the last closed round (or ``up_to``), sections one after the
    other, their places counted on."""
    if up_to is None:
        up_to = max(championship.rounds.filter(status=Round.Status.CLOSED)
                    .values_list("number", flat=True), default=0)
    places: list[tuple[int, int]] = []
    for part in section_rankings(championship, up_to=up_to):
        above = len(places)
        places.extend((line.team.pk, above + line.placed.place) for line in part.lines)
    return places


def knockout_places(championship: Championship) -> list[tuple[int, int]] | None:
    """The bracket's pairs by how far they went, or ``None`` without a knockout or until its
    final (and its third-place game, when one is played) is decided. Two queries."""
    from formats import format_of  # late: the formats registry imports this format

    ties = list(KnockoutTie.objects.filter(championship=championship)
                .prefetch_related("games"))
    decided = decided_ties(ties)
    if decided is None:
        return None
    played, third = decided
    bracket = engine_bracket(played, format_of(championship).knockout_best_of(championship))
    ranking = bracket_ranking(bracket,
                              third_place_winner=third.winner_id if third else None)
    return [(place.pair, place.place) for place in ranking]


def _after(knockout: list[tuple[int, int]], swiss: list[tuple[int, int]]
           ) -> list[tuple[int, int]]:
    """The pairs outside the bracket in their Swiss order, placed after the bracket's: a
    pair level in the Swiss with the pair before it (left after the bracket took its own)
    shares that pair's place."""
    in_bracket = {pk for pk, _place in knockout}
    rest: list[tuple[int, int]] = []
    previous_swiss = None
    for pk, swiss_place in swiss:
        if pk in in_bracket:
            continue
        place = len(knockout) + len(rest) + 1
        if swiss_place == previous_swiss:
            place = rest[-1][1]
        rest.append((pk, place))
        previous_swiss = swiss_place
    return rest
