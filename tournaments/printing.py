"""Printed sheets (PDF, A4, light on ink): deal sheets, table cards and team cards.

Each function renders a template under ``templates/tournaments/print/`` and returns the PDF
bytes; views only send them. Deal sheets show secret cards: only directors' views call
:func:`deal_sheets_pdf`. Text is in the active language.
"""

from __future__ import annotations

from collections.abc import Iterable

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from tournaments import pdf_support, print_pages
from tournaments.models import Championship, Deal, Round, Team
from tournaments.presentation import SEAT_NAMES, SIDE_NAMES, deal_view
from tournaments.print_fetcher import fetch_for_print


def team_link(team: Team, request_or_base=None) -> str:
    """The absolute address of the team's private page.

    ``settings.PUBLIC_BASE_URL`` wins when set (the address players' phones reach, which
    may differ from the one the director uses); otherwise it is built from the request,
    or from a base URL given as text.
    """
    path = team.private_path
    base = getattr(settings, "PUBLIC_BASE_URL", "")
    if base:
        return base.rstrip("/") + path
    if isinstance(request_or_base, str):
        return request_or_base.rstrip("/") + path
    if request_or_base is not None:
        return request_or_base.build_absolute_uri(path)
    return path


def _short(url: str) -> str:
    """The link as printed for typing: without the scheme."""
    return url.split("://", 1)[-1]


def render_pdf(template: str, context: dict) -> bytes:
    """The sheet as PDF bytes; inside ``print_pages.pages_for(request)``, as a print-ready
    page (a ``PrintPage``) instead. Raises ``pdf_support.PdfUnavailable`` for a PDF this
    computer cannot make (an export job; a view asks for the page then)."""
    request = print_pages.page_request()
    if request is not None:
        return print_pages.render_page(template, context, request)
    if not pdf_support.available():
        raise pdf_support.PdfUnavailable(pdf_support.job_note())
    from weasyprint import HTML  # imported late: it is slow to import

    html = render_to_string(template, {**context, "printed_at": timezone.localtime()})
    # Only the project's static files and small inline images may be loaded (print_fetcher).
    return HTML(
        string=html, base_url=str(settings.BASE_DIR / "static"), url_fetcher=fetch_for_print
    ).write_pdf()


def deal_sheets_pdf(championship: Championship, deals: Iterable[Deal]) -> bytes:
    """One page per deal: the four hands by seat, the dealer marked. For directors only."""
    from formats import format_of  # late: the formats import the tournaments' modules

    sides = format_of(championship).has_sides
    items = [{"deal": deal_view(deal, sides=sides), "round": deal.round.number}
             for deal in deals]
    return render_pdf(
        "tournaments/print/deal_sheets.html", {"championship": championship, "deals": items}
    )


def table_cards_pdf(round_: Round) -> bytes:
    """One card per table of a round: teams with players, and each deal's dealer and
    trump-making side. Shows no cards, so it may be printed for drafted rounds."""
    championship = round_.championship
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = []
    for deal in round_.deals.order_by("number"):
        side = "NS" if deal.dealer in ("N", "S") else "EW"
        deals.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "dealer_name": SEAT_NAMES[deal.dealer],
                "side": side,
                "side_name": SIDE_NAMES[side],
            }
        )
    return render_pdf(
        "tournaments/print/table_cards.html",
        {"championship": championship, "round": round_, "tables": tables, "deals": deals},
    )


def team_cards_pdf(championship: Championship, request_or_base=None) -> bytes:
    """One card per team, handed out once: QR code and link to its private page, and PIN."""
    cards = []
    for team in championship.teams.filter(withdrawn=False).order_by("number"):
        url = team_link(team, request_or_base)
        qr = segno.make(url, error="m")
        cards.append(
            {
                "team": team,
                "url": url,
                "short_url": _short(url),
                # A small PNG, scaled up without smoothing: much faster to lay out than
                # an SVG, and as sharp in print.
                "qr": qr.png_data_uri(scale=2, border=0),
            }
        )
    # Eight cards per page, two per row.
    pages = [
        [cards[i : i + 2] for i in range(start, min(start + 8, len(cards)), 2)]
        for start in range(0, len(cards), 8)
    ]
    return render_pdf(
        "tournaments/print/team_cards.html", {"championship": championship, "pages": pages}
    )
