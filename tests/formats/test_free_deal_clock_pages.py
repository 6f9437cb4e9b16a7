"""The round clock on the pages: the director's buttons on the round's games, the countdown
on the captain's page and the projector (with the server's time, and the end as text for a
page without JavaScript), and the small JSON answer the countdown re-reads."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from free_deal_factories import make_free_deal, next_round

from live.scopes import visible
from tournaments.models import AuditEvent, Championship, RoundClock
from tournaments.services import clock as clock_services

pytestmark = pytest.mark.django_db


def _english(client=None):
    """The pages in English, whatever the default language (the messages are checked)."""
    client = client or Client()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def event(director):
    championship = make_free_deal(director, pairs=4, round_minutes=45)
    round_ = next_round(championship, director)
    table = round_.tables.select_related("ns_team").order_by("number").first()
    return championship, round_, table.ns_team


def _json(response) -> dict:
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert response["Content-Type"] == "application/json"
    return response.json()


def _parse(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def test_the_captains_json_gives_the_servers_time_with_the_clock(event, director):
    championship, round_, team = event
    url = f"/t/{team.pk}/{team.link_secret}/clock/"
    data = _json(_english().get(url))
    assert data["state"] == "not_started" and data["round"] == 1
    assert (data["remaining"], data["ends_at"]) == (2700.0, None)
    assert abs(_parse(data["now"]) - timezone.now()) < timedelta(seconds=5)

    clock_services.start_clock(round_, by=director)
    data = _json(_english().get(url))
    assert data["state"] == "running" and data["now"].endswith("Z")
    # Both times are written to the millisecond: they agree with "remaining" within one.
    assert abs(_parse(data["ends_at"]) - _parse(data["now"])
               - timedelta(seconds=data["remaining"])) <= timedelta(milliseconds=1)
    assert _english().get(f"/t/{team.pk}/not-the-secret-at-all-no/clock/").status_code == 404
    assert _english().post(url).status_code == 405


def test_no_clock_to_show_is_said_as_state_none(director):
    championship = make_free_deal(director, pairs=4, round_minutes=None)
    round_ = next_round(championship, director)
    team = round_.tables.first().ns_team
    data = _json(_english().get(f"/t/{team.pk}/{team.link_secret}/clock/"))
    assert (data["state"], data["ends_at"], data["remaining"]) == ("none", None, None)


def test_the_public_json_is_the_projectors(event, director, director_client):
    championship, round_, team = event
    url = f"/c/{championship.pk}/results/clock/"
    assert _english().get(url).status_code == 404  # results not published
    assert _json(director_client.get(url))["state"] == "not_started"
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    clock_services.start_clock(round_, by=director)
    clock_services.pause_clock(round_, by=director)
    data = _json(_english().get(url))
    assert (data["state"], data["round"], data["ends_at"]) == ("paused", 1, None)
    assert 0 < data["remaining"] <= 2700


def test_the_director_presses_the_buttons(event, director_client):
    championship, round_, team = event
    director_client = _english(director_client)
    url = f"/director/c/{championship.pk}/results/rounds/1/clock/"
    games = f"/director/c/{championship.pk}/results/rounds/1/"
    page = director_client.get(games).content.decode()
    assert 'data-clock-url="' + url + '"' in page and 'value="start"' in page
    assert "45:00" in page and "The clock has not started yet." in page

    response = director_client.post(url, {"action": "start"}, follow=True)
    assert response.redirect_chain == [(games, 302)]
    page = response.content.decode()
    assert "The clock has started." in page
    assert re.search(r'data-state="running"', page)
    assert _json(director_client.get(url))["state"] == "running"

    page = director_client.post(url, {"action": "resume"}, follow=True).content.decode()
    assert "The clock of round 1 is not paused." in page
    page = director_client.post(url, {"action": "extend", "minutes": ""},
                                follow=True).content.decode()
    assert "Give the minutes to add." in page
    page = director_client.post(url, {"action": "extend", "minutes": "7"},
                                follow=True).content.decode()
    assert "7 minutes added to the clock." in page
    assert director_client.post(url, {"action": "explode"}).status_code == 302
    actions = list(AuditEvent.objects.filter(action__startswith="clock_")
                   .values_list("action", flat=True))
    assert actions == ["clock_started", "clock_extended"]
    assert RoundClock.objects.get().extra == timedelta(minutes=7)


def test_only_the_championships_directors_reach_the_buttons(event, django_user_model):
    championship, round_, team = event
    url = f"/director/c/{championship.pk}/results/rounds/1/clock/"
    assert _english().post(url, {"action": "start"}).status_code == 302  # to the login
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="x-pass-9"))
    assert other.post(url, {"action": "start"}).status_code == 404
    assert other.get(url).status_code == 404
    assert not RoundClock.objects.exists()


def test_the_captains_page_counts_down_from_the_servers_time(event, director):
    championship, round_, team = event
    clock_services.start_clock(round_, by=director)
    page = _english().get(f"/t/{team.pk}/{team.link_secret}/").content.decode()
    clock = re.search(r'<section class="card clock"[^>]*>', page).group(0)
    assert 'data-state="running"' in clock
    assert f'data-clock-url="/t/{team.pk}/{team.link_secret}/clock/"' in clock
    for attribute in ("data-now", "data-ends-at"):
        value = re.search(attribute + r'="([^"]+)"', clock).group(1)
        assert value.endswith("Z")
    # Without JavaScript: the time the round ends, in the championship's time zone.
    ends = timezone.localtime(RoundClock.objects.get().times.ends_at).strftime("%H:%M")
    assert re.search(r"The round ends at <time data-clock-ends datetime=\"[^\"]+\">"
                     + ends + "</time>.", page)
    assert "js/clock.js" in page and "data-live-url" in page


def test_at_zero_the_pages_say_last_hand(event, director):
    championship, round_, team = event
    clock_services.start_clock(round_, by=director, now=timezone.now() - timedelta(minutes=46))
    text = "Last hand: finish the hand in progress, start no new one"
    page = _english().get(f"/t/{team.pk}/{team.link_secret}/").content.decode()
    assert 'data-state="last_hand"' in page
    assert re.search(r'<p data-when="last_hand" class="clock-last-hand">', page)  # not hidden
    assert text in page
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    page = _english().get(f"/c/{championship.pk}/results/projector/").content.decode()
    assert 'class="card clock clock-big"' in page and 'data-state="last_hand"' in page
    assert f'data-clock-url="/c/{championship.pk}/results/clock/"' in page


def test_a_duplicate_projector_has_no_clock(director_client, director):
    from tournaments import services as tournament_services

    championship = tournament_services.create_championship(director, name="Duplicat")
    page = director_client.get(f"/c/{championship.pk}/results/projector/").content.decode()
    assert "data-clock" not in page and "clock.js" not in page


def test_every_listener_hears_that_the_clock_changed():
    event = {"kind": "clock", "c": 7, "round": 2}
    for kind in ("team", "public", "director"):
        assert visible({"k": kind, "c": 7, "t": 3}, event) == {"kind": "clock", "round": 2}
    assert visible({"k": "public", "c": 8, "t": None}, event) is None
