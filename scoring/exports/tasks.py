"""The Celery task that makes an export job's file (registered through ``scoring.tasks``).

Idempotent: a job already made is left alone, so a task delivered twice does no harm."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="scoring.run_export_job", ignore_result=True, acks_late=True,
             reject_on_worker_lost=True)
def run_export_job_task(job_id: int) -> str:
    from scoring.exports.jobs import run_job

    return run_job(job_id)
