"""Director logins: throttled by user name and by address (django-axes, shared through the
database), failures recorded, a right password resets the count; weak passwords refused."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-passphrase-72"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture
def director_user(django_user_model):
    return django_user_model.objects.create_user("arbitra", password=PASSWORD)


def _login(username, password, address="192.0.2.1"):
    client = Client(REMOTE_ADDR=address, headers={"accept-language": "en"})
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response, client


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_the_right_password_after_many_wrong_ones_is_refused(director_user):
    for _ in range(LIMIT):
        response, _client = _login("arbitra", "wrong")
        assert response.status_code in (200, 429)
    response, client = _login("arbitra", PASSWORD)
    assert response.status_code == 429
    assert not _logged_in(client)
    assert "Too many failed logins" in response.content.decode()
    assert AuditEvent.objects.filter(action=AuditEvent.Action.LOGIN_FAILED).count() >= LIMIT


def test_locked_by_user_name_from_any_address(director_user):
    for i in range(LIMIT):
        _login("arbitra", "wrong", address=f"198.51.100.{i + 1}")
    response, client = _login("arbitra", PASSWORD, address="203.0.113.50")
    assert response.status_code == 429 and not _logged_in(client)


def test_locked_by_address_whatever_the_user_name(director_user):
    for i in range(LIMIT):
        _login(f"guess{i}", "wrong", address="198.51.100.77")
    response, client = _login("arbitra", PASSWORD, address="198.51.100.77")
    assert response.status_code == 429 and not _logged_in(client)
    # Another address is not locked out for that user.
    response, client = _login("arbitra", PASSWORD, address="198.51.100.78")
    assert response.status_code == 302 and _logged_in(client)


def test_a_right_password_resets_the_count(director_user):
    for _round in range(3):
        for _ in range(LIMIT - 1):
            _login("arbitra", "wrong")
        response, client = _login("arbitra", PASSWORD)
        assert response.status_code == 302 and _logged_in(client)
    assert not AccessAttempt.objects.filter(username="arbitra").exists()


def test_settings_use_the_database_handler_and_both_parameters():
    assert settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"
    assert settings.AXES_LOCKOUT_PARAMETERS == ["username", "ip_address"]
    assert settings.AXES_RESET_ON_SUCCESS is True


@pytest.mark.parametrize("password", ["12345678", "1234567890", "password123", "arbitra-72",
                                      "short", "qwertyuiop"])
def test_weak_passwords_are_refused(director_user, password):
    with pytest.raises(ValidationError):
        validate_password(password, director_user)


def test_a_good_password_passes(director_user):
    validate_password("sota-cavall-i-rei", director_user)
