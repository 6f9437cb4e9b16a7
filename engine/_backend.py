"""The two ways of running ``engine._kernel``: plain Python, or compiled by numba (private).

``PURE`` runs the kernel's functions as they are. ``compiled()`` returns the same functions
compiled by numba, built from the very same code objects with the tables turned into numpy
arrays, or ``None`` when numba is not installed or ``DUPLICADA_PURE_PYTHON=1`` is set. Callers
use :func:`fastest`, and the tests compare the two backends' answers.

Compiling takes a few seconds the first time; numba keeps the machine code in a cache, so later
processes start quickly. numba checks a cached function only against its own source file, not
the files of the functions it calls (a search compiled with an older move ordering would be
reused), so the cache lives in a folder named after a digest of every compiled source.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import types
from dataclasses import dataclass
from typing import Any

from engine import _bounds, _ordering, _search, _transpositions
from engine import _kernel as K
from engine import card_bits as T

__all__: list[str] = []

# The kernel's functions, in an order where each one's callees come first.
_FUNCTIONS = (
    "popcount", "lowest_card", "mask_points", "lowest_per_suit", "legal_mask", "next_random",
    "pick", "playouts",
)  # fmt: skip
# The search's functions with their modules, callees first as well.
_SEARCH_MODULES = (_transpositions, _bounds, _ordering, _search)
_SEARCH_FUNCTIONS = (
    (_transpositions, "suit_key"), (_transpositions, "position_keys"),
    (_transpositions, "tt_slot"), (_transpositions, "tt_mix"), (_transpositions, "tt_find"),
    (_transpositions, "tt_bounds"),
    (_transpositions, "tt_move"), (_transpositions, "tt_store"), (_bounds, "last_trick"),
    (_bounds, "sure_winner"), (_bounds, "cashing_points"),
    (_bounds, "sure_bounds"), (_ordering, "can_beat"), (_ordering, "order_moves"),
    (_ordering, "to_front"), (_search, "search"),
)  # fmt: skip
_TABLES = ("SUIT_MASK_OF", "POINTS_OF", "BEATERS", "LOWEST12", "POP12", "LOWBIT12", "POINTS5")


@dataclass(frozen=True)
class Backend:
    """One way of running the kernel: its name, its functions and how it builds arrays."""

    name: str
    functions: dict[str, Any]
    beaters: Any  # the BEATERS table, rows indexed by trump number
    array: Any  # array(length, fill) -> a mutable int array of that backend

    def __getattr__(self, name: str) -> Any:
        try:
            return self.functions[name]
        except KeyError:
            raise AttributeError(name) from None


def _list_array(length: int, fill: int) -> list[int]:
    return [fill] * length


def _sources() -> dict[str, Any]:
    functions = {name: getattr(K, name) for name in _FUNCTIONS}
    functions.update((name, getattr(module, name)) for module, name in _SEARCH_FUNCTIONS)
    return functions


PURE = Backend(
    "python",
    _sources(),
    K.BEATERS,
    _list_array,
)

_compiled: Backend | None = None
_tried = False


def sources_digest(paths) -> str:
    """A short digest of the files at ``paths``: it changes whenever one of them changes."""
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as source:
            digest.update(source.read())
    return digest.hexdigest()[:16]


def _cache_dir() -> str:
    """The folder for numba's cache of this very code: beside the sources, or a temporary one."""
    modules = (T, K, *_SEARCH_MODULES)
    name = "numba-" + sources_digest(module.__file__ for module in modules)
    folder = os.path.join(os.path.dirname(K.__file__), "__pycache__", name)
    try:
        os.makedirs(folder, exist_ok=True)
        if os.access(folder, os.W_OK):
            return folder
    except OSError:
        pass
    return os.path.join(tempfile.gettempdir(), "duplicada-" + name)


def _build() -> Backend | None:
    if os.environ.get("DUPLICADA_PURE_PYTHON") == "1":
        return None
    try:
        import numba
        import numpy as np
    except ImportError:
        return None
    # One namespace for all the modules, so that every call between kernel functions reaches
    # the compiled version, and every table is an array.
    namespace: dict[str, Any] = {**vars(K)}
    for module in _SEARCH_MODULES:
        namespace.update(vars(module))
    for name in _TABLES:
        namespace[name] = np.array(getattr(K, name), dtype=np.int64)
    numba.config.CACHE_DIR = _cache_dir()
    functions: dict[str, Any] = {}
    for name, source in _sources().items():
        clone = types.FunctionType(source.__code__, namespace, name, source.__defaults__)
        clone.__module__ = source.__module__
        clone.__qualname__ = source.__qualname__
        functions[name] = namespace[name] = numba.njit(cache=True, nogil=True)(clone)
    beaters = namespace["BEATERS"]

    def array(length: int, fill: int):
        return np.full(length, fill, dtype=np.int64)

    return Backend("numba", functions, beaters, array)


def compiled() -> Backend | None:
    """The numba-compiled backend, or ``None`` when it is unavailable."""
    global _compiled, _tried
    if not _tried:
        _tried = True
        _compiled = _build()
    return _compiled


def fastest() -> Backend:
    """The compiled backend when there is one, else the plain Python one."""
    return compiled() or PURE
