"""Championship formats: how each kind of championship is played, in one place (rules.md).

A championship has a **format**, chosen first and fixed once round 1 is released. The format
answers what an entrant is, what a table reports and how it is checked, how results become
a ranking, and how a round is paired. Pages, the API, the exports and the archive ask the
championship's format (:func:`format_of`); they do not branch on its name.

One package (or module) per format, each a :class:`~formats.base.Format` registered by its
app when Django is ready (``formats.registry``); the core never imports a format:

- ``formats.duplicate_pairs``: duplicate pairs (rules.md 6 and 7), the official
  championship, a Django app: a deal's result entry, the captain's page and actions, the
  director's grid and cell, their API. Its models, and what every format uses, are the
  core's (``scoring``, ``tournaments``).
- ``formats.free_deal``: free-deal pairs, Swiss (rules.md 11), the club tournament: a Django
  app (settings, games, confirmations, ranking, pages). Its pure rules (a game, the ranking,
  the pairing, the knockout) are ``engine.free_deal``.

- ``formats.abarrotada``: individual championships (*abarrotada*, rules.md 10): players,
  not pairs, four (or three) a table, scored by seat. Its pure rules are
  ``engine.abarrotada``. Its free-deal evening (rules.md 10.4, game totals instead of
  deals) is the sibling format ``abarrotada_free`` in the same package.
- ``formats.groups_knockout``: groups then knockout (rules.md 12), the fair's open
  championship: a Django app (settings, groups, the group rounds, the groups page and
  sheets, the group games, standings and who goes through, the knockout on the core's
  bracket). Its pure rules are ``engine.groups``.
"""

from formats.registry import (
    FORMATS,
    NAMED,
    format_choices,
    format_of,
    named,
    offered_formats,
    register,
)


def __getattr__(name: str):
    # DUPLICATE_PAIRS, FREE_DEAL_PAIRS, ABARROTADA, ABARROTADA_FREE, GROUPS_KNOCKOUT: each
    # format's object, registered by its app once Django is ready (``formats.registry``).
    if name in NAMED:
        return named(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ABARROTADA", "ABARROTADA_FREE", "DUPLICATE_PAIRS", "FORMATS", "FREE_DEAL_PAIRS",
           "GROUPS_KNOCKOUT", "format_choices", "format_of", "offered_formats", "register"]
