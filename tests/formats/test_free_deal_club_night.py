"""The director of a free-deal evening (issue "A club night without a single why"): a
game's correction starts from the result entered, and closing a round offers no adjusted
score, which free-deal games do not have (rules.md 11)."""

from __future__ import annotations

import re

import pytest
from free_deal_factories import make_free_deal, next_round, win

from formats.free_deal import services as fd_services

pytestmark = pytest.mark.django_db
EN = {"headers": {"accept-language": "en"}}


@pytest.fixture
def evening(director):
    championship = make_free_deal(director, pairs=4, rounds=2)
    round_ = next_round(championship, director)
    return championship, round_, round_.tables.order_by("number").first()


def _value(page: str, name: str) -> str | None:
    field = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    found = field and re.search(r'value="([^"]*)"', field.group(0))
    return found.group(1) if found else None


def test_a_correction_starts_from_the_game_entered(director_client, evening):
    championship, round_, table = evening
    url = f"/director/c/{championship.pk}/results/rounds/{round_.number}/games/{table.number}/"
    assert _value(director_client.get(url, **EN).content.decode(), "first_points") is None
    fd_services.submit_game(team=table.ns_team, table=table, values=win(104, 37, hands=11),
                            idempotency_key=None)
    page = director_client.get(url, **EN).content.decode()
    assert (_value(page, "first_points"), _value(page, "second_points"),
            _value(page, "hands_played")) == ("104", "37", "11")
    assert re.search(r'<option value="target" selected>', page)


def test_closing_a_round_offers_no_adjusted_score_for_games(director_client, evening):
    championship, round_, _table = evening
    page = director_client.get(
        f"/director/c/{championship.pk}/results/rounds/{round_.number}/close/", **EN)
    text = page.content.decode()
    assert "A missing result stays not played" in text
    assert "adjusted score" not in text
