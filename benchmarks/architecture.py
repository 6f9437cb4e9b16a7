"""The shape of the code: who imports whom, read from the sources (no Django needed).

Run from the repository root:
    python benchmarks/architecture.py

It prints the house rules' offenders and a few figures:

- **private names across packages**: ``from X import _name`` (or ``import a._b``, or
  ``module._name`` on an imported module) where ``_name`` is defined in another package
  than the importing module's (a module may use its sibling modules' private names);
- **core → format**: a module of the core (``scoring``, ``tournaments``, ``live``,
  ``config``, and the seam ``formats/__init__.py``, ``base.py``, ``registry.py``,
  ``formats/templatetags/``) importing a format (``formats.free_deal``,
  ``formats.abarrotada``, ``formats.duplicate_pairs``): the core asks the registry, which
  each format joins from its own app's ``ready``;
- **format → format**: a format importing another format;
- **import cycles between packages**: strongly connected components of more than one node
  of the graph of areas (the core's apps, the seam, each format, the engine), and of the
  graph of Python packages (``scoring.views``, ``scoring.services``...);
- **lines of Python per area** (migrations excluded; the tests live outside them).

Imports inside functions count as much as those at the top of a module. ``tests/
test_architecture.py`` fails on any offender; this script only counts them.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The top-level packages checked (tests, benchmarks and migrations are not).
CHECKED = ("results", "scoring", "tournaments", "live", "config", "formats", "engine")


def _format_areas(root: Path = ROOT) -> dict[str, str]:
    """Every format package by area: each folder of ``formats/`` that is an app of its own
    (its ``apps.py`` registers the format). Found, not listed, so that a new format is checked
    from its first commit rather than passing as part of the seam."""
    return {f"formats.{app.parent.name}": f"formats/{app.parent.name}"
            for app in sorted((root / "formats").glob("*/apps.py"))}


#: The format packages, by area.
FORMAT_AREAS = _format_areas()
CORE_APPS = ("results", "scoring", "tournaments", "live", "config", "series")
#: The seam between the core and the formats: what a format answers (``base``), the registry
#: the formats join, the package's doors, its app and its template tags.
SEAM = ("formats", "formats.base", "formats.registry", "formats.apps", "formats.templatetags",
        "formats.entrant_questions", "formats.backup_questions")
#: The areas whose lines are counted, in the order printed.
LINE_AREAS = ("results", "scoring", "tournaments", *FORMAT_AREAS.values(), "formats seam", "live",
              "config")  # fmt: skip


@dataclass(frozen=True)
class Import:
    """One imported thing: ``target`` is its full dotted name (``scoring.views._x``)."""

    module: str  # the importing module
    path: str  # its file, relative to the root
    lineno: int
    line: str  # the source line, stripped
    target: str


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str, root: Path = ROOT) -> bool:
    return (root / name.replace(".", "/") / "__init__.py").is_file()


def is_module(name: str, root: Path = ROOT) -> bool:
    return is_package(name, root) or (root / (name.replace(".", "/") + ".py")).is_file()


def package_of(module: str, root: Path = ROOT) -> str:
    """The package ``module`` belongs to: itself for a package's ``__init__``, else its parent."""
    return module if is_package(module, root) else module.rpartition(".")[0]


def sources(root: Path = ROOT) -> list[Path]:
    """Every checked source file, migrations excluded."""
    found = []
    for top in CHECKED:
        found += [path for path in sorted((root / top).rglob("*.py"))
                  if "migrations" not in path.relative_to(root).parts]
    return found


def _absolute(module: str, is_init: bool, level: int, name: str | None) -> str:
    """The absolute dotted name of a relative ``from`` import's module."""
    base = module.split(".")
    if not is_init:
        base = base[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([name] if name else []))


