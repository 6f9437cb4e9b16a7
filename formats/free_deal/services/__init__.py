"""Writes of the free-deal format: one function per operation, each in one transaction.

As in ``scoring.services``: nothing is updated in place (an entry, a confirmation, a dispute
and a director's result each add a row with who, when and from where); each game operation
locks only its own table's row, so the tables of a round write in parallel; one entry per
idempotency key is a unique constraint.

Modules: ``settings`` (the format's settings), ``pairing`` (drafting the next round),
``knockout`` (starting the knockout stage from the Swiss ranking; its bracket, the games
the director enters and the pairs report, is the core's: ``scoring.services.knockout`` and
``scoring.services.knockout_captains``). A table's game (entering, confirming, disputing,
the other pair's PIN, the director's result) is the core's (``scoring.services.games``,
which asks ``FreeDealPairs.check_game``), re-exported here for the format's own views; a
round's clock is the core's too (``tournaments.services.clock``).
Refusals raise ``ScoringError`` (games) or ``ServiceError`` (settings, pairing) with a
translated message, naming the field when there is one.
"""

from formats.free_deal.services.knockout import knockout_field, start_knockout
from formats.free_deal.services.pairing import pair_next_round
from formats.free_deal.services.settings import save_settings, settings_of
from scoring.services.games import (
    GameValues,
    confirm_game,
    confirm_game_with_pin,
    director_confirm_game,
    director_set_game,
    dispute_game,
    earlier_submission,
    submit_game,
)

__all__ = [
    "GameValues",
    "confirm_game",
    "confirm_game_with_pin",
    "director_confirm_game",
    "director_set_game",
    "dispute_game",
    "earlier_submission",
    "knockout_field",
    "pair_next_round",
    "save_settings",
    "settings_of",
    "start_knockout",
    "submit_game",
]
