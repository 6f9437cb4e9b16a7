"""A laptop without WeasyPrint's system libraries (README "At the club"): the tests in
``without_pdf/`` run in a process of their own where importing WeasyPrint fails, on SQLite
with tasks in-process, and must all pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

FOLDER = Path(__file__).resolve().parent / "without_pdf"


@pytest.mark.own_database
@pytest.mark.slow  # a pytest run of its own
def test_without_the_pdf_library_nothing_fails():
    env = {name: value for name, value in os.environ.items()
           if name not in ("DATABASE_URL", "CELERY_BROKER_URL", "PYTEST_XDIST_WORKER",
                           "PYTEST_ADDOPTS")}
    env["DUPLICADA_TEST_WITHOUT_PDF"] = "1"
    env.setdefault("SECRET_KEY", "tests-only-secret-key")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(FOLDER), "-q", "-p", "no:cacheprovider",
         "-o", "addopts=", "-W", "ignore::DeprecationWarning",
         # The schema straight from the models: the migrations are tested in the main run,
         # and running all of them again here was most of this test's time.
         "--no-migrations"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]
