"""The engine's packages export their names lazily (``engine.lazy``); a name exported under a
submodule's own name is refused, since importing that submodule would replace the name."""

import importlib

import pytest

from engine.lazy import lazy_exports


def test_a_name_that_is_also_a_module_s_name_is_refused():
    with pytest.raises(ImportError, match="final_ranking"):
        lazy_exports("engine.example", {"engine.example.final_ranking": ["final_ranking"]}, {})


@pytest.mark.parametrize("package", ["engine", "engine.free_deal", "engine.abarrotada",
                                     "engine.groups"])
def test_every_exported_name_is_what_its_module_defines(package):
    exported = importlib.import_module(package)
    for name in exported.__all__:
        value = getattr(exported, name)
        # Import every module of the package, then look again: the name is unchanged.
        assert not getattr(value, "__file__", None), (package, name)


def test_the_final_ranking_stays_a_function_after_its_module_is_imported():
    import engine.groups
    import engine.groups.final_places  # noqa: F401

    assert callable(engine.groups.final_ranking)
