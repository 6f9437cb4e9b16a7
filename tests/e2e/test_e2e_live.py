"""Live updates in a real browser: a director's grid and a captain's page, served by uvicorn
(``config.asgi``), change by themselves when a result is confirmed through another server
process, without polling."""

from __future__ import annotations

import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from phones import phone_context
from playwright.sync_api import expect
from round_one import open_grid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "live_updates"))
from servers import database_url, redis_answers, uvicorn_servers  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(round_one):
    from scoring_factories import result

    from formats.duplicate_pairs import services

    one = round_one
    entry, _ = services.submit_result(team=one.ns, table=one.table,
                                      deal=one.round.deals.get(number=2), data=result(40),
                                      idempotency_key="live-1")
    return one.championship, one.ns, one.ew, entry


def test_grid_and_captain_page_update_without_polling(browser, event):
    championship, ns, ew, entry = event
    url = settings.CELERY_BROKER_URL or "redis://127.0.0.1:6379/0"
    if redis_answers(url):
        count, layer = 2, url
    else:
        print(f"\nno Redis at {url}: one process, in-process layer")
        count, layer = 1, ""
    with uvicorn_servers(count, database=database_url(connection.settings_dict),
                         live_redis=layer, channel=f"e2e-{uuid.uuid4().hex[:8]}",
                         secret_key=settings.SECRET_KEY) as urls:
        writer, reader = urls[0], urls[-1]
        context = phone_context(browser)
        try:
            grid = context.new_page()
            open_grid(grid, reader, championship)
            cell = grid.locator("td.cell[data-table='1'][data-deal='2']")
            expect(cell).to_have_attribute("data-status", "pending")
            expect(grid.locator("html")).to_have_attribute("data-live", "on")
            captain = context.new_page()
            captain.goto(f"{reader}/t/{ns.pk}/{ns.link_secret}/")
            expect(captain.locator("html")).to_have_attribute("data-live", "on")
            expect(captain.locator("#deal-2")).to_have_attribute("data-status", "pending")

            # The other team confirms on its own phone, through the other process.
            request = urllib.request.Request(
                f"{writer}/api/v1/captain/{ew.pk}/{ew.link_secret}/results/{entry.pk}/confirm/",
                method="POST", data=b"")
            started = time.perf_counter()
            urllib.request.urlopen(request, timeout=10).read()
            # A locator, not wait_for_function: the page's Content-Security-Policy forbids
            # the string evaluation that wait_for_function needs.
            expect(grid.locator("td.cell[data-table='1'][data-deal='2']")).to_have_attribute(
                "data-status", "confirmed", timeout=5_000)
            seen_after = time.perf_counter() - started
            expect(captain.locator("#deal-2")).to_have_attribute("data-status", "confirmed",
                                                                  timeout=5_000)
            assert "40-32" in cell.inner_text()
        finally:
            context.close()
    print(f"\nconfirmation through one process -> grid in Chromium on "
          f"{'another' if count == 2 else 'the same'} process updated in "
          f"{seen_after * 1000:.0f} ms")
    assert seen_after < 1.0, seen_after


def test_without_the_stream_the_grid_polls(live_server, phone, event):
    """Under a WSGI server (here pytest's live server) /live/ answers 204: the grid notices
    and fetches itself every few seconds instead. The page's clock (Playwright's, running)
    is moved on by one such period rather than waited for."""
    from formats.duplicate_pairs import services
    from formats.duplicate_pairs.director_views import GRID_REFRESH_SECONDS

    championship, ns, ew, entry = event
    phone.clock.install()
    grid = phone.new_page()
    open_grid(grid, live_server.url, championship)
    cell = grid.locator("td.cell[data-table='1'][data-deal='2']")
    expect(cell).to_have_attribute("data-status", "pending")
    expect(grid.locator("html")).to_have_attribute("data-live", "off")
    services.confirm_entry(entry_id=entry.pk, team=ew)
    grid.clock.run_for(GRID_REFRESH_SECONDS * 1000)
    expect(cell).to_have_attribute("data-status", "confirmed", timeout=12_000)
