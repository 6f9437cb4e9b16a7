"""The databases under test: a fresh SQLite file, or a fresh PostgreSQL database.

Each burst gets an empty database (``fresh()``), migrated by ``manage.py migrate``;
``cleanup()`` removes what was created, and is called even when a burst fails.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from benchmarks.load.common import LOOPBACK, child_env, manage, run_child

PG_PORT = 5432
PG_USER = "postgres"


class SqliteTarget:
    name = "sqlite"
    label = "SQLite"

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.path: Path | None = None

    def available(self) -> str | None:
        """``None`` when usable, else why not."""
        return None

    def fresh(self, tables: int) -> str:
        """Remove the previous file, if any, and return the URL of a new one."""
        self._remove()
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.path = self.workdir / f"load-{os.getpid()}-{tables}.sqlite3"
        self._remove()
        return f"sqlite:///{self.path}"

    def _remove(self) -> None:
        if self.path is None:
            return
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)

    def cleanup(self) -> None:
        self._remove()


class PostgresTarget:
    name = "postgres"
    label = "PostgreSQL"

    def __init__(self) -> None:
        self.database = f"duplicada_load_{os.getpid()}"
        self.created = False

    def _admin(self):
        import psycopg

        return psycopg.connect(
            host=LOOPBACK, port=PG_PORT, user=PG_USER, dbname="postgres",
            connect_timeout=5, autocommit=True,
        )

    def available(self) -> str | None:
        try:
            import psycopg  # noqa: F401
        except ImportError as exc:
            return f"psycopg is not installed ({exc})"
        try:
            with self._admin() as conn:
                conn.execute("SELECT 1")
        except Exception as exc:  # any failure to connect means: skip PostgreSQL
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f"cannot connect to {PG_USER}@{LOOPBACK}:{PG_PORT}: {first}"
        return None

    def _drop(self, conn) -> None:
        conn.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')

    def fresh(self, tables: int) -> str:
        with self._admin() as conn:
            self._drop(conn)
            self.created = True  # from here on, cleanup() must drop it
            conn.execute(f'CREATE DATABASE "{self.database}"')
        return f"postgres://{PG_USER}@{LOOPBACK}:{PG_PORT}/{self.database}"

    def cleanup(self) -> None:
        if not self.created:
            return
        try:
            with self._admin() as conn:
                self._drop(conn)
            self.created = False
        except Exception as exc:  # report, but never hide the run's own outcome
            print(f"  warning: could not drop database {self.database}: {exc}")


def make_targets(names: list[str], workdir: Path) -> list:
    known = {"sqlite": lambda: SqliteTarget(workdir), "postgres": PostgresTarget}
    aliases = {"postgresql": "postgres", "pg": "postgres", "sqlite3": "sqlite"}
    targets = []
    for name in names:
        name = aliases.get(name.strip().lower(), name.strip().lower())
        if name not in known:
            raise SystemExit(f"unknown database {name!r}: use sqlite and/or postgres")
        targets.append(known[name]())
    return targets


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy one SQLite database into another file, through SQLite's backup (whatever its
    journal still holds included)."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def migrate(database_url: str) -> float:
    """Migrate the database; returns the seconds it took."""
    _, elapsed = run_child(
        manage("migrate", "--noinput", "-v", "0"), child_env(database_url), 300, "migrate"
    )
    return elapsed
