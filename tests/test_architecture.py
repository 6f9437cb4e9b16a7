"""The house rules of the code's shape, read from the sources (``benchmarks/architecture.py``
does the reading and counts the same offenders):

- no module imports another package's private name (a ``_name``): a module may use its
  sibling modules' private names, nothing further;
- the core (``scoring``, ``tournaments``, ``live``, ``config`` and the seam: ``formats``'s
  ``__init__``, ``base``, ``registry`` and template tags) imports no format: it asks the
  registry, which each format joins when its app is ready;
- no format imports another (what two formats share is the core's).

Imports inside functions count as much as those at the top of a module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.architecture import (
    Import,
    all_imports,
    core_to_format,
    format_to_format,
    imports_in,
    private_offence,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return all_imports(ROOT)


def _listed(offenders: list[Import]) -> str:
    return "\n".join(f"{imp.path}:{imp.lineno}: {imp.line}  ({imp.target})" for imp in offenders)


def test_the_reading_covers_every_package_and_imports_inside_functions(imports):
    modules = {imp.module for imp in imports}
    for module in ("scoring.views.captain", "tournaments.services.teams", "live.views",
                   "config.settings", "formats.registry", "formats.free_deal.views",
                   "engine.free_deal.pairing"):
        assert module in modules, module
    # formats.duplicate_pairs asks its own pages from inside its methods only.
    assert any(imp.module == "formats.duplicate_pairs.format"
               and imp.target.startswith("formats.duplicate_pairs.results_views")
               for imp in imports)
    assert not any("migrations" in imp.path for imp in imports)


def test_no_private_name_is_imported_across_packages(imports):
    offenders = [imp for imp in imports if private_offence(imp, ROOT)]
    assert not offenders, "private names imported across packages:\n" + _listed(offenders)


def test_the_core_imports_no_format(imports):
    offenders = [imp for imp in imports if core_to_format(imp)]
    assert not offenders, "the core imports a format:\n" + _listed(offenders)


def test_no_format_imports_another(imports):
    offenders = [imp for imp in imports if format_to_format(imp)]
    assert not offenders, "a format imports another:\n" + _listed(offenders)


def test_the_registry_holds_every_format_in_the_pickers_order():
    from formats import ABARROTADA_FREE, DUPLICATE_PAIRS, FORMATS, FREE_DEAL_PAIRS, format_choices
    from tournaments.models import Championship

    assert list(FORMATS) == list(Championship.Format.values)
    # The picker's choices: every offered format, in the registry's order.
    assert [key for key, _label in format_choices()] == [
        key for key in Championship.Format.values if FORMATS[key].offered]
    assert DUPLICATE_PAIRS is FORMATS["duplicate_pairs"]
    assert FREE_DEAL_PAIRS.key == "free_deal_pairs" and ABARROTADA_FREE.key == "abarrotada_free"


# --- The checker itself, on made-up sources (in this repository's packages) ----------------


def _private_offenders(source: str, module: str, *, is_init: bool = False) -> list[str]:
    return [imp.target for imp in imports_in(source, module, is_init=is_init, root=ROOT)
            if private_offence(imp, ROOT)]


def test_the_checker_finds_a_private_name_from_another_package():
    source = (
        "from scoring.views.common import no_store\n"
        "def page(request):\n"
        "    from tournaments.services.common import _hidden\n"
        "    import engine._secret\n"
        "    from scoring.views import common\n"
        "    return common._private(request)\n"
    )
    assert _private_offenders(source, "formats.free_deal.views") == [
        "tournaments.services.common._hidden", "engine._secret",
        "scoring.views.common._private",
    ]


def test_the_checker_lets_a_module_use_its_siblings_private_names():
    source = ("from formats.duplicate_pairs.captain_page import _captain_tables\n"
              "from .grid import _heard\n")
    assert _private_offenders(source, "formats.duplicate_pairs.captain_views") == []
    # A package's __init__ belongs to the package: its modules are its siblings.
    assert _private_offenders("from .common import _add_errors\n", "scoring.views",
                              is_init=True) == []
    # Attributes of what is not a module (a model's _meta) are not names of a package.
    source = "from tournaments.models import Team\nlimit = Team._meta.get_field('name')\n"
    assert _private_offenders(source, "formats.free_deal.forms") == []


def _imports(source: str, module: str) -> list[Import]:
    return imports_in(source, module, f"{module.replace('.', '/')}.py", root=ROOT)


def test_the_checker_finds_the_core_importing_a_format_even_in_a_function():
    source = ("from formats.registry import FORMATS\n"
              "def urls():\n"
              "    from formats.free_deal import api\n"
              "    import formats.duplicate_pairs\n"
              "    return api.urlpatterns\n")
    found = [imp for imp in _imports(source, "scoring.api.urls") if core_to_format(imp)]
    assert [(imp.lineno, imp.line) for imp in found] == [
        (3, "from formats.free_deal import api"), (4, "import formats.duplicate_pairs")]
    assert "scoring/api/urls.py:3: from formats.free_deal import api" in _listed(found)
    # The seam is core; a format asking the core or the seam is the rule, not an offence.
    assert [imp.target for imp in _imports("from formats.abarrotada import models\n",
                                           "formats.registry") if core_to_format(imp)] == [
        "formats.abarrotada.models"]
    assert not [imp for imp in _imports("from formats.base import Format\n"
                                         "from scoring.forms import DisputeCommentForm\n",
                                         "formats.abarrotada.format")
                if core_to_format(imp) or format_to_format(imp)]


def test_every_format_package_is_checked_as_a_format_from_its_first_commit():
    """The format areas are found from ``formats/*/apps.py``: the newest format is one, and
    the core importing it is an offence (it once passed as part of the seam)."""
    from benchmarks.architecture import FORMAT_AREAS

    assert {"formats.duplicate_pairs", "formats.free_deal", "formats.abarrotada",
            "formats.groups_knockout"} <= set(FORMAT_AREAS)
    assert "formats.templatetags" not in FORMAT_AREAS
    source = "from formats.groups_knockout.services import make_groups\n"
    assert [imp.target for imp in _imports(source, "tournaments.views")
            if core_to_format(imp)] == ["formats.groups_knockout.services.make_groups"]
    assert [imp.target for imp in _imports(source, "formats.free_deal.views")
            if format_to_format(imp)] == ["formats.groups_knockout.services.make_groups"]


def test_the_checker_finds_a_format_importing_another():
    source = "def page():\n    from ..free_deal.forms import GameForm\n"
    found = [imp.target for imp in _imports(source, "formats.abarrotada.player_views")
             if format_to_format(imp)]
    assert found == ["formats.free_deal.forms.GameForm"]
    own = "from formats.abarrotada.models import PlayerTable\n"
    assert not [imp for imp in _imports(own, "formats.abarrotada.player_views")
                if format_to_format(imp)]
