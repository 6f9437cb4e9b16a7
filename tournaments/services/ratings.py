"""Ratings (rules.md 13.3): rebuilt from scratch whenever a final place or the register changes.

:func:`request_rebuild` is what every operation that changes final places or merges
players calls once its transaction commits. (Being built: the rebuild itself.)
"""

from __future__ import annotations


def request_rebuild() -> None:
    """Ask for the ratings to be rebuilt after the current transaction commits."""
