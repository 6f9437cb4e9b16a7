"""The ratings rebuilt from the kept final places (rules.md 13.3,
``tournaments.services.ratings``): the same figures as the engine's championship-by-
championship update, in date order; an earlier result changed moves the later ratings;
idempotent; a championship of one entrant changes nothing; through the Celery task too."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest
from ratings_factories import day, finished

from engine import ratings as engine_ratings
from tournaments.models import (
    Championship,
    EntrantPlayer,
    FinalPlace,
    Player,
    PlayerRating,
)
from tournaments.services.ratings import championship_order, rebuild_ratings, request_rebuild
from tournaments.tasks import rebuild_ratings_task

pytestmark = pytest.mark.django_db

TESTS = Path(__file__).resolve().parents[1]
for folder in ("formats", "scoring", "archive_files"):  # the builders, after the rest
    sys.path.append(str(TESTS / folder))


def rows() -> list[tuple]:
    return list(PlayerRating.objects.order_by("player_id", "sequence").values_list(
        "player_id", "championship_id", "sequence", "mu", "sigma", "shown"))


def incremental(order: list[int]) -> tuple[dict, list[tuple]]:
    """The engine's update, one championship after another, read independently of the
    service: every player's rating, and a row per player and championship."""
    ratings: dict = {}
    expected = []
    for sequence, pk in enumerate(order, start=1):
        entrants, places = [], []
        for team_id, place in FinalPlace.objects.filter(championship_id=pk).order_by(
                "place", "team_id").values_list("team_id", "place"):
            entrants.append(tuple(EntrantPlayer.objects.filter(team_id=team_id)
                                  .order_by("position").values_list("player_id", flat=True)))
            places.append(place)
        match = engine_ratings.RankedMatch(entrants, places, key=pk)
        changed = engine_ratings.update_ratings(ratings, match)
        for player in match.players if match.counts else ():
            rating = changed[player]
            expected.append((player, pk, sequence, rating.mu, rating.sigma,
                             engine_ratings.shown_rating(rating)))
        ratings = changed
    return ratings, sorted(expected, key=lambda row: (row[0], row[2]))


def test_the_rebuild_equals_the_engines_update_over_real_championships(director):
    from kept_events import EVENTS

    built = [EVENTS[name](director) for name in
             ("abarrotada_free", "free_deal_pairs_sections", "abarrotada_three")]
    # One player in two of them (the register links the same name and club).
    shared = Player.objects.filter(name="Jugador 1", club="Casal de Gràcia").get()
    assert EntrantPlayer.objects.filter(player=shared).count() == 1
    order = championship_order()
    # By date: the sections' tournament (June), then the three-player one (September), then
    # the evening (October).
    assert order == [built[1].pk, built[2].pk, built[0].pk]
    written = rebuild_ratings()
    _ratings, expected = incremental(order)
    assert written == len(expected) > 0
    assert rows() == expected


def test_the_order_is_by_date_then_by_finishing_then_by_id():
    now = datetime.datetime(2026, 3, 1, 20, tzinfo=datetime.UTC)
    later = finished([("A",), ("B",)], day=day(5), finished_at=now)
    earlier_same_day = finished([("A",), ("B",)], day=day(5),
                                finished_at=now - datetime.timedelta(hours=1))
    first = finished([("A",), ("B",)], day=day(1), finished_at=now)
    twin = finished([("A",), ("B",)], day=day(5), finished_at=now)
    # No dates: the day it finished.
    undated = finished([("A",), ("B",)], finished_at=datetime.datetime(
        2026, 1, 4, 12, tzinfo=datetime.UTC))
    unfinished = finished([("A",), ("B",)], day=day(0), status=Championship.Status.RUNNING)
    order = championship_order()
    assert order == [first.pk, undated.pk, earlier_same_day.pk, later.pk, twin.pk]
    assert unfinished.pk not in order


