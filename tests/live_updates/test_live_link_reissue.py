"""A captain's stream token is made for the team's link as it is: reissuing the link refuses
the old token at once (not 16 hours later) and ends the streams open with it."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.core import signing
from django.test import Client
from scoring_factories import make_championship, make_round, teams_of
from test_live_layer import _drive, _run

from live import relay
from live.hub import hub
from live.scopes import ends, link_event, link_is_current, make_token, read_token, visible
from tournaments import services


@pytest.fixture
def team(transactional_db, director):
    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    make_round(championship, 1, [(t1, t2), (t3, t4)])
    return t1


@pytest.fixture(autouse=True)
def in_process(monkeypatch):
    monkeypatch.setattr(relay, "_layer", relay.InProcessLayer())


def page_token(team) -> str:
    """The stream token the captain's page hands its script."""
    response = Client(headers={"accept-language": "en"}).get(team.private_path)
    assert response.status_code == 200
    return parse_qs(urlsplit(response.context["live_url"]).query)["s"][0]


def round_event(team) -> dict:
    return {"kind": "round", "c": team.championship_id, "round": 1}


def test_a_reissued_link_refuses_the_old_stream_token(team, director):
    old = page_token(team)
    assert link_is_current(read_token(old))
    services.reissue_link(team, by=director)
    team.refresh_from_db()
    assert read_token(old) is not None  # signed and unexpired, yet made for the old link
    assert not link_is_current(read_token(old))
    status, payloads = _run(_drive(old, lambda: None))
    assert status == 403 and payloads == []
    # The new link's page gets a stream that works.
    status, payloads = _run(_drive(page_token(team), lambda: hub.dispatch(round_event(team))))
    assert status == 200 and payloads == [{"kind": "round", "round": 1}]


def test_reissuing_the_link_ends_the_streams_open_with_the_old_one(team, director):
    old = page_token(team)
    status, payloads = _run(_drive(old, lambda: services.reissue_link(team, by=director)))
    assert status == 200 and payloads == []  # it ended, told nothing
    assert len(hub) == 0


def test_only_the_teams_older_streams_end_and_nobody_is_told():
    team = {"k": "team", "c": 7, "t": 12}
    old = {**team, "d": read_token(make_token("team", 7, 12, link_secret="old-link"))["d"]}
    new = {**team, "d": read_token(make_token("team", 7, 12, link_secret="new-link"))["d"]}
    event = link_event(7, 12, "new-link")
    assert "new-link" not in str(event)
    assert ends(old, event) and not ends(new, event)
    assert not ends({**old, "t": 13}, event) and not ends({**old, "c": 8}, event)
    assert not ends({"k": "director", "c": 7}, event)
    for listener in (old, new, {"k": "director", "c": 7}, {"k": "public", "c": 7}):
        assert visible(listener, event) is None


def test_a_team_token_needs_the_link_and_one_without_it_is_refused():
    with pytest.raises(ValueError):
        make_token("team", 7, 12)
    unlinked = signing.dumps({"k": "team", "c": 7, "t": 12}, salt="duplicada.live",
                             compress=False)
    assert read_token(unlinked) is None
