"""The director's irreversible actions, each behind a confirmation page (``confirmation``):
discarding drafted rounds, finishing the championship, withdrawing a team and issuing a new
link. Closing a round is confirmed on the results grid (``scoring.views.director``), which
knows the results still missing."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from formats import format_of
from tournaments import services
from tournaments.confirmation import Confirmation, confirm_page, confirmed
from tournaments.director_views.common import director_page, run_action, who_acts
from tournaments.models import Championship, Round
from tournaments.phrases import phrase
from tournaments.services import withdrawals


def _championship_url(championship: Championship) -> str:
    return reverse("tournaments:director_championship", args=[championship.pk])


@director_page
def discard_rounds(request, championship: Championship):
    if confirmed(request):
        run_action(request, services.discard_drafted_rounds, championship,
                   success=_("Drafted rounds discarded."))
        return redirect(_championship_url(championship))
    drafted = list(championship.rounds.filter(status=Round.Status.DRAFTED).order_by("number"))
    return confirm_page(request, Confirmation(
        title=_("Discard the drafted rounds?"),
        consequences=[
            _("These rounds are deleted with their tables and deals. Released and closed "
              "rounds are kept."),
        ],
        items_heading=ngettext("%(count)s drafted round:", "%(count)s drafted rounds:",
                               len(drafted)) % {"count": len(drafted)},
        items=[_("Round %(number)s") % {"number": r.number} for r in drafted],
        button=_("Discard them"),
        cancel_url=_championship_url(championship),
        championship=championship,
    ))


def _finish_wording(championship: Championship) -> dict:
    """What the finish page says: a format without deals has no deal key to reveal."""
    fmt = format_of(championship)
    values = {"entrants": fmt.wording.entrants}
    if fmt.has_deals:
        return {
            "success": _("The championship is finished and its deal key is now public."),
            "consequences": [
                _("The deal key is revealed to everyone, so anyone can check every deal."),
                _("Nothing can change afterwards: no %(entrants)s, deals, rounds or results.")
                % values,
            ],
            "button": _("Finish and reveal the deal key"),
        }
    return {
        "success": _("The championship is finished."),
        "consequences": [
            _("Nothing can change afterwards: no %(entrants)s, rounds or results.") % values,
        ],
        "button": _("Finish the championship"),
    }


@director_page
def finish(request, championship: Championship):
    wording = _finish_wording(championship)
    if confirmed(request):
        run_action(request, services.finish_championship, championship,
                success=wording["success"], **who_acts(request))
        return redirect(_championship_url(championship))
    open_rounds = list(
        championship.rounds.exclude(status=Round.Status.CLOSED).order_by("number")
    )
    return confirm_page(request, Confirmation(
        title=_("Finish the championship?"),
        consequences=wording["consequences"],
        items_heading=ngettext(
            "%(count)s round is not closed, so the championship cannot finish yet:",
            "%(count)s rounds are not closed, so the championship cannot finish yet:",
            len(open_rounds),
        ) % {"count": len(open_rounds)} if open_rounds else "",
        items=[_("Round %(number)s") % {"number": r.number} for r in open_rounds],
        button=wording["button"],
        cancel_url=_championship_url(championship),
        championship=championship,
    ))


def _teams_url(championship: Championship) -> str:
    return reverse("tournaments:director_teams", args=[championship.pk])


def _bye_lines(changes) -> list[str]:
    lines = []
    for change in changes:
        values = {"round": change.round_number, "table": change.table_number,
                  "team": change.team.name}
        if change.table_number is None:
            lines.append(_("Round %(round)s: %(team)s no longer has the bye.") % values)
        elif change.given:
            lines.append(_("Round %(round)s, table %(table)s: %(team)s gets a bye.") % values)
        else:
            lines.append(_("Round %(round)s, table %(table)s: %(team)s no longer has a bye.")
                         % values)
    return lines


@director_page
def team_withdraw(request, championship: Championship, team_pk: int):
    team = get_object_or_404(championship.teams, pk=team_pk)
    if confirmed(request):
        drafted, ok = run_action(
            request, services.withdraw_team, team,
            success=_("Withdrawal recorded: %(entrant)s %(number)s.")
            % {"entrant": format_of(championship).wording.entrant, "number": team.number},
            **who_acts(request),
        )
        if ok and drafted:
            messages.info(
                request,
                ngettext(
                    "Drafted round %(rounds)s changed: see the byes on its page.",
                    "Drafted rounds %(rounds)s changed: see the byes on their pages.",
                    len(drafted),
                ) % {"rounds": ", ".join(map(str, drafted))},
            )
        return redirect(_teams_url(championship))
    changes = withdrawals.planned_changes(championship.pk, withdrawing=team)
    released = list(
        championship.rounds.filter(status=Round.Status.RELEASED).order_by("number")
        .values_list("number", flat=True)
    )
    consequences = [
        _("%(team)s keeps every score so far, and the private link can no longer enter or "
          "confirm results.") % {"team": team.name},
    ]
    if released:
        consequences.append(
            _("In round %(rounds)s, already in play, its unplayed deals stay not played until "
              "you adjust them.") % {"rounds": ", ".join(map(str, released))}
        )
    return confirm_page(request, Confirmation(
        title=_("Withdraw %(team)s?") % {"team": f"{team.number}. {team.name}"},
        consequences=consequences,
        items_heading=_("In the rounds not yet released:") if changes else "",
        items=_bye_lines(changes),
        button=_("Withdraw"),
        cancel_url=_teams_url(championship),
        championship=championship,
    ))


@director_page
def team_reissue_link(request, championship: Championship, team_pk: int):
    team = get_object_or_404(championship.teams, pk=team_pk)
    edit_url = reverse("tournaments:director_team_edit", args=[championship.pk, team.pk])
    if confirmed(request):
        services.reissue_link(team, **who_acts(request))
        messages.success(request, _("New private link issued; the old one no longer works. "
                                    "Print the %(entrant)s card again.")
                         % {"entrant": format_of(championship).wording.entrant})
        return redirect(edit_url)
    return confirm_page(request, Confirmation(
        title=phrase(_("Issue a new link for %(team)s?"), team=team.name),
        consequences=[
            _("The printed %(entrant)s card stops working at once: its QR code and link lead "
              "nowhere. Print the card again and hand it over.")
            % {"entrant": format_of(championship).wording.entrant},
        ],
        button=_("Issue a new link"),
        cancel_url=edit_url,
        championship=championship,
    ))


@director_page
def round_close(request, championship: Championship, number: int):
    """Closing is confirmed on the results grid, which lists the results still missing."""
    get_object_or_404(championship.rounds, number=number)
    return redirect("scoring:close_round", pk=championship.pk, number=number)
