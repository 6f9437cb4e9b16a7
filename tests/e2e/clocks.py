"""A round clock counting down on a page (shared by the clock tests)."""

from __future__ import annotations

from playwright.sync_api import expect


def seconds(text: str) -> int:
    """The seconds a clock's "m:ss" shows."""
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def expect_counting_down(remaining, timeout: int = 5_000) -> None:
    """The time left that ``remaining`` (a locator) shows drops: its next change is awaited
    (a second at most while the clock runs) instead of a fixed wait, and must be a drop. A
    clock that stopped fails after ``timeout`` ms."""
    before = remaining.inner_text()
    expect(remaining).not_to_have_text(before, timeout=timeout)
    after = remaining.inner_text()
    assert seconds(after) < seconds(before), f"the clock went from {before} to {after}"
