"""The free-deal standings on a 360 px phone (issue "A club night without a single why", item
20): place, pair, match points and point difference fit the screen without scrolling
sideways, in every language; the other figures are a tap away."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

from scoring.services import set_results_public  # noqa: E402
from tournaments import services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)
LONG = "Penya Botifarrera de la Confraria de Sant Vicenç"


@pytest.mark.parametrize("locale", ["ca-ES", "es-ES", "en-US"])
def test_the_standings_fit_a_small_phone(live_server, browser, django_user_model, locale):
    director = django_user_model.objects.create_user(f"fd-phone-{locale}", password="x")
    championship = make_free_deal(director, pairs=7, rounds=3)
    team = championship.teams.order_by("number").first()
    team.name = LONG
    team.save()
    round_ = next_round(championship, director)
    play_round(round_, lambda table: win(101, 30 + table.number))
    services.close_round(round_, by=director)
    set_results_public(championship, True)
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale=locale,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/c/{championship.pk}/results/")
        box = page.locator(".standings-section").first
        widths = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert widths[0] <= widths[1], widths  # no sideways scroll, even with a long name
        row = page.locator("table.standings tbody tr").first
        details = row.locator("details")
        expect(details).to_be_visible()
        details.locator("summary").click()
        expect(details).to_contain_text("Buchholz")
    finally:
        context.close()
