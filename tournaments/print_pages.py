"""Every printed sheet is also a print-ready page (README "At the club").

Table cards, team cards, deal sheets, pairing sheets, ranking sheets, travellers and
scorecards are HTML templates that WeasyPrint turns into PDF files. The same templates,
served as a page with a "Print" button, print from any browser on any system, with the same
A4 page breaks (print CSS). A view asks for the page with ``?as=page``, and every PDF link
leads to the page by itself when this computer cannot make PDF files
(``tournaments.pdf_support``).

How it works without touching the functions that build each sheet: they all end in
:func:`tournaments.printing.render_pdf`. Inside :func:`pages_for` (a view's request),
``render_pdf`` returns a :class:`PrintPage` (the rendered HTML) instead of PDF bytes, and
:func:`printed_file` answers with it. The page is built by the same view, so the same
permissions and secrecy rules apply as for the PDF: a page of deal sheets is a director's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone

from tournaments import pdf_support
from tournaments.downloads import headers_only, made_file

#: The query parameter that asks for the page instead of the PDF.
PAGE_PARAMETER = ("as", "page")

_page_request: ContextVar = ContextVar("print_page_request", default=None)


class PrintPage(str):
    """A printed sheet rendered as a page (HTML) instead of a PDF."""


def wants_page(request) -> bool:
    """The page is wanted when asked for, or when no PDF can be made here."""
    name, value = PAGE_PARAMETER
    return request.GET.get(name) == value or not pdf_support.available()


def page_url(url: str) -> str:
    """``url`` with ``?as=page`` added (to whatever query it has)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
             if k != PAGE_PARAMETER[0]]
    query.append(PAGE_PARAMETER)
    return urlunsplit(parts._replace(query=urlencode(query)))


@contextmanager
def pages_for(request) -> Iterator[None]:
    """Inside, :func:`tournaments.printing.render_pdf` makes pages for ``request``."""
    token = _page_request.set(request)
    try:
        yield
    finally:
        _page_request.reset(token)


def page_request():
    """The request a page is being made for, or ``None`` when a PDF is wanted."""
    return _page_request.get()


def render_page(template: str, context: dict, request) -> PrintPage:
    """The sheet's template as a page: the same content, plus the print bar (a "Print"
    button, and the note when no PDF can be made here) and the page's stylesheet."""
    html = render_to_string(template, {
        **context,
        "printed_at": timezone.localtime(),
        "print_page": True,
        "pdf_note": "" if pdf_support.available() else pdf_support.note(),
        # The sheets' <style> is inline: the page's Content-Security-Policy admits it by
        # the request's nonce (config.security_headers).
        "csp_nonce": getattr(request, "csp_nonce", ""),
    }, request=request)
    return PrintPage(html)


def page_response(page: PrintPage) -> HttpResponse:
    return HttpResponse(page, content_type="text/html; charset=utf-8")


def printed_file(request, make: Callable[[], bytes], filename: str, *,
                 disposition: str = "inline") -> HttpResponse:
    """The sheet ``make()`` builds: the print-ready page when it is wanted
    (:func:`wants_page`), the PDF otherwise. A HEAD never builds it."""
    if not wants_page(request):
        return made_file(request, make, "application/pdf", filename, disposition=disposition)
    if request.method == "HEAD":
        return headers_only(request, "text/html; charset=utf-8")
    with pages_for(request):
        made = make()
    if not isinstance(made, PrintPage):  # a builder that does not go through render_pdf
        raise TypeError("a printed sheet must be rendered by tournaments.printing.render_pdf")
    return page_response(made)
