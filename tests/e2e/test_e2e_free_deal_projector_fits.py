"""The hall's projector (1280 × 720) with a round of 11 tables and its clock running: every page
of the pairing fits the screen, without scrolling (issue "A club night without a single
why", item 21), and together the pages list every table."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from free_deal_factories import make_free_deal, next_round  # noqa: E402

from scoring.services import set_results_public  # noqa: E402
from tournaments.services import clock as clock_services  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_pairing_page_fits_the_projector(live_server, browser, django_user_model):
    director = django_user_model.objects.create_user("fd-projector", password="x")
    championship = make_free_deal(director, pairs=22, rounds=3, round_minutes=45)
    round_ = next_round(championship, director)
    clock_services.start_clock(round_, by=director)
    set_results_public(championship, True)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ca-ES")
    try:
        page = context.new_page()
        listed, number = set(), 1
        while True:
            page.goto(f"{live_server.url}/c/{championship.pk}/results/projector/?page={number}")
            if not page.locator("h2", has_text=re.compile("aparellaments|pairings")).count():
                break
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height <= 720, (number, height)
            listed |= {int(n) for n in page.locator("#projector-table tbody th").all_inner_texts()}
            number += 1
        assert listed == set(range(1, 12))
    finally:
        context.close()
