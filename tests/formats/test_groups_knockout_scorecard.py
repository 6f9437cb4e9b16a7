"""Groups then knockout, a pair's scorecard page (rules.md 12): its group games round by
round (opponent, group, both pairs' points, won or lost) and the walkovers of a withdrawn
pair, after the closed rounds as the public standings; its place in its group."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation
from groups_knockout_factories import make_groups_event

from formats.groups_knockout.scorecard import pair_card
from formats.groups_knockout.services import groups_of, make_groups
from scoring.services.games import GameValues, director_set_game
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def play_round(championship, director, *, close=True):
    """Draft, release and set every game of the next group round: the lower number wins 71
    to 60; tables with a withdrawal's bye play none."""
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    for table in round_.tables.select_related("ns_team", "ew_team", "round__championship"):
        if table.bye_team_id is None:
            points = (71, 60) if table.ns_team.number < table.ew_team.number else (60, 71)
            director_set_game(table=table, values=GameValues(*points, "hands", 8),
                              user=director)
    if close:
        services.close_round(round_, by=director)
    return round_


def rows(card) -> list[tuple]:
    return [(row.round_number, row.opponent.number, row.group, row.points_for,
             row.points_against, row.won, row.walkover) for row in card.rows]


def test_the_scorecard_lists_the_group_games_and_the_walkovers(director):
    championship = make_groups_event(director, pairs=4, seeding="snake")  # group A: 1 to 4
    make_groups(championship)
    play_round(championship, director)
    withdrawn = groups_of(championship)[0][3]  # pair 4, lost its round 1 game by 11
    services.withdraw_team(withdrawn, by=director)
    play_round(championship, director)
    play_round(championship, director, close=False)  # in play: not on the card yet

    card = pair_card(championship, withdrawn, up_to=2)
    (first,) = [row for row in card.rows if not row.walkover]
    assert (first.round_number, first.points_for, first.points_against, first.won) == (
        1, 60, 71, False)
    (walkover,) = [row for row in card.rows if row.walkover]
    assert (walkover.round_number, walkover.points_for, walkover.points_against,
            walkover.won) == (2, 0, 11, False)
    assert card.group == "A" and card.row.line.games == 2 and card.row.line.wins == 0

    services.update_championship(championship, results_public=True)
    pair_1 = groups_of(championship)[0][0]
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        f"/c/{championship.pk}/results/teams/{pair_1.number}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Group A, place 1" in text
    played = rows(pair_card(championship, pair_1, up_to=2))
    assert len(played) == 2 and all(row[5] for row in played)  # pair 1 won both
    assert [row[0] for row in played] == [1, 2]
    assert len(re.findall(r">Won<", text)) >= 2 and "walkover" not in text.split("Totals")[0]
    # Pair 4's page shows its walkover, lost.
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        f"/c/{championship.pk}/results/teams/{withdrawn.number}/").content.decode()
    assert "walkover" in page and "Lost" in page


def test_a_pair_before_the_groups_has_an_empty_card(director):
    championship = make_groups_event(director, pairs=4)
    team = championship.teams.first()
    card = pair_card(championship, team, up_to=0)
    assert (card.group, card.row, card.rows) == ("", None, [])
    reader = Client(HTTP_ACCEPT_LANGUAGE="en")
    reader.force_login(director)  # a draft championship: its director's only
    page = reader.get(f"/c/{championship.pk}/results/teams/{team.number}/")
    assert page.status_code == 200 and "No game counted yet." in page.content.decode()
