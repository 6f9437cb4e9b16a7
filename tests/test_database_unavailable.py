"""A view that loses the database answers 503 with Retry-After, never a 500 page.

The selector every captain view calls first (``team_by_link``) is made to raise as the
database driver does when the server goes away. The tests have no database access at all
(no ``django_db`` mark): the 503 answer, page included, must not need the database.
"""

from __future__ import annotations

import logging

import pytest
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import translation
from django.utils.html import escape

from config.middleware import (
    RETRY_AFTER_SECONDS,
    DatabaseUnavailableMiddleware,
    unavailable_message,
)

API_SUBMIT = "/api/v1/captain/7/not-the-real-secret/results/"
CAPTAIN_PAGE = "/t/7/not-the-real-secret/"


@pytest.fixture(autouse=True)
def english(settings):
    """Messages in English, as written in the code (Catalan is the site's default)."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def database_gone(monkeypatch):
    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("tournaments.selectors.team_by_link", lost)


def test_registered_right_after_common_middleware():
    middleware = settings.MIDDLEWARE
    common = middleware.index("django.middleware.common.CommonMiddleware")
    assert middleware[common + 1] == "config.middleware.DatabaseUnavailableMiddleware"


def test_api_answers_503_json(client, database_gone, caplog):
    with caplog.at_level(logging.WARNING, logger="config.middleware"):
        response = client.post(
            API_SUBMIT,
            {"deal": 1, "contract": "O", "points_ns": 40, "idempotency_key": "k-1"},
            content_type="application/json",
        )
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS) == "5"
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "database_unavailable"
    assert set(body) == {"detail", "code"}
    assert "send it again" in body["detail"]
    warnings = [r for r in caplog.records if r.name == "config.middleware"]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert "server closed the connection" in warnings[0].getMessage()


def test_api_get_answers_503_json(client, database_gone):
    response = client.get("/api/v1/captain/7/not-the-real-secret/tables/")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"


def test_page_answers_503_html(client, database_gone):
    response = client.get(CAPTAIN_PAGE, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<html lang="es">' in html
    with translation.override("es"):
        assert escape(unavailable_message()) in html  # the message, in the page's language
    assert "Traceback" not in html and "Server Error" not in html
    assert "database_unavailable" not in html  # the page, not the API's JSON


def test_interface_error_too(client, monkeypatch):
    def closed(*args, **kwargs):
        raise InterfaceError("connection already closed")

    monkeypatch.setattr("tournaments.selectors.team_by_link", closed)
    assert client.get(CAPTAIN_PAGE).status_code == 503
    assert client.get("/api/v1/captain/7/x/tables/").json()["code"] == "database_unavailable"


def test_other_exceptions_are_left_alone(rf):
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    assert middleware.process_exception(rf.get(CAPTAIN_PAGE), ValueError("a bug")) is None


def test_the_message_is_in_the_readers_language(client, database_gone):
    response = client.post(API_SUBMIT, {"deal": 1}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE="ca")
    assert response.status_code == 503
    assert "torneu-lo a enviar" in response.json()["detail"]
