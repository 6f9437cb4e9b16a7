"""The director's bar on every director page: the championship, its current round and that
round's results grid, one click each."""

from __future__ import annotations

from django import template

from tournaments.selectors import current_round

register = template.Library()


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
