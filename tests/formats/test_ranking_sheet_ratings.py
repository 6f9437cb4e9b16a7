"""The "Rating" column of the ranking sheet (rules.md 13.3): every format's sheet, read back
from the real PDF, shows each entrant's players' ratings to one decimal ("12.3 · 8.1", an
individual's one figure) only when the championship shows ratings; a kept public file is
made again when the setting or a rating shown changes; the setting is the championship's,
on its form and in its API, and never locked."""

from __future__ import annotations

import io

import pytest
from abarrotada_factories import make_evening, make_individual
from free_deal_factories import make_free_deal, next_round
from groups_knockout_factories import make_groups_event
from pypdf import PdfReader
from rating_factories import past_championship, players_of, rate
from rest_framework.test import APIClient

from formats.groups_knockout.services import make_groups
from scoring.exports import registry
from scoring.exports.public_files import fingerprint
from tournaments import services
from tournaments.models import Championship, PlayerRating

pytestmark = pytest.mark.django_db


def duplicate(director):
    championship = services.create_championship(director, name="Obert")
    for i in range(1, 5):
        services.add_team(championship, name=f"T{i}", player1=f"A{i}", player2=f"B{i}")
    return championship


def groups(director):
    championship = make_groups_event(director, pairs=4)
    make_groups(championship, by=director)
    return championship


MAKERS = {
    "duplicate_pairs": (duplicate, "12.3 · 8.1"),
    "free_deal_pairs": (lambda d: make_free_deal(d, pairs=4), "12.3 · 8.1"),
    "groups_knockout": (groups, "12.3 · 8.1"),
    "abarrotada": (lambda d: make_individual(d, players=8), "12.3"),
    "abarrotada_free": (lambda d: make_evening(d, players=8), "12.3"),
}


def sheet_text(championship, language="en") -> str:
    made = registry.build(registry.get("ranking_pdf", championship), championship, language)
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(made.data)).pages)


def rate_first(championship) -> None:
    team = championship.teams.order_by("number").first()
    past = past_championship()
    for player, shown in zip(players_of(team), (12.34, 8.06), strict=False):
        rate(player, shown, sequence=1, championship=past)


@pytest.mark.parametrize("key", list(MAKERS))
def test_the_rating_column_is_on_the_sheet_only_when_shown(director, key):
    make, expected = MAKERS[key]
    championship = make(director)
    assert championship.format == key
    rate_first(championship)
    text = sheet_text(championship)
    assert "Rating" not in text and expected not in text
    championship.show_ratings = True
    championship.save()
    text = sheet_text(championship)
    assert "Rating" in text and expected in text, text
    # A player never rated: 0.0.
    assert "0.0" in text
    assert "12,3" in sheet_text(championship, "ca")


def test_a_kept_public_file_follows_the_setting_and_the_ratings_shown(director):
    championship = make_free_deal(director, pairs=4)
    kind = registry.get("ranking_pdf", championship)
    before = fingerprint(championship, kind, "en", None)
    championship.show_ratings = True
    shown = fingerprint(championship, kind, "en", None)
    assert shown != before
    rate_first(championship)
    assert fingerprint(championship, kind, "en", None) != shown
    # Not shown: a rating changing makes no new file.
    championship.show_ratings = False
    assert fingerprint(championship, kind, "en", None) == before
    PlayerRating.objects.update(shown=3.0)
    assert fingerprint(championship, kind, "en", None) == before


def test_the_setting_is_on_the_form_and_in_the_api_and_never_locked(director,
                                                                    director_client):
    championship = make_free_deal(director, pairs=4)
    next_round(championship, director)  # round 1 released: the game settings locked
    form = director_client.get(f"/director/c/{championship.pk}/edit/").context["form"]
    assert "show_ratings" in form.fields and not form.fields["show_ratings"].disabled
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    url = f"/api/v1/championships/{championship.pk}/"
    answer = api.patch(url, {"show_ratings": True}, format="json")
    assert answer.status_code == 200 and answer.json()["show_ratings"] is True
    assert "show_ratings" not in answer.json()["locked_fields"]
    assert Championship.objects.get(pk=championship.pk).show_ratings is True
    refused = api.patch(url, {"show_ratings": "sometimes"}, format="json")
    assert refused.status_code == 400 and "show_ratings" in refused.json()
    assert Championship.objects.get(pk=championship.pk).show_ratings is True
    # Every format's form has it, duplicate pairs' too.
    other = duplicate(director)
    assert "show_ratings" in director_client.get(
        f"/director/c/{other.pk}/edit/").context["form"].fields
