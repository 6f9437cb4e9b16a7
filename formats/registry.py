"""The formats by key, and the format of a championship.

The registry knows no format: each registers its object when Django readies its app
(``formats.duplicate_pairs``, ``formats.free_deal``, ``formats.abarrotada`` and
``formats.groups_knockout`` in their ``AppConfig.ready``). The apps are readied in
``INSTALLED_APPS`` order (duplicate_pairs, free_deal, abarrotada, groups_knockout), which is
the order of
:data:`FORMATS`: the format picker's, and the order every loop over the formats keeps.
"""

from __future__ import annotations

from django.core.exceptions import AppRegistryNotReady

from formats.base import Format

#: Every format by key, in the order registered (filled as the apps are readied).
FORMATS: dict[str, Format] = {}

#: The names under which the rest of Duplicada reaches one format's object; each is the
#: format's key in capitals (``formats.FREE_DEAL_PAIRS`` is ``FORMATS["free_deal_pairs"]``).
NAMED = ("DUPLICATE_PAIRS", "FREE_DEAL_PAIRS", "ABARROTADA", "ABARROTADA_FREE",
         "GROUPS_KNOCKOUT")


def register(fmt: Format) -> None:
    """Add ``fmt`` to :data:`FORMATS` (an app's ``ready`` calls this once per format)."""
    if fmt.key in FORMATS:
        raise ValueError(f"format {fmt.key!r} is registered twice")
    FORMATS[fmt.key] = fmt


def named(name: str) -> Format:
    """The format of one of the :data:`NAMED` names, once its app has registered it."""
    try:
        return FORMATS[name.lower()]
    except KeyError:
        raise AppRegistryNotReady(
            f"format {name.lower()!r} is not registered yet: the apps are not ready") from None


def __getattr__(name: str) -> Format:
    # DUPLICATE_PAIRS, FREE_DEAL_PAIRS...: looked up when used, since the formats register
    # themselves only once Django has loaded every app.
    if name in NAMED:
        return named(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def format_of(championship) -> Format:
    """The championship's format (an unknown key is a programming error, not user input:
    the database constraint admits only the keys above)."""
    return FORMATS[championship.format]


def offered_formats() -> list[Format]:
    """The formats a director may create a championship of (``Format.offered``), in the
    order of :data:`FORMATS`: the new-championship picker's."""
    return [fmt for fmt in FORMATS.values() if fmt.offered]


def format_choices() -> list[tuple[str, object]]:
    """``(key, label)`` of every offered format, in the picker's order (the API's choices
    when creating a championship)."""
    return [(fmt.key, fmt.label) for fmt in offered_formats()]
