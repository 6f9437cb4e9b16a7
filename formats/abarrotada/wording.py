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
    wrong_round=_("Your table in play is in round %(open)s, not round %(round)s: nothing was "
                  "entered."),
    wrong_table=_("You play at table %(open)s in round %(round)s, not at table %(table)s: "
                  "nothing was entered."),
)
