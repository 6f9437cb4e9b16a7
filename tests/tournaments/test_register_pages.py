"""The register's pages (rules.md 13.1): who may see them, searching, a player's page and
its corrections, the likely duplicates and their merge, the merges and their undo; and the
question "who is who" on every format's entrant form, and after an import."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from formats.abarrotada import services as ab
from tournaments import services
from tournaments.models import EntrantPlayer, Player, PlayerMerge
from tournaments.services import merges

pytestmark = pytest.mark.django_db

PAGES = ["tournaments:players", "tournaments:player_duplicates", "tournaments:player_merges"]


def _pair(championship, number, first, second="Berta", club="Club X"):
    return services.add_team(championship, number=number, name=f"Pair {number}", club=club,
                             player1=first, player2=second)


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302 and "/login" in response["Location"]


@pytest.mark.parametrize("name", PAGES)
def test_an_account_directing_nothing_is_refused(client, django_user_model, name):
    client.force_login(django_user_model.objects.create_user("nobody", password="x-pass-1"))
    assert client.get(reverse(name)).status_code == 403


def test_a_director_of_any_championship_sees_the_whole_register(director_client, championship,
                                                               other_director):
    mine = _pair(championship, 1, "Maria Costa")
    theirs = services.create_championship(other_director, name="Their open")
    _pair(theirs, 1, "Mària Costa", club="Club Y")
    page = director_client.get(reverse("tournaments:players"), {"q": "MARIA"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Maria Costa" in text and "Mària Costa" in text
    player = EntrantPlayer.objects.get(team=mine, position=1).player
    assert director_client.get(reverse("tournaments:player", args=[player.pk])).status_code == 200


def _grow(championship, first: int, last: int):
    """Pairs ``first``..``last``: their players in two championships, once in capitals with
    another club (a likely duplicate each), and one of them merged."""
    other = services.create_championship(championship.directors.first(),
                                         name=f"Other {first}")
    for number in range(first, last + 1):
        _pair(championship, number, f"Jugador {number}", f"Segon {number}")
        _pair(other, number, f"JUGADOR {number}", f"Tercer {number}", club="Club Y")
    merges.merge_players(Player.objects.get(name=f"Jugador {first}"),
                         Player.objects.get(name=f"JUGADOR {first}"))


def test_the_register_pages_read_as_many_queries_whatever_the_register_holds(
        director_client, championship):
    """Session, user and the director check, then the page's own: a count and a page of
    rows (the duplicates: their keys' count, the keys, the players of those keys)."""
    pages = {reverse("tournaments:players") + "?q=jug": 5,
             reverse("tournaments:players"): 5,
             reverse("tournaments:player_duplicates"): 6,
             reverse("tournaments:player_merges"): 5}
    _grow(championship, 1, 3)
    assert {url: _queries(director_client, url) for url in pages} == pages
    _grow(championship, 4, 90)
    assert {url: _queries(director_client, url) for url in pages} == pages


def test_a_player_page_lists_the_entrants_and_corrects_the_register(director_client,
                                                                  championship, director):
    team = _pair(championship, 1, "Maria Costa")
    player = EntrantPlayer.objects.get(team=team, position=1).player
    other = EntrantPlayer.objects.get(team=team, position=2).player
    Player.objects.filter(pk=other.pk).update(licence="L-9")
    url = reverse("tournaments:player", args=[player.pk])
    page = director_client.get(url).content.decode()
    assert championship.name in page and "Pair 1" in page
    bad = director_client.post(url, {"name": "Maria Costa", "club": "X", "licence": "L-9"})
    assert bad.status_code == 200 and "already" in bad.content.decode()
    bad = director_client.post(url, {"name": "Maria Costa", "club": "X", "licence": "no!"})
    assert "Licence number" in bad.content.decode()
    player.refresh_from_db()
    assert (player.club, player.licence) == ("Club X", "")
    done = director_client.post(url, {"name": "Maria  Costa", "club": "Club X",
                                      "licence": "B-12"})
    assert done.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.licence, player.search_name) == ("Maria Costa", "B-12",
                                                                  "maria costa")


