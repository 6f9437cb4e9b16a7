"""The series' ranking for everyone once it is public (its directors always see it, every
championship counted): the page, the projector and the print-ready page."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.urls import reverse

from scoring.views.results import projector_page_of
from series import selectors
from series.files.kinds import KINDS
from series.files.pdf import ranking_pdf
from series.files.sheet import ranking_sheet
from tournaments import print_pages

#: Players a projector page shows (what fits a 1280 × 720 screen in its type).
PROJECTOR_LINES = 12


def _ranking(request, pk: int):
    series, director = selectors.series_for_reader(request.user, pk)
    return selectors.series_ranking(series, director=director), director


def ranking(request, pk: int):
    ranking, director = _ranking(request, pk)
    return render(request, "series/ranking.html",
                  {"series": ranking.series, "ranking": ranking, "director": director,
                   "file_kinds": list(KINDS.values())})


def projector(request, pk: int):
    """Large type, a page of players at a time, turning (and so refreshing) by itself."""
    ranking, director = _ranking(request, pk)
    pages = max(1, -(-len(ranking.lines) // PROJECTOR_LINES))
    page, next_page = projector_page_of(request, pages)
    start = (page - 1) * PROJECTOR_LINES
    return render(request, "series/projector.html", {
        "series": ranking.series, "ranking": ranking, "director": director,
        "lines": ranking.lines[start:start + PROJECTOR_LINES],
        "page": page, "pages": pages,
        "next_url": f"{reverse('series:projector', args=[ranking.series.pk])}?page={next_page}",
        "seconds": settings.PROJECTOR_PAGE_SECONDS,
    })


def print_page(request, pk: int):
    """The ranking sheet as a page on A4 with a "Print" button (the browser prints or saves
    a PDF): the PDF's own template and renderer (``series.files.pdf``), as every printed
    sheet's page is (``tournaments.print_pages``)."""
    series, director = selectors.series_for_reader(request.user, pk)
    with print_pages.pages_for(request):
        page = ranking_pdf(ranking_sheet(series, director=director))
    return print_pages.page_response(page)
