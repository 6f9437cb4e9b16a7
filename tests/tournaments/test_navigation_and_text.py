"""Navigation between the director's pages, and the text fixes: friendly 404 pages, d/m/Y
dates, one number shown once, no "director director", no offers a finished championship
cannot keep."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.templatetags.scoring_tags import author, fraction_exact
from tournaments import services


def test_an_old_team_link_reads_a_friendly_translated_message(scheduled):
    team = scheduled.teams.first()
    old = team.link_secret
    services.reissue_link(team)
    for language, text in [
        ("en", "ask the director for a new card"),
        ("ca", "demana a l'àrbitre una targeta nova"),
        ("es", "pide al árbitro una tarjeta nueva"),
    ]:
        response = Client(headers={"accept-language": language}).get(f"/t/{team.pk}/{old}/")
        assert response.status_code == 404
        assert text in response.content.decode()
        assert "Not Found" not in response.content.decode()
    other = Client(headers={"accept-language": "en"}).get("/no/such/page/")
    assert other.status_code == 404 and "Page not found" in other.content.decode()


def test_the_captain_page_offers_no_director_login_and_no_sant_vicenc(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    table = scheduled.rounds.get(number=1).tables.first()
    team = table.ns_team
    page = Client(headers={"accept-language": "en"}).get(
        reverse("scoring:captain", args=[team.pk, team.link_secret])).content.decode()
    assert "Director login" not in page
    assert "sant_vicenc" not in page
    # One label per deal's form, not repeated below it.
    assert page.count("EW points") == table.round.deals.count()
    assert "Optional; 72 − NS =" in page


@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_dates_are_day_month_year_in_every_language(director_client, director, language):
    championship = services.create_championship(
        director, name="Open", starts_on=datetime.date(2026, 3, 7),
        ends_on=datetime.date(2026, 3, 8))
    client = Client(headers={"accept-language": language})
    page = client.get(reverse("tournaments:public_championship", args=[championship.pk]))
    assert "07/03/2026 – 08/03/2026" in page.content.decode()


def test_a_score_is_shown_once_and_the_director_is_named_once(django_user_model):
    assert fraction_exact(Fraction(2)) == ""
    assert fraction_exact(Fraction(3, 2)) == ""
    assert fraction_exact(Fraction(5, 3)) == "= 5/3"

    class Row:
        by_team_id = None

        def __init__(self, user):
            self.by_director = user
            self.by_director_id = user.pk

    plain = django_user_model.objects.create_user("director")
    named = django_user_model.objects.create_user("marta")
    with translation.override("en"):
        assert author(Row(plain)) == "the director"
        assert author(Row(named)) == "director marta"


def test_director_pages_reach_the_championship_round_and_grid(director_client, scheduled):
    pk = scheduled.pk
    # No round released yet: the grid link leads to the round, not to public pages.
    response = director_client.get(reverse("scoring:director_results", args=[pk]))
    assert response["Location"] == reverse("tournaments:director_round", args=[pk, 1])
    services.release_round(scheduled.rounds.get(number=1))
    page = director_client.get(reverse("tournaments:director_teams", args=[pk])).content.decode()
    nav = page[page.index('class="director-nav"'):page.index("</nav>", page.index("director-nav"))]
    for url in (reverse("tournaments:director_championship", args=[pk]),
                reverse("tournaments:director_round", args=[pk, 1]),
                reverse("scoring:grid", args=[pk, 1])):
        assert f'href="{url}"' in nav
    round_page = director_client.get(reverse("tournaments:director_round", args=[pk, 1]))
    assert reverse("scoring:grid", args=[pk, 1]) in round_page.content.decode()
    grid = director_client.get(reverse("scoring:grid", args=[pk, 1])).content.decode()
    assert f'href="{reverse("tournaments:director_championship", args=[pk])}"' in grid
    # The grid of round 1 leads on to round 2.
    assert "Next: round 2" in grid
    # A result's page has its previous and next results.
    round1 = scheduled.rounds.get(number=1)
    deals = list(round1.deals.order_by("number").values_list("number", flat=True))
    cell = director_client.get(reverse("duplicate_pairs:cell", args=[pk, 1, 1, deals[-1]]))
    context = cell.context
    assert context["previous_cell"] == (1, deals[-2])
    assert context["next_cell"] == (2, deals[0])
    first = director_client.get(reverse("duplicate_pairs:cell", args=[pk, 1, 1, deals[0]])).context
    assert first["previous_cell"] is None


def test_a_finished_championship_offers_no_import_or_editing(director_client, scheduled):
    services.discard_drafted_rounds(scheduled)
    pk = scheduled.pk
    # Nothing drafted: nothing to import deals into either.
    page = director_client.get(reverse("tournaments:director_championship", args=[pk]))
    assert reverse("tournaments:director_deal_import", args=[pk]) not in page.content.decode()
    from tournaments.models import Championship
    Championship.objects.filter(pk=pk).update(status=Championship.Status.FINISHED)
    for name in ("director_championship", "director_teams"):
        html = director_client.get(reverse(f"tournaments:{name}", args=[pk])).content.decode()
        for url in (reverse("tournaments:director_team_import", args=[pk]),
                    reverse("tournaments:director_edit", args=[pk])):
            assert f'href="{url}"' not in html
    for name in ("director_team_import", "director_edit", "director_deal_import"):
        response = director_client.get(reverse(f"tournaments:{name}", args=[pk]))
        assert response.status_code == 302
    team = scheduled.teams.first()
    html = director_client.get(
        reverse("tournaments:director_team_edit", args=[pk, team.pk])).content.decode()
    assert "<form method=\"post\" class=\"stack narrow\">" not in html
    with pytest.raises(services.ServiceError):
        services.update_team(team, name="Renamed", player1="a", player2="b")


def test_the_500_page_is_friendly_and_translated(rf):
    from django.views.defaults import server_error

    for language, text in [("en", "Something went wrong"), ("ca", "Alguna cosa ha fallat"),
                           ("es", "Algo ha fallado")]:
        with translation.override(language):
            response = server_error(rf.get("/"))
        assert response.status_code == 500
        assert text in response.content.decode()


def test_a_favicon(db, client):
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
