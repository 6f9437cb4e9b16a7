"""Championships, teams, rounds, tables and deals: one module per concern.

- ``championship.py``: :class:`Championship`, its format, movement, variant and deal key.
- ``teams.py``: :class:`Team`, an entrant (a pair, or one player in an individual format).
- ``rounds.py``: :class:`Round`, :class:`Table` and :class:`Deal`.
- ``audit.py``: :class:`AuditEvent`, the directors' actions.
- ``analysis.py``: :class:`DealAnalysis`, a deal's double-dummy analysis (rules.md 8.1).
- ``clock.py``: :class:`RoundClock`, a released round's clock (``tournaments.clock``).
- ``players.py``: the register of players (:class:`Player`, :class:`EntrantPlayer`,
  :class:`PlayerMerge`; rules.md 13.1).
- ``places.py``: :class:`FinalPlace`, an entrant's place in a finished championship.
- ``ratings.py``: :class:`PlayerRating`, a player's rating after a championship (13.3).

Models hold data and database invariants only. Operations that change data live in
the ``tournaments.services`` package; read queries in ``tournaments/selectors.py``.
Everything is importable from ``tournaments.models`` as before.
"""

from __future__ import annotations

import secrets

# A team's private link carries 16 random bytes (128 bits, 22 URL-safe characters): too
# many to guess, and short enough to type from a printed team card.
LINK_SECRET_BYTES = 16


# These two are defined here, before the models are imported, because the migrations name
# them by this module's path (``tournaments.models.new_link_secret``) as field defaults.
def new_link_secret() -> str:
    return secrets.token_urlsafe(LINK_SECRET_BYTES)


def new_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


from tournaments.models.analysis import DealAnalysis  # noqa: E402
from tournaments.models.audit import AuditEvent  # noqa: E402
from tournaments.models.championship import Championship  # noqa: E402
from tournaments.models.clock import RoundClock  # noqa: E402
from tournaments.models.places import FinalPlace  # noqa: E402
from tournaments.models.players import EntrantPlayer, Player, PlayerMerge  # noqa: E402, I001
from tournaments.models.ratings import PlayerRating  # noqa: E402
from tournaments.models.rounds import Deal, Round, Table  # noqa: E402
from tournaments.models.teams import Team  # noqa: E402

__all__ = [
    "LINK_SECRET_BYTES", "AuditEvent", "Championship", "Deal", "DealAnalysis", "EntrantPlayer",
    "FinalPlace", "Player", "PlayerMerge", "PlayerRating", "Round", "RoundClock", "Table",
    "Team", "new_link_secret", "new_pin",
]
