"""Gunicorn on a free loopback port: start, wait until it answers, always stop."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

from benchmarks.load.common import BIN, LOOPBACK, PYTHON, ROOT, child_env

READY_TIMEOUT = 60.0
STOP_TIMEOUT = 15.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def _gunicorn_command() -> list[str]:
    script = BIN / "gunicorn"
    return [str(script)] if script.exists() else [PYTHON, "-m", "gunicorn"]


class Gunicorn:
    """``with Gunicorn(url, workers, log) as server:`` serves ``config.wsgi`` at
    ``server.port``; leaving the block stops it (TERM, then KILL after a timeout)."""

    def __init__(self, database_url: str, workers: int, log_path: Path) -> None:
        self.database_url = database_url
        self.workers = workers
        self.log_path = log_path
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.ready_seconds = 0.0
        self._log = None

    def __enter__(self) -> Gunicorn:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self.port = free_port()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "w", encoding="utf-8")  # closed in stop()
        command = [
            *_gunicorn_command(), "config.wsgi",
            "--workers", str(self.workers),
            "--bind", f"{LOOPBACK}:{self.port}",
            "--log-level", "warning",
        ]
        start = time.monotonic()
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=child_env(self.database_url),
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = start + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited with {self.process.returncode} before answering; "
                    f"see {self.log_path}"
                )
            if self._answers():
                self.ready_seconds = time.monotonic() - start
                # Every worker imports the project before it serves its first request:
                # wait a moment so that the burst does not measure the start-up.
                self._warm_up()
                return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {READY_TIMEOUT:.0f} s; see {self.log_path}")

    def _answers(self) -> bool:
        try:
            conn = http.client.HTTPConnection(LOOPBACK, self.port, timeout=2)
            conn.request("GET", "/api/v1/captain/0/not-a-secret/tables/")
            conn.getresponse().read()
            conn.close()
            return True
        except OSError:
            return False

    def _warm_up(self) -> None:
        for _ in range(4 * self.workers):
            self._answers()

    def stop(self) -> None:
        process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)  # its own session: our children
                except ProcessLookupError:
                    pass
                process.wait(STOP_TIMEOUT)
        self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_summary(self) -> str:
        """What the server logged: worker timeouts and tracebacks are worth a look."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "no server log"
        tracebacks = text.count("Traceback (most recent call last)")
        timeouts = text.count("WORKER TIMEOUT")
        errors = sum(1 for line in text.splitlines() if "[ERROR]" in line or " ERROR " in line)
        return (f"server log: {tracebacks} tracebacks, {timeouts} worker timeouts, "
                f"{errors} error lines ({self.log_path})")
