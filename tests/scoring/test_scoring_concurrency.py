"""Two captains submitting (and confirming) the same deal at the same moment.

Runs real threads with their own database connections, so it needs committed data
(``transaction=True``); it must pass on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse
from scoring_factories import make_championship, make_round, scores_of, teams_of

from formats.duplicate_pairs import services as pairs_services
from scoring import selectors
from scoring.models import ResultEntry, ResultReview

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(*calls):
    """Run the calls in threads released together; return their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as exc:  # reported by the test
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def setup(django_user_model):
    director = django_user_model.objects.create_user("d-concurrency", password="x")
    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)])
    return championship, round_, (t1, t2, t3, t4)


def post_entry(team, points, key):
    def call():
        client = Client()
        return client.post(
            reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, 1]),
            {"d1-contract": "O", "d1-points_ns": str(points), "d1-breach": "none",
             "d1-idempotency_key": key},
        ).status_code
    return call


def test_both_captains_submit_the_same_deal_at_once(setup):
    _championship, round_, (t1, t2, _t3, _t4) = setup
    statuses = run_at_once(post_entry(t1, 40, "key-ns"), post_entry(t2, 38, "key-ew"))
    assert statuses == [302, 302], statuses
    entries = list(ResultEntry.objects.order_by("id"))
    assert sorted(e.points_ns for e in entries) == [38, 40]
    assert {e.by_team_id for e in entries} == {t1.pk, t2.pk}


def test_the_same_submission_twice_at_once_is_stored_once(setup):
    _championship, _round, (t1, *_rest) = setup
    statuses = run_at_once(post_entry(t1, 40, "same-key"), post_entry(t1, 40, "same-key"))
    assert statuses == [302, 302], statuses
    assert ResultEntry.objects.count() == 1


def test_confirmations_at_two_tables_at_once_score_both(setup):
    _championship, round_, (t1, t2, t3, t4) = setup
    from scoring_factories import result


    deal = round_.deals.get(number=1)
    table1, table2 = round_.tables.order_by("number")
    e1, _ = pairs_services.submit_result(team=t1, table=table1, deal=deal, data=result(points_ns=40),
                                   idempotency_key=None)
    e2, _ = pairs_services.submit_result(team=t3, table=table2, deal=deal, data=result(points_ns=30),
                                   idempotency_key=None)

    def confirm(team, entry):
        def call():
            return Client().post(
                reverse("duplicate_pairs:captain_confirm", args=[team.pk, team.link_secret, entry.pk])
            ).status_code
        return call

    statuses = run_at_once(confirm(t2, e1), confirm(t4, e2))
    assert statuses == [302, 302], statuses
    assert ResultReview.objects.count() == 2
    # Whatever the order, the stored scores are those of both results together.
    scores = {t: (s.ns_final, s.ew_final) for t, s in scores_of(deal).items()}
    assert scores == {table1.pk: (2, 1), table2.pk: (1, 2)}
    assert selectors.result_state(table1, deal).status == selectors.CONFIRMED


def test_closing_a_round_waits_for_a_result_being_written(setup):
    """A result written while the director closes the round is stored before the round
    closes; one sent after is refused (the close locks every table of the round)."""
    import time

    from django.db import transaction
    from scoring_factories import result

    from scoring import services
    from scoring.services.checks import lock_table
    from tournaments import services as tournament_services

    _championship, round_, (t1, t2, t3, _t4) = setup
    table1, table2 = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    deal = round_.deals.get(number=1)
    locked = threading.Event()
    finished = {}

    def slow_writer():
        with transaction.atomic():
            lock_table(table1.pk, round_.pk)
            ResultEntry.objects.create(table=table1, deal=deal, contract="O", points_ns=40,
                                       by_team=t1)
            locked.set()
            time.sleep(0.5)  # the director presses "close" meanwhile
            finished["writer"] = time.monotonic()

    def director_closes():
        locked.wait(10)
        tournament_services.close_round(round_)
        finished["close"] = time.monotonic()

    results = run_at_once(slow_writer, director_closes)
    assert results == [None, None] or all(not isinstance(r, Exception) for r in results), results
    assert finished["close"] >= finished["writer"]
    assert ResultEntry.objects.filter(table=table1).count() == 1
    round_.refresh_from_db()
    assert round_.status == "closed"
    refused = None
    try:
        pairs_services.submit_result(team=t3, table=table2, deal=deal, data=result(points_ns=30),
                               idempotency_key=None)
    except services.ScoringError as exc:
        refused = exc.code
    assert refused == "round_closed"
