"""One tap or ten stores one entry: the captain's outbox ties the idempotency key to the
entry, replaces what waits in one step and keeps the button off until the answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import ResultEntry

pytestmark = pytest.mark.django_db(transaction=True)

FORM = "#deal-1 form[data-outbox='result']"


def _fill(page, points):
    deal = page.locator("#deal-1")
    deal.locator("label.choice", has_text="Botifarra").click()
    deal.locator("input[name='d1-points_ns']").fill(str(points))


def _taps(page, times):
    """Presses arriving faster than any answer: the button, then the form itself (as a
    second tap landing before the button could be turned off would)."""
    page.evaluate(
        """([selector, times]) => {
             const form = document.querySelector(selector);
             const button = form.querySelector("button[type=submit]");
             button.click();
             for (let i = 1; i < times; i++) { button.click(); form.requestSubmit(); }
           }""",
        [FORM, times],
    )


def _stored_outbox(page):
    return page.evaluate(
        """() => new Promise((resolve) => {
             const open = indexedDB.open("duplicada-outbox", 1);
             open.onsuccess = () => {
               const all = open.result.transaction("items").objectStore("items").getAll();
               all.onsuccess = () => resolve(all.result.length);
             };
           })"""
    )


def _note(page):
    return page.locator("#deal-1 .outbox-note[data-kind='result']")


def test_double_tap_online_stores_one_entry(live_server, phone, round_one):
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{round_one.ns.pk}/{round_one.ns.link_secret}/")
    _fill(page, 40)
    page.locator(FORM).get_by_role("button", name="Send deal 1").dblclick()
    _taps(page, 5)
    expect(_note(page)).to_have_attribute("data-outbox-state", "sent")
    page.wait_for_timeout(500)  # anything sent twice has arrived by now
    assert list(ResultEntry.objects.filter(by_team=round_one.ns)
                .values_list("deal__number", "points_ns")) == [(1, 40)]


def test_double_tap_offline_queues_and_sends_one_entry(live_server, phone, round_one):
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{round_one.ns.pk}/{round_one.ns.link_secret}/")
    phone.set_offline(True)
    _fill(page, 33)
    _taps(page, 10)
    expect(_note(page)).to_have_attribute("data-outbox-state", "queued")
    page.wait_for_timeout(300)  # every press has reached the outbox
    assert _stored_outbox(page) == 1
    # The button stays off while the same entry waits; a changed entry may be sent again.
    button = page.locator(FORM).locator("button[type=submit]")
    expect(button).to_be_disabled()
    page.locator("#deal-1 input[name='d1-points_ns']").fill("34")
    expect(button).to_be_enabled()
    _taps(page, 3)
    page.wait_for_timeout(300)
    assert _stored_outbox(page) == 1

    phone.set_offline(False)
    expect(_note(page)).to_have_attribute("data-outbox-state", "sent")
    page.wait_for_timeout(500)
    assert list(ResultEntry.objects.filter(by_team=round_one.ns)
                .values_list("deal__number", "points_ns")) == [(1, 34)]
    assert _stored_outbox(page) == 0
