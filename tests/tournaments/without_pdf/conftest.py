"""Run by ``tests/tournaments/test_print_without_pdf.py`` in a process of its own, where
WeasyPrint cannot be imported, as on a laptop without its system libraries. In the main run
these tests are not collected: the library is there."""

from __future__ import annotations

import importlib.abc
import os
import sys

WITHOUT_PDF = os.environ.get("DUPLICADA_TEST_WITHOUT_PDF") == "1"

if not WITHOUT_PDF:
    collect_ignore_glob = ["test_*.py"]
else:

    class _NoPangoHere(importlib.abc.MetaPathFinder):
        """Importing WeasyPrint fails the way it does without Pango (an ``OSError`` from
        cffi's ``dlopen``)."""

        def find_spec(self, name, path=None, target=None):
            if name == "weasyprint" or name.startswith("weasyprint."):
                raise OSError("cannot load library 'libpango-1.0-0': error 0x7e "
                              "(made unavailable by the test)")
            return None

    for loaded in [name for name in sys.modules if name.split(".")[0] == "weasyprint"]:
        del sys.modules[loaded]
    sys.meta_path.insert(0, _NoPangoHere())