def imports_in(source: str, module: str, path: str = "", *, is_init: bool = False,
               root: Path = ROOT) -> list[Import]:
    """Every import of ``source`` (the module ``module``), in functions too, and every
    ``alias._name`` attribute read on a name bound by an import (reported as
    ``module._name``)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found: list[Import] = []
    # Names bound to an imported thing, for the attribute reads (``captain._answer``).
    bound: dict[str, str] = {}

    def add(node: ast.AST, target: str) -> None:
        found.append(Import(module, path, node.lineno, lines[node.lineno - 1].strip(), target))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node, alias.name)
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound.setdefault(alias.name.split(".")[0], alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = (_absolute(module, is_init, node.level, node.module) if node.level
                    else node.module or "")
            for alias in node.names:
                if alias.name == "*":
                    add(node, base)
                    continue
                add(node, f"{base}.{alias.name}")
                bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and _private(node.attr)
                and is_module(bound[node.value.id], root)):
            add(node, f"{bound[node.value.id]}.{node.attr}")
    return found


def all_imports(root: Path = ROOT) -> list[Import]:
    found = []
    for path in sources(root):
        found += imports_in(path.read_text(), module_name(path, root),
                            str(path.relative_to(root)), is_init=path.name == "__init__.py",
                            root=root)
    return found


def _private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def _ours(target: str) -> bool:
    return target.split(".")[0] in CHECKED


def private_offence(imp: Import, root: Path = ROOT) -> bool:
    """Whether ``imp`` reaches a private name (or module) defined in another package than
    the importing module's own."""
    if not _ours(imp.target):
        return False
    parts = imp.target.split(".")
    for i, part in enumerate(parts):
        if _private(part):
            owner = ".".join(parts[:i])
            return package_of(owner, root) != package_of(imp.module, root)
    return False


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def area_of(name: str) -> str | None:
    """The area of a dotted name: a core app, ``formats`` (the seam), a format, ``engine``."""
    for fmt in FORMAT_AREAS:
        if _within(name, fmt):
            return fmt
    if any(_within(name, seam) for seam in SEAM[1:]) or name == "formats":
        return "formats"
    top = name.split(".")[0]
    return top if top in CHECKED else None


def core_to_format(imp: Import) -> bool:
    return area_of(imp.module) in CORE_APPS + ("formats",) and area_of(imp.target) in FORMAT_AREAS


def format_to_format(imp: Import) -> bool:
    mine, theirs = area_of(imp.module), area_of(imp.target)
    return mine in FORMAT_AREAS and theirs in FORMAT_AREAS and mine != theirs


def _target_module(target: str, root: Path) -> str:
    """The module an import target lives in (``a.b.name`` → ``a.b`` unless ``a.b.name`` is
    a module itself)."""
    while target and not is_module(target, root):
        target = target.rpartition(".")[0]
    return target


def cycles(imports: list[Import], node_of, root: Path = ROOT) -> list[list[str]]:
    """The strongly connected components of more than one node of the graph whose nodes
    are ``node_of(module)`` and whose edges are the imports (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for imp in imports:
        if not _ours(imp.target):
            continue
        source, target = node_of(imp.module), node_of(_target_module(imp.target, root))
        if source and target and source != target:
            graph[source].add(target)
            graph.setdefault(target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def line_area(path: Path, root: Path = ROOT) -> str | None:
    rel = path.relative_to(root).as_posix()
    for area in FORMAT_AREAS.values():
        if rel.startswith(area + "/"):
            return area
    if rel.startswith("formats/"):
        return "formats seam"
    top = rel.split("/")[0]
    return top if top in LINE_AREAS else None


def lines_per_area(root: Path = ROOT) -> dict[str, int]:
    counts = dict.fromkeys(LINE_AREAS, 0)
    for path in sources(root):
        area = line_area(path, root)
        if area:
            counts[area] += len(path.read_text().splitlines())
    return counts


def main() -> None:
    imports = all_imports()
    sections = (
        ("Private names across packages", [i for i in imports if private_offence(i)]),
        ("Core imports a format", [i for i in imports if core_to_format(i)]),
        ("A format imports another", [i for i in imports if format_to_format(i)]),
    )
    for title, offenders in sections:
        lines = sorted({(imp.path, imp.lineno): imp.line for imp in offenders}.items())
        print(f"{title}: {len(offenders)} names, on {len(lines)} lines")
        for (path, lineno), line in lines:
            print(f"    {path}:{lineno}: {line}")
    for title, node_of in (("areas", area_of), ("packages", package_of)):
        found = cycles(imports, node_of)
        print(f"Import cycles between {title}: {len(found)}")
        for component in found:
            shown = ", ".join(component[:8]) + (f" (+{len(component) - 8})" if len(component) > 8 else "")
            print(f"    {len(component)} {title}: {shown}")
    print("Lines of Python (migrations excluded):")
    for area, count in lines_per_area().items():
        print(f"    {area:<32}{count:>7,}")


if __name__ == "__main__":
    main()