def test_a_changed_earlier_result_changes_the_later_ratings():
    first = finished([("Anna", "Berta"), ("Carles", "Dolors"), ("Elna", "Ferran")], day=day(1))
    second = finished([("Anna", "Carles"), ("Elna", "Berta"), ("Dolors", "Ferran")],
                      day=day(2))
    rebuild_ratings()
    before = dict(PlayerRating.objects.filter(championship=second)
                  .values_list("player__name", "mu"))
    # The first championship's places kept again, in the other order.
    places = list(FinalPlace.objects.filter(championship=first).order_by("place"))
    for final_place, place in zip(places, (3, 2, 1), strict=True):
        final_place.place = place
        final_place.save(update_fields=["place"])
    rebuild_ratings()
    after = dict(PlayerRating.objects.filter(championship=second)
                 .values_list("player__name", "mu"))
    assert set(before) == set(after) == {"Anna", "Berta", "Carles", "Dolors", "Elna", "Ferran"}
    assert all(before[name] != after[name] for name in before)
    assert after["Anna"] < before["Anna"]  # she came into the second one weaker
    _ratings, expected = incremental(championship_order())
    assert rows() == expected


def test_two_rebuilds_give_identical_rows():
    finished([("Anna", "Berta"), ("Carles", "Dolors")], [1, 1], day=day(1))
    finished([("Anna",), ("Carles",), ("Berta",)], day=day(2))
    rebuild_ratings()
    once = rows()
    ids_once = set(PlayerRating.objects.values_list("pk", flat=True))
    rebuild_ratings()
    assert rows() == once
    # Replaced whole, not added to.
    assert not ids_once & set(PlayerRating.objects.values_list("pk", flat=True))


def test_a_championship_of_one_entrant_changes_nothing():
    finished([("Anna", "Berta"), ("Carles", "Dolors")], day=day(1))
    rebuild_ratings()
    before = rows()
    alone = finished([("Anna", "Berta")], day=day(2))
    rebuild_ratings()
    assert rows() == before
    assert not PlayerRating.objects.filter(championship=alone).exists()
    # ... and the championships after it count it in the order (sequence 3).
    third = finished([("Anna",), ("Carles",)], day=day(3))
    rebuild_ratings()
    assert set(PlayerRating.objects.filter(championship=third)
               .values_list("sequence", flat=True)) == {3}


def test_shared_places_are_ties_and_the_shown_rating_is_mu_minus_three_sigma():
    finished([("Anna",), ("Berta",), ("Carles",)], [1, 1, 3], day=day(1))
    rebuild_ratings()
    by_name = {row.player.name: row for row in PlayerRating.objects.select_related("player")}
    assert by_name["Anna"].mu == pytest.approx(by_name["Berta"].mu)
    assert by_name["Carles"].mu < by_name["Anna"].mu
    for row in by_name.values():
        assert row.shown == pytest.approx(row.mu - 3 * row.sigma)


def test_a_merged_player_counts_as_the_player_kept():
    finished([("Anna",), ("Berta",)], day=day(1))
    finished([("Ana",), ("Berta",)], day=day(2))
    # Both in one championship: once merged, one player met twice.
    third = finished([("Carles",), ("Ana",), ("Anna",)], day=day(3))
    kept = Player.objects.get(name="Anna")
    merged = Player.objects.get(name="Ana")
    # A merge not yet moved on the entrants' rows still counts as the kept player.
    merged.merged_into = kept
    merged.save(update_fields=["merged_into"])
    rebuild_ratings()
    assert not PlayerRating.objects.filter(player=merged).exists()
    assert list(PlayerRating.objects.filter(player=kept).order_by("sequence")
                .values_list("sequence", flat=True)) == [1, 2, 3]
    # Counted once, for the higher place (2nd of 2 now: the 3rd entrant is left out).
    assert sorted(PlayerRating.objects.filter(championship=third)
                  .values_list("player__name", flat=True)) == ["Anna", "Carles"]
    carles = PlayerRating.objects.get(championship=third, player__name="Carles")
    assert carles.mu > 25  # Carles won a match of two, his first


