"""Groups then knockout, the director's pages: not offered in the new-championship picker
(the page's nor the API's) until its games can be entered; the groups page (make, swap,
each group's pairs and schedule) in ca/es/en, reachable from the championship page; the
round page's tables by group; the printed group sheets; and what the groups page costs,
pinned at two sizes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from groups_knockout_factories import make_groups_event
from rest_framework.test import APIClient

from formats import FORMATS, format_choices, offered_formats
from formats.groups_knockout.services import groups_of, make_groups
from tournaments import services
from tournaments.models import AuditEvent, Championship

pytestmark = pytest.mark.django_db


def lang_client(director, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(director)
    return client


def test_the_picker_does_not_offer_the_format_yet(director):
    fmt = FORMATS["groups_knockout"]
    assert fmt.offered is False and FORMATS["free_deal_pairs"].offered is True
    assert fmt not in offered_formats()
    assert "groups_knockout" not in dict(format_choices())
    client = lang_client(director, "en")
    page = client.get(reverse("tournaments:director_create"))
    assert page.status_code == 200
    assert "?format=free_deal_pairs" in page.content.decode()
    assert "groups_knockout" not in page.content.decode()
    assert client.get(reverse("tournaments:director_create") + "?format=groups_knockout"
                      ).status_code == 404
    assert client.post(reverse("tournaments:director_create"),
                       {"format": "groups_knockout", "name": "X"}).status_code == 404
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    refused = api.post("/api/v1/championships/", {"name": "Open", "format": "groups_knockout"},
                       format="json")
    assert refused.status_code == 400 and "format" in refused.json()
    assert not Championship.objects.filter(format="groups_knockout").exists()


WORDS = {"en": ("Groups", "Group A", "Draw the groups", "Swap the two pairs"),
         "ca": ("Grups", "Grup A", "Sorteja els grups", "Intercanvia les dues parelles"),
         "es": ("Grupos", "Grupo A", "Sortear los grupos", "Intercambiar las dos parejas")}


@pytest.mark.parametrize("language", ["en", "ca", "es"])
def test_the_groups_page_in_each_language(director, language):
    championship = make_groups_event(director, pairs=10)
    client = lang_client(director, language)
    url = reverse("groups_knockout:groups", args=[championship.pk])
    title, group_a, draw, swap = WORDS[language]
    before = client.get(url).content.decode()
    assert draw in before and group_a not in before
    made = client.post(reverse("groups_knockout:make_groups", args=[championship.pk]))
    assert made.status_code == 302
    page = client.get(url).content.decode()
    assert f"<h1>{title}</h1>" in page and group_a in page and swap in page
    for team in championship.teams.all():
        assert f"{team.number}. {team.name}" in page
    # Reachable from the championship page.
    home = client.get(reverse("tournaments:director_championship", args=[championship.pk]))
    assert url in home.content.decode()


def test_a_swap_through_the_page(director):
    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)  # [1, 4, 5, 8], [2, 3, 6, 7]
    client = lang_client(director, "en")
    url = reverse("groups_knockout:swap_pairs", args=[championship.pk])
    refused = client.post(url, {"first": "1", "second": "4"})
    assert refused.status_code == 200 and "Both pairs are in group A" in refused.content.decode()
    assert client.post(url, {"first": "1", "second": "2"}).status_code == 302
    assert [[t.number for t in g] for g in groups_of(championship)] == [[2, 4, 5, 8],
                                                                       [1, 3, 6, 7]]
    event = AuditEvent.objects.get(action=AuditEvent.Action.GROUPS_SWAPPED)
    assert event.by_director == director and event.ip_address


def test_another_formats_championship_has_no_groups_page(director):
    other = services.create_championship(director, name="Club", format="free_deal_pairs",
                                         rounds_planned=3)
    client = lang_client(director, "en")
    assert client.get(reverse("groups_knockout:groups", args=[other.pk])).status_code == 404


def test_the_round_page_shows_each_tables_group_and_the_sheets(director):
    championship = make_groups_event(director, pairs=10, seeding="snake")
    make_groups(championship)
    services.generate_next_round(championship)
    client = lang_client(director, "en")
    page = client.get(reverse("tournaments:director_round", args=[championship.pk, 1]))
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("Group A") < text.index("Group B") < text.index("Group C")
    assert text.count("Sits out") == 2
    sheets = reverse("groups_knockout:group_sheets", args=[championship.pk])
    assert sheets in text
    printed = client.get(sheets + "?as=page")
    assert printed.status_code == 200
    body = printed.content.decode()
    assert body.count("Group A") >= 1 and "Schedule" in body and "Match points" in body
    cards = reverse("groups_knockout:table_cards", args=[championship.pk, 1])
    assert cards in text
    printed = client.get(cards + "?as=page").content.decode()
    # One card a table (4: two of the group of 4, one of each group of 3), with its group.
    assert printed.count('class="card"') == 4
    assert "Table 4 · Group C" in printed and "Games of 8 hands, 2 more while level" in printed


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context)


def test_what_the_groups_page_costs_does_not_grow_with_the_field(director):
    costs = []
    for pairs in (10, 64):
        championship = make_groups_event(director, pairs=pairs)
        make_groups(championship, seed="cost")
        services.generate_next_round(championship)
        client = lang_client(director, "en")
        costs.append(count(client, reverse("groups_knockout:groups", args=[championship.pk])))
    assert costs[0] == costs[1], costs
    assert costs[0] <= 12, costs


def test_the_settings_on_the_edit_page_and_the_api_lock_after_round_1(director):
    championship = make_groups_event(director, pairs=8, group_size=5)
    client = lang_client(director, "en")
    edit = reverse("tournaments:director_edit", args=[championship.pk])
    page = client.get(edit).content.decode()
    assert "Group size" in page and 'name="gk-group_size"' in page and "disabled" not in page
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    url = f"/api/v1/championships/{championship.pk}/"
    read = api.get(url).json()
    assert read["format"] == "groups_knockout"
    assert read["groups_knockout"]["group_size"] == 5 and read["free_deal"] is None
    changed = api.patch(url, {"groups_knockout": {"hands_per_game": 10}}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["groups_knockout"]["hands_per_game"] == 10
    make_groups(championship, seed="x")
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    page = client.get(edit).content.decode()
    assert 'name="gk-group_size"' in page and "disabled" in page
    refused = api.patch(url, {"groups_knockout": {"extra_hands": 4}}, format="json")
    assert refused.status_code == 400
    assert "extra_hands" in refused.json()["groups_knockout"]
    assert "groups_knockout" in api.get(url).json()["locked_fields"]


def test_the_api_refuses_a_best_of_two_naming_the_field(director):
    championship = make_groups_event(director, pairs=4)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    refused = api.patch(f"/api/v1/championships/{championship.pk}/",
                        {"groups_knockout": {"best_of": 2}}, format="json")
    assert refused.status_code == 400
    assert refused.json()["groups_knockout"]["best_of"] == [
        "A knockout tie is one game or the best of three."]
