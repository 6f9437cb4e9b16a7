"""Team links stay out of every log (Django's with DEBUG on, gunicorn's access log, encoded
paths too); pages carry a Content-Security-Policy; captains' and directors' answers are
never cached by anyone else."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from scoring_factories import make_championship, make_round, teams_of

from config.logging_filters import redact_link_secrets

ROOT = Path(settings.BASE_DIR)
SECRET = "S3cr3tL1nkValue"


@pytest.mark.parametrize("text", [
    f"GET /t/%34/{SECRET}/ HTTP/1.1",
    f"GET /%74/4/{SECRET}/ HTTP/1.1",
    f"GET /t/%31%32/{SECRET}?x=1 HTTP/1.1",
    f"GET %2Ft%2F4%2F{SECRET}%2Fentries HTTP/1.1",
    f"GET /api/v1/captain/4/{SECRET}/tables/ HTTP/1.1",
    f"GET /api/captain/4/{SECRET}/results/ HTTP/1.1",
    f'"https://duplicada.example.org/t/4/{SECRET}/" "Mozilla/5.0"',
])
def test_encoded_and_versioned_links_are_redacted(text):
    redacted = redact_link_secrets(text)
    assert SECRET not in redacted and "[secret]" in redacted


def test_ordinary_paths_are_left_alone():
    for path in ("/c/1/results/teams/2/", "/api/docs/", "/api/v1/championships/3/standings/",
                 "/director/c/4/teams/5/"):
        assert redact_link_secrets(path) == path


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG"}}
    env.update({"SECRET_KEY": "logs-test", "DJANGO_SETTINGS_MODULE": "config.settings",
                "ALLOWED_HOSTS": "127.0.0.1,testserver", **extra})
    return env


def test_django_request_logs_are_redacted_with_debug_on():
    """With DEBUG on, Django's own console handler used to log 404/405 paths as they were."""
    code = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "c = Client()\n"
        f"c.get('/t/4/{SECRET}/entries/1/confirm/')\n"
        f"c.get('/t/%34/{SECRET}/entries/1/confirm/')\n"
        f"c.get('/%74/4/{SECRET}/entries/1/confirm/')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], env=_env(DEBUG="1"), cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    logged = result.stdout + result.stderr
    assert "Method Not Allowed" in logged
    assert "[secret]" in logged
    assert SECRET not in logged


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _gunicorn_log(tmp_path, arguments: list[str], requests: list[urllib.request.Request]) -> str:
    """What gunicorn (``config/gunicorn.conf.py``, one worker, ``arguments`` after it) wrote
    while answering ``requests``, each a 405."""
    port = _free_port()
    log = tmp_path / "gunicorn.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn) if gunicorn.exists() else sys.executable, *(
        [] if gunicorn.exists() else ["-m", "gunicorn"]),
        "-c", "config/gunicorn.conf.py", *arguments]
    with log.open("w") as out:
        server = subprocess.Popen(
            command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            env=_env(GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_WORKERS="1"))
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    for request in requests:
                        request.full_url = f"http://127.0.0.1:{port}{request.selector}"
                        try:
                            urllib.request.urlopen(request, timeout=10)
                        except urllib.error.HTTPError as error:
                            assert error.code == 405
                    break
                except (ConnectionError, urllib.error.URLError):
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.3)
            time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return log.read_text()


def test_gunicorn_access_log_redacts_links(tmp_path):
    paths = [f"/t/4/{SECRET}/entries/1/confirm/", f"/t/%34/{SECRET}/entries/1/confirm/"]
    referer = f"http://127.0.0.1/t/4/{SECRET}/"
    logged = _gunicorn_log(tmp_path, ["config.wsgi"], [
        urllib.request.Request(f"http://127.0.0.1{path}", headers={"Referer": referer})
        for path in paths])
    assert logged.count('/t/4/[secret]/entries/1/confirm/ HTTP/1.1" 405') == 1, logged
    assert logged.count('/t/%34/[secret]/entries/1/confirm/ HTTP/1.1" 405') == 1, logged
    assert '"http://127.0.0.1/t/4/[secret]/"' in logged
    assert SECRET not in logged


