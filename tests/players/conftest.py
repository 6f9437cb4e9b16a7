"""The player pages' tests read the pages in English (the default language is Catalan)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def client():
    return Client(headers={"accept-language": "en"})
