"""The demo command loads every format's demo events, once: the free-deal tournament in its
fourth round and the finished one in its knockout stage, a groups-then-knockout event in its
group stage (issue 38: 24 pairs, 6 groups of 4 made snake-wise, round 1 closed, round 2 in
play) and a finished one, and an individual championship (18 players in the four-player
form, four tables and two sit-outs a round, two rounds played). The finished
groups-then-knockout event's own content is tested in test_groups_knockout_demo_finished.
Then four finished free-deal club nights, the series "Rànquing del Casal 2026" of those and
the finished groups event (issue 39), and the ratings rebuilt at once."""

from __future__ import annotations

import io

import pytest
from built_once import world_built_once
from django.core.management import call_command
from django.utils import translation

from formats.abarrotada import demo as abarrotada_demo
from formats.abarrotada import selectors as abarrotada_selectors
from formats.free_deal import demo as free_deal_demo
from formats.free_deal import demo_nights
from formats.free_deal import selectors as free_deal_selectors
from formats.groups_knockout import demo as groups_demo
from formats.groups_knockout import demo_finished as finished_demo
from formats.groups_knockout.services import groups_of
from formats.groups_knockout.standings import group_stage
from scoring.selectors import games as game_selectors
from scoring.selectors.knockout import knockout_bracket
from series import demo as series_demo
from series.models import Series
from series.player_selectors import player_page
from series.selectors import series_ranking
from tournaments.clock_selectors import clock_view
from tournaments.models import Championship, Player, Round


def load_the_demo_twice():
    """``make demo``'s command, then again (it must load nothing the second time); what the
    first run printed, in the site's language as a test starts in (tests/conftest.py)."""
    translation.deactivate()
    printed = io.StringIO()
    call_command("demo", password="demo-password-123", port=8123, stdout=printed)
    call_command("demo", stdout=io.StringIO())
    return printed.getvalue()


@pytest.fixture(scope="module")
def loaded(request, django_db_setup, django_db_blocker):
    """The demo loaded once for the module (each format's loads take seconds): every test
    reads it, in its own savepoint, rolled back after the module."""
    yield from world_built_once(request, django_db_blocker, load_the_demo_twice)


def test_the_demo_has_a_free_deal_tournament_in_its_fourth_round(loaded, db):
    # What it prints says what the README's tour says, in the site's language (Catalan), and
    # where the demo will be served.
    printed = loaded
    assert "rondes tancades: 1, 2; ronda 3 en joc" in printed
    assert "http://127.0.0.1:8123/" in printed
    (championship,) = Championship.objects.filter(name=free_deal_demo.DEMO_NAME)
    assert championship.format == "free_deal_pairs"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED] * free_deal_demo.PLAYED + [Round.Status.RELEASED]
    ranking = free_deal_selectors.ranking(championship)
    assert len(ranking) == free_deal_demo.PAIRS
    assert all(line.games + line.byes >= free_deal_demo.PLAYED for line in ranking)
    states = [game.state for game in free_deal_selectors.round_games(championship.rounds.get(number=4))]
    assert {free_deal_selectors.CONFIRMED, free_deal_selectors.PENDING, free_deal_selectors.DISPUTED, free_deal_selectors.EMPTY} <= set(states)
    # Two sections, each paired on its own, each odd one with its bye; round 4's clock runs.
    parts = free_deal_selectors.section_rankings(championship)
    assert [(part.section.name, len(part.lines)) for part in parts] == list(free_deal_demo.SECTIONS)
    placed = {line.pair_id: part.section.pk for part in parts for line in part.lines}
    for round_ in championship.rounds.all():
        assert all(placed[t.ns_team_id] == placed[t.ew_team_id] for t in round_.tables.all())
        assert round_.section_byes.count() == 2
    assert clock_view(championship.rounds.get(number=4)).state == "running"


