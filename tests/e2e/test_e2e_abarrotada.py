"""An individual championship in a real browser (rules.md 10.2): a player enters a deal on a
phone, another player at that table confirms it by typing their PIN on the same phone, and
the director's grid shows the deal confirmed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from phones import phone_context
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from abarrotada_factories import make_individual, next_round, seated  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"width": 360, "height": 740}
PASSWORD = "a-long-director-password"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_player_enters_another_confirms_with_their_pin_and_the_grid_shows_it(
        live_server, browser, django_user_model, javascript):
    director = django_user_model.objects.create_user("abarrotada-director", password=PASSWORD)
    championship = make_individual(director, players=8, rounds=2, deals=2)
    round_ = next_round(championship, director)
    table = round_.player_tables.order_by("number").first()
    who = seated(table)
    context = phone_context(browser, java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.set_viewport_size(NARROW)
        page.goto(f"{live_server.url}/t/{who['N'].pk}/{who['N'].link_secret}/")
        deal = page.locator("#deal-1")
        deal.locator("select[name='deal1-maker']").select_option("N")
        deal.locator("select[name='deal1-contract']").select_option("BOT")
        for seat, points in zip("nesw", (30, 14, 20, 8), strict=True):
            deal.locator(f"input[name='deal1-points_{seat}']").fill(str(points))
        deal.locator("input[name='deal1-contro_by'][value='E']").check()
        deal.get_by_role("button", name="Send deal 1").click()
        pin = page.locator("#deal-1 input[name='pin']")
        pin.wait_for()
        pin.fill(who["S"].pin)
        page.locator("#deal-1").get_by_role("button", name="Confirm with PIN").click()
        note = page.locator("#deal-1 [role='alert']")
        expect(note).to_contain_text(f"confirmed by {who['S'].name}")
        expect(page.locator("#deal-1")).to_have_attribute("data-status", "confirmed")
    finally:
        context.close()
    director_context = browser.new_context(locale="en-US")
    try:
        page = director_context.new_page()
        grid = f"/director/c/{championship.pk}/results/rounds/1/"
        page.goto(f"{live_server.url}/accounts/login/?next={grid}")
        page.fill("#id_username", director.username)
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page).to_have_url(f"{live_server.url}{grid}")
        first_row = page.locator("table.results-grid tbody tr").first
        expect(first_row.locator("td.cell").first).to_have_class("cell state-confirmed")
    finally:
        director_context.close()
