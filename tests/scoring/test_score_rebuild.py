"""Stored scores are rebuilt after the commit, in the background; readers never wait.

rules.md 6.3: a confirmation changes every table's final on the deal. The request that
confirms only notes the deal (``ScoreRefresh``); a rebuild stores the new rows a moment
later; until then the pages score the deal from its results.
"""

from __future__ import annotations

import time

import pytest
from django.db import connections
from scoring_factories import make_championship, make_round, result, scores_of, teams_of

from formats.duplicate_pairs import services as pairs_services
from scoring import refresh, selectors, services
from scoring.models import DealScore, ScoreRefresh


def enter(team, table, deal, points_ns):
    entry, _ = pairs_services.submit_result(team=team, table=table, deal=deal,
                                      data=result(points_ns=points_ns), idempotency_key=None)
    other = table.ew_team if team.pk == table.ns_team_id else table.ns_team
    pairs_services.confirm_entry(entry_id=entry.pk, team=other)
    return entry


@pytest.fixture
def two_tables(db, director):
    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)])
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    return championship, tables, list(round_.deals.order_by("number"))


def test_a_confirmation_notes_its_deal_and_writes_no_score(two_tables):
    _championship, (table1, table2), deals = two_tables
    enter(table1.ns_team, table1, deals[0], 40)
    assert list(ScoreRefresh.objects.values_list("deal_id", flat=True)) == [deals[0].pk]
    assert not DealScore.objects.exists()
    # A submission alone changes no score, so it notes nothing.
    pairs_services.submit_result(team=table2.ns_team, table=table2, deal=deals[1],
                           data=result(points_ns=30), idempotency_key=None)
    assert ScoreRefresh.objects.count() == 1


def test_pages_are_never_behind_the_last_confirmation(two_tables):
    championship, (table1, table2), deals = two_tables
    enter(table1.ns_team, table1, deals[0], 40)
    services.rebuild_stale_deals()
    assert selectors.table_score(table1.pk, deals[0].pk).ns_final == 1.5  # alone: all equal
    enter(table2.ns_team, table2, deals[0], 30)
    # Not rebuilt yet: the stored row still says 1.5, but every reader sees 2.
    stored = DealScore.objects.get(table=table1, deal=deals[0])
    assert stored.ns_final == 1.5
    assert selectors.table_score(table1.pk, deals[0].pk).ns_final == 2
    line = {ln.table.number: ln for ln in selectors.traveller(deals[0])}[1]
    assert line.ns_final == "2.00"
    standings = {row.team: row.total for row in selectors.standings(championship, live=True)}
    assert standings[table1.ns_team] == 2 and standings[table2.ns_team] == 1
    # The rebuild stores exactly what the readers computed and clears the note.
    assert scores_of(deals[0])[table1.pk].ns_final == 2
    assert not ScoreRefresh.objects.exists()


def test_a_rebuild_keeps_notes_it_has_not_dealt_with(two_tables):
    _championship, (table1, table2), deals = two_tables
    enter(table1.ns_team, table1, deals[0], 40)
    enter(table2.ns_team, table2, deals[1], 40)
    assert services.rebuild_deals([deals[0].pk]) == 1
    # rebuild_deals rebuilds the deal asked for and clears its note; deal 2's stays.
    assert list(ScoreRefresh.objects.values_list("deal_id", flat=True)) == [deals[1].pk]
    assert services.rebuild_stale_deals() == 1
    assert services.rebuild_stale_deals() == 0
    assert not ScoreRefresh.objects.exists()


def test_recompute_writes_only_what_changed(two_tables):
    championship, (table1, table2), deals = two_tables
    enter(table1.ns_team, table1, deals[0], 40)
    enter(table2.ns_team, table2, deals[0], 30)
    services.recompute_championship(championship)
    before = dict(DealScore.objects.values_list("pk", "computed_at"))
    services.recompute_championship(championship)
    assert dict(DealScore.objects.values_list("pk", "computed_at")) == before
    DealScore.objects.filter(table=table2).update(ns_final_num=7, ns_final_den=5)
    services.recompute_championship(championship)
    assert DealScore.objects.get(table=table2).ns_final == 1


