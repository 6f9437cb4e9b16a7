"""A knockout game's hands (rules.md 12.4, 11.3): a groups-then-knockout tie's game is a game
as in 12.1, so its hands are required and must be the set hands plus the extra hands a whole
number of times (8, 10, 12...), whether the director enters it or a pair reports it; the
free-deal knockout plays its games to a target and refuses any hands. Each refusal names the
field ``hands`` and writes nothing; the pages ask for the hands only where the format counts
them, and the brackets show them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from groups_knockout_factories import make_groups_event
from test_free_deal_knockout_stage import swiss_played

from engine.free_deal import knockout as ko
from formats.free_deal import services as fd
from formats.groups_knockout.services import make_groups
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from scoring.services.knockout import enter_knockout_game, store_bracket
from scoring.services.knockout_captains import confirm_knockout_entry, submit_knockout_entry
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db
english = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def in_english():
    with translation.override("en"):
        yield


def groups_bracket(director, pairs: int = 4, **settings) -> list[KnockoutTie]:
    """A groups-then-knockout championship of ``pairs`` pairs in their groups, its bracket
    (1 v N...) stored at once: the first round's ties, better seed first."""
    championship = make_groups_event(director, pairs=pairs, **settings)
    make_groups(championship)
    teams = list(championship.teams.order_by("number"))
    store_bracket(championship, ko.build_bracket(teams, pairs), by=director)
    return list(KnockoutTie.objects.filter(championship=championship, stage=1)
                .select_related("first", "second", "championship").order_by("slot"))


@pytest.fixture
def semis(director):
    return groups_bracket(director)


@pytest.fixture
def free_semi(director):
    championship = swiss_played(director, knockout_size=4)
    fd.start_knockout(championship, by=director)
    return KnockoutTie.objects.select_related("first", "second").get(
        championship=championship, stage=1, slot=1)


# --- The director's game (the service) --------------------------------------------------------


def test_a_groups_knockout_game_of_8_or_10_hands_counts_with_them(semis, director):
    first = enter_knockout_game(semis[0], 64, 58, hands=8, by=director)
    second = enter_knockout_game(semis[1], 40, 52, hands=10, by=director)
    assert (first.hands, second.hands) == (8, 10)
    semis[1].refresh_from_db()
    assert semis[1].winner_id == semis[1].second_id
    detail = AuditEvent.objects.filter(action=AuditEvent.Action.KNOCKOUT_GAME_ENTERED) \
        .order_by("pk").last().detail
    assert "40 - 52" in detail and "(10 hands)" in detail


@pytest.mark.parametrize(("hands", "words"), [
    (None, "enter the hands played"),
    (9, "not 9 hands"),
    (0, "not 0 hands"),
    (7, "not 7 hands"),
    (100, "from 1 to 99"),
    ("8", "whole number"),
])
def test_a_groups_knockout_game_without_its_hands_or_with_impossible_ones_is_refused(
        semis, director, hands, words):
    with pytest.raises(ServiceError) as refused:
        enter_knockout_game(semis[0], 64, 58, hands=hands, by=director)
    assert refused.value.field == "hands" and words in refused.value.message
    assert not KnockoutGame.objects.exists()
    semis[0].refresh_from_db()
    assert semis[0].winner_id is None


def test_a_level_groups_knockout_game_is_refused_whatever_its_hands(semis, director):
    with pytest.raises(ServiceError, match="cannot end level") as refused:
        enter_knockout_game(semis[0], 60, 60, hands=10, by=director)
    assert refused.value.field == "second_points"
    assert not KnockoutGame.objects.exists()


def test_the_hands_follow_the_championships_settings(director):
    (final,) = groups_bracket(director, pairs=2, hands_per_game=6, extra_hands=3)
    with pytest.raises(ServiceError, match="lasts 6 hands, then 3 more") as refused:
        enter_knockout_game(final, 64, 58, hands=8, by=director)
    assert refused.value.field == "hands"
    assert enter_knockout_game(final, 64, 58, hands=9, by=director).hands == 9


def test_a_free_deal_knockout_game_gives_no_hands(free_semi, director):
    with pytest.raises(ServiceError, match="played to a target") as refused:
        enter_knockout_game(free_semi, 101, 80, hands=8, by=director)
    assert refused.value.field == "hands"
    assert not KnockoutGame.objects.exists()
    game = enter_knockout_game(free_semi, 101, 80, by=director)
    assert game.hands is None
    assert "hands" not in AuditEvent.objects.get(
        action=AuditEvent.Action.KNOCKOUT_GAME_ENTERED).detail


# --- A pair's report (the service) ------------------------------------------------------------


def test_a_pairs_report_gives_its_hands_and_the_game_keeps_them(semis):
    tie = semis[0]
    for hands, words in ((None, "enter the hands played"), (9, "not 9 hands")):
        with pytest.raises(ServiceError, match=words) as refused:
            submit_knockout_entry(team=tie.first, tie_id=tie.pk, first_points=64,
                                  second_points=58, hands=hands)
        assert refused.value.field == "hands"
    assert not KnockoutEntry.objects.exists()
    with pytest.raises(ServiceError, match="cannot end level"):
        submit_knockout_entry(team=tie.first, tie_id=tie.pk, first_points=64,
                              second_points=64, hands=10)
    entry, created = submit_knockout_entry(team=tie.first, tie_id=tie.pk, first_points=64,
                                           second_points=58, hands=10)
    assert created and entry.hands == 10
    confirm_knockout_entry(team=tie.second, entry_id=entry.pk)
    game = KnockoutGame.objects.get()
    assert (game.first_points, game.second_points, game.hands) == (64, 58, 10)
    entry.refresh_from_db()
    assert entry.game_id == game.pk