def test_duplicates_are_merged_from_their_page_and_undone_from_the_merges(
        director_client, championship, director):
    first = _pair(championship, 1, "Maria Costa")
    other = services.create_championship(director, name="Other")
    second = _pair(other, 1, "MARIA COSTA", club="Club Y")
    kept = EntrantPlayer.objects.get(team=first, position=1).player
    duplicate = EntrantPlayer.objects.get(team=second, position=1).player
    page = director_client.get(reverse("tournaments:player_duplicates")).content.decode()
    assert "MARIA COSTA" in page and "Maria Costa" in page
    response = director_client.post(reverse("tournaments:player_merge"),
                                    {"kept": kept.pk, "merged": duplicate.pk},
                                    REMOTE_ADDR="10.1.2.3", HTTP_USER_AGENT="Phone")
    assert response.status_code == 302
    merge = PlayerMerge.objects.get()
    assert (merge.kept, merge.merged, merge.by_director, merge.ip_address,
            merge.user_agent) == (kept, duplicate, director, "10.1.2.3", "Phone")
    assert EntrantPlayer.objects.get(team=second, position=1).player == kept
    listing = director_client.get(reverse("tournaments:player_merges")).content.decode()
    assert "10.1.2.3" in listing and "director1" in listing and "Undo" in listing
    director_client.post(reverse("tournaments:player_merge_undo", args=[merge.pk]))
    assert EntrantPlayer.objects.get(team=second, position=1).player == duplicate
    merge.refresh_from_db()
    assert merge.undone_by == director
    again = director_client.post(reverse("tournaments:player_merge_undo", args=[merge.pk]),
                                 follow=True)
    assert "undone already" in again.content.decode()


def test_a_bad_merge_request_says_so_and_writes_nothing(director_client, championship):
    team = _pair(championship, 1, "Maria Costa")
    player = EntrantPlayer.objects.get(team=team, position=1).player
    for data in ({"kept": player.pk, "merged": player.pk}, {"kept": player.pk, "merged": 999999},
                 {"kept": "x"}):
        response = director_client.post(reverse("tournaments:player_merge"), data, follow=True)
        assert response.status_code == 200
        assert "error" in response.content.decode()
    assert not PlayerMerge.objects.exists()


# --- Who is who, on the entrant forms ------------------------------------------------------


def test_a_pair_form_asks_who_is_who_and_honours_the_pick(director_client, championship,
                                                          director):
    old = services.create_championship(director, name="Spring")
    maria = EntrantPlayer.objects.get(team=_pair(old, 1, "Maria Costa", club="Club Y"),
                                      position=1).player
    url = reverse("tournaments:director_teams", args=[championship.pk])
    typed = {"name": "Les Forques", "club": "Club X", "player1": "Mària  costa",
             "player2": "Pere Vila"}
    asked = director_client.post(url, typed)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Maria Costa, Club Y — already registered, 1 championship" in text
    assert 'name="register_1"' in text and 'name="register_2"' not in text
    assert not championship.teams.exists()
    done = director_client.post(url, {**typed, "register_1": str(maria.pk)})
    assert done.status_code == 302
    team = championship.teams.get()
    assert EntrantPlayer.objects.get(team=team, position=1).player == maria


def test_an_exact_match_is_linked_without_a_question(director_client, championship, director):
    old = services.create_championship(director, name="Spring")
    _pair(old, 1, "Maria Costa")
    url = reverse("tournaments:director_teams", args=[championship.pk])
    response = director_client.post(url, {"name": "P", "club": "Club X",
                                          "player1": "Maria Costa", "player2": "Nou"})
    assert response.status_code == 302


def test_a_new_player_is_registered_when_the_director_says_so(director_client, championship,
                                                              director):
    old = services.create_championship(director, name="Spring")
    _pair(old, 1, "Maria Costa", club="Club Y")
    url = reverse("tournaments:director_teams", args=[championship.pk])
    typed = {"name": "P", "club": "Club X", "player1": "Maria Costa", "player2": "Nou"}
    assert director_client.post(url, {**typed, "register_1": "new"}).status_code == 302
    assert Player.objects.filter(search_name="maria costa").count() == 2
    forged = director_client.post(url, {**typed, "name": "Q", "number": 5, "club": "Club Z",
                                        "register_1": "999999"})
    assert forged.status_code == 200 and championship.teams.count() == 1