def test_the_demo_has_a_finished_event_in_its_knockout_stage(loaded, db):
    from formats.free_deal.demo_knockout import DEMO_NAME as KNOCKOUT_DEMO
    from formats.free_deal.demo_knockout import KNOCKOUT, ROUNDS
    from scoring.models import KnockoutEntry
    from tournaments.models import AuditEvent

    (championship,) = Championship.objects.filter(name=KNOCKOUT_DEMO)  # loaded once
    assert list(championship.rounds.values_list("status", flat=True)) == (
        [Round.Status.CLOSED] * ROUNDS)
    assert championship.results_public
    semis, (final,) = knockout_bracket(championship)
    assert len(semis) == KNOCKOUT // 2
    decided, waiting = semis
    assert decided.winner_id == decided.first_id == final.first_id
    assert waiting.winner_id is None and final.second_id is None
    (report,) = KnockoutEntry.objects.filter(tie=waiting)
    assert (report.state, report.by_team_id) == ("pending", waiting.second_id)
    # The pairs seeded are the top of the final ranking.
    top = [line.team.pk for line in free_deal_selectors.ranking(championship)[:KNOCKOUT]]
    assert {t.first_id for t in semis} | {t.second_id for t in semis} == set(top)
    assert set(AuditEvent.objects.filter(championship=championship)
               .values_list("action", flat=True)) >= {"knockout_started",
                                                      "knockout_game_entered"}
    # The free-deal demo keeps round 4 running with its clock.
    festa = Championship.objects.get(name=free_deal_demo.DEMO_NAME)
    assert clock_view(festa.rounds.get(number=4)).state == "running"


