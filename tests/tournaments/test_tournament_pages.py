"""The director's and public pages: they work, they call the services, they refuse strangers."""

from __future__ import annotations

import pytest
from django.urls import reverse

import engine
from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import services
from tournaments.models import Championship, Round, Team

pytestmark = pytest.mark.django_db


def test_director_creates_and_edits_a_championship(director_client, director):
    response = director_client.post(
        reverse("tournaments:director_create"),
        {
            "name": "Lliga de Sants",
            "venue": "Casinet",
            "movement": "round_robin",
            "deals_per_match": 4,
            "variant": "eastern",
            "doubling": "2-4-8",
        },
        follow=True,
    )
    assert response.status_code == 200
    championship = Championship.objects.get(name="Lliga de Sants")
    assert director in championship.directors.all()
    page = response.content.decode()
    assert championship.key_commitment in page
    assert championship.deal_key not in page  # the key stays secret until the end

    response = director_client.post(
        reverse("tournaments:director_edit", args=[championship.pk]),
        {
            "name": "Lliga de Sants",
            "movement": "swiss",
            "deals_per_match": 4,
            "variant": "eastern",
            "doubling": "2-4-8",
        },
    )
    assert response.status_code == 200
    assert "A Swiss championship needs the number of rounds." in response.content.decode()


