"""The engine is pure Python: no Django, database or HTTP, directly or indirectly."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = ("django", "rest_framework", "psycopg", "psycopg2", "sqlite3", "requests", "http",
             "urllib", "celery", "redis", "socket")  # fmt: skip


def _top_level(name: str) -> str:
    return name.split(".")[0]


def _sources() -> list[Path]:
    """Every source of the engine, its packages' (``engine/free_deal``...) included."""
    return sorted(ENGINE.rglob("*.py"))


def _module_names() -> list[str]:
    """The dotted names of every engine module, packages included (``engine.free_deal``)."""
    names = []
    for path in _sources():
        parts = path.relative_to(ENGINE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_checks_cover_the_engine_packages():
    assert "engine.free_deal.game" in _module_names()
    assert "engine.free_deal" in _module_names()
    assert "engine.groups.qualification" in _module_names()


def test_engine_sources_import_nothing_forbidden():
    assert ENGINE.is_dir()
    for path in _sources():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert _top_level(name) not in FORBIDDEN, f"{path} imports {name}"


def test_importing_the_engine_loads_nothing_forbidden():
    modules = [name for name in _module_names() if name != "engine"]
    code = (
        "import importlib, sys\n"
        # Whatever the interpreter loaded at start-up (site hooks) is not the engine's doing.
        "before = set(sys.modules)\n"
        "import engine\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in set(sys.modules) - before if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == ""


def test_every_exported_name_resolves():
    import engine
    import engine.free_deal

    for package in (engine, engine.free_deal):
        for name in package.__all__:
            assert getattr(package, name) is not None, f"{package.__name__}.{name}"


def test_the_engines_tests_are_marked_as_needing_no_database(request):
    """CI's second run, on PostgreSQL, leaves the engine's tests out (marker ``no_database``,
    ``tests/conftest.py``): that is sound only while the engine stays pure, as above."""
    assert request.node.get_closest_marker("no_database") is not None
