"""How refusals name who plays at a table, per format (no models here: ``formats.base``
reads it before the apps are loaded)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class Wording:
    """How a format's refusals name who plays at a table: a duplicate team, a free-deal
    pair (each format gives its own, through ``formats``' seam: ``Format.wording``)."""

    not_your_table: object
    withdrawn: object
    withdrawal_bye: object
    no_open_table: object


TEAM_WORDING = Wording(
    not_your_table=gettext_lazy("Your team does not play at this table."),
    withdrawn=gettext_lazy("Your team has withdrawn: its link can no longer enter or confirm "
                           "results. Please ask the director."),
    withdrawal_bye=gettext_lazy("The other team has withdrawn: this table plays no deal and "
                                "your team has a bye."),
    no_open_table=gettext_lazy("Your team has no open table right now: the round is closed "
                               "or has not started."),
)
