"""Shared steps of the tests that move a model between apps by migration and back: migrate the
database to given nodes (and, whatever happened, to the latest again), make a championship of
pairs with the models of the moment, and read or plant the content types Django made.

The tests run their migrations themselves, so they use the historical models the migration
state gives (``apps.get_model``), never the project's own."""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate the database to ``targets`` and return the models as they are there.

    The executor's loader reads the graph and the applied migrations when it is made, and
    its ``migrate`` returns the state it left the database in: after a forward move with its
    models already rendered, where building the targets' state again and rendering it cost
    a second or so of CPU a call."""
    return MigrationExecutor(connection).migrate(targets).apps


def migrate_to_latest():
    """Leave the database as the other tests expect it: every app at its latest migration."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def free_deal_pairs(apps, name: str, count: int = 2):
    """A free-deal championship with ``count`` pairs (numbers 1.., PINs 0001..), made with
    the historical models in ``apps``: returns the championship and its pairs in order."""
    Championship = apps.get_model("tournaments", "Championship")
    Team = apps.get_model("tournaments", "Team")
    championship = Championship.objects.create(name=name, format="free_deal_pairs",
                                               deal_key="a" * 64, key_commitment="b" * 64)
    pairs = [Team.objects.create(championship=championship, number=n, name=f"P{n}",
                                 player1=f"A{n}", player2=f"B{n}", pin=f"000{n}")
             for n in range(1, count + 1)]
    return championship, pairs


def content_type_apps(models) -> set[tuple[str, str]]:
    """Which app each of ``models`` (lower-case names) has a content type under. Django's own
    model: the content types are migrated in full throughout."""
    return set(ContentType.objects.filter(model__in=models).values_list("app_label", "model"))


def plant_content_types(app_label: str, models) -> None:
    """The content types Django made for ``models`` of ``app_label`` (as post_migrate did)."""
    ContentType.objects.filter(model__in=models).delete()
    for model in models:
        ContentType.objects.get_or_create(app_label=app_label, model=model)
