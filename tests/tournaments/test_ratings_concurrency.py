"""The ratings' rebuild holds no lock while it reads and computes (rules.md 13.3): results
are entered and teams registered meanwhile, from other connections; two rebuilds at once
leave one whole set of rows. Real threads with their own connections, so committed data
(``transaction=True``); on SQLite as on PostgreSQL."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from django.db import connection, connections
from ratings_factories import day, finished

from scoring.services import games
from scoring.services.games import GameValues
from tournaments import services
from tournaments.models import FinalPlace, PlayerRating, Team
from tournaments.services import ratings
from tournaments.services.places import keep_final_places

sys.path.append(str(Path(__file__).resolve().parents[1] / "formats"))

from free_deal_factories import make_free_deal, next_round  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)


def in_thread(call, timeout: float = 30):
    """Run ``call`` in a thread of its own (its own connection); its result or exception."""
    result: list = [None]

    def worker():
        try:
            result[0] = call()
        except BaseException as exc:  # reported by the test
            result[0] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "the other connection waited for the rebuild"
    return result[0]


def rows():
    return sorted(PlayerRating.objects.values_list("player_id", "championship_id", "sequence",
                                                   "mu", "sigma"))


@pytest.fixture
def history():
    finished([("Anna", "Berta"), ("Carles", "Dolors"), ("Elna", "Ferran")], day=day(1))
    finished([("Anna", "Carles"), ("Berta", "Elna")], [1, 1], day=day(2))


def test_results_are_entered_and_teams_registered_while_it_computes(
        history, director, monkeypatch):
    running = make_free_deal(director, pairs=4, rounds=2)
    round_ = next_round(running, director)
    table = round_.tables.select_related("ns_team", "ew_team").order_by("number").first()
    done = {}

    def meanwhile():
        # The rebuild's own connection holds no transaction here: it has read and computed.
        done["open"] = connection.in_atomic_block
        done["team"] = in_thread(lambda: services.add_team(
            running, name="Parella 5", player1="Jugador 5a", player2="Jugador 5b"))
        done["game"] = in_thread(lambda: games.submit_game(
            team=table.ns_team, table=table, idempotency_key=None,
            values=GameValues(101, 60, "target", 9)))

    monkeypatch.setattr(ratings, "before_write", meanwhile)
    written = ratings.rebuild_ratings()
    assert done["open"] is False
    assert isinstance(done["team"], Team), done["team"]
    entry, created = done["game"]
    assert created and entry.pk
    assert running.teams.count() == 5
    assert written == PlayerRating.objects.count() == 10


def test_a_rebuild_whose_inputs_changed_meanwhile_writes_nothing(history, monkeypatch):
    ratings.rebuild_ratings()
    before = rows()
    late = finished([("Anna",), ("Dolors",)], day=day(3))
    FinalPlace.objects.filter(championship=late).delete()  # finished, places not yet kept

    def meanwhile():
        # Another connection keeps them (as its finishing would) after this rebuild read.
        assert in_thread(lambda: keep_final_places(late, rebuild=False)) == 2

    monkeypatch.setattr(ratings, "before_write", meanwhile)
    # This rebuild keeps the missing places itself first, so take them away again after.
    monkeypatch.setattr("tournaments.services.places.keep_missing_places", lambda: 0)
    assert ratings.rebuild_ratings() is None
    assert rows() == before  # the last whole set stands
    monkeypatch.setattr(ratings, "before_write", lambda: None)
    assert ratings.rebuild_ratings() == len(before) + 2


def test_two_rebuilds_at_once_leave_one_whole_set(history):
    ratings.rebuild_ratings()
    alone = rows()
    PlayerRating.objects.all().delete()
    barrier = threading.Barrier(2)

    def rebuild():
        barrier.wait(timeout=10)
        return ratings.rebuild_ratings()

    results: list = [None, None]

    def worker(index):
        try:
            results[index] = rebuild()
        except BaseException as exc:
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert results == [len(alone), len(alone)], results
    assert rows() == alone
