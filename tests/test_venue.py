"""Venue mode (``manage.py venue``): the laptop serves the phones on the club's Wi-Fi.

The command is started for real on a second loopback address (127.0.0.2, so not the usual
127.0.0.1), and the test reads what it prints: the address the phones use, and a QR code
that must encode exactly that address. Then it fetches a page and a static file through the
server (uvicorn, DEBUG off, WhiteNoise) and stops it with Ctrl+C.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
import segno

from config import venue

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.2"
QR_CHARS = set("█▀▄ ")


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _can_bind(host: str) -> bool:
    try:
        _free_port(host)
    except OSError:
        return False
    return True


def _qr_matrix(lines: list[str]) -> list[list[int]]:
    """Read the printed half-block QR code back into modules (1 = dark). Blocks are the
    light modules (see ``venue.terminal_qr``)."""
    halves = {"█": (0, 0), "▄": (1, 0), "▀": (0, 1), " ": (1, 1)}
    rows = []
    for line in lines:
        tops, bottoms = zip(*(halves[c] for c in line), strict=True)
        rows.extend([list(tops), list(bottoms)])
    return rows


def test_plan_address_and_secret_key(tmp_path):
    given = venue.plan(["--address", "sala.local", "--port", "8080", "--data-dir", str(tmp_path)])
    assert given.base_url == "http://sala.local:8080" and given.how_chosen == "given"
    assert "sala.local" in given.allowed_hosts
    listening = venue.plan(["--host", HOST, "--port", "80"])
    assert listening.base_url == f"http://{HOST}" and HOST in listening.allowed_hosts
    anywhere = venue.plan([])
    assert anywhere.how_chosen in {"mDNS name", "network address"}
    assert anywhere.base_url == f"http://{anywhere.address}:8000"
    key = venue.secret_key(tmp_path)
    assert len(key) >= 50 and venue.secret_key(tmp_path) == key  # generated once, kept
    assert (tmp_path / venue.KEY_FILE).read_text().strip() == key


@pytest.mark.own_database
@pytest.mark.slow  # a minute of CPU: migrate, collectstatic and a server in a child process
@pytest.mark.skipif(not _can_bind(HOST), reason=f"{HOST} is not a loopback address here")
def test_venue_command_serves_a_second_address_and_stops_cleanly(tmp_path):
    port = _free_port(HOST)
    env = {k: v for k, v in os.environ.items()
           if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL", "CELERY_BROKER_URL",
                        "ALLOWED_HOSTS", "PUBLIC_BASE_URL", "DJANGO_SETTINGS_MODULE"}}
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONUNBUFFERED"] = "1"
    creation = subprocess.CREATE_NEW_PROCESS_GROUP if os.name == "nt" else 0
    process = subprocess.Popen(
        [sys.executable, "manage.py", "venue", "--host", HOST, "--port", str(port),
         "--data-dir", str(tmp_path)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        encoding="utf-8", creationflags=creation,
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if "Ctrl+C" in line:
                ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert ready.wait(180), "the venue command did not start:\n" + "\n".join(lines)
        url = f"http://{HOST}:{port}/"
        printed = [line for line in lines if url in line]
        assert printed, "\n".join(lines)
        qr = [line for line in lines if line and set(line) <= QR_CHARS and "█" in line]
        expected = [list(row) for row in segno.make(url, error="m", boost_error=False)
                    .matrix_iter(scale=1, border=2)]
        assert _qr_matrix(qr)[: len(expected)] == expected  # the QR code is the printed URL
        assert (tmp_path / venue.KEY_FILE).exists()  # a secret key of its own, kept

        # A page, and a static file served by WhiteNoise, through the server. The server
        # answers as soon as it has printed its banner, or a moment later.
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    assert response.status == 200
                    assert "Duplicada" in response.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with urllib.request.urlopen(url + "static/css/duplicada.css", timeout=10) as response:
            assert response.status == 200
        # DEBUG is off: an unknown page is the friendly 404, not Django's debug page.
        try:
            urllib.request.urlopen(url + "no/such/page/", timeout=10)
        except urllib.error.HTTPError as error:
            assert error.code == 404
            assert "URLconf" not in error.read().decode()
    finally:
        process.send_signal(signal.CTRL_BREAK_EVENT if os.name == "nt" else signal.SIGINT)
        try:
            code = process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
    reader.join(5)
    assert code == 0, "\n".join(lines)
    assert "Stopped." in lines[-1] or "Aturat." in lines[-1]
    with pytest.raises(OSError):  # nothing listens any more
        socket.create_connection((HOST, port), timeout=2).close()
