"""Live updates: who is told what, publishing after the commit only, and the stream itself
(the ASGI endpoint driven as a server drives it)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading

import pytest
from django.core import signing
from django.db import connections, transaction
from scoring_factories import make_championship, make_round, result, teams_of

import live
from formats.duplicate_pairs import services as pairs_services
from live import asgi as live_asgi
from live import relay
from live.hub import hub
from live.scopes import link_digest, make_token, read_token, visible
from scoring import services
from tournaments import services as tournament_services

EVENT = {"kind": "result", "c": 7, "round": 2, "closed": False, "table": 5, "deal": 3,
         "teams": [11, 12]}


def test_each_listener_is_told_only_what_it_may_see():
    director = {"k": "director", "c": 7}
    assert visible(director, EVENT) == {"kind": "result", "round": 2, "table": 5, "deal": 3}
    assert visible(director, {**EVENT, "c": 8}) is None  # another championship
    own, other = {"k": "team", "c": 7, "t": 12}, {"k": "team", "c": 7, "t": 13}
    assert visible(own, EVENT) == {"kind": "result", "round": 2, "deal": 3}
    assert visible(other, EVENT) is None  # another table's result: nothing at all
    assert visible(other, {"kind": "round", "c": 7, "round": 3}) == {"kind": "round", "round": 3}
    public = {"k": "public", "c": 7}
    assert visible(public, EVENT) is None  # a round being played is not public
    assert visible(public, {**EVENT, "closed": True}) == {"kind": "result"}
    assert visible(public, {"kind": "publish", "c": 7}) == {"kind": "publish"}


def test_tokens_are_signed_and_name_no_secret(settings):
    secret = "s3cr3t-link-of-team-twelve"
    token = make_token("team", 7, 12, link_secret=secret)
    assert read_token(token) == {"k": "team", "c": 7, "t": 12, "d": link_digest(secret)}
    assert secret not in token and secret not in signing_payload(token)
    assert read_token(token[:-2] + ("AA" if token[-2:] != "AA" else "BB")) is None
    assert read_token("") is None and read_token("garbage") is None
    settings.SECRET_KEY = "another-installation"
    assert read_token(token) is None


def signing_payload(token: str) -> str:
    return json.dumps(signing.loads(token, salt="duplicada.live"))


@pytest.fixture
def sent(monkeypatch):
    """Every event handed to the layer, in order."""
    events = []

    class Recorder:
        ready = True

        def send(self, event):
            events.append(event)

    monkeypatch.setattr(relay, "_layer", Recorder())
    return events


@pytest.fixture
def table(transactional_db, director):
    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)])
    return round_.tables.select_related("ns_team", "ew_team").get(number=1)


def test_results_are_published_after_their_commit_only(sent, table, director):
    deal = table.round.deals.get(number=2)
    ns, ew = table.ns_team, table.ew_team
    with transaction.atomic():
        entry, _ = pairs_services.submit_result(team=ns, table=table, deal=deal, data=result(40),
                                          idempotency_key="k-1")
        assert sent == []  # not before the commit
    assert sent == [{"kind": "result", "c": table.round.championship_id, "round": 1,
                     "closed": False, "table": 1, "deal": 2, "teams": [ns.pk, ew.pk]}]
    with pytest.raises(RuntimeError), transaction.atomic():
        pairs_services.confirm_entry(entry_id=entry.pk, team=ew)
        raise RuntimeError("rolled back")
    assert len(sent) == 1  # a rolled-back confirmation tells nobody
    pairs_services.confirm_entry(entry_id=entry.pk, team=ew)
    services.set_results_public(table.round.championship, True, user=director)
    tournament_services.close_round(table.round, by=director)
    assert [event["kind"] for event in sent] == ["result", "result", "publish", "round"]


def test_a_stream_under_wsgi_answers_no_content(client):
    response = client.get(live.stream_url("public", 1))
    assert response.status_code == 204


async def _drive(token: str, publish, *, wait_for: int = 1, timeout: float = 5.0):
    """Open the ASGI stream with ``token``, call ``publish`` once it is open, and return
    the status and the ``data:`` payloads received until ``wait_for`` arrived."""
    sent, payloads, opened = [], [], asyncio.Event()
    disconnect = asyncio.Event()

    async def receive():
        await disconnect.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
        body = message.get("body", b"").decode()
        if ": open" in body:
            opened.set()
        for line in body.splitlines():
            if line.startswith("data: "):
                payloads.append(json.loads(line[6:]))
        if len(payloads) >= wait_for:
            disconnect.set()

    scope = {"type": "http", "method": "GET", "path": "/live/",
             "query_string": f"s={token}".encode()}
    task = asyncio.ensure_future(live_asgi.stream(scope, receive, send))
    # A refused stream answers and ends without opening: stop waiting as soon as either
    # happens (waiting for "open" alone sat out the whole timeout on every refusal).
    opening = asyncio.ensure_future(opened.wait())
    await asyncio.wait({opening, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if not opened.is_set():
        opening.cancel()
        assert task.done(), f"the stream neither opened nor ended within {timeout} s"
        return sent[0]["status"], payloads
    # Published from another thread, as a sync view's on_commit does; like a request's
    # thread, it gives its database connection back when done (the server does that).
    threading.Thread(target=_as_a_request(publish)).start()
    await asyncio.wait_for(task, timeout)
    return sent[0]["status"], payloads


def _as_a_request(work):
    def request():
        try:
            work()
        finally:
            connections.close_all()

    return request


def _run(coroutine):
    """Run ``coroutine`` on a loop of its own, in a thread of its own: the browser tests
    leave playwright's loop running in this one."""
    outcome = {}

    def target():
        outcome["value"] = asyncio.run(coroutine)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    return outcome["value"]


