"""Confirming a game with the other pair's PIN, typed on the phone of the pair that entered
it: the results core's PIN confirmation and lockout (``results.pins``), shared per table with
every format."""

from __future__ import annotations

from formats.free_deal.services.games import GAMES
from results import pins
from scoring.models import GameReview
from scoring.services.values import Origin
from tournaments.models import Team


def confirm_game_with_pin(*, entry_id: int, team: Team, pin: str,
                          origin: Origin = Origin()) -> GameReview:
    """The other pair confirms ``team``'s entry on ``team``'s phone by typing its PIN. A
    wrong PIN is kept; too many at the table lock PIN confirmation there for a while."""
    return pins.confirm_with_pin(GAMES, entry_id=entry_id, entrant=team, pin=pin,
                                 origin=origin)
