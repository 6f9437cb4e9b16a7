"""Printing a result page from the browser prints the content only: no navigation, no
language picker, no buttons or forms."""

from __future__ import annotations

import pytest
from exports_event import make_event, publish


@pytest.mark.django_db(transaction=True)
def test_printed_standings_show_no_navigation_buttons_or_language_picker(
        live_server, browser, django_user_model, settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path
    director = django_user_model.objects.create_user("printer", password="print-pass-1")
    event = publish(make_event(director, teams=5, rounds=2, closed=2))
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/c/{event.pk}/results/")
        assert page.locator(".language-switcher").is_visible()
        assert page.locator(".results-nav").is_visible()
        page.emulate_media(media="print")
        for hidden in (".site-header", ".language-switcher", ".results-nav", "nav.exports",
                       "form", "button", ".site-footer"):
            for element in page.locator(hidden).all():
                assert not element.is_visible(), hidden
        assert page.locator("table.standings").is_visible()
        assert page.locator(".ranking-scope").is_visible()
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_table_cards_page_prints_to_a4_from_the_browser(live_server, browser,
                                                           django_user_model):
    """The print-ready page of a round's table cards (``tournaments.print_pages``), printed
    by Chromium: the sheet's own print CSS lays it out (two cards to an A4 page), and the
    print bar is not printed."""
    import io
    import math

    from pypdf import PdfReader
    from round_one import DIRECTOR, PASSWORD, make_round_one

    one = make_round_one(django_user_model)
    tables = one.round.tables.count()
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", DIRECTOR)
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{live_server.url}/director/**")
        page.goto(f"{live_server.url}/director/c/{one.championship.pk}/rounds/1/"
                  "table-cards.pdf?as=page")
        button = page.get_by_role("button", name="Print")
        assert button.is_visible()
        # The sheet's style applied (the page's Content-Security-Policy admits it).
        border = page.locator(".card").first.evaluate("e => getComputedStyle(e).borderTopStyle")
        assert border == "solid"
        page.emulate_media(media="print")
        assert not button.is_visible()
        pdf = page.pdf(prefer_css_page_size=True)
    finally:
        context.close()
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == math.ceil(tables / 2)
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 297)
    for number in range(1, tables + 1):
        assert f"Table {number}" in text
    assert one.ns.name in text and one.ew.name in text
    assert "Print" not in text.replace("Printed", "")
