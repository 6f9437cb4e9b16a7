"""Groups then knockout, the director's pages: offered in the new-championship picker (its
settings form; a championship created from it lands on its page, the groups the first step
after the pairs; bad settings refused naming the field, nothing written); the groups page (make, swap,
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


SETTINGS_LABELS = ("Group size", "Hands per game", "Extra hands when level",
                   "Match points for a win", "Pairs through per group", "Bracket size",
                   "Knockout ties", "Third-place game", "Seeded draw")
SETTINGS_FIELDS = ("group_size", "hands_per_game", "extra_hands", "win_points",
                   "qualifiers_per_group", "bracket_size", "best_of", "third_place", "seeding")


def test_the_picker_offers_the_format_with_its_settings(director):
    fmt = FORMATS["groups_knockout"]
    assert fmt.offered is True and fmt in offered_formats()
    assert dict(format_choices())["groups_knockout"] == fmt.label
    client = lang_client(director, "en")
    create = reverse("tournaments:director_create")
    picker = client.get(create).content.decode()
    assert "?format=groups_knockout" in picker and "Groups then knockout" in picker
    # Duplicate pairs by default: none of the groups' settings.
    assert 'name="gk-group_size"' not in picker
    chosen = client.get(create + "?format=groups_knockout")
    assert chosen.status_code == 200
    html = chosen.content.decode()
    for label in SETTINGS_LABELS:
        assert label in html, label
    for field in SETTINGS_FIELDS:
        assert f'name="gk-{field}"' in html, field
    # A groups event has no deals nor a movement to choose.
    assert 'name="deals_per_match"' not in html and 'name="movement"' not in html


def created_form(**gk) -> dict:
    values = {"group_size": "5", "hands_per_game": "10", "extra_hands": "3", "win_points": "2",
              "qualifiers_per_group": "2", "bracket_size": "8", "best_of": "3",
              "third_place": "on", "seeding": "snake", **gk}
    return {"format": "groups_knockout", "name": "Open de la Fira", "doubling": "2-4-8",
            **{f"gk-{key}": value for key, value in values.items() if value is not None}}


def test_a_director_creates_one_from_the_picker_and_makes_its_groups_first(director):
    from formats.groups_knockout.services import settings_of

    client = lang_client(director, "en")
    response = client.post(reverse("tournaments:director_create"), created_form())
    championship = Championship.objects.get()
    home = reverse("tournaments:director_championship", args=[championship.pk])
    assert response.status_code == 302 and response["Location"] == home
    assert championship.format == "groups_knockout"
    assert championship.directors.filter(pk=director.pk).exists()
    kept = settings_of(championship)
    assert (kept.group_size, kept.hands_per_game, kept.extra_hands, kept.win_points,
            kept.qualifiers_per_group, kept.bracket_size, kept.best_of, kept.third_place,
            kept.seeding) == (5, 10, 3, 2, 2, 8, 3, True, "snake")
    groups_url = reverse("groups_knockout:groups", args=[championship.pk])
    make_url = reverse("groups_knockout:make_groups", args=[championship.pk])
    generate_url = reverse("tournaments:director_generate", args=[championship.pk])
    page = client.get(home).content.decode()
    assert "Championship created." in page and "Make the groups" in page
    assert groups_url in page
    # Without pairs, neither the groups nor round 1 can be made yet.
    assert make_url not in page and generate_url not in page
    for i in range(1, 9):
        services.add_team(championship, name=f"Parella {i}", player1="A", player2="B")
    page = client.get(home).content.decode()
    # The groups are the step now (a snake: "Make the groups"); round 1 after them.
    assert make_url in page and generate_url not in page
    assert "After the groups." in page
    assert client.post(make_url).status_code == 302
    assert len(groups_of(championship)) == 2
    page = client.get(home).content.decode()
    assert make_url not in page and generate_url in page and "Pair round 1" in page


def test_a_drawn_event_is_offered_the_draw(director):
    client = lang_client(director, "en")
    client.post(reverse("tournaments:director_create"), created_form(seeding="draw"))
    championship = Championship.objects.get()
    for i in range(1, 5):
        services.add_team(championship, name=f"Parella {i}", player1="A", player2="B")
    page = client.get(reverse("tournaments:director_championship",
                              args=[championship.pk])).content.decode()
    assert "Draw the groups" in page
    assert reverse("groups_knockout:make_groups", args=[championship.pk]) in page


@pytest.mark.parametrize(("field", "value", "says"), [
    ("group_size", "7", "Select a valid choice"),
    ("hands_per_game", "0", "greater than or equal to 1"),
    ("bracket_size", "6", "Select a valid choice"),
    ("seeding", "by_hat", "Select a valid choice"),
])
def test_bad_settings_on_the_page_are_refused_at_their_field(director, field, value, says):
    client = lang_client(director, "en")
    before = AuditEvent.objects.count()
    response = client.post(reverse("tournaments:director_create"),
                           created_form(**{field: value}))
    assert response.status_code == 200
    form = response.context["extra"]
    assert field in form.errors and says in " ".join(form.errors[field])
    assert not Championship.objects.exists() and AuditEvent.objects.count() == before


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


def test_what_the_new_events_page_costs_does_not_grow_with_the_field(director):
    # The checklist's groups step (``GroupsKnockout.setup_step``) reads whether the groups
    # are made and how, whatever the number of pairs; and as much once they are.
    before, after = [], []
    for pairs in (8, 64):
        championship = make_groups_event(director, pairs=pairs)
        client = lang_client(director, "en")
        home = reverse("tournaments:director_championship", args=[championship.pk])
        before.append(count(client, home))
        make_groups(championship, seed="cost")
        after.append(count(client, home))
    assert before[0] == before[1] and after[0] == after[1], (before, after)
    assert after[0] == before[0], (before, after)
