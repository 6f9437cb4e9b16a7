"""Ratings written directly (the rebuild is not what these tests are about): a player's
shown rating after a championship, at a place in the rating order."""

from __future__ import annotations

import itertools

from tournaments.models import Championship, EntrantPlayer, PlayerRating

_keys = itertools.count(1)


def past_championship(name: str = "Past") -> Championship:
    """A championship to hang ratings on (its own rows say nothing else)."""
    key = f"{next(_keys):064x}"
    return Championship.objects.create(name=name, deal_key=key, key_commitment=key,
                                       status=Championship.Status.FINISHED)


def rate(player_id: int, shown: float, *, sequence: int, championship: Championship):
    """``player_id``'s rating after ``championship`` (the ``sequence``-th rated)."""
    return PlayerRating.objects.create(player_id=player_id, championship=championship,
                                       sequence=sequence, mu=shown + 15, sigma=5, shown=shown)


def players_of(team) -> list[int]:
    """The register's players of ``team``, first player first."""
    return list(EntrantPlayer.objects.filter(team=team).order_by("position")
                .values_list("player_id", flat=True))


def rate_team(team, *shown: float, sequence: int = 1, championship=None) -> None:
    """Each of ``team``'s players rated ``shown`` (in order) after a past championship."""
    championship = championship or past_championship()
    for player, value in zip(players_of(team), shown, strict=True):
        rate(player, value, sequence=sequence, championship=championship)
