"""Security settings with DEBUG off, response headers, and team-link secrets kept out of logs."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings

from config.logging_filters import redact_link_secrets

NAMES = [
    "DEBUG", "SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "X_FRAME_OPTIONS",
    "SECURE_CONTENT_TYPE_NOSNIFF", "SECURE_REFERRER_POLICY", "SECURE_PROXY_SSL_HEADER",
    "PASSWORD_HASHERS",
]


def _production_settings(**env_overrides) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DEBUG", "BEHIND_HTTPS_PROXY", "DATABASE_URL"} and not k.startswith("SECURE_")}
    env.update({"SECRET_KEY": "s" * 60, "ALLOWED_HOSTS": "duplicada.example.org",
                "DJANGO_SETTINGS_MODULE": "config.settings", **env_overrides})
    code = (
        "import json, django; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {NAMES!r}}}))"
    )
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, cwd=settings.BASE_DIR)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_defaults_without_https_proxy():
    values = _production_settings()
    assert values["DEBUG"] is False
    assert values["SESSION_COOKIE_HTTPONLY"] is True
    assert values["X_FRAME_OPTIONS"] == "DENY"
    assert values["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    assert values["SECURE_REFERRER_POLICY"] == "same-origin"
    # No HSTS nor redirect over plain HTTP: that would lock browsers out.
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["SECURE_SSL_REDIRECT"] is False
    # Django's slow, salted hashers: the tests' MD5 (tests/conftest.py) is theirs alone.
    assert values["PASSWORD_HASHERS"][0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_behind_https_proxy_turns_on_hsts_redirect_and_secure_cookies():
    values = _production_settings(BEHIND_HTTPS_PROXY="1")
    assert values["SECURE_HSTS_SECONDS"] >= 86400
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True and values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


@pytest.mark.django_db
def test_pages_send_the_security_headers(client):
    response = client.get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def test_redaction_of_team_links():
    assert redact_link_secrets("Not Found: /t/12/AbC-_x9/entries/3/confirm/") == (
        "Not Found: /t/12/[secret]/entries/3/confirm/"
    )
    assert redact_link_secrets('"GET /api/v1/captain/4/s3cr3t/results/ HTTP/1.1" 404') == (
        '"GET /api/v1/captain/4/[secret]/results/ HTTP/1.1" 404'
    )
    assert redact_link_secrets("/c/1/results/teams/2/") == "/c/1/results/teams/2/"


@pytest.mark.django_db
def test_link_secret_never_reaches_the_log(client, django_user_model):
    """Django logs the path of a 404 or 405: a captain's valid link must not end up there."""
    import secrets

    import engine
    from tournaments.models import Championship, Team

    key = secrets.token_bytes(32)
    championship = Championship.objects.create(
        name="Logs", deal_key=key.hex(), key_commitment=engine.key_commitment(key)
    )
    team = Team.objects.create(championship=championship, number=1, name="A",
                               player1="a", player2="b")
    stream = io.StringIO()
    console = next(h for h in logging.getLogger().handlers
                   if any(type(f).__name__ == "RedactLinkSecrets" for f in h.filters))
    old = console.setStream(stream)
    try:
        client.get(f"/t/{team.pk}/{team.link_secret}/entries/1/confirm/")  # 405
        client.get(f"/t/{team.pk}/{team.link_secret}x/")  # 404, a near miss
    finally:
        console.setStream(old)
    logged = stream.getvalue()
    assert f"/t/{team.pk}/[secret]/" in logged
    assert team.link_secret not in logged
