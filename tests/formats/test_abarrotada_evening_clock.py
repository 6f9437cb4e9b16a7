"""The round clock of an individual evening (rules.md 10.4 with a time per round): the same
core clock as free-deal pairs (tournaments.clock), timed by the evening's minutes per round.
The director starts, pauses and extends it from the round's page and the games grid, each
action audited; the players' phones and the projector count down. The duplicate individual
form plays deals, not time: no clock whatever its settings hold."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from abarrotada_factories import make_evening, make_individual, next_round, seated
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from formats import format_of
from formats.abarrotada.models import IndividualSettings
from tournaments.clock import LAST_HAND, NOT_STARTED, PAUSED, RUNNING
from tournaments.clock_selectors import clock_view
from tournaments.models import AuditEvent, Championship, RoundClock
from tournaments.services import clock as clock_services
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db
MINUTE = timedelta(minutes=1)


def _english(client=None):
    client = client or Client()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def evening(director):
    championship = make_evening(director, players=9, round_minutes=45)
    round_ = next_round(championship, director)
    return championship, round_, round_.player_tables.order_by("number").first()


def test_the_evening_says_its_minutes_and_the_duplicate_form_none(director):
    timed = make_evening(director, players=8, round_minutes=45)
    untimed = make_evening(director, players=8)
    dealt = make_individual(director, players=8)
    # Even minutes stored on a duplicate individual's settings give it no clock.
    IndividualSettings.objects.update_or_create(championship=dealt,
                                                defaults={"round_minutes": 30})
    assert [format_of(c).round_minutes(c) for c in (timed, untimed, dealt)] == [45, None, None]


def test_start_pause_resume_extend_each_audited(evening, director):
    _championship, round_, _table = evening
    assert clock_view(round_).state == NOT_STARTED
    assert clock_view(round_).remaining == 45 * MINUTE
    t0 = timezone.now()
    clock_services.start_clock(round_, by=director, now=t0)
    assert clock_view(round_, now=t0 + 10 * MINUTE).state == RUNNING
    clock_services.pause_clock(round_, by=director, now=t0 + 15 * MINUTE)
    paused = clock_view(round_, now=t0 + 30 * MINUTE)
    assert (paused.state, paused.remaining) == (PAUSED, 30 * MINUTE)
    clock_services.resume_clock(round_, by=director, now=t0 + 20 * MINUTE)
    clock_services.extend_clock(round_, 5, by=director, now=t0 + 21 * MINUTE)
    # 45 minutes, 5 paused, 5 more: the round ends 55 minutes after the start.
    assert clock_view(round_, now=t0 + 54 * MINUTE).remaining == MINUTE
    assert clock_view(round_, now=t0 + 55 * MINUTE).state == LAST_HAND
    assert RoundClock.objects.get().round_id == round_.pk
    actions = list(AuditEvent.objects.filter(action__startswith="clock_").order_by("pk")
                   .values_list("action", "round_number", "detail"))
    assert actions == [("clock_started", 1, ""), ("clock_paused", 1, ""),
                       ("clock_resumed", 1, ""), ("clock_extended", 1, "+5 min")]


def test_no_clock_for_an_untimed_evening_nor_the_duplicate_form(director, director_client):
    for championship in (make_evening(director, players=8), make_individual(director, players=8)):
        round_ = next_round(championship, director)
        assert clock_view(round_) is None
        with translation.override("en"), pytest.raises(ServiceError, match="no clock"):
            clock_services.start_clock(round_, by=director)
        for url in (reverse("tournaments:director_round", args=[championship.pk, 1]),
                    reverse("scoring:grid", args=[championship.pk, 1])):
            page = director_client.get(url)
            assert page.status_code == 200 and "data-clock" not in page.content.decode()
    assert not RoundClock.objects.exists()
    assert not AuditEvent.objects.filter(action__startswith="clock_").exists()


def test_the_director_presses_the_buttons_on_the_round_page(evening, director_client):
    championship, _round, _table = evening
    client = _english(director_client)
    round_page = reverse("tournaments:director_round", args=[championship.pk, 1])
    url = f"/director/c/{championship.pk}/results/rounds/1/clock/"
    page = client.get(round_page).content.decode()
    assert 'data-clock-url="' + url + '"' in page and 'value="start"' in page
    assert "45:00" in page and "The clock has not started yet." in page

    response = client.post(url, {"action": "start", "next": round_page}, follow=True)
    assert response.redirect_chain == [(round_page, 302)]
    assert "The clock has started." in response.content.decode()
    page = client.post(url, {"action": "extend", "minutes": "3"}, follow=True).content.decode()
    assert "3 minutes added to the clock." in page
    assert client.get(url).json()["state"] == "running"
    assert RoundClock.objects.get().extra == 3 * MINUTE


def test_the_games_grid_shows_the_clock_with_its_buttons(evening, director_client):
    championship, _round, _table = evening
    grid = reverse("scoring:grid", args=[championship.pk, 1])
    page = _english(director_client).get(grid).content.decode()
    assert 'id="round-clock"' in page and 'value="pause"' in page
    assert f'name="next" value="{grid}"' in page  # a button brings the director back here


def test_the_players_phone_counts_down(evening, director):
    championship, round_, table = evening
    player = seated(table)["N"]
    clock_services.start_clock(round_, by=director, now=timezone.now() - 46 * MINUTE)
    page = _english().get(reverse("scoring:captain", args=[player.pk, player.link_secret]))
    text = page.content.decode()
    url = f"/t/{player.pk}/{player.link_secret}/clock/"
    assert f'data-clock-url="{url}"' in text and 'data-state="last_hand"' in text
    assert "Last hand: finish the hand in progress, start no new one" in text
    assert "js/clock.js" in text
    data = _english().get(url).json()
    assert (data["round"], data["state"], data["remaining"]) == (1, "last_hand", 0.0)
    # A player sitting the round out has no table, so no clock.
    out = round_.sit_outs.get().player
    assert _english().get(f"/t/{out.pk}/{out.link_secret}/clock/").json()["state"] == "none"


def test_the_projector_counts_down(evening, director):
    championship, round_, _table = evening
    clock_services.start_clock(round_, by=director)
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    page = _english().get(f"/c/{championship.pk}/results/projector/").content.decode()
    assert 'class="card clock clock-big"' in page and 'data-state="running"' in page
    assert re.search(rf'data-clock-url="/c/{championship.pk}/results/clock/"', page)
    assert _english().get(f"/c/{championship.pk}/results/clock/").json()["state"] == "running"