def test_the_individual_form_asks_too(director_client, director):
    old = services.create_championship(director, name="Spring", format="abarrotada",
                                       rounds_planned=3, deals_per_match=2,
                                       format_settings={"form": 4})
    anna = EntrantPlayer.objects.get(team=ab.add_player(old, name="Anna Puig", club="Club Y"),
                                     position=1).player
    championship = services.create_championship(director, name="Autumn", format="abarrotada",
                                                rounds_planned=3, deals_per_match=2,
                                                format_settings={"form": 4})
    url = reverse("tournaments:director_teams", args=[championship.pk])
    typed = {"name": "ANNA PUIG", "club": "Club X", "licence": ""}
    asked = director_client.post(url, typed).content.decode()
    assert "Anna Puig, Club Y — already registered, 1 championship" in asked
    assert director_client.post(url, {**typed, "register_1": str(anna.pk)}).status_code == 302
    assert EntrantPlayer.objects.get(team=championship.teams.get(), position=1).player == anna


def test_an_import_lists_the_players_with_likely_duplicates(director_client, championship,
                                                            director):
    old = services.create_championship(director, name="Spring")
    _pair(old, 1, "Maria Costa", club="Club Y")
    upload = SimpleUploadedFile(
        "teams.csv", b"number,name,club,player1,player2\n1,P,Club X,MARIA COSTA,Pere Vila\n",
        content_type="text/csv")
    response = director_client.post(reverse("tournaments:director_team_import",
                                            args=[championship.pk]), {"file": upload},
                                    follow=True)
    text = response.content.decode()
    assert "1 imported player has likely duplicates in the register" in text
    assert reverse("tournaments:player_duplicates") in text


def test_the_site_navigation_links_the_register(director_client):
    page = director_client.get(reverse("tournaments:director_home")).content.decode()
    assert reverse("tournaments:players") in page


def test_logged_out_pages_do_not_link_the_register():
    page = Client().get(reverse("home")).content.decode()
    assert reverse("tournaments:players") not in page


def test_the_entrants_list_links_each_player_to_the_register(director_client, championship):
    team = _pair(championship, 1, "Maria Costa", "Pere Vila")
    page = director_client.get(reverse("tournaments:director_teams",
                                       args=[championship.pk])).content.decode()
    for entry in EntrantPlayer.objects.filter(team=team):
        assert reverse("tournaments:player", args=[entry.player_id]) in page


def test_an_edit_asks_only_about_the_player_whose_name_changed(director_client, championship,
                                                               director):
    old = services.create_championship(director, name="Spring")
    _pair(old, 1, "Maria Costa", "Joana Riera", club="Club Y")
    team = _pair(championship, 1, "Marta Pons", "Pere Vila")
    url = reverse("tournaments:director_team_edit", args=[championship.pk, team.pk])
    same = {"number": 3, "name": "Pair 1", "club": "Club X", "player1": "Marta Pons",
            "player2": "Pere Vila"}
    assert director_client.post(url, same).status_code == 302
    asked = director_client.post(url, {**same, "player1": "MARIA COSTA"}).content.decode()
    assert 'name="register_1"' in asked and 'name="register_2"' not in asked
    team.refresh_from_db()
    assert team.player1 == "Marta Pons"


def test_the_import_summary_escapes_the_names(director_client, championship, director):
    old = services.create_championship(director, name="Spring")
    _pair(old, 1, "<b>Maria</b>", club="Club Y")
    upload = SimpleUploadedFile(
        "teams.csv", b"number,name,club,player1,player2\n1,P,Club X,<B>maria</B>,Pere\n",
        content_type="text/csv")
    text = director_client.post(reverse("tournaments:director_team_import",
                                        args=[championship.pk]), {"file": upload},
                                follow=True).content.decode()
    assert "likely duplicates in the register" in text
    assert "<B>maria</B>" not in text and "&lt;B&gt;maria&lt;/B&gt;" in text
