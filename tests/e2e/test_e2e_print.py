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
