"""Gunicorn for the drills: the load test's server (``benchmarks.load.server``) with extra
environment variables, and a look at its worker processes; or the production command
(:class:`ProductionGunicorn`: ``config/gunicorn.conf.py``, ASGI, uvicorn workers)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from benchmarks.drills.common import children
from benchmarks.load.common import LOOPBACK, ROOT, child_env
from benchmarks.load.server import READY_TIMEOUT, Gunicorn, _gunicorn_command, free_port


class DrillGunicorn(Gunicorn):
    """``with DrillGunicorn(url, workers, log, extra_env) as server:`` as ``Gunicorn``,
    with ``extra_env`` added to the environment (e.g. a Celery broker)."""

    def __init__(self, database_url: str, workers: int, log_path: Path,
                 extra_env: dict[str, str] | None = None) -> None:
        super().__init__(database_url, workers, log_path)
        self.extra_env = extra_env or {}

    def start(self) -> None:
        self.port = free_port()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "w", encoding="utf-8")  # closed in stop()
        env = {**child_env(self.database_url), **self.extra_env, **self.environment()}
        command = self.command()
        start = time.monotonic()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=self._log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        while time.monotonic() < start + READY_TIMEOUT:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode} before "
                                   f"answering; see {self.log_path}")
            if self._answers():
                self.ready_seconds = time.monotonic() - start
                self._warm_up()
                return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {READY_TIMEOUT:.0f} s; "
                           f"see {self.log_path}")

    def command(self) -> list[str]:
        return [*_gunicorn_command(), "config.wsgi", "--workers", str(self.workers),
                "--bind", f"{LOOPBACK}:{self.port}", "--log-level", "warning"]

    def environment(self) -> dict[str, str]:
        """Variables the command needs once the port is chosen."""
        return {}

    def workers_pids(self) -> list[int]:
        return children(self.process.pid) if self.process is not None else []

    def serving(self, pid: int) -> bool:
        """Whether worker ``pid`` holds an established connection of a client (it is in
        the middle of a request): its socket inodes against ``/proc/net/tcp``."""
        inodes = set()
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    target = os.readlink(f"/proc/{pid}/fd/{fd}")
                except OSError:
                    continue
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
            lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
        except OSError:
            return False
        port = f"{self.port:04X}"
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if local.endswith(f":{port}") and state == "01" and inode in inodes:
                return True
        return False


class ProductionGunicorn(DrillGunicorn):
    """The command of docs/operations.md, "Running in production": ``config/gunicorn.conf.py`` with
    ``config.asgi`` on uvicorn workers; the address and the number of workers go through
    that file's own variables (``GUNICORN_BIND``, ``GUNICORN_WORKERS``)."""

    def command(self) -> list[str]:
        return [*_gunicorn_command(), "-c", "config/gunicorn.conf.py", "config.asgi:application",
                "-k", "uvicorn_worker.UvicornWorker", "--log-level", "warning"]

    def environment(self) -> dict[str, str]:
        return {"GUNICORN_BIND": f"{LOOPBACK}:{self.port}",
                "GUNICORN_WORKERS": str(self.workers)}
