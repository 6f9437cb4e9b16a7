"""The captain's page with a bad network: results typed offline wait on the phone and are
stored exactly once when the network is back; a refusal is shown and what was typed stays."""

from __future__ import annotations

import pytest
from phones import phone_context
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from formats.duplicate_pairs import services as pairs_services
from scoring.models import ResultEntry, ResultReview

pytestmark = pytest.mark.django_db(transaction=True)

QUEUED = "Saved on this phone, not sent yet."


@pytest.fixture
def event(round_one):
    from scoring_factories import result


    one = round_one
    # The other team entered deal 3: this captain confirms it.
    theirs, _ = pairs_services.submit_result(team=one.ew, table=one.table,
                                       deal=one.round.deals.get(number=3), data=result(30),
                                       idempotency_key="their-deal-3")
    return one.round, one.ns, theirs, one.director


def _captain_url(live_server, team):
    return f"{live_server.url}/t/{team.pk}/{team.link_secret}/"


def _enter(page, number, contract, points):
    deal = page.locator(f"#deal-{number}")
    deal.locator("label.choice", has_text=contract).click()
    deal.locator(f"input[name='d{number}-points_ns']").fill(str(points))
    deal.get_by_role("button", name=f"Send deal {number}").click()


def _note(page, number, kind="result"):
    return page.locator(f"#deal-{number} .outbox-note[data-kind='{kind}']")


def _wait_for_offline_copy(page):
    """The service worker runs and the phone holds a copy of this page."""
    for _ in range(150):
        if page.evaluate("""async () => {
              const reg = await navigator.serviceWorker.ready;
              const name = document.getElementById("offline").dataset.cache;
              const cache = await caches.open(name);
              return !!reg.active && !!(await cache.match(location.pathname));
            }"""):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page was not kept for offline use")


def test_offline_entries_and_confirmation_are_sent_once_when_back(live_server, phone, event):
    round_, ns, theirs, _director = event
    page = phone.new_page()
    page.goto(_captain_url(live_server, ns))
    _wait_for_offline_copy(page)

    phone.set_offline(True)
    response = page.reload()  # the page opens again with no network: the phone's copy
    assert response.from_service_worker
    assert page.locator("h1").inner_text().endswith(ns.name)
    expect(page.locator("#offline-banner")).to_contain_text("No network")
    _enter(page, 1, "Botifarra", 40)
    _enter(page, 2, "Cups", 25)
    page.locator("#deal-3").get_by_role("button", name="Confirm").click()
    for number, kind in ((1, "result"), (2, "result"), (3, "confirm")):
        expect(_note(page, number, kind)).to_have_attribute("data-outbox-state", "queued")
        expect(_note(page, number, kind)).to_contain_text(QUEUED)
    assert not ResultEntry.objects.filter(by_team=ns).exists()
    assert not ResultReview.objects.exists()

    # Closed and opened again with no network: still waiting, as typed.
    page.reload()
    expect(_note(page, 1)).to_have_attribute("data-outbox-state", "queued")
    expect(page.locator("input[name='d1-points_ns']")).to_have_value("40")

    phone.set_offline(False)  # sent by itself
    expect(page.locator("#offline-banner")).to_have_count(0)
    for number, kind in ((1, "result"), (2, "result"), (3, "confirm")):
        expect(_note(page, number, kind)).to_have_attribute("data-outbox-state", "sent")
    expect(page.locator("#deal-1")).to_have_attribute("data-status", "pending")
    expect(page.locator("#deal-3")).to_have_attribute("data-status", "confirmed")
    mine = ResultEntry.objects.filter(by_team=ns)
    assert sorted(mine.values_list("deal__number", "points_ns")) == [(1, 40), (2, 25)]
    assert list(mine.filter(deal__number=1).values_list("contract", flat=True)) == ["BOT"]
    assert ResultReview.objects.filter(entry=theirs, verdict="confirm").count() == 1


def test_answers_lost_mid_submit_are_sent_again_and_stored_once(live_server, browser, event):
    round_, ns, theirs, _director = event
    context = phone_context(browser, service_workers="block")  # routes see every request
    context.clock.install()  # the page's clock, running; moved on below
    try:
        page = context.new_page()
        page.goto(_captain_url(live_server, ns))
        lost, losing = [], [True]

        def reach_server_then_lose_answer(route):
            if not losing[0]:  # the network is fine again
                route.continue_()
                return
            route.fetch()  # the server gets it and stores it...
            lost.append(route.request.url)
            route.abort("connectionreset")  # ...and the answer never reaches the phone

        page.route("**/deals/1/", reach_server_then_lose_answer)
        page.route(f"**/entries/{theirs.pk}/confirm/", reach_server_then_lose_answer)
        _enter(page, 1, "Coins", 50)
        page.locator("#deal-3").get_by_role("button", name="Confirm").click()
        expect(_note(page, 1)).to_have_attribute("data-outbox-state", "queued")
        expect(_note(page, 3, "confirm")).to_have_attribute("data-outbox-state", "queued")
        assert len(lost) >= 1
        assert ResultEntry.objects.filter(by_team=ns, deal__number=1).count() == 1

        losing[0] = False  # the page's own timer may resend before "Send now" is pressed
        send_now = _note(page, 1).get_by_role("button", name="Send now")
        if send_now.count():  # (unless the page's own timer has just started a try)
            try:
                send_now.click(timeout=3_000)
            except PlaywrightTimeoutError:
                # The page's own timer started a try between the look and the press, and the
                # button went with it: the resend is under way all the same.
                pass
        # Whatever is still waiting goes at the page's next try (every 15 s): run the page's
        # clock on to it rather than wait for it.
        page.clock.run_for(15_000)
        for number, kind in ((1, "result"), (3, "confirm")):
            expect(_note(page, number, kind)).to_have_attribute("data-outbox-state", "sent",
                                                                timeout=20_000)
        assert ResultEntry.objects.filter(by_team=ns, deal__number=1).count() == 1
        assert ResultReview.objects.filter(entry=theirs, verdict="confirm").count() == 1
        expect(page.locator("#deal-1")).to_have_attribute("data-status", "pending")
    finally:
        context.close()


def test_round_closed_while_offline_refuses_the_queued_entry(live_server, phone, event):
    round_, ns, _theirs, director = event
    from tournaments import services as tournament_services

    page = phone.new_page()
    page.goto(_captain_url(live_server, ns))
    phone.set_offline(True)
    _enter(page, 1, "Swords", 44)
    expect(_note(page, 1)).to_have_attribute("data-outbox-state", "queued")

    tournament_services.close_round(round_, by=director)
    phone.set_offline(False)
    note = _note(page, 1)
    expect(note).to_have_attribute("data-outbox-state", "refused")
    expect(note).to_contain_text("Round 1 is closed: results can no longer be entered")
    # What was typed is still there, and nothing was written.
    expect(page.locator("input[name='d1-points_ns']")).to_have_value("44")
    expect(page.locator("#deal-1 input[value='E']")).to_be_checked()
    assert not ResultEntry.objects.filter(by_team=ns).exists()
