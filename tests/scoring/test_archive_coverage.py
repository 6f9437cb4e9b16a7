"""The full backup carries every field of every model of the tournaments and scoring apps
(and of the formats' apps), except derived data that the import rebuilds. A new model or
field fails here until ``scoring/archive/format.py`` (or the format's ``archive.py``)
decides about it (and ``docs/archive.md`` says so)."""

from __future__ import annotations

from django.apps import apps

from scoring.archive.format import (
    CHAMPIONSHIP,
    REGISTER_LEFT_OUT,
    REGISTER_PLAYERS,
    REGISTER_TABLES,
    USER,
    backup_layout,
    user_name_field,
)

LAYOUT = backup_layout()
TABLES = LAYOUT.tables
DERIVED_MODELS = LAYOUT.derived_models
IMPLICIT_CHAMPIONSHIP = LAYOUT.implicit_championship

SPECS = {spec.model: spec for spec in (CHAMPIONSHIP, *TABLES, *REGISTER_TABLES)}


def models_of_the_apps():
    return [model for label in ("tournaments", "scoring", "free_deal", "abarrotada",
                                "groups_knockout")
            for model in apps.get_app_config(label).get_models()]


def test_every_model_is_archived_or_derived():
    for model in models_of_the_apps():
        if model.__name__ in DERIVED_MODELS:
            assert model not in SPECS
            continue
        assert model in SPECS, f"{model.__name__} is neither in the full backup nor derived"


def test_every_field_is_archived():
    for model, spec in SPECS.items():
        fields = {f.name for f in model._meta.concrete_fields}
        archived = set(spec.fields)
        if model in IMPLICIT_CHAMPIONSHIP:
            archived.add("championship")  # an archive holds one championship
        if spec is REGISTER_PLAYERS:  # the installation's own: its ids, merges and times
            archived |= set(REGISTER_LEFT_OUT)
        # A user reference's username is written whether an account or text keeps it.
        archived |= {user_name_field(name) for name, target in spec.refs.items()
                     if target == USER}
        assert fields == archived, f"{model.__name__}: {sorted(fields ^ archived)}"
        many = {f.name for f in model._meta.many_to_many}
        assert many == ({"directors"} if spec is CHAMPIONSHIP else set()), many


def test_every_reference_points_somewhere_archived():
    keys = {spec.key: spec.model for spec in (*TABLES, *REGISTER_TABLES)}
    for model, spec in SPECS.items():
        for f in model._meta.concrete_fields:
            if not f.is_relation or f.name == "championship" or (
                    spec is REGISTER_PLAYERS and f.name in REGISTER_LEFT_OUT):
                continue
            target = spec.refs.get(f.name)
            assert target, f"{model.__name__}.{f.name} is a reference the archive does not map"
            if target == USER:
                assert f.related_model is apps.get_model("auth", "User")
            else:
                assert keys[target] is f.related_model


def test_rows_come_before_the_rows_that_refer_to_them():
    order = [spec.key for spec in TABLES]
    for spec in TABLES:
        for target in spec.refs.values():
            if target != USER:
                assert order.index(target) < order.index(spec.key)
