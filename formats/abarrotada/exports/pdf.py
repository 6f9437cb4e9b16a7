"""The individual PDFs (WeasyPrint through ``tournaments.printing.render_pdf``), in the frame
of the pairs' exports (``scoring/exports/print/_base.html``): the ranking sheet, the
players' scorecards and the travellers."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.abarrotada.exports import data
from scoring.exports.pdf import print_context, rating_column
from tournaments.presentation import signed
from tournaments.printing import render_pdf


def ranking_pdf(scope) -> bytes:
    context = print_context(scope, _("Ranking"))
    context["rows"] = [{"line": line, "total": data.shown(line.total),
                        "deal_scores": signed(line.deal_scores)} for line in data.ranking(scope)]
    context["ratings"] = rating_column(scope.championship)
    return render_pdf("abarrotada/print/ranking.html", context)


def scorecards_pdf(scope) -> bytes:
    context = print_context(scope, _("Player scorecards"))
    context["cards"] = data.scorecards(scope)
    return render_pdf("abarrotada/print/scorecards.html", context)


def travellers_pdf(scope) -> bytes:
    context = print_context(scope, _("Travellers"))
    context["travellers"] = data.travellers(scope)
    return render_pdf("abarrotada/print/travellers.html", context)


def movement_pdf(round_) -> bytes:
    """A round's printed movement (rules.md 10.3), for the wall: each table with who sits
    at each seat, the sit-outs, then every player by name with their table and seat."""
    from formats.abarrotada import selectors
    from scoring.exports.pdf import sheet_context
    from tournaments.models import Round

    tables = selectors.round_view(round_)
    sit_outs = selectors.sit_out_views(round_)
    by_name = sorted(
        [(seat.name, seat.number, view.table, seat.seat) for view in tables
         for seat in view.seats] + [(s.name, s.number, None, "") for s in sit_outs])
    stands = _("Round %(number)s") % {"number": round_.number}
    if round_.status == Round.Status.DRAFTED:
        stands = _("%(round)s (drafted: may still change)") % {"round": stands}
    context = sheet_context(round_.championship, _("Seating"), stands, round=round_,
                            tables=tables, sit_outs=sit_outs, by_name=by_name)
    return render_pdf("abarrotada/print/movement.html", context)


def table_cards_pdf(round_) -> bytes:
    """One card per table of a round, to stand on the table: who sits at each seat and, in
    the duplicate form, each deal's dealer (rules.md 10.3). Shows no cards, so it may be
    printed for a drafted round."""
    from formats.abarrotada import selectors
    from formats.registry import format_of
    from tournaments.presentation import SEAT_NAMES

    tables = selectors.round_view(round_)
    cards = []
    for view in tables:
        at = {seat.seat: seat for seat in view.seats}
        cards.append({
            "table": view.table, "seats": [(SEAT_NAMES[s.seat], s) for s in view.seats],
            "deals": [{"number": d["deal"], "dealer": SEAT_NAMES[d["dealer"]],
                       "player": at.get(d["dealer"])} for d in view.deals],
        })
    return render_pdf("abarrotada/print/table_cards.html", {
        "championship": round_.championship, "round": round_, "cards": cards,
        "evening": not format_of(round_.championship).has_deals,
    })
