"""Sends a task through the real broker and worker when one is configured."""

import pytest
from django.conf import settings

from config.celery import ping


def test_task_runs_in_process_without_broker():
    if settings.CELERY_BROKER_URL:
        pytest.skip("a broker is configured; the real-worker test covers this")
    assert ping.delay("hola").get(timeout=5) == "hola"


@pytest.mark.celery_worker
def test_task_runs_on_real_worker():
    if not settings.CELERY_BROKER_URL:
        pytest.skip("no CELERY_BROKER_URL set: the real-worker test needs a broker and a worker")
    result = ping.apply_async(args=["hola"])
    # A worker started by .ci/run picks the task from Redis and stores the answer.
    assert result.get(timeout=30) == "hola"
