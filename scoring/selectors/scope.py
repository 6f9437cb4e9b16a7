"""Where a ranking stands: which rounds it covers, and how pages and exports say so.

One selector, :func:`ranking_scope`, used by the standings page, the projector and every
export:

- the public (and every export) counts **closed rounds**: "after round N of M", where N is
  the last closed round and M the rounds the championship plays; once the championship is
  finished and its last round counted, "Final ranking";
- anyone may ask for the ranking "after round N" of any closed round N (``?after=N``):
  it counts the closed rounds up to N, through the same standings selector;
- a director's standings page without ``?after`` is live: rounds still being played count
  too, and the label says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import Championship, Round


class ScopeError(ValueError):
    """A ranking asked for a round it cannot stand after (the message names it)."""


@dataclass(frozen=True)
class RankingScope:
    championship: Championship
    live: bool  # rounds in play count (a director's live view)
    up_to: int | None  # the last round counted; None: every scored round
    last_closed: int  # the last closed round (0: none yet)
    total_rounds: int  # M: the rounds the championship plays (0: not known yet)
    closed_rounds: tuple[int, ...]  # the rounds one may stand after, in order
    in_play: tuple[int, ...]  # released rounds, counted only when live
    final: bool

    @property
    def after(self) -> int:
        """N of "after round N": the last closed round counted."""
        if self.up_to is None:
            return self.last_closed
        return max((n for n in self.closed_rounds if n <= self.up_to), default=0)

    @property
    def chosen(self) -> bool:
        """Whether the reader chose an earlier round than the last closed one."""
        return self.up_to is not None and self.up_to < self.last_closed

    @property
    def label(self) -> str:
        """What the ranking covers, in the reader's language."""
        if self.final:
            return _("Final ranking")
        if self.live and self.in_play:
            return _("Live: closed rounds and round %(rounds)s in play") % {
                "rounds": ", ".join(str(n) for n in self.in_play)
            }
        if self.after == 0:
            return _("No round closed yet")
        if self.total_rounds:
            return _("After round %(number)s of %(total)s") % {
                "number": self.after, "total": self.total_rounds,
            }
        return _("After round %(number)s") % {"number": self.after}

    @property
    def file_label(self) -> str:
        """The scope in a file's name, in the reader's language: "final", "after round 3"
        (``file_suffix`` is the same in words that never change, for keys)."""
        if self.final:
            return pgettext("file name", "final")
        if self.live and self.in_play:
            return pgettext("file name", "live")
        return pgettext("file name", "after round %(number)s") % {"number": self.after}

    @property
    def file_suffix(self) -> str:
        """A part of an export's file name: ``final``, ``after-round-3``, ``live``."""
        if self.final:
            return "final"
        if self.live and self.in_play:
            return "live"
        return f"after-round-{self.after}"


def total_rounds(championship: Championship, generated: int) -> int:
    """M: a Swiss championship plays the rounds its format pairs (``Format.rounds_to_pair``:
    the planned rounds, or the format's own schedule, as the group stage's); a round robin
    its schedule."""
    from formats import format_of  # late: the formats import the core

    if not championship.is_swiss:
        return championship.rounds_planned or generated
    return format_of(championship).rounds_to_pair(championship) or generated


def ranking_scope(championship: Championship, *, live: bool = False,
                  after: int | str | None = None) -> RankingScope:
    """The scope of a ranking of ``championship``; ``after`` (a round number, or text from a
    request) chooses an earlier closed round. One query. Raises :class:`ScopeError` when
    ``after`` is not a closed round."""
    rounds = list(championship.rounds.values_list("number", "status"))
    closed = tuple(sorted(n for n, status in rounds if status == Round.Status.CLOSED))
    in_play = tuple(sorted(n for n, status in rounds if status == Round.Status.RELEASED))
    last_closed = closed[-1] if closed else 0
    up_to = None
    if after not in (None, ""):
        try:
            up_to = int(after)
        except (TypeError, ValueError):
            raise ScopeError(_("after: “%(value)s” is not a round number.") % {"value": after}
                             ) from None
        if up_to not in closed:
            raise ScopeError(
                _("after: round %(number)s is not a closed round.") % {"number": up_to}
            )
        live = False  # a chosen round stands as the public sees it
    if up_to == last_closed:
        up_to = None
    total = total_rounds(championship, len(rounds))
    finished = championship.status == Championship.Status.FINISHED
    final = finished and up_to is None and not (live and in_play)
    return RankingScope(
        championship=championship,
        live=live,
        up_to=up_to,
        last_closed=last_closed,
        total_rounds=total,
        closed_rounds=closed,
        in_play=in_play if live else (),
        final=final,
    )
