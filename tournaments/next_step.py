"""What a director does next, once nothing is in play (issue: "next steps for a director").

After a round closes the championship page and the round's results grid offer the one next
step, so that a director never has to look for it: release the drafted round, pair the next
Swiss round while rounds remain planned, or finish the championship. Nothing is offered
while a round is in play or once the championship is finished.

Before that, while the championship is being prepared (no round released yet), its page shows
a short :func:`checklist` instead: register the teams, make the rounds, print, release round
1, each step saying whether it is done and linking to where it is done.
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
    """A Swiss event pairs round by round until its planned number (if it has one), each
    once the round before it is closed (``rounds`` in number order): the director is not
    offered a pairing that would be refused. The format says how many rounds there are
    (``Format.rounds_to_pair``: the planned number, or a schedule's length)."""
    from formats import format_of  # late: the formats import this module's app

    if not championship.is_swiss or (rounds and rounds[-1].status != Round.Status.CLOSED):
        return False
    planned = format_of(championship).rounds_to_pair(championship)
    return planned is None or len(rounds) < planned


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
        from formats import format_of  # late: the formats import this module's app

        # Individual play seats its players; pairs are paired.
        label = (_("Seat round %(number)s") if format_of(championship).players_entrants
                 else _("Pair round %(number)s"))
        return NextStep(label % {"number": rounds[-1].number + 1},
                        reverse("tournaments:director_generate", args=[championship.pk]),
                        post=True)
    return NextStep(_("Finish the championship"),
                    reverse("tournaments:director_finish", args=[championship.pk]))


# --- The first steps of a new championship -------------------------------------------------


@dataclass(frozen=True)
class ChecklistStep:
    label: str
    done: bool
    #: ``(label, url)`` of the pages where the step is done; empty while an earlier step
    #: is still to do (a link there would lead nowhere yet).
    links: tuple[tuple[str, str], ...] = ()
    #: A button that posts to ``post_url`` (generating the rounds) instead of a link.
    post_label: str = ""
    post_url: str = ""
    #: Why the step cannot be done yet, or what it asks for.
    note: str = ""
    #: What the step after it says while this one is still to do (a format's own step).
    then_note: str = ""


def shows_checklist(championship: Championship, rounds: list[Round]) -> bool:
    """Until round 1 is released the director is preparing: the checklist replaces the
    single next step."""
    return championship.status == Championship.Status.DRAFT and not any(
        r.status != Round.Status.DRAFTED for r in rounds)


def checklist(championship: Championship, rounds: list[Round], team_count: int
              ) -> list[ChecklistStep]:
    """Teams, then the format's own step if it has one, then rounds, then print, then
    release: each step done or not, with where to do it. ``team_count`` counts the teams playing (not withdrawn). A round robin needs two teams
    to be generated (``formats.duplicate_pairs.rounds``), a Swiss round one pairing of two."""
    from formats import format_of  # late: the formats import this module's app

    pk = championship.pk
    fmt = format_of(championship)
    words = {"entrants": fmt.wording.entrants, "entrant": fmt.wording.entrant}
    teams_done = team_count >= 2
    steps = [ChecklistStep(
        _("Register the %(entrants)s") % words, teams_done,
        # Worded apart from the page's own buttons, so that each name leads to one place.
        links=((_("Add them one by one"), reverse("tournaments:director_teams", args=[pk])),
               (_("Import them from a file"),
                reverse("tournaments:director_team_import", args=[pk]))),
        note="" if teams_done
        else _("At least two %(entrants)s are needed to make the rounds.") % words,
    )]
    # The format's own preparation (``Format.setup_step``), which round 1 waits for.
    setup = fmt.setup_step(championship, entrants_done=teams_done)
    if setup is not None:
        steps.append(setup)
    ready = teams_done and (setup is None or setup.done)
    rounds_done = bool(rounds)
    generate = ""
    if ready and not rounds_done:
        generate = (_("Seat round %(number)s") % {"number": 1} if fmt.players_entrants
                    else _("Pair round 1") if championship.is_swiss
                    else _("Generate the round robin schedule"))
    steps.append(ChecklistStep(
        _("Make the rounds"), rounds_done,
        links=((_("Open round 1"), reverse("tournaments:director_round", args=[pk, 1])),)
        if rounds_done else (),
        post_label=generate,
        post_url=reverse("tournaments:director_generate", args=[pk]) if generate else "",
        note="" if ready or rounds_done
        else setup.then_note if teams_done else _("After the %(entrants)s.") % words,
    ))
    printouts: tuple[tuple[str, str], ...] = ()
    if rounds_done:
        printouts = ((_("%(entrant)s cards (PDF)") % {"entrant": fmt.wording.entrant_title},
                      reverse("tournaments:director_team_cards", args=[pk])),
                     *(tuple(link) for link in fmt.round_printouts(rounds[0])))
    steps.append(ChecklistStep(
        _("Print the %(entrant)s cards and round 1's sheets") % words, False, links=printouts,
        note="" if rounds_done else _("After the rounds."),
    ))
    steps.append(ChecklistStep(
        _("Release round 1"), False,
        links=((_("Open round 1"), reverse("tournaments:director_round", args=[pk, 1])),)
        if rounds_done else (),
        note=_("Its tables then see their pairings and can enter results.") if rounds_done
        else _("After the rounds."),
    ))
    return steps
