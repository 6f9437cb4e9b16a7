"""Rules.md 13.2 through the app: ``series.selectors.series_ranking`` feeds the rules the
final places kept, with their players from the register, in series order."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone
from series_factories import finished, player, series_of

from formats import format_of
from series import selectors
from series.models import Series
from tournaments.models import EntrantPlayer, Player, Round

pytestmark = pytest.mark.django_db

PAIRS_A = [("Anna", "Bernat"), ("Carla", "Dídac")]
PAIRS_B = [("Anna", "Carla"), ("Bernat", "Dídac")]


def _by_name(ranking):
    return {line.name: line for line in ranking.lines}


def test_both_players_of_a_pair_score_and_two_championships_sum(director):
    series = series_of(director, [finished(director, PAIRS_A), finished(director, PAIRS_B)])
    ranking = selectors.series_ranking(series)
    lines = _by_name(ranking)
    assert lines["Anna"].total == Decimal("50.00")  # 25 + 25
    assert lines["Bernat"].total == lines["Carla"].total == Decimal("45.00")  # 25 + 20
    assert lines["Dídac"].total == Decimal("40.00")
    assert lines["Anna"].player_id == player("Anna").pk
    assert lines["Anna"].club == "Casal"
    assert [(r.points, r.place) for r in lines["Bernat"].results] == [
        (Decimal("25.00"), 1), (Decimal("20.00"), 2)]
    assert lines["Bernat"].place_counts == (1, 1)


def test_tie_order_more_firsts_then_the_most_recent_championship(director):
    series = series_of(director, [finished(director, PAIRS_A), finished(director, PAIRS_B)])
    ranking = selectors.series_ranking(series)
    # Bernat and Carla: 45 each, one 1st and one 2nd each; Carla won the later one.
    assert [(line.label, line.name) for line in ranking.lines] == [
        ("1", "Anna"), ("2", "Carla"), ("3", "Bernat"), ("4", "Dídac")]


def test_equal_in_everything_share_the_place(director):
    series = series_of(director, [finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")])])
    ranking = selectors.series_ranking(series)
    assert [line.label for line in ranking.lines] == ["1=", "1=", "3=", "3="]


def test_a_shared_place_averages_the_points_it_covers(director):
    # Three pairs, two sharing 1st: (25 + 20) / 2 = 22.5 each; then 16 for 3rd.
    series = series_of(director, [finished(
        director, [("Anna", "Bernat"), ("Carla", "Dídac"), ("Elna", "Ferran")], [1, 1, 3])])
    lines = _by_name(selectors.series_ranking(series))
    assert lines["Anna"].total == lines["Dídac"].total == Decimal("22.50")
    assert lines["Anna"].results[0].label == "1="
    assert lines["Elna"].total == Decimal("16.00")


def test_eight_sharing_fourth_round_halves_up(director):
    names = [f"P{i}" for i in range(1, 12)]
    places = [1, 2, 3] + [4] * 8
    series = series_of(director, [finished(director, names, places)])
    lines = _by_name(selectors.series_ranking(series))
    assert lines["P4"].total == Decimal("8.63")  # 69 / 8 = 8.625


def test_best_n_counts_the_best_results_only(director):
    championships = [finished(director, PAIRS_A), finished(director, PAIRS_B),
                     finished(director, [("Dídac", "Bernat"), ("Anna", "Carla")])]
    series = series_of(director, championships, best_of=2)
    lines = _by_name(selectors.series_ranking(series))
    # Anna: 25, 25, 20 -> the best two: 50; the 20 is shown, not counted.
    assert lines["Anna"].total == Decimal("50.00")
    assert [r.counted for r in lines["Anna"].results] == [True, True, False]
    # Dídac: 20, 20, 25 -> 45 (the earlier 20 counted).
    assert lines["Dídac"].total == Decimal("45.00")
    assert [r.counted for r in lines["Dídac"].results] == [True, False, True]


def test_a_typed_table(director):
    series = series_of(director, [finished(director, ["A", "B", "C"])],
                       points_table=Series.PointsTable.TYPED, typed_points="10 5,5")
    assert series.typed_points == ["10", "5.5"]
    lines = _by_name(selectors.series_ranking(series))
    assert [lines[n].total for n in "ABC"] == [Decimal("10.00"), Decimal("5.50"),
                                               Decimal("0.00")]


def test_a_table_by_entrants_counts_each_championships_entrants(director):
    series = series_of(director, [finished(director, ["A", "B", "C"]),
                                  finished(director, ["A", "B"])],
                       points_table=Series.PointsTable.ENTRANTS)
    lines = _by_name(selectors.series_ranking(series))
    assert lines["A"].total == Decimal("5.00")  # 3 of 3, then 2 of 2
    assert lines["B"].total == Decimal("3.00")  # 2 + 1
    assert lines["C"].total == Decimal("1.00")


def test_a_merged_player_sums_under_the_player_kept(director):
    first = finished(director, [("Anna", "Bernat"), ("Carla", "Dídac")])
    second = finished(director, [("Ana", "Bernat"), ("Carla", "Dídac")])  # a misspelling
    kept, duplicate = player("Anna"), player("Ana")
    # A merge moves the duplicate's entries to the player kept (tournaments' register).
    EntrantPlayer.objects.filter(player=duplicate).update(player=kept)
    Player.objects.filter(pk=duplicate.pk).update(merged_into=kept)
    lines = _by_name(selectors.series_ranking(series_of(director, [first, second])))
    assert "Ana" not in lines
    assert lines["Anna"].total == Decimal("50.00")


def test_unpublished_results_count_for_the_director_only(director):
    series = series_of(director, [finished(director, PAIRS_A),
                                  finished(director, PAIRS_B, public=False)])
    public = selectors.series_ranking(series)
    assert _by_name(public)["Anna"].total == Decimal("25.00")
    assert [c.state for c in public.columns] == ["finished", "unpublished"]
    assert _by_name(selectors.series_ranking(series, director=True))["Anna"].total == 50


def test_a_championship_not_finished_waits(director):
    running = finished(director, PAIRS_B)
    type(running).objects.filter(pk=running.pk).update(status="running")
    series = series_of(director, [finished(director, PAIRS_A), running])
    ranking = selectors.series_ranking(series)
    assert [c.state for c in ranking.columns] == ["finished", "waiting"]
    assert len(ranking.lines[0].results) == 1


def _running_with_a_closed_round(director):
    running = finished(director, PAIRS_B)
    type(running).objects.filter(pk=running.pk).update(status="running")
    running.refresh_from_db()
    now = timezone.now()
    Round.objects.create(championship=running, number=1, status=Round.Status.CLOSED,
                         released_at=now, closed_at=now)
    return running


def test_updates_after_rounds_ask_the_format_for_the_places(director, monkeypatch):
    running = _running_with_a_closed_round(director)
    teams = list(running.teams.order_by("number"))
    fmt = type(format_of(running))
    monkeypatch.setattr(fmt, "final_places", lambda self, championship, rounds=None: [
        (teams[1].pk, 1), (teams[0].pk, 2)], raising=False)
    series = series_of(director, [finished(director, PAIRS_A), running],
                       updates=Series.Updates.ROUNDS)
    ranking = selectors.series_ranking(series)
    assert [c.state for c in ranking.columns] == ["finished", "rounds"]
    lines = _by_name(ranking)
    # (Bernat, Dídac) ranked 1st after the closed round, (Anna, Carla) 2nd.
    assert lines["Bernat"].total == Decimal("50.00")
    assert lines["Anna"].total == lines["Dídac"].total == Decimal("45.00")


def test_a_format_that_cannot_rank_yet_is_left_out(director, monkeypatch):
    running = _running_with_a_closed_round(director)

    def not_yet(self, championship, rounds=None):
        raise NotImplementedError

    monkeypatch.setattr(type(format_of(running)), "final_places", not_yet, raising=False)
    series = series_of(director, [finished(director, PAIRS_A), running],
                       updates=Series.Updates.ROUNDS)
    ranking = selectors.series_ranking(series)
    assert [c.state for c in ranking.columns] == ["finished", "waiting"]
    assert _by_name(ranking)["Anna"].total == Decimal("25.00")


def test_places_the_rules_refuse_leave_that_championship_out(director):
    bad = finished(director, [("Anna", "Bernat"), ("Anna", "Carla")])  # Anna twice
    series = series_of(director, [finished(director, PAIRS_A), bad])
    ranking = selectors.series_ranking(series, director=True)
    assert [c.state for c in ranking.columns] == ["finished", "refused"]
    assert ranking.problems and bad.name in ranking.problems[0]
    assert _by_name(ranking)["Anna"].total == Decimal("25.00")


def test_an_entrant_without_a_register_player_keeps_its_place(director):
    championship = finished(director, [("Anna", "Bernat"), ("Carla", "Dídac"),
                                       ("Elna", "Ferran")])
    EntrantPlayer.objects.filter(team__championship=championship,
                                 player__name__in=["Carla", "Dídac"]).delete()
    lines = _by_name(selectors.series_ranking(series_of(director, [championship])))
    assert set(lines) == {"Anna", "Bernat", "Elna", "Ferran"}
    assert lines["Elna"].total == Decimal("16.00")  # 3rd, as placed
    assert lines["Elna"].label == "3="  # the stand-in of the 2nd pair holds no place


def _sized_series(director, championships: int, pairs: int):
    made = []
    for c in range(championships):
        entrants = [(f"Player {(c + i) % (pairs + 2)}A", f"Player {(c + i) % (pairs + 2)}B")
                    for i in range(pairs)]
        made.append(finished(director, entrants))
    return series_of(director, made, best_of=3)


@pytest.mark.parametrize(("championships", "pairs"), [(2, 4), (6, 12)])
def test_the_ranking_reads_in_a_fixed_number_of_queries(director, django_assert_num_queries,
                                                        championships, pairs):
    series = _sized_series(director, championships, pairs)
    # The series' championships, their final places with their players, the names.
    with django_assert_num_queries(3):
        ranking = selectors.series_ranking(series)
    assert len(ranking.lines) == 2 * min(pairs + 2, pairs + championships - 1)
