"""A full backup made on one database imports into the other.

A child process builds the rich championship with ``manage.py`` on another database and
exports it with ``manage.py export_championship``; this test imports the file into the
test database and compares standings, history, stored scores and links with what the child
saw (rows named by numbers and ranks: the import gives them new ids). On PostgreSQL the other database is a temporary SQLite file (SQLite → PostgreSQL); on
SQLite it is a temporary PostgreSQL database if one answers at 127.0.0.1:5432
(PostgreSQL → SQLite), else another SQLite file (SQLite → SQLite, said in the output).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from archive_events import comparable
from django.db import connection
from django.test import Client

from scoring.archive import import_archive
from tournaments.models import Team

ROOT = Path(__file__).resolve().parents[2]
BUILD = """
import json, sys
sys.path[:0] = ["tests/scoring", "tests"]
from django.conf import settings
settings.SCORING_REBUILD = "off"  # the builder rebuilds scores itself, not a thread
from django.contrib.auth import get_user_model
from archive_events import comparable, rich_championship
director = get_user_model().objects.create_user("director1", password="x")
championship = rich_championship(director)
print(json.dumps({"id": championship.pk, "snapshot": comparable(championship)}))
"""


def postgres_database():
    """A fresh PostgreSQL database's URL and a function that drops it, or None."""
    try:
        import psycopg

        admin = psycopg.connect(host="127.0.0.1", port=5432, user="postgres", dbname="postgres",
                                connect_timeout=2, autocommit=True)
    except Exception as error:  # not installed, or nothing answers
        print(f"PostgreSQL not available at 127.0.0.1:5432 ({str(error).strip()[:80]})")
        return None
    name = f"duplicada_archive_{uuid.uuid4().hex[:10]}"
    admin.execute(f"CREATE DATABASE {name}")

    def drop():
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.close()

    return f"postgres://postgres@127.0.0.1:5432/{name}", drop


def manage(url: str, *args: str) -> str:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("CELERY_", "DJANGO_SETTINGS"))}
    env.update(DATABASE_URL=url, SECRET_KEY="cross-database-test", PYTHONIOENCODING="utf-8",
               SCORING_REBUILD_DELAY="0")
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.mark.other_database
def test_backup_from_the_other_database_imports(db, director, tmp_path):
    drop = None
    if connection.vendor == "postgresql":
        other, direction = f"sqlite://{tmp_path / 'other.sqlite3'}", "SQLite → PostgreSQL"
    else:
        found = postgres_database()
        if found:
            (other, drop), direction = found, "PostgreSQL → SQLite"
        else:
            other, direction = f"sqlite://{tmp_path / 'other.sqlite3'}", "SQLite → SQLite"
    print(f"archive made on one database, imported into the other: {direction}")
    try:
        manage(other, "migrate", "--verbosity", "0")
        built = json.loads(manage(other, "shell", "-c", BUILD).strip().splitlines()[-1])
        backup = tmp_path / "backup.json"
        manage(other, "export_championship", str(built["id"]), "--full", "-o", str(backup))
    finally:
        if drop:
            drop()
    imported = import_archive(backup.read_bytes(), director=director)
    assert comparable(imported) == built["snapshot"]
    team = Team.objects.filter(championship=imported).order_by("number").first()
    response = Client().get(f"/t/{team.pk}/{team.link_secret}/")
    assert response.status_code == 200 and team.name in response.content.decode()
