"""The free-deal PDFs (WeasyPrint through ``tournaments.printing.render_pdf``, whose URL
fetcher reads nothing of the server), in the active language, in the frame of the duplicate
exports (``scoring/exports/print/_base.html``: the championship and what the sheet covers at
the top of every page, escaped for CSS; "page X of Y" and when it was made at the bottom):

- the ranking sheet, after the closed round the scope stands after, or the final ranking;
- the pairs' scorecards: each round's game (table, opponent, score, result, match points)
  or bye, with the running match points;
- a round's pairing sheets, for the wall: by table, then by pair name.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.free_deal.exports import data
from formats.free_deal.services.settings import settings_of
from scoring.exports.pdf import print_context, rating_column, sheet_context
from tournaments.models import Round
from tournaments.printing import render_pdf


def ranking_pdf(scope) -> bytes:
    """The ranking sheet; with sections, one sheet per section, "Section X" in its title."""
    context = print_context(scope, _("Ranking"))
    sheets = []
    for part in data.section_rankings(scope):
        title = _("Ranking")
        if part.section is not None:
            title = _("Ranking · Section %(name)s") % {"name": part.section.name}
        sheets.append({**print_context(scope, title), "rows": part.lines})
    context.update(sheets=sheets, rows=data.ranking(scope),
                   settings=settings_of(scope.championship),
                   order=data.ranking_order(scope.championship),
                   ratings=rating_column(scope.championship))
    return render_pdf("free_deal/print/ranking.html", context)


def scorecards_pdf(scope) -> bytes:
    context = print_context(scope, _("Pair scorecards"))
    context["cards"] = data.scorecards(scope)
    return render_pdf("free_deal/print/scorecards.html", context)


def pairing_sheets_pdf(round_: Round) -> bytes:
    """The round's pairings twice: by table (table, first pair, second pair; the bye), then
    by pair name (pair, table, opponent), each part on its own pages."""
    lines = data.round_pairings(round_)
    stands = _("Round %(number)s") % {"number": round_.number}
    if round_.status == Round.Status.DRAFTED:
        stands = _("%(round)s (drafted: may still change)") % {"round": stands}
    context = sheet_context(round_.championship, _("Pairings"), stands, round=round_,
                            lines=lines, seats=data.seats_by_pair(lines),
                            parts=data.pairings_by_section(lines) or [
                                data.SectionPairings("", [], [])])
    return render_pdf("free_deal/print/pairings.html", context)
