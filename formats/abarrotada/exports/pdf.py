"""The individual PDFs (WeasyPrint through ``tournaments.printing.render_pdf``), in the frame
of the pairs' exports (``scoring/exports/print/_base.html``): the ranking sheet, the
players' scorecards and the travellers."""

from __future__ import annotations

from django.utils.translation import gettext as _

from formats.abarrotada.exports import data
from scoring.exports.pdf import print_context
from tournaments.presentation import signed
from tournaments.printing import render_pdf


def ranking_pdf(scope) -> bytes:
    context = print_context(scope, _("Ranking"))
    context["rows"] = [{"line": line, "total": data.shown(line.total),
                        "deal_scores": signed(line.deal_scores)} for line in data.ranking(scope)]
    return render_pdf("abarrotada/print/ranking.html", context)


def scorecards_pdf(scope) -> bytes:
    context = print_context(scope, _("Player scorecards"))
    context["cards"] = data.scorecards(scope)
    return render_pdf("abarrotada/print/scorecards.html", context)


def travellers_pdf(scope) -> bytes:
    context = print_context(scope, _("Travellers"))
    context["travellers"] = data.travellers(scope)
    return render_pdf("abarrotada/print/travellers.html", context)
