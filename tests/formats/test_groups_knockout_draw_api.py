"""Groups then knockout, the director's draw between level pairs through the REST API
(rules.md 12.2, 12.3): the going-through read lists the ties waiting for a draw and the kept
draws; a tie recorded through the API lets who goes through be confirmed; "draw for me";
the refusals (a wrong set of pairs names ``pairs`` and writes nothing); who may draw; what
the going-through read costs with a tie waiting, pinned at two sizes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient
from test_groups_knockout_draws import across_the_last_place, three_level
from test_groups_knockout_standings import by_strength, event, play

from formats.groups_knockout.models import GroupDraw
from formats.groups_knockout.services import groups_of
from scoring.models import KnockoutTie
from scoring.services import tokens
from tournaments import services
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def client(user=None) -> APIClient:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        api.force_login(user)
    return api


def going_through(championship) -> str:
    return f"/api/v1/championships/{championship.pk}/groups/going-through/"


def test_a_tie_drawn_through_the_api_lets_who_goes_through_be_confirmed(director):
    championship, group_a = three_level(director)
    a, b, c, d = (team.number for team in group_a)
    url = going_through(championship)
    api = client(director)
    before = api.get(url).json()
    assert before["complete"] and before["blocked"] and not before["seeds"]
    assert before["draws_needed"] == [{"group": "A", "pairs": sorted((a, b, c))}]
    assert before["drawn"] == []
    # Nothing drawn yet: confirming is refused, saying why.
    assert api.post(f"{url}confirm/", {}, format="json").status_code == 409

    answer = api.post(f"{url}draw/", {"pairs": [c, a, b]}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["draws_needed"] == [] and body["blocked"] == ""
    assert body["drawn"] == [{"group": "A", "pairs": [c, a, b]}]
    assert body["seeds"] and c in {seed["pair"] for seed in body["seeds"]}
    assert body == api.get(url).json()
    event_ = AuditEvent.objects.get(championship=championship,
                                    action=AuditEvent.Action.GROUP_TIE_DRAWN)
    assert event_.detail == f"group A: pairs {c}, {a}, {b} (venue)"
    assert event_.by_director == director

    confirmed = api.post(f"{url}confirm/", {}, format="json")
    assert confirmed.status_code == 201, confirmed.json()
    assert KnockoutTie.objects.filter(championship=championship).exists()
    # Once the knockout has started nothing more is drawn: a 409 saying why.
    late = api.post(f"{url}draw/", {"pairs": [a, b, c]}, format="json")
    assert late.status_code == 409 and "already started" in late.json()["detail"]
    assert GroupDraw.objects.filter(championship=championship).count() == 1


def test_draw_for_me_lets_the_server_draw_a_tie_across_the_groups(director):
    championship, second_a, second_b = across_the_last_place(director)
    url = going_through(championship)
    api = client(director)
    needed = api.get(url).json()["draws_needed"]
    assert needed == [{"group": None,
                       "pairs": sorted((second_a.number, second_b.number))}]
    answer = api.post(f"{url}draw/", {"pairs": needed[0]["pairs"], "for_me": True},
                      format="json")
    assert answer.status_code == 201, answer.json()
    (drawn,) = answer.json()["drawn"]
    assert drawn["group"] is None and sorted(drawn["pairs"]) == needed[0]["pairs"]
    assert GroupDraw.objects.get(championship=championship).method == GroupDraw.Method.SERVER
    assert api.post(f"{url}confirm/", {}, format="json").status_code == 201


def test_a_wrong_set_of_pairs_is_a_400_naming_pairs_and_writes_nothing(director):
    championship, group_a = three_level(director)
    a, b, c, d = (team.number for team in group_a)
    other = groups_of(championship)[1][0].number
    url = f"{going_through(championship)}draw/"
    api = client(director)
    for body in ({"pairs": [a, b]}, {"pairs": [a, b, c, d]}, {"pairs": [a, b, other]},
                 {"pairs": [a, a, b]}, {"pairs": [a, b, 999]}, {"pairs": []}, {},
                 {"pairs": "1, 2"}, {"pairs": [a, b], "for_me": True}):
        answer = api.post(url, body, format="json")
        assert answer.status_code == 400, body
        assert list(answer.json()) == ["pairs"], (body, answer.json())
    assert not GroupDraw.objects.exists()
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.GROUP_TIE_DRAWN).exists()


def test_before_every_group_game_counts_no_draw_is_made(director):
    championship = event(director, 8)
    play(championship, director, by_strength(), rounds=1)
    numbers = [team.number for team in groups_of(championship)[0][:2]]
    answer = client(director).post(f"{going_through(championship)}draw/", {"pairs": numbers},
                                   format="json")
    assert answer.status_code == 400
    assert answer.json() == {"pairs": ["A draw is made once every group game counts."]}
    assert not GroupDraw.objects.exists()


def test_who_may_draw(director, django_user_model):
    championship, group_a = three_level(director)
    numbers = sorted(team.number for team in group_a[:3])
    url = f"{going_through(championship)}draw/"
    body = {"pairs": numbers}
    other = django_user_model.objects.create_user("gk-draw-other", password="x")
    assert client(other).post(url, body, format="json").status_code == 404
    _token, raw = tokens.create_token(other, "other")
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    assert by_token.post(url, body, format="json").status_code == 404
    assert client().post(url, body, format="json").status_code in (401, 403)
    # A pair's link is no director's token.
    captain = APIClient()
    captain.credentials(HTTP_AUTHORIZATION=f"Token {group_a[0].link_secret}")
    assert captain.post(url, body, format="json").status_code in (401, 403)
    assert not GroupDraw.objects.exists()
    # Another format's championship: refused, saying so.
    duplicate = services.create_championship(director, name="Duplicate")
    answer = client(director).post(f"{going_through(duplicate)}draw/", body, format="json")
    assert (answer.status_code, answer.json()["code"]) == (409, "wrong_format")


def read_queries(director, pairs: int) -> int:
    championship, _group_a = three_level(director, pairs)
    api = client(director)
    url = going_through(championship)
    assert api.get(url).json()["draws_needed"]  # warm the session
    with CaptureQueriesContext(connection) as queries:
        assert api.get(url).status_code == 200
    return len(queries)


def test_the_going_through_read_with_a_tie_waiting_costs_the_same_whatever_the_size(
        director):
    assert read_queries(director, 8) == read_queries(director, 16)
