"""An individual championship's public traveller and scorecard (rules.md 10.2): a deal's
traveller has one row a table with each seat's player and score, not the pairs' NS and EW;
a player's scorecard lists their own deals; an evening's scorecard, their games."""

from __future__ import annotations

import random
import re

import pytest
from abarrotada_factories import (
    enter_and_confirm,
    make_evening,
    make_individual,
    next_round,
    seated,
    values,
)
from django.urls import reverse

from engine import show_score
from formats.abarrotada import evening, selectors
from formats.abarrotada import services as ab
from formats.abarrotada.services import TotalsValues
from scoring.services import set_results_public
from tournaments import services

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def words(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def event(director):
    rng = random.Random(5)
    championship = make_individual(director, players=9, rounds=3, deals=2)
    round_ = next_round(championship, director)
    for table in round_.player_tables.all():
        for deal in round_.deals.values_list("number", flat=True):
            n, e, s = rng.randint(0, 30), rng.randint(0, 20), rng.randint(0, 20)
            enter_and_confirm(table, deal, values(f"{n}-{e}-{s}-{72 - n - e - s}"))
    services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    return championship


def test_the_traveller_shows_each_seats_player_and_score(client, event):
    round_ = event.rounds.get(number=1)
    text = words(client.get(reverse("scoring:traveller", args=[event.pk, 1]), **EN))
    assert "NS pair" not in text and "EW pair" not in text
    scores = {(s.table, s.seat): s for s in selectors.round_scores(event, [round_])
              if s.deal_number == 1 and not s.sit_out}
    for table in round_.player_tables.all():
        for seat, player in seated(table).items():
            score = scores[table.number, seat]
            assert f"{player.number}. {player.name} {score.deal_score} · {float(score.final):.2f}" \
                in text, (table.number, seat)
    assert "The cards" in text  # the round is closed: its cards are public


def test_a_players_scorecard_lists_their_own_deals(client, event):
    line = selectors.standings(event)[0]
    player = event.teams.get(pk=line.player_id)
    text = words(client.get(reverse("scoring:scorecard", args=[event.pk, player.number]), **EN))
    assert "No deal scored yet" not in text and "Opponent" not in text
    assert f"Place {line.place}" in text
    for score in line.scores:
        if score.sit_out:
            assert f"{score.round_number} {score.deal_number} sits out" in text
        else:
            assert (f"{score.round_number} {score.deal_number} {score.table} {score.seat} "
                    in text), score
    assert f"Total {show_score(line.total)}" in text


def test_an_evening_scorecard_lists_the_players_games(client, director):
    championship = make_evening(director, players=8, rounds=2)
    round_ = next_round(championship, director)
    totals = {}
    for i, table in enumerate(round_.player_tables.order_by("number")):
        who = seated(table)
        given = {seat: 3 + i + j for j, seat in enumerate(who)}
        entry, _created = ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                           values=TotalsValues(given))
        ab.confirm_totals(entry_id=entry.pk, player=who["E"])
        totals.update({who[seat].pk: (table.number, seat, total) for seat, total in given.items()})
    services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    player = championship.teams.order_by("number").first()
    text = words(client.get(reverse("scoring:scorecard", args=[championship.pk,
                                                                player.number]), **EN))
    table, seat, total = totals[player.pk]
    assert f"1 {table} {seat} {total}" in text
    line = next(line for line in evening.evening_standings(championship)
                if line.player_id == player.pk)
    assert f"Games won: {line.games_won} {line.total}" in text
    listing = words(client.get(reverse("scoring:travellers", args=[championship.pk]), **EN))
    assert "No deal has been scored yet" not in listing and "Scorecards by player" in listing
