"""The tool that shares a world of rows among a module's tests (``world_built_once`` in
``tests/built_once.py``) is itself tested.

Two worlds, ``first`` then ``second`` (a module-scoped fixture with two parameters: pytest
runs every test with the first, rolls it back, then every test with the second). Each world
is a director and a championship. The first test writes a team and renames its copy of the
championship in memory; the second sees the world and neither change. The second world's
tests see nothing of the first: its rows went with its outer transaction.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from built_once import fresh, world_built_once
from django.contrib.auth import get_user_model

from tournaments import services as tournament_services
from tournaments.models import Championship, Team


def build(name: str) -> dict:
    director = get_user_model().objects.create_user(f"{name}-director", password="x-pass-long")
    championship = tournament_services.create_championship(
        director, name=f"{name} world", format="duplicate_pairs", rounds_planned=1)
    return {"name": name, "director": director, "championship": championship}


@pytest.fixture(scope="module", params=["first", "second"])
def built(request, django_db_setup, django_db_blocker):
    yield from world_built_once(request, django_db_blocker, build, request.param)


@pytest.fixture
def world(built, db):
    return fresh(built)


def test_a_test_writes_a_row_and_changes_its_copy(world):
    championship = world["championship"]
    assert Championship.objects.get(pk=championship.pk).name == f"{world['name']} world"
    tournament_services.add_team(championship, name="Parella 1", player1="A", player2="B")
    championship.name = "renamed in memory"
    assert Team.objects.filter(championship=championship).count() == 1


def test_the_next_test_sees_the_world_and_not_the_row(world):
    championship = world["championship"]
    assert championship.name == f"{world['name']} world"
    assert championship.directors.get() == world["director"]
    assert not Team.objects.filter(championship=championship).exists()


def test_nothing_of_an_earlier_world_remains(world):
    """Only this world's rows: with ``second``, the first world is gone."""
    assert list(Championship.objects.values_list("name", flat=True)) == [
        f"{world['name']} world"]
    assert list(get_user_model().objects.values_list("username", flat=True)) == [
        f"{world['name']}-director"]


def test_a_test_without_db_cannot_reach_the_world(built):
    with pytest.raises(RuntimeError, match="Database access not allowed"):
        Championship.objects.count()


@pytest.mark.parametrize("committing", [
    {"marker": pytest.mark.django_db(transaction=True).mark},
    {"marker": pytest.mark.django_db(True).mark},
    {"fixturenames": ["transactional_db"]},
    {"fixturenames": ["live_server"]},
])
def test_a_module_with_a_committing_test_is_refused(committing, django_db_blocker):
    """A test that commits cannot share the world: refused before anything is built."""
    marker = committing.get("marker")
    module = SimpleNamespace(__name__="test_mixed")
    item = SimpleNamespace(module=module, nodeid="test_mixed.py::test_commits",
                           fixturenames=committing.get("fixturenames", ["db"]),
                           get_closest_marker=lambda name: marker)
    request = SimpleNamespace(module=module, session=SimpleNamespace(items=[item]))
    built = []
    with pytest.raises(pytest.UsageError, match="test_commits"):
        next(world_built_once(request, django_db_blocker, built.append, "world"))
    assert built == []
