"""How the format's refusals name who plays at a table: a pair (the shared checks speak of a
duplicate team by default). Given to them through ``Format.wording``."""

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
)
