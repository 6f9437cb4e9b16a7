"""The PDF exports of duplicate pairs (WeasyPrint, A4, ``scoring.exports.pdf``): the ranking
sheet, the travellers of every deal of the rounds counted (rules.md 6.4, with the hands as at
the table and the double-dummy analysis once it is done, rules.md 8.1), and one scorecard
page per team with its running total. The deals shown are those of closed rounds only
(``data.deals``)."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _

from formats.duplicate_pairs.exports import data
from scoring import numbers, selectors
from scoring.exports.pdf import print_context, rating_column
from tournaments.models import Deal
from tournaments.printing import render_pdf


def ranking_pdf(scope) -> bytes:
    context = print_context(scope, _("Ranking"))
    context["rows"] = data.ranking(scope)
    context["ratings"] = rating_column(scope.championship)
    return render_pdf("scoring/exports/print/ranking.html", context)


def travellers_pdf(scope) -> bytes:
    """One section per deal: the hands as at the table, then every table's line."""
    items = []
    for line in data.deals(scope):
        deal: Deal = line.deal
        items.append({
            "deal": deal,
            "round": line.round,
            "hands": line.view,
            "analysis": line.analysis,
            "lines": selectors.traveller(deal),
        })
    context = print_context(scope, _("Travellers"))
    context["items"] = items
    return render_pdf("scoring/exports/print/travellers.html", context)


def scorecards_pdf(scope) -> bytes:
    """One page per team: deal by deal, with the running total."""
    cards = []
    for team in data.teams(scope.championship):
        lines, total = selectors.scorecard(team, live=False, up_to=scope.up_to)
        running = Fraction(0)
        shown = []
        for line in lines:
            if line.final is not None:
                running += line.final
            shown.append({"line": line, "running": numbers.show_score(running)})
        cards.append({"team": team, "lines": shown, "total": numbers.show_score(total)})
    context = print_context(scope, _("Pair scorecards"))
    context["cards"] = cards
    return render_pdf("scoring/exports/print/scorecards.html", context)


