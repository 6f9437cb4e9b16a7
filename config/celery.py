"""The Celery application. Tasks are discovered in each app's ``tasks.py``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("duplicada")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="config.ping")
def ping(value: str = "pong") -> str:
    """A tiny task that proves the broker and worker are wired up."""
    return value
