"""The compiled search's cache follows every source it is built from (engine._backend)."""

from __future__ import annotations

import os

from engine import _backend


def test_digest_changes_when_any_file_changes(tmp_path):
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("x = 1\n")
    second.write_text("y = 2\n")
    before = _backend.sources_digest([first, second])
    assert _backend.sources_digest([first, second]) == before
    # A change in a callee's file alone must move the cache: numba would not notice it.
    second.write_text("y = 3\n")
    assert _backend.sources_digest([first, second]) != before


def test_cache_folder_is_named_after_every_compiled_source():
    folder = os.path.basename(_backend._cache_dir())
    paths = [m.__file__ for m in (_backend.T, _backend.K, *_backend._SEARCH_MODULES)]
    assert folder.endswith("numba-" + _backend.sources_digest(paths))
    names = {os.path.basename(p) for p in paths}
    assert {"_kernel.py", "_search.py", "_ordering.py", "_bounds.py", "_transpositions.py"} <= names
