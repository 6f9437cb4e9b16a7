"""How the individual format's refusals name who plays at a table: a player (the shared
checks speak of a duplicate team by default). Given to them through ``Format.wording``."""

from django.utils.translation import gettext_lazy as _

from scoring.wording import Wording

PLAYER_WORDING = Wording(
    not_your_table=_("You do not play at this table."),
    withdrawn=_("You have withdrawn: your link can no longer enter or confirm results. "
                "Please ask the director."),
    withdrawal_bye=_("You sit out this round: there is nothing to enter."),
    no_open_table=_("You have no open table right now: the round is closed, has not started, "
                    "or you sit out."),
)
