"""How the individual format names who plays at a table: a player (the shared checks and
pages speak of a duplicate team, or a pair, by default). Given to them through
``Format.wording``."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.wording import Wording

PLAYER_WORDING = Wording(
    not_your_table=_("You do not play at this table."),
    withdrawn=_("You have withdrawn: your link can no longer enter or confirm results. "
                "Please ask the director."),
    withdrawal_bye=_("You sit out this round: there is nothing to enter."),
    no_open_table=_("You have no open table right now: the round is closed, has not started, "
                    "or you sit out."),
    entrant=_("player"),
    entrants=_("players"),
    entrant_title=_("Player"),
    entrants_title=_("Players"),
    add_one=_("Add a player"),
    add_button=_("Add the player"),
    none_yet=_("No players yet: add them one by one or import a file."),
)


#: A seat's letter in the reader's language, as the cards and forms name the seats (West is
#: "Oest" in Catalan and "Oeste" in Spanish, so its letter is O there).
SEAT_LETTERS = {"N": pgettext_lazy("seat, short", "N"), "E": pgettext_lazy("seat, short", "E"),
                "S": pgettext_lazy("seat, short", "S"), "W": pgettext_lazy("seat, short", "W")}


def seat_letters(seats: str) -> str:
    """One or more seat letters (``"W"``, ``"NE"``) in the reader's language."""
    return "".join(str(SEAT_LETTERS.get(seat, seat)) for seat in seats or "")
