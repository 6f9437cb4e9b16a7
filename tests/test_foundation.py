"""The foundation: settings, landing page in three languages, login, Celery wiring."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_languages_are_catalan_first():
    assert settings.LANGUAGE_CODE == "ca"
    assert [code for code, _ in settings.LANGUAGES] == ["ca", "es", "en"]
    assert settings.TIME_ZONE == "Europe/Madrid"


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("ca", "Encara no hi ha cap campionat."),
        ("es", "Todavía no hay ningún campeonato."),
        ("en", "There are no championships yet."),
    ],
)
def test_landing_page_speaks_each_language(client, language, text):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert text in response.content.decode()


def test_language_switcher_changes_the_language(client):
    response = client.post(reverse("set_language"), {"language": "es", "next": "/"}, follow=True)
    assert "Todavía no hay ningún campeonato." in response.content.decode()
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, follow=True)
    assert "There are no championships yet." in response.content.decode()


def test_director_can_log_in_and_out(client, django_user_model):
    django_user_model.objects.create_user("dir", password="a-long-password")
    response = client.post(
        reverse("login"), {"username": "dir", "password": "a-long-password"}, follow=True
    )
    assert response.context["user"].is_authenticated
    response = client.post(reverse("logout"), follow=True)
    assert not response.context["user"].is_authenticated


def test_wrong_password_is_refused(client, django_user_model):
    django_user_model.objects.create_user("dir", password="a-long-password")
    response = client.post(reverse("login"), {"username": "dir", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def _settings_subprocess(env_overrides):
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
         "print(settings.DATABASES['default']['ENGINE']); print(settings.CELERY_TASK_ALWAYS_EAGER)"],
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
    )


def test_missing_secret_key_without_debug_is_a_clear_error():
    result = _settings_subprocess({"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_embedded_defaults_are_sqlite_and_eager_tasks():
    result = _settings_subprocess({"DEBUG": "1", "CELERY_BROKER_URL": ""})
    assert result.returncode == 0, result.stderr
    engine, eager = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert eager == "True"


def test_database_url_selects_postgresql():
    result = _settings_subprocess(
        {"DEBUG": "1", "DATABASE_URL": "postgres://user:pw@db.example:5433/champ"}
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "django.db.backends.postgresql"


def test_sqlite_waits_for_writers():
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("SQLite options apply only to the embedded database")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]
