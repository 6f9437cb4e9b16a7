"""Players' ratings across championships (rules.md 13.3).

Every finished championship is one ranked match of its entrants, in its final order: a pair
is a team of two players, an individual a team of one, and entrants sharing a place are tied.
The match updates each player's rating with OpenSkill's Plackett–Luce model (the library
``openskill``, pinned at 6.2.0 in pyproject.toml) and the library's default parameters.  A
rating is a mean ``mu`` and a standard deviation ``sigma``; the rating shown is the
conservative estimate ``mu - 3 * sigma``.

Ratings are a fold over the championships in date order (those of one date in the order they
finished), so a changed earlier result means replaying from scratch: :func:`rebuild_ratings`
does that and keeps each player's rating after every match (the history, for charts);
:func:`update_ratings` applies one more match to ratings already held and gives exactly what
the rebuild would.  A match of fewer than two entrants changes nothing.  The caller orders
the matches; this module never looks at dates.  Pure Python, no Django.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.field_error import FieldError

__all__ = [
    "INITIAL_RATING",
    "RATING_CODES",
    "RankedMatch",
    "Rating",
    "RatingError",
    "RatingHistory",
    "RatingStep",
    "rebuild_ratings",
    "shown_rating",
    "update_ratings",
]

# The library's defaults throughout (mu 25, sigma 25/3, beta, kappa, tau...): the rules name
# no parameter of their own.  ``rate`` copies the ratings it is given and keeps no state
# between calls when ``limit_sigma`` is not passed, so one model serves every call.
_MODEL = PlackettLuce()

#: How many standard deviations the shown rating lies below the mean.
SHOWN_DEVIATIONS = 3

#: Every code a :class:`RatingError` may carry, with what it means.
RATING_CODES: dict[str, str] = {
    "invalid": "not valid (no more precise code)",
    "empty_entrant": "an entrant has no player",
    "player_twice": "a player appears twice in one match",
    "places_count": "there is not one place for each entrant",
    "bad_place": "places run 1, 2, 3... in the final order, tied entrants sharing the first "
                 "place of their tie (1, 2, 2, 4)",
    "bad_rating": "a mean must be a finite number and a standard deviation a finite positive "
                  "number",
}  # fmt: skip


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class RatingError(FieldError):
    """A rating input refused: ``field`` names it (``"entrants[3]"``, ``"places[2]"``...),
    ``code`` is one of :data:`RATING_CODES`, ``params`` holds the figures the message
    quotes."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the mean ``mu`` of their estimated skill and its standard
    deviation ``sigma``."""

    mu: float
    sigma: float

    def __post_init__(self) -> None:
        if not _is_number(self.mu) or not math.isfinite(self.mu):
            raise RatingError("mu", f"{self.mu!r} is not a finite number", code="bad_rating",
                              params={"value": self.mu})  # fmt: skip
        if not _is_number(self.sigma) or not math.isfinite(self.sigma) or self.sigma <= 0:
            raise RatingError("sigma", f"{self.sigma!r} is not a finite positive number",
                              code="bad_rating", params={"value": self.sigma})  # fmt: skip

    @property
    def shown(self) -> float:
        """The rating shown: see :func:`shown_rating`."""
        return shown_rating(self)


#: A new player's rating: the library's default mean and standard deviation (25, 25/3).
INITIAL_RATING = Rating(float(_MODEL.mu), float(_MODEL.sigma))


def shown_rating(rating: Rating) -> float:
    """The rating shown: the conservative estimate, mean minus three standard deviations
    (0 for a new player).  Unrounded: rounding is the display's business."""
    return rating.mu - SHOWN_DEVIATIONS * rating.sigma


