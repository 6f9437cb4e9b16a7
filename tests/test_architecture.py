"""The house rules of the code's shape, read from the sources (``benchmarks/architecture.py``
does the reading and counts the same offenders):

- no module imports another package's private name (a ``_name``): a module may use its
  sibling modules' private names, nothing further;
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.architecture import Import, all_imports, imports_in, private_offence

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
    # formats.duplicate_pairs asks the scoring views from inside its methods only.
    assert any(imp.module == "formats.duplicate_pairs" and imp.target.startswith("scoring.views")
               for imp in imports)
    assert not any("migrations" in imp.path for imp in imports)


def test_no_private_name_is_imported_across_packages(imports):
    offenders = [imp for imp in imports if private_offence(imp, ROOT)]
    assert not offenders, "private names imported across packages:\n" + _listed(offenders)


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
    source = ("from scoring.views.captain_page import _captain_tables\n"
              "from .common import _add_errors\n")
    assert _private_offenders(source, "scoring.views.captain") == []
    # A package's __init__ belongs to the package: its modules are its siblings.
    assert _private_offenders("from .common import _add_errors\n", "scoring.views",
                              is_init=True) == []
    # Attributes of what is not a module (a model's _meta) are not names of a package.
    source = "from tournaments.models import Team\nlimit = Team._meta.get_field('name')\n"
    assert _private_offenders(source, "formats.free_deal.forms") == []
