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


def test_engine_sources_import_nothing_forbidden():
    assert ENGINE.is_dir()
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert _top_level(name) not in FORBIDDEN, f"{path.name} imports {name}"


def test_importing_the_engine_loads_nothing_forbidden():
    modules = sorted(p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__")
    code = (
        "import importlib, sys\n"
        # Whatever the interpreter loaded at start-up (site hooks) is not the engine's doing.
        "before = set(sys.modules)\n"
        "import engine\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module('engine.' + name)\n"
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

    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
