"""Factories and fixtures for the tournaments tests.

Tests read messages in English: the default language is Catalan, and the catalogues are
filled in later, so an English client keeps the assertions stable.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from tournament_factories import add_teams, make_championship  # noqa: F401

from formats.duplicate_pairs.rounds import generate_schedule


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def client():
    return Client(headers={"accept-language": "en"})


@pytest.fixture
def other_director(django_user_model):
    return django_user_model.objects.create_user("director2", password="secret-pass-2")


@pytest.fixture
def other_client(other_director):
    client = Client(headers={"accept-language": "en"})
    client.force_login(other_director)
    return client


@pytest.fixture
def championship(director):
    return make_championship(director, name="Open de Tardor", venue="Casal de Gràcia")


@pytest.fixture
def teams(championship):
    return add_teams(championship, 7)


@pytest.fixture
def scheduled(championship, teams):
    """A 7-team round robin with its schedule generated (7 rounds, a bye in each)."""
    generate_schedule(championship)
    championship.refresh_from_db()
    return championship