def test_locked_settings_are_disabled_and_ignored(director_client, scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    url = reverse("tournaments:director_edit", args=[scheduled.pk])
    page = director_client.get(url).content.decode()
    assert "cannot change" in page and "disabled" in page
    response = director_client.post(
        url,
        {"name": "New name", "movement": "swiss", "deals_per_match": 9, "variant": "western",
         "doubling": "2-3-5", "results_public": "on"},
    )
    assert response.status_code == 302
    scheduled.refresh_from_db()
    assert (scheduled.name, scheduled.results_public) == ("New name", True)
    assert (scheduled.movement, scheduled.deals_per_match, scheduled.variant) == (
        "round_robin", 4, "eastern")


def test_teams_pages(director_client, championship):
    url = reverse("tournaments:director_teams", args=[championship.pk])
    response = director_client.post(
        url, {"name": "Els Manilles", "club": "CB Horta", "player1": "Pau", "player2": "Laia"}
    )
    assert response.status_code == 302
    team = championship.teams.get()
    response = director_client.post(url, {"name": "els manilles", "player1": "A", "player2": "B"})
    assert "Pair 1 already has this name." in response.content.decode()
    page = director_client.get(reverse("tournaments:director_team_edit", args=[championship.pk, team.pk]))
    assert team.link_secret in page.content.decode() and team.pin in page.content.decode()
    assert page["Cache-Control"] == "no-store, private"
    director_client.post(reverse("tournaments:director_team_withdraw", args=[championship.pk, team.pk]),
                         {"confirm": "yes"})
    team.refresh_from_db()
    assert team.withdrawn
    old = team.link_secret
    director_client.post(reverse("tournaments:director_team_reissue_link", args=[championship.pk, team.pk]),
                         {"confirm": "yes"})
    team.refresh_from_db()
    assert team.link_secret != old


def test_round_pages_and_actions(director_client, scheduled):
    pk = scheduled.pk
    page = director_client.get(reverse("tournaments:director_championship", args=[pk]))
    assert page.status_code == 200
    round_url = reverse("tournaments:director_round", args=[pk, 1])
    deal = scheduled.deals.get(number=1)
    page = director_client.get(round_url).content.decode()
    assert deal.cards in page  # directors see the cards at any time
    r1 = scheduled.rounds.get(number=1)
    a, b = (t.ns_team for t in r1.tables.order_by("number")[:2])
    response = director_client.post(
        reverse("tournaments:director_swap_teams", args=[pk, 1]),
        {"team_a": a.pk, "team_b": b.pk}, follow=True,
    )
    assert "Pairs swapped." in response.content.decode()
    assert "also meet in round" in response.content.decode()
    director_client.post(reverse("tournaments:director_swap_tables", args=[pk, 1]),
                         {"table_a": 1, "table_b": 2})
    director_client.post(reverse("tournaments:director_release", args=[pk, 1]))
    r1.refresh_from_db()
    assert r1.status == Round.Status.RELEASED
    response = director_client.post(reverse("tournaments:director_release", args=[pk, 3]), follow=True)
    assert "Release round 2 first." in response.content.decode()
    director_client.post(reverse("scoring:close_round", args=[pk, 1]), {"confirm": "yes"})
    r1.refresh_from_db()
    assert r1.status == Round.Status.CLOSED


def test_deal_import_page(director_client, scheduled):
    url = reverse("tournaments:director_round_deal_import", args=[scheduled.pk, 1])
    good = engine.format_deal(engine.generate_deal(b"hand dealt", 1))
    response = director_client.post(url, {"text": f"1 {good}\n2 N:9"})
    page = response.content.decode()
    assert "Nothing was saved" in page and "Line 2: deal 2:" in page
    assert scheduled.deals.get(number=1).source == "generated"
    response = director_client.post(url, {"text": f"1 {good}"})
    assert response.status_code == 302
    assert scheduled.deals.get(number=1).cards == good


def test_public_pages_and_deal_check(client, scheduled):
    pk = scheduled.pk
    # A draft is not listed on the landing page, but its public page shows the commitment
    # from the moment it is created.
    assert scheduled.name not in client.get("/").content.decode()
    page = client.get(reverse("tournaments:public_championship", args=[pk])).content.decode()
    assert scheduled.key_commitment in page and scheduled.deal_key not in page
    r1 = scheduled.rounds.get(number=1)
    services.release_round(r1)
    page = client.get(reverse("tournaments:public_championship", args=[pk])).content.decode()
    assert scheduled.key_commitment in page and scheduled.deal_key not in page
    assert client.get(reverse("tournaments:public_round", args=[pk, 2])).status_code == 404
    page = client.get(reverse("tournaments:public_round", args=[pk, 1])).content.decode()
    assert "The deals are shown once the round is closed." in page
    assert scheduled.deals.get(number=1).cards not in page
    services.close_round(r1)
    page = client.get(reverse("tournaments:public_round", args=[pk, 1])).content.decode()
    assert scheduled.deals.get(number=1).cards in page
    # Before the end the key is not revealed and the check page regenerates nothing.
    check = reverse("tournaments:deal_check", args=[pk])
    page = client.get(check, {"number": 1}).content.decode()
    assert scheduled.deal_key not in page and "revealed when the championship finishes" in page

    services.discard_drafted_rounds(scheduled)
    services.finish_championship(scheduled)
    page = client.get(check, {"number": 2}).content.decode()
    assert scheduled.deal_key in page
    assert "Deal 2 as played matches the deal generated from the key." in page
    page = client.get(check, {"number": 50}).content.decode()
    assert "Deal 50 was not played in this championship." in page


def test_deal_check_reports_imported_deals(client, championship):
    from tournament_factories import add_teams

    add_teams(championship, 2)
    generate_schedule(championship)
    good = engine.format_deal(engine.generate_deal(b"x", 9))
    services.import_deals(championship, f"2 {good}")
    round_ = championship.rounds.get()
    services.release_round(round_)
    services.close_round(round_)
    services.finish_championship(championship)
    check = reverse("tournaments:deal_check", args=[championship.pk])
    page = client.get(check, {"number": 2}).content.decode()
    assert "Deal 2 was imported by the director" in page
    assert good in page
    page = client.get(check, {"number": 1}).content.decode()
    assert "Deal 1 as played matches" in page


def test_other_director_gets_404_everywhere(other_client, scheduled):
    # (test_tournament_secrecy walks every URL pattern; these are the director's pages.)
    team = scheduled.teams.first()
    for name, args in [
        ("director_championship", [scheduled.pk]),
        ("director_edit", [scheduled.pk]),
        ("director_teams", [scheduled.pk]),
        ("director_team_edit", [scheduled.pk, team.pk]),
        ("director_team_import", [scheduled.pk]),
        ("director_team_cards", [scheduled.pk]),
        ("director_round", [scheduled.pk, 1]),
        ("director_round_deal_sheets", [scheduled.pk, 1]),
        ("director_table_cards", [scheduled.pk, 1]),
        ("director_deal_sheets", [scheduled.pk]),
        ("director_deal_import", [scheduled.pk]),
    ]:
        assert other_client.get(reverse(f"tournaments:{name}", args=args)).status_code == 404, name
    for name, args in [
        ("director_release", [scheduled.pk, 1]),
        ("director_generate", [scheduled.pk]),
        ("director_team_reissue_pin", [scheduled.pk, team.pk]),
        ("director_add_director", [scheduled.pk]),
    ]:
        response = other_client.post(reverse(f"tournaments:{name}", args=args), {"username": "director2"})
        assert response.status_code == 404, name
    assert scheduled.rounds.get(number=1).status == "drafted"
    assert not scheduled.directors.filter(username="director2").exists()
    assert Team.objects.get(pk=team.pk).pin == team.pin


def test_anonymous_is_sent_to_login(client, scheduled):
    response = client.get(reverse("tournaments:director_round", args=[scheduled.pk, 1]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_director_home_lists_only_own_championships(director_client, other_director, scheduled):
    from tournament_factories import make_championship

    make_championship(other_director, name="Someone else's")
    page = director_client.get(reverse("tournaments:director_home")).content.decode()
    assert scheduled.name in page and "Someone else" not in page


def test_pages_use_the_mobile_layout(director_client, scheduled):
    page = director_client.get(reverse("tournaments:director_round", args=[scheduled.pk, 1]))
    html = page.content.decode()
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    assert 'class="table-scroll"' in html  # wide tables scroll inside the phone's width


def test_big_pages_do_not_query_per_row(director_client, director):
    """The number of queries of each big page does not grow with the field."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from tournament_factories import add_teams, make_championship

    def count_queries(size):
        championship = make_championship(director)
        add_teams(championship, size)
        generate_schedule(championship)
        services.release_round(championship.rounds.get(number=1))
        urls = [
            reverse("tournaments:director_round", args=[championship.pk, 1]),
            reverse("tournaments:director_championship", args=[championship.pk]),
            reverse("tournaments:director_teams", args=[championship.pk]),
            reverse("tournaments:public_championship", args=[championship.pk]),
            reverse("tournaments:public_round", args=[championship.pk, 1]),
        ]
        counts = []
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                assert director_client.get(url).status_code == 200
            counts.append(len(queries))
        return counts

    assert count_queries(4) == count_queries(30)
