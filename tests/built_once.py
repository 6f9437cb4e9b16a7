"""Data built once for a whole module, where every test only reads it or changes a copy.

Building a championship is most of what many tests cost; a module whose tests each take an
archive of the same event (to break one field and check the refusal) builds it once here.
The block runs with the database open, under the settings every test has
(``tests/conftest.py``: no background rebuild or analysis), inside a transaction that is rolled
back at its end: it leaves no row behind for the tests, which see the database as they would
without it. Return plain data from it (an archive's dict), never model instances, and give
each test its own deep copy.
"""

from __future__ import annotations

import contextlib

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings


@contextlib.contextmanager
def building_once(django_db_blocker):
    """Yields the director that the tests' ``director`` fixture makes (same username)."""
    with (django_db_blocker.unblock(),
          override_settings(SCORING_REBUILD="off", DEAL_ANALYSIS="off"),
          transaction.atomic()):
        yield get_user_model().objects.create_user("director1", password="secret-pass-1")
        transaction.set_rollback(True)
