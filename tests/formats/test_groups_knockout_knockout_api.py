"""Groups then knockout, its knockout stage through the REST API (rules.md 12.3, 12.4): the
director confirms who goes through (a swap first, if asked) and enters the ties' games, the
third-place game too; the pairs report a tie's game through their links and the other pair
confirms or disputes it; the bracket and the final ranking are read as the results are
(directors live, everyone once published); other directors, strangers, another tie's pairs
and other formats are refused; bad input names the field and writes nothing; the bracket's
read costs the same whatever its size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient
from test_groups_knockout_bracket import sixteen, ties
from test_groups_knockout_standings import by_strength, event, play

from formats.groups_knockout.standings import going_through
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from tournaments import services
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db

API = "/api/v1/"


def client(user=None) -> APIClient:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        api.force_login(user)
    return api


def groups(championship) -> str:
    return f"{API}championships/{championship.pk}/groups/"


def link(team) -> str:
    return f"{API}captain/{team.pk}/{team.link_secret}/groups/knockout/"


def points(first, second, hands=8) -> dict:
    # A knockout game of groups then knockout gives its hands (rules.md 12.4).
    return {"first_points": first, "second_points": second, "hands": hands}


def four(director, **settings):
    """8 pairs in two groups of 4, two through from each: a bracket of 4."""
    championship = event(director, 8, bracket_size=4, qualifiers_per_group=2, **settings)
    play(championship, director, by_strength())
    return championship


def test_confirm_then_play_to_the_final_ranking_over_the_api(director):
    championship = four(director, third_place=True)
    api, c = client(director), groups(championship)
    before = api.get(f"{c}knockout/").json()
    assert (before["started"], before["size"], before["best_of"], before["rounds"],
            before["champion"]) == (False, 4, 1, [], None)
    assert api.get(f"{c}final-ranking/").json() == {"decided": False, "places": []}
    page = going_through(championship)
    a, b = page.ties[0].bottom, page.ties[1].bottom
    confirmed = api.post(f"{c}going-through/confirm/",
                         {"swap_first": a.number, "swap_second": b.number}, format="json")
    assert confirmed.status_code == 201, confirmed.json()
    body = confirmed.json()
    assert body["started"] and body["size"] == 4
    semis = body["rounds"][0]["ties"]
    assert [(t["first"]["pair"], t["second"]["pair"]) for t in semis] == [
        (page.ties[0].top.number, b.number), (page.ties[1].top.number, a.number)]
    assert [(r["round"], r["name"], [t["tie"] for t in r["ties"]]) for r in body["rounds"]] == [
        (1, "Semi-finals", [1, 2]), (2, "The final", [1]), (2, "Third-place game", [2])]
    assert f"pair {a.number} <-> pair {b.number}" in AuditEvent.objects.get(
        championship=championship, action=AuditEvent.Action.KNOCKOUT_STARTED).detail
    again = api.post(f"{c}going-through/confirm/", {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "refused"
    for stage, slot in ((1, 1), (1, 2), (2, 1), (2, 2)):
        answer = api.post(f"{c}knockout/rounds/{stage}/ties/{slot}/games/",
                          {**points(61, 40), "game": 1}, format="json")
        assert answer.status_code == 201, answer.json()
    body = answer.json()
    winner = semis[0]["first"]["pair"]
    assert body["champion"]["pair"] == winner
    assert [g["first_points"] for g in body["rounds"][2]["ties"][0]["games"]] == [61]
    decided = api.post(f"{c}knockout/rounds/2/ties/1/games/", points(61, 40), format="json")
    assert decided.status_code == 409  # the final is decided
    ranking = api.get(f"{c}final-ranking/").json()
    assert ranking["decided"]
    assert [p["place"] for p in ranking["places"]][:4] == ["1", "2", "3", "4"]
    assert ranking["places"][0]["pair"] == winner and ranking["places"][0]["knockout"]
    assert len(ranking["places"]) == 8 and not ranking["places"][-1]["knockout"]


def test_bad_input_names_the_field_and_writes_nothing(director):
    championship = four(director)
    api, c = client(director), groups(championship)
    confirm = f"{c}going-through/confirm/"
    half = api.post(confirm, {"swap_first": 1}, format="json")
    assert half.status_code == 400 and set(half.json()) == {"swap_second"}
    page = going_through(championship)
    going = {seed[1].number for seed in page.seeds}
    out = next(team.number for team in page.stage.teams.values() if team.number not in going)
    stranger = api.post(confirm, {"swap_first": out, "swap_second": page.ties[0].top.number},
                        format="json")
    assert stranger.status_code == 400 and set(stranger.json()) == {"swap_first"}
    same = api.post(confirm, {"swap_first": out, "swap_second": out}, format="json")
    assert same.status_code == 400 and set(same.json()) == {"swap_second"}
    assert api.post(confirm, {"swap_first": "x", "swap_second": 2},
                    format="json").status_code == 400
    assert not KnockoutTie.objects.exists()
    assert api.post(confirm, {}, format="json").status_code == 201
    game = f"{c}knockout/rounds/1/ties/1/games/"
    for body, field in ((points(60, 60), "second_points"), ({"first_points": 60}, "second_points"),
                        (points(-1, 60), "first_points"), ({**points(61, 40), "game": 2}, "game"),
                        (points(61, 40, hands=9), "hands"),
                        ({"first_points": 61, "second_points": 40}, "hands")):
        refused = api.post(game, body, format="json")
        assert refused.status_code == 400 and field in refused.json(), (body, refused.json())
    assert not KnockoutGame.objects.exists()
    assert api.post(f"{c}knockout/rounds/9/ties/1/games/", points(61, 40),
                    format="json").status_code == 404


def test_before_every_group_game_counts_confirming_is_refused(director):
    championship = event(director, 8)
    play(championship, director, by_strength(), rounds=1)
    refused = client(director).post(f"{groups(championship)}going-through/confirm/", {},
                                    format="json")
    assert refused.status_code == 409 and "not confirmed" in refused.json()["detail"]
    assert not KnockoutTie.objects.exists()


def test_who_may_read_and_write_the_knockout(director, django_user_model):
    championship = four(director)
    c = groups(championship)
    other = client(django_user_model.objects.create_user("gk-ko-other", password="x"))
    anonymous = client()
    reads = (f"{c}knockout/", f"{c}final-ranking/")
    for url in reads:
        assert anonymous.get(url).status_code == 404, url  # results not published
        assert other.get(url).status_code == 404, url
    for api in (anonymous, other):
        assert api.post(f"{c}going-through/confirm/", {}, format="json").status_code in (
            401, 403, 404)
    assert not KnockoutTie.objects.exists()
    client(director).post(f"{c}going-through/confirm/", {}, format="json")
    for api in (anonymous, other):
        assert api.post(f"{c}knockout/rounds/1/ties/1/games/", points(61, 40),
                        format="json").status_code in (401, 403, 404)
    assert not KnockoutGame.objects.exists()
    services.update_championship(championship, results_public=True)
    live = client(director).get(f"{c}knockout/").json()
    for url in reads:
        assert anonymous.get(url).status_code == 200, url
    assert anonymous.get(f"{c}knockout/").json() == live
    # Another format's championship: refused, saying so.
    duplicate = services.create_championship(director, name="Duplicate")
    d = groups(duplicate)
    for answer in (client(director).get(f"{d}knockout/"),
                   client(director).get(f"{d}final-ranking/"),
                   client(director).post(f"{d}going-through/confirm/", {}, format="json"),
                   client(director).post(f"{d}knockout/rounds/1/ties/1/games/",
                                         points(61, 40), format="json")):
        assert (answer.status_code, answer.json()["code"]) == (409, "wrong_format")


def test_the_pairs_report_a_tie_and_the_other_pair_confirms_or_disputes(director):
    championship = sixteen(director)
    client(director).post(f"{groups(championship)}going-through/confirm/", {}, format="json")
    one, two = ties(championship, 1)[:2]
    mine = client().get(link(one.first)).json()["tie"]
    assert (mine["round"], mine["tie"], mine["name"], mine["report"]) == (
        1, 1, "Quarter-finals", None)
    level = client().post(link(one.first), points(50, 50), format="json")
    assert level.status_code == 400 and "second_points" in level.json()
    odd = client().post(link(one.first), points(64, 52, hands=11), format="json")
    assert odd.status_code == 400 and "hands" in odd.json()
    assert not KnockoutEntry.objects.exists()
    sent = client().post(link(one.first), {**points(64, 52), "idempotency_key": "q1"},
                         format="json")
    assert sent.status_code == 201, sent.json()
    report = sent.json()["tie"]["report"]
    assert (report["state"], report["by_pair"], report["hands"]) == (
        "pending", one.first.number, 8)
    again = client().post(link(one.first), {**points(64, 52), "idempotency_key": "q1"},
                          format="json")
    assert again.status_code == 200 and KnockoutEntry.objects.count() == 1
    # A pair of another tie: the report is none of its business.
    for action, body in (("confirm", None), ("dispute", {"comment": "No"})):
        assert client().post(f"{link(two.first)}{report['id']}/{action}/", body,
                             format="json").status_code == 404
    assert not KnockoutGame.objects.exists()
    confirmed = client().post(f"{link(one.second)}{report['id']}/confirm/")
    assert confirmed.status_code == 200
    assert confirmed.json()["tie"] is None  # out: no tie to play
    one.refresh_from_db()
    assert one.winner_id == one.first_id
    assert KnockoutGame.objects.get().by_team_id == one.first_id
    # The next tie: reported, then disputed by the other pair.
    theirs = client().post(link(two.second), points(40, 70), format="json").json()
    disputed = client().post(f"{link(two.first)}{theirs['tie']['report']['id']}/dispute/",
                             {"comment": "We won 70 to 40."}, format="json")
    assert disputed.status_code == 200
    assert disputed.json()["tie"]["report"]["state"] == "disputed"
    assert KnockoutGame.objects.count() == 1


def test_a_link_of_another_format_is_refused(director):
    duplicate = services.create_championship(director, name="Duplicate")
    team = services.add_team(duplicate, name="A", player1="a", player2="b")
    answer = client().get(link(team))
    assert (answer.status_code, answer.json()["code"]) == (409, "wrong_format")


def bracket_read_queries(director, championship) -> int:
    client(director).post(f"{groups(championship)}going-through/confirm/", {}, format="json")
    for tie in ties(championship, 1):
        if tie.winner_id is None:
            client(director).post(
                f"{groups(championship)}knockout/rounds/1/ties/{tie.slot}/games/",
                points(61, 40), format="json")
    services.update_championship(championship, results_public=True)
    reader = client()
    reader.get(f"{groups(championship)}knockout/")
    with CaptureQueriesContext(connection) as queries:
        answer = reader.get(f"{groups(championship)}knockout/")
    assert answer.status_code == 200 and answer.json()["started"]
    return len(queries)


def test_the_bracket_read_costs_the_same_whatever_its_size(director):
    small = bracket_read_queries(director, four(director))  # a bracket of 4
    large = event(director, 32, qualifiers_per_group=2)  # 8 groups of 4: a bracket of 16
    play(large, director, by_strength())
    large_count = bracket_read_queries(director, large)
    assert len(ties(large, 1)) == 8
    # The championship, the settings, the ties and their games and reports.
    assert small == large_count == 5, (small, large_count)
