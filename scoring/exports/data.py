"""Where an export stands, and the championship's days as every sheet prints them.

Exports count closed rounds only (up to the round the scope stands after), as the public
pages do; what each format's files show is read by its own exports (duplicate pairs':
``formats.duplicate_pairs.exports.data``).
"""

from __future__ import annotations

from django.utils.formats import date_format

from scoring.selectors import RankingScope, ScopeError
from scoring.selectors.scope import ranking_scope
from tournaments.models import Championship

__all__ = ["RankingScope", "ScopeError", "dates", "export_scope"]


def export_scope(championship: Championship, after: int | str | None = None) -> RankingScope:
    """The scope of an export: closed rounds only, up to ``after`` when given."""
    return ranking_scope(championship, live=False, after=after)


def dates(championship: Championship) -> str:
    """The championship's days in the reader's language ("" when not set)."""
    days = [d for d in (championship.starts_on, championship.ends_on) if d]
    if not days:
        return ""
    if len(days) == 2 and days[0] != days[1]:
        return f"{date_format(days[0])} – {date_format(days[1])}"
    return date_format(days[0])