@dataclass(frozen=True, slots=True)
class RankedMatch:
    """One finished championship as a ranked match.

    ``entrants`` are in the final order, each a tuple of player keys (two for a pair, one
    for an individual); ``places`` gives each entrant's place, standard competition
    ranking: 1, 2, 3... with tied entrants sharing the first place of their tie (1, 2, 2,
    4).  ``key`` names the championship in the players' histories (any hashable value).
    """

    entrants: tuple[tuple[Hashable, ...], ...]
    places: tuple[int, ...]
    key: Hashable = None

    def __init__(self, entrants: Iterable[Iterable[Hashable]], places: Iterable[int],
                 key: Hashable = None) -> None:  # fmt: skip
        object.__setattr__(self, "entrants", tuple(tuple(entrant) for entrant in entrants))
        object.__setattr__(self, "places", tuple(places))
        object.__setattr__(self, "key", key)
        self._check()

    @classmethod
    def in_order(cls, entrants: Iterable[Iterable[Hashable]], key: Hashable = None):
        """A match without ties: the entrants' places are 1, 2, 3... as given."""
        entrants = [tuple(entrant) for entrant in entrants]
        return cls(entrants, range(1, len(entrants) + 1), key)

    @property
    def players(self) -> tuple[Hashable, ...]:
        """Every player of the match, in the entrants' order."""
        return tuple(player for entrant in self.entrants for player in entrant)

    @property
    def counts(self) -> bool:
        """Whether the match changes any rating: it needs two entrants at least."""
        return len(self.entrants) >= 2

    def _check(self) -> None:
        seen: dict[Hashable, int] = {}
        for index, entrant in enumerate(self.entrants):
            field = f"entrants[{index}]"
            if not entrant:
                raise RatingError(field, "an entrant has no player", code="empty_entrant")
            for player in entrant:
                try:
                    earlier = seen.setdefault(player, index)
                except TypeError:
                    raise RatingError(field, f"the player key {player!r} is not hashable",
                                      code="invalid") from None  # fmt: skip
                if earlier != index or entrant.count(player) > 1:
                    raise RatingError(
                        field, f"player {player!r} appears twice in the match",
                        code="player_twice", params={"player": player, "first": earlier})
        if len(self.places) != len(self.entrants):
            raise RatingError("places", f"{len(self.places)} places for "
                              f"{len(self.entrants)} entrants", code="places_count",
                              params={"places": len(self.places),
                                      "entrants": len(self.entrants)})  # fmt: skip
        for index, place in enumerate(self.places):
            # Either the next place by position, or the place shared with the entrant above.
            expected = {index + 1} | ({self.places[index - 1]} if index else set())
            if not _is_integer(place) or place not in expected:
                raise RatingError(
                    f"places[{index}]",
                    f"place {place!r} after {list(self.places[:index])}: expected "
                    f"{' or '.join(str(p) for p in sorted(expected))}",
                    code="bad_place", params={"place": place, "expected": sorted(expected)})


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A player's rating after one match: ``match`` is the match's position in the order
    rated (from 0), ``key`` the match's own key."""

    match: int
    key: Hashable
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """Ratings replayed from scratch: ``ratings`` holds each player's rating after the last
    match (players who never played a counted match are absent: they hold
    :data:`INITIAL_RATING`); ``steps`` each player's rating after every match they played,
    in order (a match of fewer than two entrants leaves no step)."""

    ratings: Mapping[Hashable, Rating]
    steps: Mapping[Hashable, tuple[RatingStep, ...]]

    def rating(self, player: Hashable) -> Rating:
        """``player``'s current rating (the initial rating if they never played)."""
        return self.ratings.get(player, INITIAL_RATING)

    def history(self, player: Hashable) -> tuple[RatingStep, ...]:
        """``player``'s rating after each match they played, in order."""
        return self.steps.get(player, ())


def update_ratings(ratings: Mapping[Hashable, Rating],
                   match: RankedMatch) -> dict[Hashable, Rating]:  # fmt: skip
    """The ratings after ``match``: a new dict, ``ratings`` with the match's players
    rerated (a player absent from ``ratings`` starts at :data:`INITIAL_RATING`).  Applied
    to the matches in order from no ratings, it gives :func:`rebuild_ratings`'s ratings."""
    updated = dict(ratings)
    updated.update(_rate(ratings, match))
    return updated


def rebuild_ratings(matches: Sequence[RankedMatch]) -> RatingHistory:
    """Every player's rating replayed from scratch over ``matches``, in the order given
    (the caller's: by date, then by finishing order), with each player's history."""
    ratings: dict[Hashable, Rating] = {}
    steps: dict[Hashable, list[RatingStep]] = {}
    for index, match in enumerate(matches):
        changed = _rate(ratings, match)
        ratings.update(changed)
        for player, rating in changed.items():
            steps.setdefault(player, []).append(RatingStep(index, match.key, rating))
    return RatingHistory(ratings, {player: tuple(line) for player, line in steps.items()})


def _rate(ratings: Mapping[Hashable, Rating], match: RankedMatch) -> dict[Hashable, Rating]:
    """The match's players' new ratings (nothing for a match of fewer than two entrants)."""
    if not isinstance(match, RankedMatch):
        raise TypeError(f"a RankedMatch was expected, not {type(match).__name__}")
    if not match.counts:
        return {}
    teams = []
    for entrant in match.entrants:
        team = []
        for player in entrant:
            held = ratings.get(player, INITIAL_RATING)
            team.append(_MODEL.rating(mu=held.mu, sigma=held.sigma))
        teams.append(team)
    # Equal ranks are ties (the library's documented way); lower ranks are better.
    rated = _MODEL.rate(teams, ranks=[float(place) for place in match.places])
    return {player: Rating(float(new.mu), float(new.sigma))
            for entrant, team in zip(match.entrants, rated, strict=True)
            for player, new in zip(entrant, team, strict=True)}  # fmt: skip
