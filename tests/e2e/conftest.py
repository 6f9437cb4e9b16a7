"""End-to-end tests: a real browser (headless Chromium) against pytest-django's live server."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

# The scoring tests' factories build the championship straight through the ORM.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scoring"))

# Playwright's sync API runs an event loop in this thread; Django refuses database access
# from a thread with a running loop unless told it is safe (it is: one test at a time).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
from phones import PHONE, phone_context  # noqa: E402,F401
from round_one import RoundOne, make_round_one  # noqa: E402


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM", CHROMIUM)
    if not (os.path.exists(executable) or shutil.which(executable)):
        reason = f"headless Chromium not found at {executable} (apt-get install chromium)"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the playwright Python package is not installed"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phone(browser):
    """A fresh browser context the size of a phone, in English."""
    context = phone_context(browser)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def round_one(django_user_model) -> RoundOne:
    """A running championship of four teams with round 1 released, and its director."""
    return make_round_one(django_user_model)
