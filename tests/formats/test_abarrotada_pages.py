"""An individual championship's director and results pages (rules.md 10.2): creating one
with its settings, the round's grid, one deal's page (the director's report, settling an
entry, a seat's adjusted score), the standings, the projector and the public archive."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from abarrotada_factories import enter_and_confirm, make_individual, next_round, seated, values
from django.urls import reverse

from formats.abarrotada import selectors
from formats.abarrotada.models import DealReport, SeatAdjustment
from scoring.services import set_results_public
from tournaments import services
from tournaments.models import Championship

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


def test_a_director_creates_an_individual_championship_of_three(director_client):
    answer = director_client.post(reverse("tournaments:director_create"), {
        "format": "abarrotada", "name": "Abarrotada de tres", "rounds_planned": "3",
        "deals_per_match": "3", "ab-form": "3"}, **EN)
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    championship = Championship.objects.get(name="Abarrotada de tres")
    assert championship.format == "abarrotada"
    assert championship.individual_settings.form == 3
    page = director_client.get(reverse("tournaments:director_championship",
                                       args=[championship.pk]), **EN).content.decode()
    assert "Three players a table" in page


@pytest.fixture
def event(director):
    championship = make_individual(director, players=9, rounds=2, deals=2)
    round_ = next_round(championship, director)
    return championship, round_


def test_the_grid_and_a_deals_page(director_client, director, event):
    championship, round_ = event
    table = round_.player_tables.order_by("number").first()
    enter_and_confirm(table, 1, values("30-14-20-8"))
    grid = director_client.get(reverse("scoring:grid", args=[championship.pk, 1]),
                               **EN).content.decode()
    assert "confirmed" in grid and "not entered" in grid and "Sitting out:" in grid
    url = reverse("abarrotada:director_deal", args=[championship.pk, 1, table.number, 2])
    bad = director_client.post(url, {"action": "enter", "maker": "N", "contract": "O",
                                     "points_n": "30", "points_e": "14", "points_s": "20",
                                     "points_w": "9", "delegations": "0"}, **EN)
    assert bad.status_code == 200 and "add up to 73, not 72" in bad.content.decode()
    # Deal 2 is W's: one delegation hands the choice to N, on W's left (rules.md 10.1).
    director_client.post(url, {"action": "enter", "maker": "N", "contract": "O",
                               "points_n": "30", "points_e": "14", "points_s": "20",
                               "points_w": "8", "delegations": "1", "note": "sheet"}, **EN)
    assert selectors.deal_states(round_)[table.pk, 2].status == "confirmed"
    no_reason = director_client.post(url, {"action": "adjust", "seat": "W", "value": "1.6",
                                           "note": ""}, **EN)
    assert no_reason.status_code == 200 and not SeatAdjustment.objects.exists()
    director_client.post(url, {"action": "adjust", "seat": "W", "value": "1.6",
                               "note": "slow play by the others"}, **EN)
    scores = {(s.table, s.deal_number, s.seat): s
              for s in selectors.round_scores(championship, [round_])}
    assert scores[table.number, 2, "W"].final == Fraction(8, 5)
    assert scores[table.number, 2, "W"].adjusted
    page = director_client.get(url, **EN).content.decode()
    assert "slow play by the others" in page and DealReport.objects.count() == 2


def test_standings_projector_and_archive(director, event):
    from django.test import Client

    client = Client()
    championship, round_ = event
    for table in round_.player_tables.all():
        for deal in (1, 2):
            enter_and_confirm(table, deal, values("30-14-20-8"))
    services.close_round(round_, by=director)
    hidden = client.get(reverse("scoring:standings", args=[championship.pk]), **EN)
    assert "Deal scores" not in hidden.content.decode()
    set_results_public(championship, True, user=director)
    page = client.get(reverse("scoring:standings", args=[championship.pk]), **EN)
    text = page.content.decode()
    assert page.status_code == 200 and "After round 1 of 2" in text and "Deal scores" in text
    assert client.get(reverse("scoring:projector", args=[championship.pk]),
                      **EN).status_code == 200
    archive = json.loads(client.get(reverse("archive:public", args=[championship.pk])).content)
    assert len(archive["seatings"]) == 2 and len(archive["sit_outs"]) == 1
    assert len(archive["reports"]) == 4
    # Everyone equal at every seat: 1.5 a deal, the sit-out's bye too.
    assert {line["total"] for line in archive["standings"]} == {"3/1"}


def test_the_player_page_links_show_the_seat(client, event):
    _championship, round_ = event
    table = round_.player_tables.first()
    who = seated(table)
    text = client.get(reverse("scoring:captain", args=[who["S"].pk, who["S"].link_secret]),
                      **EN).content.decode()
    assert "(you)" in text


def test_the_round_page_shows_three_hands_and_no_trump_side(director_client, director):
    championship = make_individual(director, players=6, rounds=1, deals=3, form=3)
    services.generate_next_round(championship)
    text = director_client.get(reverse("tournaments:director_round", args=[championship.pk, 1]),
                               **EN).content.decode()
    assert "Deal 3" in text and "Trumps" not in text
    assert "seat-W" not in text and "seat-N" in text and "seat-S" in text


def test_players_are_registered_edited_and_imported_on_the_players_page(director_client,
                                                                        director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from formats.abarrotada.models import PlayerDetails

    championship = make_individual(director, players=0, rounds=2, deals=2)
    url = reverse("tournaments:director_teams", args=[championship.pk])
    page = director_client.get(url, **EN).content.decode()
    assert "Add a player" in page and "Licence number" in page
    director_client.post(url, {"name": "Roser Puig", "club": "Ateneu", "licence": "FCB-7"},
                         **EN)
    roser = championship.teams.get()
    assert (roser.player2, roser.player_details.licence) == ("", "FCB-7")
    refused = director_client.post(url, {"name": "Quim", "licence": "12#4"}, **EN)
    assert "Licence number: at most 20" in refused.content.decode()
    edit = reverse("tournaments:director_team_edit", args=[championship.pk, roser.pk])
    director_client.post(edit, {"number": "1", "name": "Roser Puig i Vila", "club": "Ateneu",
                                "licence": "FCB-8"}, **EN)
    roser.refresh_from_db()
    assert roser.name == "Roser Puig i Vila" and roser.player_details.licence == "FCB-8"
    template = director_client.get(reverse("tournaments:director_team_template",
                                           args=[championship.pk, "csv"]), **EN)
    assert template.content.decode("utf-8-sig").strip() == "number,name,club,licence"
    imports = reverse("tournaments:director_team_import", args=[championship.pk])
    bad = SimpleUploadedFile("players.csv", b"name,club,licence\nJoan,,\nJoan,,x#\n",
                             content_type="text/csv")
    answer = director_client.post(imports, {"file": bad}, **EN)
    text = answer.content.decode()
    assert "nothing was imported" in text and "The same name as row 2" in text
    assert championship.teams.count() == 1
    good = SimpleUploadedFile("players.csv", "jugador,club,llicència\nJoan Soler,Vic,FCB-9\n"
                              "Pere Vila,,\n".encode(), content_type="text/csv")
    director_client.post(imports, {"file": good}, **EN)
    assert championship.teams.count() == 3
    assert PlayerDetails.objects.get(player__name="Joan Soler").licence == "FCB-9"


def test_the_round_page_shows_who_sits_where(director_client, director):
    championship = make_individual(director, players=9, rounds=1, deals=1)
    (round_,) = services.generate_next_round(championship)
    text = director_client.get(reverse("tournaments:director_round", args=[championship.pk, 1]),
                               **EN).content.decode()
    for player in championship.teams.all():
        assert player.name in text
    assert "Sitting out:" in text and "Change by hand" not in text


def test_the_standings_stand_after_an_earlier_round(director, event):
    from django.test import Client

    championship, round_ = event
    for table in round_.player_tables.all():
        for deal in (1, 2):
            enter_and_confirm(table, deal, values("30-14-20-8"))
    services.close_round(round_, by=director)
    second = next_round(championship, director)
    for table in second.player_tables.all():
        for deal in second.deals.values_list("number", flat=True):
            enter_and_confirm(table, deal, values("30-14-20-8"))
    services.close_round(second, by=director)
    set_results_public(championship, True, user=director)
    client = Client()
    after_one = client.get(reverse("scoring:standings", args=[championship.pk]) + "?after=1",
                           **EN).content.decode()
    assert "After round 1 of 2" in after_one and "3.00" in after_one and "6.00" not in after_one
    assert "6.00" in client.get(reverse("scoring:standings", args=[championship.pk]),
                                **EN).content.decode()
    bad = client.get(reverse("scoring:standings", args=[championship.pk]) + "?after=7")
    assert bad.status_code == 400
