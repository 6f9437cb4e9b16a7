"""An individual evening's round clock in a real browser at 360 px (issue 37 item 6): the
director starts it from the round's page (the page a round's release lands on), the player's
phone counts it down within the screen's width, and the director pauses it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from clocks import expect_counting_down
from phones import phone_context
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from abarrotada_factories import make_evening, next_round, seated  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"width": 360, "height": 740}
PASSWORD = "a-long-director-password"


def test_the_director_starts_the_evenings_clock_and_the_phone_counts_down(
        live_server, browser, django_user_model):
    director = django_user_model.objects.create_user("evening-clock", password=PASSWORD)
    championship = make_evening(director, players=8, rounds=2, round_minutes=45)
    round_ = next_round(championship, director)
    player = seated(round_.player_tables.order_by("number").first())["N"]
    context = phone_context(browser)
    try:
        page = context.new_page()
        page.set_viewport_size(NARROW)
        round_page = f"/director/c/{championship.pk}/rounds/1/"
        page.goto(f"{live_server.url}/accounts/login/?next={round_page}")
        page.fill("#id_username", director.username)
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Log in").click()
        clock = page.locator("#round-clock")
        expect(clock).to_have_attribute("data-state", "not_started")
        expect(clock.locator("[data-clock-time]")).to_have_text("45:00")
        clock.get_by_role("button", name="Start the clock").click()
        expect(page).to_have_url(f"{live_server.url}{round_page}")
        expect(page.locator("#round-clock")).to_have_attribute("data-state", "running")

        phone = context.new_page()
        phone.set_viewport_size(NARROW)
        phone.goto(f"{live_server.url}/t/{player.pk}/{player.link_secret}/")
        shown = phone.locator("#round-clock")
        expect(shown).to_have_attribute("data-state", "running")
        remaining = shown.locator("[data-clock-time]")
        expect(remaining).to_have_text(re.compile(r"^4[45]:[0-5]\d$"))
        expect_counting_down(remaining)
        box = shown.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]

        page.locator("#round-clock").get_by_role("button", name="Pause the clock").click()
        expect(page.locator("#round-clock")).to_have_attribute("data-state", "paused")
        phone.reload()
        expect(phone.locator("#round-clock")).to_have_attribute("data-state", "paused")
        expect(phone.locator("#round-clock [data-when='paused']")).to_have_text(
            "The clock is paused.")
    finally:
        context.close()