def test_an_entrant_without_players_is_left_out_and_the_places_counted_again():
    championship = finished([("Anna",), ("Berta",), ("Carles",)], [1, 2, 2], day=day(1))
    EntrantPlayer.objects.filter(team__championship=championship, player__name="Anna").delete()
    rebuild_ratings()
    by_name = dict(PlayerRating.objects.values_list("player__name", "mu"))
    assert set(by_name) == {"Berta", "Carles"}
    assert by_name["Berta"] == pytest.approx(by_name["Carles"])  # 1 and 1 now: a tie


def test_missing_places_are_kept_before_the_rebuild(director):
    from free_deal_factories import make_free_deal, next_round, play_round, win

    from tournaments import services

    championship = make_free_deal(director, pairs=4, rounds=1)
    play_round(next_round(championship, director), lambda _table: win(101, 40))
    services.close_round(championship.rounds.get(number=1), by=director)
    services.finish_championship(championship, by=director)
    FinalPlace.objects.filter(championship=championship).delete()  # finished before places
    rebuild_ratings()
    assert FinalPlace.objects.filter(championship=championship).count() == 4
    assert PlayerRating.objects.filter(championship=championship).count() == 8


def test_the_task_rebuilds_through_celerys_eager_path(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    finished([("Anna",), ("Berta",)], day=day(1))
    result = rebuild_ratings_task.delay()
    assert result.successful()
    assert PlayerRating.objects.count() == 2


def test_a_rebuild_is_asked_for_once_the_transaction_commits(
        settings, django_capture_on_commit_callbacks):
    settings.RATINGS_REBUILD = "now"
    finished([("Anna",), ("Berta",)], day=day(1))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        request_rebuild()
        assert not PlayerRating.objects.exists()  # not before the commit
    assert len(callbacks) == 1
    assert PlayerRating.objects.count() == 2


def test_finishing_a_championship_asks_for_a_rebuild(
        settings, director, django_capture_on_commit_callbacks):
    from free_deal_factories import make_free_deal, next_round, play_round, win

    from tournaments import services

    settings.RATINGS_REBUILD = "now"
    championship = make_free_deal(director, pairs=4, rounds=1)
    play_round(next_round(championship, director), lambda _table: win(101, 40))
    services.close_round(championship.rounds.get(number=1), by=director)
    with django_capture_on_commit_callbacks(execute=True):
        services.finish_championship(championship, by=director)
    assert PlayerRating.objects.filter(championship=championship).count() == 8


@pytest.mark.parametrize("broker", ["", "redis://127.0.0.1:1/0"])
def test_in_the_background_a_request_never_waits_for_the_broker(
        settings, monkeypatch, django_capture_on_commit_callbacks, broker):
    """Without a broker the rebuild runs in a thread of this process; with one that cannot
    be reached, in this process too (the task's sending fails in a thread of its own)."""
    import threading

    from tournaments import ratings_refresh

    settings.RATINGS_REBUILD = "background"
    settings.RATINGS_REBUILD_DELAY = 0
    settings.CELERY_BROKER_URL = broker
    settings.CELERY_TASK_ALWAYS_EAGER = not broker
    ran = threading.Event()
    monkeypatch.setattr(ratings_refresh.rebuilds, "run_here", ran.set)

    def unreachable(*args, **kwargs):
        raise ConnectionError("no broker here")

    monkeypatch.setattr(rebuild_ratings_task, "apply_async", unreachable)
    monkeypatch.setattr(ratings_refresh.rebuilds, "broker_pause", 0)
    with django_capture_on_commit_callbacks(execute=True):
        request_rebuild()
    assert ran.wait(10)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_background_rebuild_stores_the_ratings(settings):
    """For real: a thread in this process (embedded), or the Celery worker through the broker
    (``.ci/run`` starts one): a request once the places are kept ends in stored ratings."""
    import time

    from django.db import connections, transaction

    settings.RATINGS_REBUILD = "background"
    settings.RATINGS_REBUILD_DELAY = 0.05
    with transaction.atomic():
        finished([("Anna", "Berta"), ("Carla", "Dora")], day=day(1))
        request_rebuild()
    deadline = time.monotonic() + 30
    while PlayerRating.objects.count() < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert PlayerRating.objects.count() == 4
    time.sleep(0.2)  # let the thread close its connection before the data is flushed
    connections.close_all()
