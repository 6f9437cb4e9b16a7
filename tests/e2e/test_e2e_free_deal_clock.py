"""A free-deal round's clock in a real browser whose own clock is more than two hours wrong:
the captain's phone and the projector count down from the server's time, and at zero both
say "last hand"."""

from __future__ import annotations

import re
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from phones import phone_context
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round  # noqa: E402

from tournaments.models import Championship  # noqa: E402
from tournaments.services import clock as clock_services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

#: The device's clock is 2 h 17 min behind the server's.
SKEW_MS = -(2 * 3600 + 17 * 60) * 1000
#: Seconds the round has left when the pages open.
LEFT = 8

# Every Date the pages make (Date.now(), new Date()) is the device's wrong time. Injected
# before the page's scripts by the browser itself, so the page's Content-Security-Policy
# does not apply to it.
SKEWED_DATE = """(() => {
  const skew = SKEW, RealDate = Date;
  class SkewedDate extends RealDate {
    constructor(...args) {
      if (args.length) { super(...args); } else { super(RealDate.now() + skew); }
    }
    static now() { return RealDate.now() + skew; }
  }
  window.Date = SkewedDate;
})();""".replace("SKEW", str(SKEW_MS))


@pytest.fixture
def event(django_user_model):
    director = django_user_model.objects.create_user("clock-director", password="x-pass-9")
    championship = make_free_deal(director, pairs=4, round_minutes=30)
    round_ = next_round(championship, director)
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    team = round_.tables.select_related("ns_team").order_by("number").first().ns_team
    # Started 30 minutes ago, less the few seconds the test watches.
    started = timezone.now() - timedelta(minutes=30) + timedelta(seconds=LEFT)
    clock_services.start_clock(round_, by=director, now=started)
    return championship, team


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_countdown_keeps_the_servers_time_and_says_last_hand_at_zero(
        live_server, browser, event):
    championship, team = event
    context = phone_context(browser)
    context.add_init_script(SKEWED_DATE)
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/t/{team.pk}/{team.link_secret}/")
        projector = context.new_page()
        projector.goto(f"{live_server.url}/c/{championship.pk}/results/projector/")
        # The pages' own clock is indeed wrong.
        assert abs(phone.evaluate("Date.now()") - time.time() * 1000 - SKEW_MS) < 10_000

        shown = []
        for page in (phone, projector):
            clock = page.locator("#round-clock")
            expect(clock).to_have_attribute("data-state", "running")
            remaining = clock.locator("[data-clock-time]")
            # Seconds, not the two hours and more the device's clock would give.
            expect(remaining).to_have_text(re.compile(r"^0:0[1-8]$"))
            shown.append((page, remaining, _seconds(remaining.inner_text())))
        time.sleep(1.6)
        for page, remaining, before in shown:
            if page.locator("#round-clock").get_attribute("data-state") == "running":
                assert _seconds(remaining.inner_text()) < before  # it counts down

        for page in (phone, projector):
            clock = page.locator("#round-clock")
            expect(clock).to_have_attribute("data-state", "last_hand", timeout=LEFT * 1000 + 5000)
            expect(clock.locator("[data-when='last_hand']")).to_have_text(
                "Last hand: finish the hand in progress, start no new one")
            expect(clock.locator("[data-when='last_hand']")).to_be_visible()
            expect(clock.locator("[data-clock-time]")).to_be_hidden()
    finally:
        context.close()
