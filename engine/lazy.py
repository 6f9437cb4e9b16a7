"""Lazy exports for the engine's packages: names resolved from their modules on first use,
so that importing ``engine`` (or ``engine.free_deal``) stays cheap."""

from __future__ import annotations

import importlib


def lazy_exports(package: str, exports: dict[str, list[str]], namespace: dict):
    """``(__getattr__, __dir__, __all__)`` for ``package``, whose public names are the
    ``exports`` (module → names); a name, once looked up, is kept in ``namespace``."""
    module_of = {name: module for module, names in exports.items() for name in names}
    # Importing a submodule sets the package's attribute of that name to the module, so a
    # name exported under a submodule's own name would turn into the module once anything
    # imported the submodule (``from engine.groups import final_ranking`` did).
    clashes = sorted({module.rsplit(".", 1)[-1] for module in exports} & set(module_of))
    if clashes:
        raise ImportError(f"{package}: exported names that are also its modules' names: "
                          f"{', '.join(clashes)}")
    public = sorted(module_of)

    def __getattr__(name: str):
        try:
            module = module_of[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value  # later look-ups skip this function
        return value

    def __dir__() -> list[str]:
        return public

    return __getattr__, __dir__, public