def test_the_demo_has_a_groups_event_in_its_second_round(loaded, db):
    assert "Obert de Botifarra de la Fira de Sant Andreu" in loaded
    (championship,) = Championship.objects.filter(name=groups_demo.DEMO_NAME)
    assert championship.format == "groups_knockout"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED, Round.Status.RELEASED]
    assert championship.results_public
    # Six groups of 4, snake-wise from the pairs' numbers: 1-6 then 12-7, and so on.
    groups = [[team.number for team in group] for group in groups_of(championship)]
    assert len(groups) == groups_demo.PAIRS // groups_demo.GROUP_SIZE
    assert groups[0] == [1, 12, 13, 24] and groups[5] == [6, 7, 18, 19]
    # Round 1: every game confirmed, some level after the 8 hands and won after 10.
    first = game_selectors.round_games(championship.rounds.get(number=1))
    assert len(first) == groups_demo.PAIRS // 2
    assert {game.state for game in first} == {game_selectors.CONFIRMED}
    hands = [game.latest.hands_played for game in first]
    assert set(hands) == {8, 10}
    assert all(game.latest.first_points != game.latest.second_points for game in first)
    # Round 2: some confirmed, one waiting for the other pair, one disputed, some not entered.
    states = [game.state for game in
              game_selectors.round_games(championship.rounds.get(number=2))]
    assert states.count(game_selectors.PENDING) == 1
    assert states.count(game_selectors.DISPUTED) == 1
    assert {game_selectors.CONFIRMED, game_selectors.EMPTY} <= set(states)
    # The director's standings count round 1 and round 2's confirmed games; nobody goes
    # through before the stage is complete.
    stage = group_stage(championship)
    confirmed = states.count(game_selectors.CONFIRMED)
    assert sum(row.line.games for view in stage.groups for row in view.rows) == 2 * (
        groups_demo.PAIRS // 2 + confirmed)
    assert stage.missing == 6 * groups_demo.PAIRS // groups_demo.GROUP_SIZE - (groups_demo.PAIRS // 2 + confirmed)
    assert stage.qualification is None
    # The public sees round 1 only.
    public = group_stage(championship, up_to=1)
    assert sum(row.line.games for view in public.groups for row in view.rows) == groups_demo.PAIRS


def test_the_demo_has_an_individual_evening_in_its_third_round(loaded, db):
    (championship,) = Championship.objects.filter(name=abarrotada_demo.DEMO_NAME)
    assert championship.format == "abarrotada"
    statuses = list(championship.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.CLOSED] * abarrotada_demo.PLAYED + [Round.Status.RELEASED]
    for round_ in championship.rounds.all():
        assert round_.player_tables.count() == 4 and round_.sit_outs.count() == 2
    lines = abarrotada_selectors.standings(championship)
    assert len(lines) == abarrotada_demo.PLAYERS
    # Every player has played or sat out every deal of the closed rounds.
    assert all(line.deals == abarrotada_demo.PLAYED * championship.deals_per_match
               for line in lines)
    playing = championship.rounds.get(number=abarrotada_demo.PLAYED + 1)
    states = {state.status for state in abarrotada_selectors.deal_states(playing).values()}
    assert {"confirmed", "pending", "disputed", "missing"} <= states


def test_the_demo_command_loads_the_finished_event_once(loaded, db):
    assert finished_demo.DEMO_NAME in loaded
    (championship,) = Championship.objects.filter(name=finished_demo.DEMO_NAME)
    assert championship.format == "groups_knockout"
    assert championship.status == Championship.Status.FINISHED and championship.results_public
    # The event in its group stage is still there, as it was.
    in_play = Championship.objects.get(name="Obert de Botifarra de la Fira de Sant Andreu")
    assert in_play.status != Championship.Status.FINISHED


def test_the_demo_has_finished_club_nights_with_recurring_players(loaded, db):
    assert demo_nights.NIGHTS[0][0] in loaded
    nights = Championship.objects.filter(name__in=[name for name, _day in demo_nights.NIGHTS])
    assert nights.count() == len(demo_nights.NIGHTS)
    for night in nights:
        assert night.format == "free_deal_pairs" and night.results_public
        assert night.status == Championship.Status.FINISHED
        assert 8 <= night.teams.count() <= 12
        assert list(night.rounds.values_list("status", flat=True)) == (
            [Round.Status.CLOSED] * demo_nights.ROUNDS)
        assert night.final_places.count() == night.teams.count()
    # The same regulars come back, linked to one register player each by name and club.
    regular = Player.objects.get(name="Rosa Vallverdú", club="Casino de l'Espluga")
    assert regular.entries.filter(team__championship__in=nights).count() >= 3


def test_the_demo_has_a_series_of_its_finished_championships(loaded, client, db):
    assert series_demo.SERIES_NAME in loaded
    # Loaded twice, one series, its championships in the order played.
    (series,) = Series.objects.filter(name=series_demo.SERIES_NAME)
    assert list(series.entries.values_list("championship__name", flat=True)) == list(
        series_demo.CHAMPIONSHIPS)
    assert series.results_public and series.best_of == series_demo.BEST_OF
    assert series.directors.filter(username="director").exists()
    ranking = series_ranking(series)
    assert not ranking.problems
    assert [column.state for column in ranking.columns] == ["finished"] * len(
        series_demo.CHAMPIONSHIPS)
    leaders = ranking.lines[:10]
    assert all(line.played >= 3 and line.total > 0 for line in leaders)
    # Santa Tecla's players who come to the nights count both; only the best 3 count.
    both = [line for line in ranking.lines if line.results[0] and line.played >= 4]
    assert both
    assert all(sum(1 for result in line.results if result and result.counted)
               <= series_demo.BEST_OF for line in ranking.lines)
    # A visitor sees it (the printed line gives its address) and reaches it from a player.
    assert f"/series/{series.pk}/" in loaded
    response = client.get(f"/series/{series.pk}/")
    assert response.status_code == 200 and leaders[0].name in response.content.decode()
    player = client.get(f"/players/{leaders[0].player_id}/").content.decode()
    assert f'href="/series/{series.pk}/"' in player


def test_a_regular_has_championships_and_a_rating_history(loaded, client, db):
    regular = Player.objects.get(name="Rosa Vallverdú", club="Casino de l'Espluga")
    page = player_page(regular)
    assert len(page.championships) >= 4
    assert len(page.ratings) >= 4 and page.current_rating is not None
    assert any(points.series_name == series_demo.SERIES_NAME
               for played in page.championships for points in played.series)
    response = client.get(f"/players/{regular.pk}/")
    assert response.status_code == 200
    assert 'class="rating-chart"' in response.content.decode()


def test_the_register_shows_the_misspelt_regular_as_a_likely_duplicate(loaded, client, db):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="director"))
    response = client.get("/director/players/duplicates/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Mercè Vila" in page and "Merce Vila" in page


def test_the_series_demo_needs_a_director_account(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="nobody"):
        call_command("series_demo", director="nobody", stdout=io.StringIO())
