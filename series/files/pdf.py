"""The ranking sheet of a series (PDF, A4): in the frame of the core's printed sheets
(``scoring/exports/print/_base.html``: the running head, "page X of Y", when it was made)
and through the one renderer of every sheet (``tournaments.printing.render_pdf``), so the
same template is also the print-ready page (``series:print``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.exports.pdf import page_frame
from series.files.sheet import RankingSheet
from tournaments.printing import render_pdf

TEMPLATE = "series/print.html"


def ranking_pdf(sheet: RankingSheet) -> bytes:
    """The sheet's PDF (inside ``print_pages.pages_for``, its print-ready page)."""
    title = _("Series ranking")
    stands = (_("Directors' copy: it counts championships whose results are not public.")
              if sheet.director and sheet.private_counted else "")
    return render_pdf(TEMPLATE, {
        **page_frame(sheet.series.name, title, stands),
        "series": sheet.series, "ranking": sheet.ranking, "title": title, "stands": stands,
        "director": sheet.director,
    })
