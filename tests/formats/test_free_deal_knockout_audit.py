"""Every knockout action leaves an audit row (rules.md 11.3): a change of the knockout
settings, the bracket drawn, each game entered (and the tie it decides), with who, when and
from where; a refused action leaves none."""

from __future__ import annotations

import pytest
from django.utils import translation
from free_deal_factories import make_free_deal, next_round, play_round, win
from rest_framework.test import APIClient

from formats.free_deal import services as fd
from scoring.models import KnockoutTie
from scoring.services.knockout import enter_knockout_game
from scoring.services.values import Origin
from tournaments import services
from tournaments.audit import Origin as AuditOrigin
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db

KO = ("knockout_settings_changed", "knockout_started", "knockout_game_entered")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def events(championship) -> list[tuple]:
    return list(AuditEvent.objects.filter(championship=championship, action__in=KO)
                .order_by("id").values_list("action", "detail", "by_director__username",
                                            "ip_address"))


def swiss_played(director, *, pairs=4, rounds=2, **settings):
    championship = make_free_deal(director, pairs=pairs, rounds=rounds, **settings)
    for _ in range(rounds):
        round_ = next_round(championship, director)
        play_round(round_, lambda t: win(101, 5 * t.ns_team.number + t.ew_team.number))
        services.close_round(round_, by=director)
    return championship


def test_a_change_of_the_knockout_settings_is_audited_others_are_not(director):
    championship = make_free_deal(director, pairs=4)
    assert events(championship) == []  # created without a knockout: nothing to say
    origin = AuditOrigin(ip_address="10.0.0.7", user_agent="Desk")
    services.update_championship(championship, format_settings={"target": 121, "cap": 141},
                                 by=director, origin=origin)
    assert events(championship) == []
    services.update_championship(championship, format_settings={"knockout_size": 4,
                                                                "knockout_best_of": 3},
                                 by=director, origin=origin)
    assert events(championship) == [("knockout_settings_changed",
                                     "size 0, best of 1 -> size 4, best of 3", "director1",
                                     "10.0.0.7")]
    # The same values again change nothing, and say nothing.
    services.update_championship(championship, format_settings={"knockout_size": 4},
                                 by=director, origin=origin)
    assert len(events(championship)) == 1


def test_choosing_a_knockout_at_creation_is_audited(director):
    championship = services.create_championship(
        director, name="Festa", format="free_deal_pairs", rounds_planned=3,
        format_settings={"knockout_size": 8})
    assert events(championship) == [("knockout_settings_changed",
                                     "size 0, best of 1 -> size 8, best of 1", "director1",
                                     None)]


def test_the_draw_and_every_game_are_audited(director):
    championship = swiss_played(director, knockout_size=4)
    origin = AuditOrigin(ip_address="10.0.0.8", user_agent="Desk")
    fd.start_knockout(championship, by=director, origin=origin)
    semi1, semi2 = KnockoutTie.objects.filter(championship=championship, stage=1)
    drawn = events(championship)[-1]
    assert drawn[0] == "knockout_started" and drawn[2:] == ("director1", "10.0.0.8")
    assert drawn[1] == (f"size 4, best of 1: {semi1.first.number}-{semi1.second.number}, "
                        f"{semi2.first.number}-{semi2.second.number}")
    enter_knockout_game(semi1, 101, 60, by=director, origin=Origin(ip_address="10.0.0.9"))
    game = events(championship)[-1]
    assert game == ("knockout_game_entered",
                    f"round 1, tie 1, game 1: {semi1.first.number} 101 - 60 "
                    f"{semi1.second.number}; won by {semi1.first.number}", "director1",
                    "10.0.0.9")


def test_a_best_of_three_game_that_decides_nothing_says_so(director):
    championship = swiss_played(director, knockout_size=2, knockout_best_of=3)
    fd.start_knockout(championship, by=director)
    (final,) = KnockoutTie.objects.filter(championship=championship)
    enter_knockout_game(final, 40, 101, by=director)
    assert events(championship)[-1][1] == (f"round 1, tie 1, game 1: {final.first.number} "
                                           f"40 - 101 {final.second.number}")


def test_refused_actions_leave_no_audit_row(director):
    championship = swiss_played(director, knockout_size=4)
    before = events(championship)
    fd.start_knockout(championship, by=director)
    with pytest.raises(ServiceError):
        fd.start_knockout(championship, by=director)
    tie = KnockoutTie.objects.filter(championship=championship, stage=1).first()
    with pytest.raises(ServiceError):
        enter_knockout_game(tie, 80, 80, by=director)
    final = KnockoutTie.objects.get(championship=championship, stage=2)
    with pytest.raises(ServiceError):
        enter_knockout_game(final, 101, 80, by=director)  # its pairs are not known yet
    assert [e[0] for e in events(championship)] == [e[0] for e in before] + ["knockout_started"]


def test_the_pages_and_the_api_record_who_and_from_where(director, director_client):
    championship = swiss_played(director, knockout_size=4)
    url = f"/director/c/{championship.pk}/knockout/"
    director_client.post(url, {"action": "start"}, REMOTE_ADDR="10.1.1.1")
    assert events(championship)[-1][0::3] == ("knockout_started", "10.1.1.1")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.2.2.2")
    api.force_login(director)
    answer = api.post(f"/api/v1/championships/{championship.pk}/free-deal/knockout/rounds/1/"
                      "ties/2/games/", {"first_points": 101, "second_points": 3}, format="json")
    assert answer.status_code == 201, answer.content
    assert events(championship)[-1][0::3] == ("knockout_game_entered", "10.2.2.2")
    assert events(championship)[-1][2] == "director1"
