"""A wrong PIN is told in the deal's card, on screen and focused, on a 360 px phone, with
JavaScript and without (issue 24 item 2, issue 28 item 2)."""

from __future__ import annotations

import pytest
from phones import phone_context

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"width": 360, "height": 740}


def _enter_deal_one(page):
    deal = page.locator("#deal-1")
    deal.locator("label.choice", has_text="Botifarra").click()
    deal.locator("input[name='d1-points_ns']").fill("40")
    deal.get_by_role("button", name="Send deal 1").click()


def _in_viewport(page, selector) -> bool:
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""",
        selector)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_wrong_pin_is_in_the_deals_card_on_screen_and_focused(live_server, browser, round_one,
                                                                 javascript):
    ns_team, ew_team = round_one.ns, round_one.ew
    context = phone_context(browser, java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.set_viewport_size(NARROW)
        page.goto(f"{live_server.url}/t/{ns_team.pk}/{ns_team.link_secret}/")
        _enter_deal_one(page)
        deal = page.locator("#deal-1")
        deal.locator("input[name='p1-pin']").wait_for()
        wrong = "0000" if ew_team.pin != "0000" else "1111"
        deal.locator("input[name='p1-pin']").fill(wrong)
        deal.get_by_role("button", name="Confirm with PIN").click()

        note = "#deal-1 [role='alert']"
        page.locator(note).wait_for()
        assert "PIN" in page.locator(note).inner_text()
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.matches(\"#deal-1 [role='alert']\")")
        assert _in_viewport(page, note)
        assert page.evaluate("document.querySelector('#deal-1').getAttribute('data-status')") \
            == "pending"
    finally:
        context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_refused_field_is_marked_invalid_and_described_by_its_error(live_server, browser,
                                                                     round_one, javascript):
    """No contract chosen: the contract's radios say they are invalid and point at the
    message that says why, which is in the deal's card (issue 28 item 2)."""
    ns_team = round_one.ns
    context = phone_context(browser, java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.set_viewport_size(NARROW)
        page.goto(f"{live_server.url}/t/{ns_team.pk}/{ns_team.link_secret}/")
        deal = page.locator("#deal-1")
        deal.locator("input[name='d1-points_ns']").fill("40")
        deal.get_by_role("button", name="Send deal 1").click()
        radio = page.locator("#deal-1 input[name='d1-contract']").first
        page.wait_for_function(
            "() => { const r = document.querySelector(\"#deal-1 input[name='d1-contract']\");"
            " return r && r.getAttribute('aria-invalid') === 'true'; }")
        described = radio.get_attribute("aria-describedby").split()
        texts = [page.locator(f"[id='{ref}']").inner_text() for ref in described]
        assert any("Contract" in text for text in texts), texts
        assert all(page.locator(f"#deal-1 [id='{ref}']").count() == 1 for ref in described)
    finally:
        context.close()
