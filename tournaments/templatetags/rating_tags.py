"""``{{ ratings|rating_of:team_id }}``: an entrant's cell of a ranking sheet's "Rating"
column (rules.md 13.3), from the figures ``scoring.exports.pdf.rating_column`` gives the
sheet (empty for an entrant it does not know)."""

from django import template

register = template.Library()


@register.filter
def rating_of(ratings, team_id) -> str:
    return (ratings or {}).get(team_id, "")