def test_the_stream_passes_on_what_its_listener_may_see(monkeypatch, table):
    monkeypatch.setattr(relay, "_layer", relay.InProcessLayer())
    team = table.ns_team
    event = {**EVENT, "c": team.championship_id, "teams": [team.pk, table.ew_team_id]}

    def publish():
        hub.dispatch({**event, "teams": [98, 99]})  # another table: not for this team
        hub.dispatch(event)

    token = make_token("team", team.championship_id, team.pk, link_secret=team.link_secret)
    status, payloads = _run(_drive(token, publish))
    assert status == 200
    assert payloads == [{"kind": "result", "round": 2, "deal": 3}]
    assert len(hub) == 0  # the closed stream left the hub


def test_a_bad_token_gets_no_stream(monkeypatch):
    monkeypatch.setattr(relay, "_layer", relay.InProcessLayer())
    status, payloads = _run(_drive("forged", lambda: None))
    assert status == 403 and payloads == []


def test_without_redis_streams_are_refused_and_writers_do_not_wait(monkeypatch, free_port):
    """Redis configured but away: the page is told to poll (503), and publishing an event
    costs the writer nothing: the writer hands it over and goes on while the publisher
    thread is stuck on the network (here, held until the end of the test)."""
    import redis

    network = threading.Event()  # the "network": it answers once the test lets it

    class StuckClient:
        def ping(self):
            network.wait()

        def publish(self, channel, message):
            network.wait()

    real_client = redis.Redis.from_url
    monkeypatch.setattr(redis.Redis, "from_url", lambda *args, **kwargs: StuckClient())
    layer = relay.RedisLayer(f"redis://127.0.0.1:{free_port}/0", "test-channel")
    monkeypatch.setattr(relay, "_layer", layer)
    writer = threading.Thread(target=lambda: [live.send_now(EVENT) for _ in range(50)])
    try:
        writer.start()
        writer.join(timeout=30)  # far more than 50 hand-overs ever take; not a speed budget
        assert not writer.is_alive(), "a writer waited for Redis"
    finally:
        network.set()
    monkeypatch.setattr(redis.Redis, "from_url", real_client)
    layer = relay.RedisLayer(f"redis://127.0.0.1:{free_port}/0", "test-channel")
    monkeypatch.setattr(relay, "_layer", layer)
    status, payloads = _run(_drive(make_token("director", 7), lambda: None))
    assert status == 503 and payloads == []


@pytest.fixture
def free_port():
    with socket.socket() as sock:  # bound then closed: nothing listens there
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
