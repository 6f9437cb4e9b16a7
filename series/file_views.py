"""Downloads of a series ranking's files (``series.files``): the public's, once the ranking
is public, counting only the championships whose results are public whoever downloads them
(a director too: a public file is the same for everyone), made once per state of the
ranking and kept (``series.files.kept``); and the series directors', which count every
championship, are made each time and never stored by a browser or proxy.

GET and HEAD only; a HEAD never makes the file (``tournaments.downloads``). The PDF opens as
its print-ready page with ``?as=page``, or by itself where no PDF can be made
(``tournaments.print_pages``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scoring.exports.registry import PDF
from scoring.views.common import no_store
from series import selectors
from series.files import kept, kinds
from tournaments import print_pages
from tournaments.downloads import made_file


def file_response(request, series, kind: kinds.SeriesFileKind, *, director: bool):
    """The file of ``kind`` for ``request``: the public's from the kept copy, the directors'
    and any print-ready page made afresh."""
    language = get_language()

    def make() -> bytes:
        if director or print_pages.page_request() is not None:  # a page is never kept
            return kinds.make(kind, series, language, director=director).data
        return kept.public_file(kind, series, language).data

    filename = kinds.file_name(series, kind)
    if kind.content_type == PDF:
        return print_pages.printed_file(request, make, filename, disposition="attachment")
    return made_file(request, make, kind.content_type, filename)


@require_safe
def public_file(request, pk: int, kind: str):
    found = kinds.kind_of(kind)
    return file_response(request, selectors.public_series(pk), found, director=False)


@require_safe
@login_required
def director_file(request, pk: int, kind: str):
    found = kinds.kind_of(kind)
    series = selectors.series_for_director(request.user, pk)
    return no_store(file_response(request, series, found, director=True))
