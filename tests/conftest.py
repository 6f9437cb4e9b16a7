"""Shared fixtures for the whole suite."""

import pytest


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director1", password="secret-pass-1")


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def pytest_report_header(config):
    from django.conf import settings

    database = settings.DATABASES["default"]
    broker = settings.CELERY_BROKER_URL or "none (tasks run in-process)"
    return [f"database: {database['ENGINE']} ({database['NAME']})", f"celery broker: {broker}"]
