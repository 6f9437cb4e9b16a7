"""Reading the players' ratings for one championship (rules.md 13.3): what seeds it and what
its ranking sheet shows.

- :func:`entrant_ratings`: each entrant's players' shown ratings (in the order the entrant
  names them) and its **strength**, the mean of them, in two queries whatever the field.
- :func:`seeding_order`: entrants by strength, highest first, ties by number (lower first):
  what "seed by rating" uses for round 1 of a Swiss event and for the groups.
- :func:`seeding_lines`: that order as the director sees it before round 1.
- :func:`rating_texts`: the figures a ranking sheet's "Rating" column prints, or ``None``
  when the championship does not show ratings.

Which ratings: a player's rating as it stands now (their row of highest sequence), except in
a championship that has been rated itself (it finished and the ratings were rebuilt): there
each player's rating from before it (their row of highest sequence below the championship's
own), so that its sheet shows what the players brought to it, not what they took away. A
player never rated counts as a new player (the initial rating, shown as 0).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils.formats import number_format

from engine.ratings import INITIAL_RATING, shown_rating
from tournaments.models import Championship, EntrantPlayer, PlayerRating, Team

#: The rating shown for a player never rated (0: mean 25, deviation 25/3).
NEW_PLAYER_SHOWN = shown_rating(INITIAL_RATING)

# Past every sequence: a championship not rated (yet) sees every rating.
_NO_SEQUENCE = 2**31 - 1


@dataclass(frozen=True, slots=True)
class EntrantRating:
    """An entrant's players' shown ratings (first player first; unrounded) and its
    ``strength``, their mean (a new player's counting as :data:`NEW_PLAYER_SHOWN`)."""

    team_id: int
    number: int
    players: tuple[float, ...]

    @property
    def strength(self) -> float:
        if not self.players:
            return NEW_PLAYER_SHOWN
        return sum(self.players) / len(self.players)


def _rating_before(championship: Championship):
    """Each player's latest shown rating (a subquery on ``player_id``): the latest of all,
    or, when ``championship`` has been rated, the latest before it."""
    own = PlayerRating.objects.filter(championship=championship).values("sequence")[:1]
    rows = PlayerRating.objects.filter(
        player_id=OuterRef("player_id"),
        sequence__lt=Coalesce(Subquery(own), Value(_NO_SEQUENCE)))
    return Subquery(rows.order_by("-sequence").values("shown")[:1])


def entrant_ratings(championship: Championship) -> dict[int, EntrantRating]:
    """Every entrant of ``championship`` (withdrawn ones too) by team id, with its players'
    shown ratings and its strength. Two queries, whatever the size of the field and of
    the players' histories."""
    teams = list(Team.objects.filter(championship=championship).values_list("pk", "number"))
    entries = (EntrantPlayer.objects.filter(team__championship=championship)
               .annotate(rating=_rating_before(championship))
               .order_by("team_id", "position").values_list("team_id", "rating"))
    players: dict[int, list[float]] = {}
    for team_id, rating in entries:
        players.setdefault(team_id, []).append(NEW_PLAYER_SHOWN if rating is None else rating)
    return {pk: EntrantRating(pk, number, tuple(players.get(pk, ())))
            for pk, number in teams}


def seeding_order(ratings: Iterable[EntrantRating]) -> list[int]:
    """The team ids by strength, highest first; equal strengths by number, lower first."""
    return [r.team_id for r in sorted(ratings, key=lambda r: (-r.strength, r.number))]


def rating_order(championship: Championship, team_ids: Iterable[int]) -> list[int]:
    """``team_ids`` (entrants of ``championship``) in :func:`seeding_order`."""
    ratings = entrant_ratings(championship)
    return seeding_order(ratings[pk] for pk in team_ids)


def show(value: float) -> str:
    """A rating as printed: one decimal, in the reader's language (12,3 in Catalan)."""
    rounded = round(value, 1) + 0.0  # no "-0.0"
    return number_format(rounded, 1)


def rating_text(rating: EntrantRating) -> str:
    """An entrant's "Rating" cell: each player's rating, first player first ("12.3 · 8.1")."""
    if not rating.players:
        return show(NEW_PLAYER_SHOWN)
    return " · ".join(show(value) for value in rating.players)


def rating_texts(championship: Championship) -> dict[int, str] | None:
    """The ranking sheet's "Rating" column by team id, or ``None`` when the championship
    does not show ratings (``Championship.show_ratings``)."""
    if not championship.show_ratings:
        return None
    return {pk: rating_text(rating) for pk, rating in entrant_ratings(championship).items()}


def rating_marks(championship: Championship) -> list | None:
    """What the "Rating" column shows, in no language (``[team id, [ratings to 1
    decimal]]``, by team id), or ``None`` when it is not shown: a kept public file's
    fingerprint (``scoring.exports.public_files``) reads it, so a rebuilt rating makes a
    new sheet. No query when the ratings are not shown."""
    if not championship.show_ratings:
        return None
    return [[pk, [round(value, 1) + 0.0 for value in rating.players]]
            for pk, rating in sorted(entrant_ratings(championship).items())]


@dataclass(frozen=True, slots=True)
class Seed:
    """One line of a seeding by rating as the director sees it before round 1: the seed
    (1 the best), the entrant and its strength as printed."""

    seed: int
    team: Team
    strength: str


def seeding_lines(championship: Championship, teams: Iterable[Team]) -> list[Seed]:
    """``teams`` (entrants of ``championship``) in :func:`seeding_order`, numbered from 1."""
    ratings = entrant_ratings(championship)
    by_id = {team.pk: team for team in teams}
    order = seeding_order(ratings[pk] for pk in by_id)
    return [Seed(seed, by_id[pk], show(ratings[pk].strength))
            for seed, pk in enumerate(order, start=1)]
