"""A free-deal championship speaks of pairs, not teams: its captain's page and the shared
checks' refusals (through the format's ``wording``)."""

from __future__ import annotations

import re

import pytest
from free_deal_factories import make_free_deal, next_round, win

from formats.registry import format_of
from scoring.services import games
from scoring.services.values import ScoringError
from scoring.wording import TEAM_WORDING

pytestmark = pytest.mark.django_db

TEAM = re.compile(r"\bteams?\b", re.IGNORECASE)


def test_refusals_and_pages_say_pair(django_user_model, client):
    director = django_user_model.objects.create_user("fd-words", password="x")
    championship = make_free_deal(director, pairs=4)
    assert format_of(championship).wording is not TEAM_WORDING
    table = next_round(championship, director).tables.order_by("number").first()
    entry, _created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                        idempotency_key="w-1")
    for team in (table.ns_team, table.ew_team):
        page = client.get(f"/t/{team.pk}/{team.link_secret}/", HTTP_ACCEPT_LANGUAGE="en")
        assert not TEAM.findall(re.sub(r"<[^>]+>", " ", page.content.decode())), team
    table.ew_team.withdrawn = True
    table.ew_team.save(update_fields=["withdrawn"])
    with pytest.raises(ScoringError) as refused:
        games.confirm_game(entry_id=entry.pk, team=table.ew_team)
    assert refused.value.message.startswith("Your pair has withdrawn")
