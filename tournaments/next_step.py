"""What a director does next, once nothing is in play (issue: "next steps for a director").

After a round closes the championship page and the round's results grid offer the one next
step, so that a director never has to look for it: release the drafted round, pair the next
Swiss round while rounds remain planned, or finish the championship. Nothing is offered
while a round is in play or once the championship is finished.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Championship, Round


@dataclass(frozen=True)
class NextStep:
    label: str
    url: str
    #: A button that posts (pairing a round) rather than a link to a page.
    post: bool = False


def more_rounds_to_pair(championship: Championship, rounds: list[Round]) -> bool:
    """A Swiss event pairs round by round until its planned number (if it has one)."""
    planned = championship.rounds_planned
    return championship.is_swiss and (not planned or len(rounds) < planned)


def next_step(championship: Championship, rounds: list[Round]) -> NextStep | None:
    """``rounds`` in number order (the caller has read them)."""
    if championship.status == Championship.Status.FINISHED or not rounds:
        return None
    if any(r.status == Round.Status.RELEASED for r in rounds):
        return None
    drafted = [r for r in rounds if r.status == Round.Status.DRAFTED]
    if drafted:
        number = drafted[0].number
        return NextStep(_("Release round %(number)s") % {"number": number},
                        reverse("tournaments:director_round", args=[championship.pk, number]))
    if more_rounds_to_pair(championship, rounds):
        return NextStep(_("Pair round %(number)s") % {"number": rounds[-1].number + 1},
                        reverse("tournaments:director_generate", args=[championship.pk]),
                        post=True)
    return NextStep(_("Finish the championship"),
                    reverse("tournaments:director_finish", args=[championship.pk]))
