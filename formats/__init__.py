"""Championship formats: how each kind of championship is played, in one place (rules.md).

A championship has a **format**, chosen first and fixed once round 1 is released. The format
answers what an entrant is, what a table reports and how it is checked, how results become
a ranking, and how a round is paired. Pages, the API, the exports and the archive ask the
championship's format (:func:`format_of`); they do not branch on its name.

One module per format, each a :class:`~formats.base.Format`:

- ``formats.duplicate_pairs``: duplicate pairs (rules.md 6 and 7), the official
  championship. Its code is the original Duplicada: results per deal in ``scoring``,
  rounds and deals in ``tournaments``; the format object only points at it.
- ``formats.free_deal``: free-deal pairs, Swiss (rules.md 11), the club tournament: a Django
  app (settings, games, confirmations, ranking, pages). Its pure rules (a game, the ranking,
  the pairing, the knockout) are ``engine.free_deal``.

- ``formats.abarrotada``: individual championships (*abarrotada*, rules.md 10): players,
  not pairs, four (or three) a table, scored by seat. Its pure rules are
  ``engine.abarrotada``.
"""

from formats.registry import (
    ABARROTADA,
    DUPLICATE_PAIRS,
    FORMATS,
    FREE_DEAL_PAIRS,
    format_choices,
    format_of,
)

__all__ = ["ABARROTADA", "DUPLICATE_PAIRS", "FORMATS", "FREE_DEAL_PAIRS", "format_choices", "format_of"]
