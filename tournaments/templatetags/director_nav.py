"""The director's bar on every director page: the championship, its current round and that
round's results grid, one click each."""

from __future__ import annotations

from django import template

from tournaments.models import Round

register = template.Library()


def current_round(championship) -> Round | None:
    """The round a director is most likely busy with: the latest released one, else the
    latest closed one, else the first drafted one (one query)."""
    rounds = list(championship.rounds.order_by("number"))
    for status in (Round.Status.RELEASED, Round.Status.CLOSED):
        matching = [r for r in rounds if r.status == status]
        if matching:
            return matching[-1]
    return rounds[0] if rounds else None


@register.inclusion_tag("tournaments/director/_nav.html")
def director_nav(championship):
    return {"championship": championship, "current": current_round(championship)}


@register.inclusion_tag("tournaments/director/_next_step.html", takes_context=True)
def next_step(context, championship):
    """The one next step once nothing is in play, or while the championship is prepared the
    checklist of its first steps (``tournaments.next_step``; one query, two for the
    checklist)."""
    from tournaments import next_step as steps

    rounds = list(championship.rounds.order_by("number"))
    checklist = []
    if steps.shows_checklist(championship, rounds):
        team_count = context.get("team_count")
        if team_count is None:
            team_count = championship.teams.filter(withdrawn=False).count()
        checklist = steps.checklist(championship, rounds, team_count)
    return {"step": None if checklist else steps.next_step(championship, rounds),
            "checklist": checklist, "csrf_token": context.get("csrf_token")}
