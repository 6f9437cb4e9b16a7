"""The formats by key, and the format of a championship."""

from __future__ import annotations

from formats.abarrotada.format import Abarrotada
from formats.base import Format
from formats.duplicate_pairs import DuplicatePairs
from formats.free_deal.format import FreeDealPairs

DUPLICATE_PAIRS = DuplicatePairs()
FREE_DEAL_PAIRS = FreeDealPairs()
ABARROTADA = Abarrotada()

FORMATS: dict[str, Format] = {fmt.key: fmt for fmt in (DUPLICATE_PAIRS, FREE_DEAL_PAIRS, ABARROTADA)}


def format_of(championship) -> Format:
    """The championship's format (an unknown key is a programming error, not user input:
    the database constraint admits only the keys above)."""
    return FORMATS[championship.format]


def format_choices() -> list[tuple[str, object]]:
    return [(fmt.key, fmt.label) for fmt in FORMATS.values()]
