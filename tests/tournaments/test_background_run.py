"""The shared background-run machinery (``tournaments.background``): a broker that cannot be
reached is left alone for a while, the rebuild running in this process meanwhile; "off"
runs nothing."""

from __future__ import annotations

import threading

from tournaments.background import BackgroundRun
from tournaments.tasks import rebuild_ratings_task


def background_run(ran: threading.Semaphore) -> BackgroundRun:
    return BackgroundRun(task="tournaments.tasks.rebuild_ratings_task", rebuild=ran.release,
                         delay_setting="TEST_RUN_DELAY", default_delay=0,
                         mode_setting="TEST_RUN_MODE", what="testing", failed="Testing failed")


def test_a_failed_broker_is_left_alone_for_the_pause(settings, monkeypatch):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []

    def unreachable(*args, **kwargs):
        sent.append(kwargs)
        raise ConnectionError("no broker here")

    monkeypatch.setattr(rebuild_ratings_task, "apply_async", unreachable)
    ran = threading.Semaphore(0)
    run = background_run(ran)
    run.request()
    assert ran.acquire(timeout=10) and sent == [{"countdown": 0, "retry": False}]
    run.request()
    assert ran.acquire(timeout=10) and len(sent) == 1  # run here; the broker is not tried
    run.broker_pause = 0
    run.request()
    assert ran.acquire(timeout=10) and len(sent) == 2  # the pause is over: tried again


def test_off_runs_nothing(settings):
    settings.TEST_RUN_MODE = "off"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ran = threading.Semaphore(0)
    background_run(ran).request()
    assert not ran.acquire(timeout=0.3)
