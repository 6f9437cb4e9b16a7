"""Fixtures of the series tests: messages in English (the default language is Catalan)."""

from __future__ import annotations

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def other_director(django_user_model):
    return django_user_model.objects.create_user("director2", password="secret-pass-2")
