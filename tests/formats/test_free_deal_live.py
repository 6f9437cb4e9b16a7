"""Every change of a Swiss free-deal game tells the live pages (rules.md 11.2), as a duplicate
deal's result does: the table's two pairs (their captains' pages fetch the game again), the
championship's directors (the games page, the standings), and the public only once the round
is closed. Nothing is told before the commit, nor by a change rolled back."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from free_deal_factories import make_free_deal, next_round, play_round, win

import live
from live.scopes import visible
from scoring.services import games
from scoring.services.values import PinRefused, ScoringError
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """Every event handed to the live layer (after its commit), in order."""
    events = []
    monkeypatch.setattr(live, "send_now", events.append)
    return events


@pytest.fixture
def round_one(director):
    championship = make_free_deal(director, pairs=6)
    return next_round(championship, director)


def _tables(round_):
    return list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))


def _event(table, *, closed: bool = False) -> dict:
    return {"kind": "result", "c": table.round.championship_id, "round": table.round.number,
            "closed": closed, "table": table.number, "deal": None,
            "teams": [table.ns_team_id, table.ew_team_id]}


def _committed(callbacks, action):
    with callbacks(execute=True):
        return action()


def test_every_change_of_a_game_is_told_after_its_commit(
        sent, round_one, director, django_capture_on_commit_callbacks):
    first, second, third = _tables(round_one)
    ns, ew = first.ns_team, first.ew_team
    on_commit = django_capture_on_commit_callbacks

    with on_commit(execute=True), transaction.atomic():
        entry, _ = games.submit_game(team=ns, table=first, values=win(), idempotency_key="a")
        assert sent == []  # not before the commit
    assert sent == [_event(first)]
    # The same request again stores nothing, and tells nothing.
    _committed(on_commit, lambda: games.submit_game(team=ns, table=first, values=win(),
                                                    idempotency_key="a"))
    assert len(sent) == 1
    # A refusal (a pair confirming its own entry) is rolled back: nobody is told.
    with pytest.raises(ScoringError):
        _committed(on_commit, lambda: games.confirm_game(entry_id=entry.pk, team=ns))
    assert len(sent) == 1

    _committed(on_commit, lambda: games.dispute_game(entry_id=entry.pk, team=ew))
    _committed(on_commit, lambda: games.director_confirm_game(
        table=first, entry_id=entry.pk, user=director))
    _committed(on_commit, lambda: games.director_set_game(table=first, user=director,
                                                          values=win(101, 90)))
    assert sent == [_event(first)] * 4

    # The other pair confirms on its own phone.
    entry, _ = games.submit_game(team=second.ew_team, table=second, values=win(),
                                 idempotency_key=None)
    sent.clear()
    _committed(on_commit, lambda: games.confirm_game(entry_id=entry.pk,
                                                     team=second.ns_team))
    assert sent == [_event(second)]

    # Or on the entering pair's phone with its PIN: a wrong PIN is kept and told (the
    # director's page shows the table's wrong PINs), then the right one.
    entry, _ = games.submit_game(team=third.ns_team, table=third, values=win(),
                                 idempotency_key=None)
    sent.clear()
    wrong = "0000" if third.ew_team.pin != "0000" else "1111"
    with pytest.raises(PinRefused):
        _committed(on_commit, lambda: games.confirm_game_with_pin(
            entry_id=entry.pk, team=third.ns_team, pin=wrong))
    _committed(on_commit, lambda: games.confirm_game_with_pin(
        entry_id=entry.pk, team=third.ns_team, pin=third.ew_team.pin))
    assert sent == [_event(third)] * 2


def test_the_tables_pairs_and_the_directors_hear_a_game_others_hear_nothing(
        sent, round_one, director, django_capture_on_commit_callbacks):
    first, second, _third = _tables(round_one)
    _committed(django_capture_on_commit_callbacks, lambda: games.submit_game(
        team=first.ns_team, table=first, values=win(), idempotency_key=None))
    (event,) = sent
    c = round_one.championship_id
    for pair in (first.ns_team, first.ew_team):
        assert visible({"k": "team", "c": c, "t": pair.pk}, event) == {
            "kind": "result", "round": 1, "deal": None}
    for pair in (second.ns_team, second.ew_team):  # another table: nothing at all
        assert visible({"k": "team", "c": c, "t": pair.pk}, event) is None
    assert visible({"k": "director", "c": c, "t": None}, event) == {
        "kind": "result", "round": 1, "table": first.number, "deal": None}
    assert visible({"k": "director", "c": c + 1, "t": None}, event) is None
    assert visible({"k": "public", "c": c, "t": None}, event) is None  # a round in play


def test_a_correction_in_a_closed_round_tells_the_public(
        sent, round_one, director, django_capture_on_commit_callbacks):
    play_round(round_one, lambda table: win())
    tournament_services.close_round(round_one, by=director)
    table = _tables(round_one)[0]
    table.round.refresh_from_db()
    sent.clear()
    _committed(django_capture_on_commit_callbacks, lambda: games.director_set_game(
        table=table, user=director, values=win(101, 12)))
    assert sent == [_event(table, closed=True)]
    assert visible({"k": "public", "c": round_one.championship_id, "t": None},
                   sent[0]) == {"kind": "result"}


def test_the_directors_games_page_follows_the_games_live(director_client, round_one):
    """The games page listens to the director's stream and its games are a live region
    (static/js/live.js fetches the page again on each event and swaps the region in)."""
    from live.scopes import read_token

    html = director_client.get(
        f"/director/c/{round_one.championship_id}/results/rounds/1/").content.decode()
    token = re.search(r'data-live-url="/live/\?s=([^"]+)"', html).group(1)
    assert read_token(token)["k"] == "director"
    region = re.search(r'<div[^>]*data-live-region[^>]*>(.*?)</div>', html, re.S)
    assert region is not None and 'id="games-table"' in region.group(0)
    assert "<table class=\"grid games\">" in region.group(1)
