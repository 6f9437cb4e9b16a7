"""Confirming an entry with another player's PIN, typed on the phone of the player who
entered it (rules.md 10.2: any one of the other players confirms; the PIN says which): the
results core's PIN confirmation and its lockout per table (``results.pins``)."""

from __future__ import annotations

from formats.abarrotada.services.reports import REPORTS
from formats.abarrotada.services.totals import TOTALS
from results import pins
from scoring.services.values import Origin
from tournaments.models import Team


def confirm_report_with_pin(*, report_id: int, player: Team, pin: str,
                            origin: Origin = Origin()):
    """A deal's report (rules.md 10.2), confirmed with another player's PIN."""
    return pins.confirm_with_pin(REPORTS, entry_id=report_id, entrant=player, pin=pin,
                                 origin=origin)


def confirm_totals_with_pin(*, entry_id: int, player: Team, pin: str,
                            origin: Origin = Origin()):
    """An evening's game totals (rules.md 10.4), confirmed with another player's PIN."""
    return pins.confirm_with_pin(TOTALS, entry_id=entry_id, entrant=player, pin=pin,
                                 origin=origin)
