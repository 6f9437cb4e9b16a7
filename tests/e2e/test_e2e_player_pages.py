"""The player pages on a 360 px phone (rules.md 13.4): a visitor finds a player by part of
the name, opens the page and sees the championship, the place, the partner, the series
points and the rating chart, without scrolling sideways."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "players"))
from player_page_factories import finished, in_series, player, rated  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)
LONG = "Penya Botifarrera de la Confraria de Sant Vicenç"


def test_a_phone_finds_a_player_and_opens_the_page(live_server, browser, django_user_model):
    director = django_user_model.objects.create_user("players-phone", password="x")
    pairs = [("Mària Costa i Bertran", "Joan Puig"), ("Pere Vila", "Anna Roca"),
             ("Jordi Mas", "Laia Font"), ("Marc Soler", "Núria Pons")]
    spring = finished(director, pairs, [2, 1, 2, 4], name=LONG)
    autumn = finished(director, pairs, [1, 2, 3, 4], name="Autumn open")
    in_series("Club ranking 2026", spring, autumn)
    rated(player("Mària Costa i Bertran"), (spring, 1, 2.4), (autumn, 2, 6.1))
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US",
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        page.get_by_role("link", name="Find a player").click()
        page.get_by_label("Find a player").fill("maria cost")
        page.get_by_role("button", name="Search").click()
        expect(page.locator(".player-results")).to_contain_text("2 championships")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.get_by_role("link", name="Mària Costa i Bertran").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Mària Costa i Bertran")
        card = page.locator(".played").filter(has_text=LONG)
        expect(card).to_contain_text("2=")
        expect(card).to_contain_text("of 4 entrants")
        expect(card.get_by_role("link", name="Joan Puig")).to_be_visible()
        expect(card).to_contain_text("Club ranking 2026: 18")
        chart = page.locator("svg.rating-chart")
        expect(chart).to_be_visible()
        assert chart.locator("circle").count() == 2
        assert 0 < chart.bounding_box()["width"] <= 360
        expect(page.locator(".current-rating")).to_have_text("6.1")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width  # no sideways scroll, even with a long name
        # The partner's page is a tap away.
        card.get_by_role("link", name="Joan Puig").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Joan Puig")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_the_player_pages_read_at_200_percent_text_and_pass_axe(live_server, browser,
                                                                django_user_model):
    """As every other public page (test_e2e_accessibility.py): WCAG 2.1 A and AA with no
    serious or critical violation, no sideways scroll and no word broken across lines, at
    the phone's text size and at 200 %."""
    from importlib import resources

    from tests.e2e.test_e2e_accessibility import _violations
    from tests.e2e.test_e2e_phone_layouts import OVERFLOW, SMALL_PHONE, SQUEEZED

    axe_source = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text()
    director = django_user_model.objects.create_user("players-axe", password="x")
    pairs = [("Maria Costa", "Joan Puig"), ("Pere Vila", "Anna Roca")]
    first = finished(director, pairs, [1, 2], name=LONG)
    second = finished(director, pairs, [1, 1], name="Autumn open")
    in_series("Club ranking 2026", first, second)
    maria = player("Maria Costa")
    rated(maria, (first, 1, 2.4), (second, 2, 6.1))
    urls = ["/players/", "/players/?q=maria", "/players/?q=nobody", f"/players/{maria.pk}/"]
    problems: list[str] = []
    for scale in (1, 2):
        context = browser.new_context(viewport=SMALL_PHONE, locale="en-US", has_touch=True)
        try:
            page = context.new_page()
            session = context.new_cdp_session(page)
            session.send("Page.setFontSizes",
                         {"fontSizes": {"standard": 16 * scale, "fixed": 13 * scale}})
            for url in urls:
                page.goto(live_server.url + url)
                where = f"[{scale * 100} %] {url}"
                size = page.evaluate(OVERFLOW)
                if size["scroll"] > size["inner"]:
                    problems.append(f"{where}: {size['scroll']} px wide ({size['wide']})")
                problems += [f"{where}: squeezed {word}" for word in page.evaluate(SQUEEZED)]
                problems += [f"{where}: {v}" for v in _violations(page, axe_source)]
        finally:
            context.close()
    assert not problems, "\n".join(problems)
