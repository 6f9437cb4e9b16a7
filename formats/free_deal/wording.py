"""How the free-deal format's refusals name who plays at a table: a pair (the shared
checks speak of a duplicate team by default). Given to them through ``Format.wording``."""

from django.utils.translation import gettext_lazy as _

from scoring.wording import Wording

PAIR_WORDING = Wording(
    not_your_table=_("Your pair does not play at this table."),
    withdrawn=_("Your pair has withdrawn: its link can no longer enter or confirm results. "
                "Please ask the director."),
    withdrawal_bye=_("The other pair has withdrawn: this table plays no game and your pair "
                     "has a bye."),
    no_open_table=_("Your pair has no open table right now: the round is closed or has not "
                    "started."),
    wrong_round=_("Your pair's game in play is in round %(open)s, not round %(round)s: nothing "
                  "was entered."),
    wrong_table=_("Your pair plays at table %(open)s in round %(round)s, not at table "
                  "%(table)s: nothing was entered."),
)