# gunicorn's access_log_format: ... "request line" status size "referer" "agent" 12ms
ACCESS_LINE = re.compile(r'^(\S+) - - \[[^]]+\] "(.*?)" (\d{3}) (\S+) "(.*?)" "(.*?)" (\d+)ms$')


def test_the_uvicorn_workers_access_line_has_the_time(tmp_path):
    """gunicorn with the uvicorn worker, as production runs it (docs/operations.md): one
    access line per request, in gunicorn's format with the request's time, the link
    redacted (``config/access_log.py``)."""
    logged = _gunicorn_log(
        tmp_path, ["config.asgi:application", "-k", "uvicorn_worker.UvicornWorker"],
        [urllib.request.Request(f"http://127.0.0.1/t/4/{SECRET}/entries/1/confirm/")])
    lines = [line for line in logged.splitlines() if "/entries/1/confirm/ HTTP/" in line]
    assert len(lines) == 1, logged  # its own, not uvicorn's as well
    match = ACCESS_LINE.match(lines[0])
    assert match, lines[0]
    assert match.group(2, 3) == ("GET /t/4/[secret]/entries/1/confirm/ HTTP/1.1", "405")
    assert SECRET not in logged


def test_the_production_guide_runs_gunicorn_with_the_configuration():
    readme = (ROOT / "docs" / "operations.md").read_text()
    assert "gunicorn -c config/gunicorn.conf.py config.asgi:application" in readme


def test_uvicorn_workers_access_lines_are_redacted(tmp_path):
    """uvicorn's gunicorn worker writes its own access lines through gunicorn's access-log
    handlers (not through ``atoms()``): those handlers redact too."""
    from gunicorn.config import Config

    from config.gunicorn_logging import RedactingLogger

    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    logger = RedactingLogger(cfg)
    logger.access_log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET",
                           f"/t/4/{SECRET}/", "1.1", 200)
    for handler in logger.access_log.handlers:
        handler.flush()
    text = (tmp_path / "access.log").read_text()
    assert SECRET not in text and "/t/4/[secret]/" in text


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy(client):
    first = client.get("/")["Content-Security-Policy"]
    second = client.get("/")["Content-Security-Policy"]
    for directive in ("default-src 'self'", "connect-src 'self'", "frame-ancestors 'none'",
                      "object-src 'none'"):
        assert directive in first
    assert "script-src 'self' 'nonce-" in first and "'unsafe-inline'" not in first.split(
        "style-src-attr")[0]
    nonces = [re.search(r"'nonce-([^']+)'", policy)[1] for policy in (first, second)]
    assert nonces[0] != nonces[1]


def test_templates_have_no_inline_script_without_a_nonce():
    """Inline scripts and styles would be blocked by the policy (printed PDFs excepted:
    WeasyPrint applies no policy)."""
    for path in (ROOT / "templates").rglob("*.html"):
        if "print" in path.parts:
            continue
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag or "nonce=" in tag or 'type="application/json"' in tag, (
                path, tag)
        for tag in re.findall(r"<style\b[^>]*>", text):
            assert "nonce=" in tag, (path, tag)
        assert not re.search(r"\son[a-z]+=", text), path


@pytest.mark.django_db
def test_captain_pages_and_api_are_private(director, django_user_model):
    championship = make_championship(teams=2, director=director)
    a, b = teams_of(championship)
    make_round(championship, 1, [(a, b)])
    client = Client()
    for url in (reverse("scoring:captain", args=[a.pk, a.link_secret]),
                f"/api/v1/captain/{a.pk}/{a.link_secret}/tables/",
                f"/t/{a.pk}/wrong-secret/"):
        assert client.get(url)["Cache-Control"] == "private, no-store", url
    public = reverse("scoring:standings", args=[championship.pk])
    championship.results_public = True
    championship.save()
    assert "private" not in client.get(public).get("Cache-Control", "")
    client.force_login(director)
    response = client.get(public)
    assert response.status_code == 200
    assert {d.strip() for d in response["Cache-Control"].split(",")} >= {"private", "no-store"}
