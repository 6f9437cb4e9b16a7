"""The director of a free-deal evening (issue "A club night without a single why"): a
game's correction starts from the result entered, and closing a round offers no adjusted
score, which free-deal games do not have (rules.md 11)."""

from __future__ import annotations

import re

import pytest
from free_deal_factories import make_free_deal, next_round, play_round, sectioned, win

from formats.free_deal.models import SectionBye
from scoring.services import games, set_results_public
from tournaments import services

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
    games.submit_game(team=table.ns_team, table=table, values=win(104, 37, hands=11),
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


def test_with_sections_the_round_page_and_the_api_name_each_bye(director_client, director):
    championship = sectioned(director)  # 7 and 5 pairs: a bye in each section
    (round_,) = services.generate_next_round(championship)
    byes = list(SectionBye.objects.filter(round=round_).select_related("team")
                .order_by("team__number"))
    assert len(byes) == 2
    page = director_client.get(f"/director/c/{championship.pk}/rounds/1/", **EN)
    for bye in byes:
        assert f"Bye: <strong>{bye.team.number}. {bye.team.name}</strong>" in page.content.decode()
    detail = director_client.get(f"/api/v1/championships/{championship.pk}/rounds/1/").json()
    assert detail["bye_team"] is None
    assert [side["number"] for side in detail["byes"]] == [bye.team.number for bye in byes]


def test_the_public_standings_count_a_bye_in_its_own_column(client, director):
    championship = make_free_deal(director, pairs=5, rounds=2)
    round_ = next_round(championship, director)
    play_round(round_, lambda table: win())
    services.close_round(round_, by=director)
    set_results_public(championship, True)
    page = client.get(f"/c/{championship.pk}/results/", **EN).content.decode()
    assert '<th class="num wide-only" scope="col" title="A bye counts as a win">Byes</th>' in page
    bye = round_.bye_team
    row = page[page.index(f"{bye.number}. {bye.name}</a>"):]
    row = row[:row.index("</tr>")]
    assert re.findall(r'<td class="num wide-only">(\d+)</td>', row)[:4] == ["0", "0", "0", "1"]
    assert "Won 0 · Drawn 0 · Lost 0 · Byes 1" in row  # on a phone, a tap away


def test_the_tie_break_order_is_picked_in_the_directors_language(director_client):
    page = director_client.get("/director/new/?format=free_deal_pairs", **EN).content.decode()
    assert 'name="fd-tie_breaks_0"' in page and 'name="fd-tie_breaks_3"' in page
    assert '<option value="buchholz" selected>Buchholz</option>' in page
    assert "Point difference" in page and "match_points,point_difference" not in page
    # A Swiss event's rounds say nothing of leagues (the picker's summary of groups then
    # knockout, another format, may).
    assert "a round robin plays every opponent once" not in page


def test_a_tie_break_picked_twice_is_refused_by_name():
    from django.utils import translation

    from formats.free_deal.forms import FreeDealSettingsForm

    with translation.override("en"):
        form = FreeDealSettingsForm(data={"fd-tie_breaks_0": "points", "fd-tie_breaks_1": "wins",
                                          "fd-tie_breaks_2": "points"}, prefix="fd")
        form.is_valid()
        assert form.errors["tie_breaks"] == [
            "Tie-break order: points scored is picked twice; pick each once."]
        picked = FreeDealSettingsForm(data={"fd-tie_breaks_0": "wins", "fd-tie_breaks_1": "",
                                            "fd-tie_breaks_2": "buchholz"}, prefix="fd")
        picked.is_valid()
        assert picked.cleaned_data["tie_breaks"] == "wins,buchholz"


def test_the_round_page_has_the_clock_and_its_buttons_bring_the_director_back(
        director_client, evening):
    championship, round_, _table = evening
    url = f"/director/c/{championship.pk}/rounds/{round_.number}/"
    page = director_client.get(url, **EN).content.decode()
    assert 'id="round-clock"' in page and "Start the clock" in page
    assert f'name="next" value="{url}"' in page
    pressed = director_client.post(f"/director/c/{championship.pk}/results/rounds/{round_.number}/clock/",
                                   {"action": "start", "next": url}, **EN)
    assert pressed.status_code == 302 and pressed["Location"] == url
    assert "Pause the clock" in director_client.get(url, **EN).content.decode()
    # Elsewhere than the championship's own pages, the button leads back to the grid.
    away = director_client.post(f"/director/c/{championship.pk}/results/rounds/{round_.number}/clock/",
                                {"action": "pause", "next": "https://example.com/"}, **EN)
    assert away["Location"] == f"/director/c/{championship.pk}/results/rounds/1/"


def test_a_refusal_of_the_pads_record_shows_once_under_the_pad(client, evening):
    import json

    _championship, _round, table = evening
    team = table.ns_team
    hands = [{"makers": "first", "contract": "O", "doubling": 0, "scorer": "first",
              "points": 14}]
    answer = client.post(f"/t/{team.pk}/{team.link_secret}/game/", {
        "first_points": "40", "second_points": "101", "ended_by": "target",
        "hands_played": "7", "hands": json.dumps(hands)}, **EN)
    page = answer.content.decode()
    message = "The hand-by-hand record has 1 hands, but 7 were played"
    assert page.count(message) == 1
    assert "Clear the pad" in page[page.index(message):page.index(message) + 300]
    assert page.index(message) > page.index('id="game-form"')  # with the fields, not above
