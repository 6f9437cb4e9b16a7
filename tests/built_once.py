"""Data built once for a whole module, instead of once for each of its tests.

Building a championship is most of what many tests cost. Two tools share that cost:

``building_once``: plain data (an archive's dict) built once, for tests that only read it or
change a copy. The block runs with the database open, under the settings every test has
(``tests/conftest.py``: no background rebuild or analysis), inside a transaction that is rolled
back at its end: it leaves no row behind for the tests, which see the database as they would
without it. Return plain data from it, never model instances, and give each test its own deep
copy.

``world_built_once``: a world of model rows (a championship, its teams, a result entered)
shared by a module's tests, as Django's ``TestCase.setUpTestData`` shares a class's. A
module-scoped fixture builds it inside an outer transaction that stays open while the module's
tests run and is rolled back after the last of them. Each test still asks for pytest-django's
``db``: its own transaction is then a savepoint inside the outer one, so whatever a test writes
(a result, a login's session, a throttle's window) is rolled back before the next test, which
sees the world exactly as it was built. Each test gets ``fresh(world)``: deep copies of the
world's objects (as ``setUpTestData`` gives each test), so that changing an instance in memory
in one test cannot leak into the next. Use it only where every test reads the world or writes
and lets the rollback undo it. The database is open only while the world is built and torn
down: a test without ``db`` still cannot reach it. Files written outside the database (an
export's file) are not rolled back: put them in a module-wide directory and give it to each
test. The pattern::

    @pytest.fixture(scope="module")
    def built(request, django_db_setup, django_db_blocker):
        yield from world_built_once(request, django_db_blocker, build_the_world)

    @pytest.fixture
    def world(built, db):
        return fresh(built)

A world built for each value of a parameter (each format) is a module-scoped fixture with
``params``, or one named ``indirect`` in a ``parametrize`` that also says ``scope="module"``:
without it, a ``parametrize`` with direct arguments too is function-scoped, and the world is
built again for every test. pytest runs a parameter's tests together and rolls its world back
before building the next. A world that makes the suite's director (user ``director1``)
replaces the ``director`` fixture in its module by the world's own. Under pytest-xdist a
module's tests may be shared among workers: each builds the world once a visit.

Not for a module with a ``transaction=True`` test (or one using ``transactional_db`` or
``live_server``): such a test commits for real and empties the tables at its end, which the
outer transaction cannot undo or survive. ``world_built_once`` refuses such a module before
building anything (``pytest.UsageError``).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings

World = TypeVar("World")

#: The settings every test has (``tests/conftest.py``), kept while a world is built.
TEST_SETTINGS = {"SCORING_REBUILD": "off", "DEAL_ANALYSIS": "off"}

#: Fixtures with which pytest-django runs a test outside any transaction of ours.
_TRANSACTIONAL_FIXTURES = ("transactional_db", "live_server", "django_db_reset_sequences",
                           "django_db_serialized_rollback")


@contextlib.contextmanager
def building_once(django_db_blocker):
    """Yields the director that the tests' ``director`` fixture makes (same username)."""
    with (django_db_blocker.unblock(),
          override_settings(**TEST_SETTINGS),
          transaction.atomic()):
        yield get_user_model().objects.create_user("director1", password="secret-pass-1")
        transaction.set_rollback(True)


def world_built_once(request: pytest.FixtureRequest, django_db_blocker,
                     build: Callable[..., World], *args) -> Iterator[World]:
    """``build(*args)`` once, inside an outer transaction; yields its world; rolls it back.

    For ``yield from`` in a module-scoped fixture (this module's docstring): the fixture
    must also ask for ``django_db_setup``, so that the test database exists first.
    """
    _refuse_transactional_tests(request)
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            with override_settings(**TEST_SETTINGS):
                world = build(*args)
        except BaseException as error:
            outer.__exit__(type(error), error, error.__traceback__)
            raise
    try:
        yield world
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def module_world(build: Callable[[], World]):
    """The pattern above as a module's two fixtures, ``built, world = module_world(build)``:
    ``built`` builds the world with ``build()`` once for the module, ``world`` gives each test
    its fresh copies."""

    @pytest.fixture(scope="module")
    def built(request, django_db_setup, django_db_blocker):
        yield from world_built_once(request, django_db_blocker, build)

    @pytest.fixture
    def world(built, db):
        return fresh(built)

    return built, world


def fresh(world: World) -> World:
    """The test's own copy of the world: its model instances (and their cached relations)
    deep-copied, as ``setUpTestData`` copies them for each test. The rows are the world's;
    only the objects in memory are new."""
    return copy.deepcopy(world)


def _refuse_transactional_tests(request: pytest.FixtureRequest) -> None:
    """A test that commits (``transaction=True``) would run inside the outer transaction,
    commit nothing and flush the world away: fail the module loudly instead."""
    module = request.module
    for item in request.session.items:
        if getattr(item, "module", None) is not module:
            continue
        marker = item.get_closest_marker("django_db")
        committing = marker is not None and (
            bool(marker.args and marker.args[0])  # django_db(True)
            or any(marker.kwargs.get(key) for key in ("transaction", "reset_sequences",
                                                      "serialized_rollback")))
        fixtures = getattr(item, "fixturenames", ())
        if committing or any(name in fixtures for name in _TRANSACTIONAL_FIXTURES):
            raise pytest.UsageError(
                f"{item.nodeid} runs outside a transaction (transaction=True or a "
                f"transactional fixture); world_built_once in {module.__name__} would "
                "share its world with it. Move that test to a module of its own.")
