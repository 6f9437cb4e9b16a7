"""A captain enters a deal on a phone, the other team confirms it with its PIN on the same
phone, and the director's grid shows it as confirmed."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect
from round_one import open_grid

# Set E2E_SCREENSHOTS to a folder to keep screenshots of each step.
SHOTS = os.environ.get("E2E_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(round_one):
    return round_one.championship, round_one.ns, round_one.ew


def test_enter_confirm_with_pin_and_see_it_on_the_grid(live_server, phone, event):
    championship, ns_team, ew_team = event
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{ns_team.pk}/{ns_team.link_secret}/")
    assert page.locator("h1").inner_text().endswith(ns_team.name)

    deal = page.locator("#deal-1")
    deal.locator("label.choice", has_text="Botifarra").click()
    deal.locator("input[name='d1-points_ns']").fill("40")
    # EW points shown live as 72 - NS.
    assert deal.locator("[data-ew-output]").inner_text() == "32"
    deal.locator("label[for='id_d1-contro']").click()
    shot(page, "1-captain-entering")
    deal.get_by_role("button", name="Send deal 1").click()

    # Sent by the page's outbox, which then fetches the deal again in place.
    deal = page.locator("#deal-1")
    expect(deal).to_have_attribute("data-status", "pending")
    expect(deal.locator(".outbox-note")).to_have_attribute("data-outbox-state", "sent")
    assert "Waiting for" in deal.inner_text()
    # The focus came back to the card, on the note that says it was sent (screen readers).
    page.wait_for_function("() => document.activeElement.closest('#deal-1 .outbox-note')")
    # East takes the phone and types its team's PIN.
    shot(page, "2-captain-pending")
    deal.locator("input[name='p1-pin']").fill(ew_team.pin)
    deal.get_by_role("button", name="Confirm with PIN").click()
    deal = page.locator("#deal-1")
    assert deal.get_attribute("data-status") == "confirmed"

    shot(page, "3-captain-confirmed")

    # The director's grid shows it as confirmed.
    director = phone.new_page()
    open_grid(director, live_server.url, championship)
    cell = director.locator("td.cell[data-table='1'][data-deal='1']")
    assert cell.get_attribute("data-status") == "confirmed"
    assert "40-32" in cell.inner_text()
    shot(director, "4-director-grid")
    other = director.locator("td.cell[data-table='2'][data-deal='1']")
    assert other.get_attribute("data-status") == "empty"