def test_the_debouncer_starts_one_run_per_delay():
    clock = [100.0]
    started = []
    debouncer = refresh.Debouncer(started.append, delay=0.5, clock=lambda: clock[0])
    assert debouncer.poke() is True
    clock[0] += 0.2
    assert debouncer.poke() is False  # the run due at 100.5 will see this change
    clock[0] += 0.4
    assert debouncer.poke() is True  # that run may have started: ask for another
    assert started == [0.5, 0.5]


def test_a_commit_asks_for_a_rebuild(two_tables, django_capture_on_commit_callbacks,
                                     monkeypatch):
    _championship, (table1, _table2), deals = two_tables
    asked = []
    monkeypatch.setattr(refresh, "request_rebuild", lambda: asked.append(True))
    with django_capture_on_commit_callbacks(execute=True):
        enter(table1.ns_team, table1, deals[0], 40)
    assert asked == [True]


def wait_for_rebuild(seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while ScoreRefresh.objects.exists():
        assert time.monotonic() < deadline, "the background rebuild did not run"
        time.sleep(0.05)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_the_background_rebuild_stores_the_scores(settings, director):
    """For real: a thread in this process (embedded) or the Celery worker (with a broker)."""
    settings.SCORING_REBUILD = "background"
    settings.SCORING_REBUILD_DELAY = 0.05
    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)])
    table1, table2 = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    deal = round_.deals.order_by("number").first()
    enter(t1, table1, deal, 40)
    enter(t3, table2, deal, 30)
    wait_for_rebuild()
    stored = {s.table_id: s.ns_final for s in DealScore.objects.filter(deal=deal)}
    assert stored == {table1.pk: 2, table2.pk: 1}
    time.sleep(0.2)  # let the thread close its connection before the data is flushed
    connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_falls_back_to_a_thread(settings, director, monkeypatch):
    """Result entry and scoring never depend on the broker."""
    settings.SCORING_REBUILD = "background"
    settings.SCORING_REBUILD_DELAY = 0.05
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    from scoring import tasks

    def broker_down(*args, **kwargs):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(tasks.rebuild_stale_scores_task, "apply_async", broker_down)
    championship = make_championship(teams=2, director=director)
    t1, t2 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2)])
    table = round_.tables.select_related("ns_team", "ew_team").get()
    enter(t1, table, round_.deals.order_by("number").first(), 40)
    wait_for_rebuild()
    assert DealScore.objects.count() == 1
    time.sleep(0.2)
    connections.close_all()


def test_a_rebuild_overtaken_by_another_writes_nothing(two_tables, monkeypatch):
    """SQLite scores outside the write lock: if another rebuilder dealt with the same notes
    meanwhile, this one writes nothing and asks to look again."""
    from django.db import connection

    from scoring.services import rescoring

    if connection.features.has_select_for_update:
        pytest.skip("PostgreSQL rebuilds under row locks, one at a time")
    championship, (table1, table2), deals = two_tables
    enter(table1.ns_team, table1, deals[0], 40)
    enter(table2.ns_team, table2, deals[0], 30)
    real_score_deals = rescoring.score_deals

    def overtaken(*args, **kwargs):
        scored = real_score_deals(*args, **kwargs)  # table 1 on top: NS 2, table 2: NS 1
        monkeypatch.setattr(rescoring, "score_deals", real_score_deals)  # once only
        # Meanwhile another process rebuilds the deal, then the director sets table 2 to
        # 50 points: the scores computed above are out of date and must not be stored.
        services.rebuild_deals([deals[0].pk])
        pairs_services.director_enter_result(table=table2, deal=deals[0],
                                       user=championship.directors.first(), note="slip",
                                       data=result(points_ns=50))
        return scored

    monkeypatch.setattr(rescoring, "score_deals", overtaken)
    with pytest.raises(rescoring.RebuildBusy):
        services.rebuild_stale_deals(wait=False)
    stored = {s.table_id: s.ns_final for s in DealScore.objects.filter(deal=deals[0])}
    assert stored == {table1.pk: 2, table2.pk: 1}  # the other rebuild's rows, untouched
    assert ScoreRefresh.objects.count() == 1  # the director's change awaits its rebuild
    assert {t: s.ns_final for t, s in scores_of(deals[0]).items()} == {
        table1.pk: 1, table2.pk: 2}
