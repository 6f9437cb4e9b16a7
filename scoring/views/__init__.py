"""Scoring pages every format shares: the captain's page (private link, the format's page),
the director's results pages, the public result pages, the exports and the round clock.
Views are thin: selectors read, services write."""

from scoring.views.captain import captain
from scoring.views.clock import captain_clock, director_clock, public_clock
from scoring.views.director import (
    director_close_round,
    director_grid,
    director_publish,
    director_results,
)
from scoring.views.exports import (
    director_export_file,
    director_export_retry,
    director_export_start,
    director_exports,
    export_download,
)
from scoring.views.offline import captain_service_worker
from scoring.views.results import projector, scorecard, standings, traveller, travellers
from scoring.views.tokens import api_token_rename, api_token_revoke, api_tokens

__all__ = [
    "api_token_rename", "api_token_revoke", "api_tokens",
    "captain", "captain_clock", "captain_service_worker", "director_clock", "public_clock",
    "director_close_round", "director_grid",
    "director_publish", "director_results", "projector", "scorecard", "standings", "traveller", "travellers",
    "director_export_file", "director_export_retry", "director_export_start",
    "director_exports", "export_download",
]