def test_a_free_deal_pairs_report_gives_no_hands(free_semi):
    with pytest.raises(ServiceError, match="played to a target") as refused:
        submit_knockout_entry(team=free_semi.first, tie_id=free_semi.pk, first_points=101,
                              second_points=70, hands=8)
    assert refused.value.field == "hands"
    assert not KnockoutEntry.objects.exists()
    entry, _created = submit_knockout_entry(team=free_semi.first, tie_id=free_semi.pk,
                                            first_points=101, second_points=70)
    assert entry.hands is None


# --- The pages ---------------------------------------------------------------------------------


def test_the_directors_form_asks_for_the_hands_and_the_brackets_show_them(semis,
                                                                          director_client):
    tie = semis[0]
    url = reverse("groups_knockout:bracket", args=[tie.championship_id])
    html = director_client.get(url, **english).content.decode()
    assert 'name="hands"' in html and "8 hands; 2 more while the points are level." in html
    game = {"tie": tie.pk, "game": 1, "first_points": 64, "second_points": 58}
    missing = director_client.post(url, game, **english)
    assert missing.status_code == 400 and "enter the hands played" in missing.content.decode()
    assert missing.context["form"].errors["hands"]
    wrong = director_client.post(url, {**game, "hands": 9}, **english)
    assert wrong.status_code == 400 and "not 9 hands" in wrong.content.decode()
    assert not KnockoutGame.objects.exists()
    assert director_client.post(url, {**game, "hands": 10}, **english).status_code == 302
    assert KnockoutGame.objects.get().hands == 10
    assert "64 – 58 (10 hands)" in director_client.get(url, **english).content.decode()
    standings = director_client.get(reverse("scoring:standings", args=[tie.championship_id]),
                                    **english).content.decode()
    bracket = standings[standings.index('id="bracket"'):]
    assert "Hands played" in bracket and '<td class="num">10</td>' in bracket


def test_the_free_deal_directors_form_asks_for_no_hands_and_refuses_them(free_semi,
                                                                          director_client):
    url = reverse("free_deal:director_bracket", args=[free_semi.championship_id])
    html = director_client.get(url, **english).content.decode()
    assert 'name="hands"' not in html
    sent = director_client.post(url, {"tie": free_semi.pk, "game": 1, "first_points": 101,
                                      "second_points": 80, "hands": 8}, **english)
    assert sent.status_code == 400 and "played to a target" in sent.content.decode()
    assert not KnockoutGame.objects.exists()
    standings = director_client.get(reverse("scoring:standings",
                                            args=[free_semi.championship_id]), **english)
    assert "Hands played" not in standings.content.decode()


def captain_page(team) -> str:
    return Client().get(reverse("scoring:captain", args=[team.pk, team.link_secret]),
                        **english).content.decode()


def test_a_pairs_report_asks_for_the_hands_and_the_other_pair_sees_them(semis):
    tie = semis[0]
    first, second = tie.first, tie.second
    html = captain_page(first)
    assert 'name="hands"' in html and "8 hands; 2 more while the points are level." in html
    submit = reverse("groups_knockout:captain_knockout_submit",
                     args=[first.pk, first.link_secret, tie.pk])
    missing = Client().post(submit, {"first_points": "64", "second_points": "58"}, **english)
    assert missing.status_code == 200 and "enter the hands played" in missing.content.decode()
    wrong = Client().post(submit, {"first_points": "64", "second_points": "58",
                                   "hands": "11"}, **english)
    assert wrong.status_code == 200 and "not 11 hands" in wrong.content.decode()
    assert not KnockoutEntry.objects.exists()
    sent = Client().post(submit, {"first_points": "64", "second_points": "58", "hands": "12"},
                         **english)
    assert sent.status_code == 302 and KnockoutEntry.objects.get().hands == 12
    assert "64 – 58</strong> (12 hands)" in captain_page(second)


def test_a_free_deal_pairs_report_asks_for_no_hands_and_refuses_them(free_semi):
    first = free_semi.first
    assert 'name="hands"' not in captain_page(first)
    sent = Client().post(f"/t/{first.pk}/{first.link_secret}/knockout/{free_semi.pk}/",
                         {"first_points": "101", "second_points": "70", "hands": "8"},
                         **english)
    assert sent.status_code == 200 and "played to a target" in sent.content.decode()
    assert not KnockoutEntry.objects.exists()


def captain_page_queries(director, pairs: int) -> int:
    """The queries of a pair's page with its knockout card (the hands asked for)."""
    tie = groups_bracket(director, pairs=pairs)[0]
    url = reverse("scoring:captain", args=[tie.first.pk, tie.first.link_secret])
    client = Client()
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert 'name="hands"' in client.get(url, **english).content.decode()
    return len(queries)


def test_a_pairs_page_with_its_knockout_card_costs_the_same_whatever_the_size(director):
    assert captain_page_queries(director, 4) == captain_page_queries(director, 16)
