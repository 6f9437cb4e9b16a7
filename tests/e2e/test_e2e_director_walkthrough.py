"""A whole small championship in a real browser, as a director and the captains play it.

The director works on a laptop-sized window, the captains on phones; everything is in
Catalan (the default language) except one switch to Spanish through the language switcher.

1. The director logs in and creates a round robin with 4 deals per match.
2. Imports 5 teams from a CSV file (a bad file first: row-by-row errors, nothing saved).
3. Generates the schedule, releases round 1, downloads the deal sheets, table cards and
   team cards (PDFs, read back with pypdf).
4. At table 1 the NS captain enters the four deals on a phone, the EW captain confirms
   three of them with the team's PIN on the same phone and disputes the fourth from the
   EW team's own link; the director settles it on the result page and sets one adjusted
   score. Until the round closes no page that players read shows the cards.
5. The director closes round 1 and publishes the results: the public standings and a
   traveller show the numbers the engine computes.
6. The other rounds are played through the services, the director finishes the
   championship and anyone checks a deal against the revealed key.

Every page is also checked for English words left in the Catalan pages and for server
errors. Set E2E_SCREENSHOTS to a folder to keep a screenshot of each step.
"""

from __future__ import annotations

import pytest
import walkthrough_play as play
import walkthrough_preparation as preparation
import walkthrough_results as results
from walkthrough_support import DESKTOP, PHONE, Walk, Watcher

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def watcher():
    return Watcher()


def _context(browser, watcher, viewport, **kwargs):
    context = browser.new_context(viewport=viewport, locale="ca-ES", **kwargs)
    context.set_default_timeout(15_000)
    watcher.attach(context)
    return context


@pytest.fixture
def desk(browser, watcher):
    """The director's laptop."""
    context = _context(browser, watcher, DESKTOP)
    yield context
    context.close()


@pytest.fixture
def phone(browser, watcher):
    """A captain's phone."""
    context = _context(browser, watcher, PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


@pytest.fixture
def visitor(browser, watcher):
    """A player or spectator with no login, on a phone."""
    context = _context(browser, watcher, PHONE, is_mobile=True, has_touch=True)
    yield context
    context.close()


def test_a_whole_championship(live_server, desk, phone, visitor, watcher, django_user_model):
    django_user_model.objects.create_user("arbitra", password="botifarra-72")
    w = Walk(base=live_server.url, desk=desk, phone=phone, visitor=visitor, watcher=watcher)
    preparation.create_championship(w)
    preparation.import_teams(w)
    preparation.schedule_and_print(w)
    play.captains_at_table_one(w)
    results.close_and_publish(w)
    results.finish(w)

    watcher.check()
