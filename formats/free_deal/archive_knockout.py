"""A free-deal knockout stage in a full backup (rules.md 11.3), checked before anything is
written: the knockout settings the format allows, the bracket they give (the core's check of
a drawn bracket, ``scoring.archive.knockout.check_drawn_bracket``: its ties, seeds and games),
and no hands (a game played to a target). What every bracket holds to (a game's winner, a
tie's two pairs, its games numbered in order) is the core's too, checked first. The
bracket's pages and entries trust these (a pair without its seed, or a tie with a game
beyond its best-of, made every later entry a 500), so a file the project could not have
written is refused, naming the row.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.archive.errors import refuse
from scoring.archive.knockout import ENTRIES, GAMES, TIES, ArchivedBracket, check_drawn_bracket

SIZE = "free_deal_settings[0].knockout_size"


def check_knockout(rows: dict, settings) -> None:
    """The knockout settings the format allows, the bracket they give, and its games."""
    size, best_of = settings.knockout_size, settings.knockout_best_of
    if size not in (0, 2, 4, 8, 16):
        refuse(SIZE, _("the knockout stage has 0 (none), 2, 4, 8 or 16 pairs."))
    if best_of not in (1, 3):
        refuse("free_deal_settings[0].knockout_best_of",
                _("a knockout tie is 1 game or the best of 3."))
    if not rows[TIES]:
        return  # the stage has not started
    if not size:
        refuse(SIZE, _("the settings ask for no knockout stage, yet the archive has its "
                        "ties."))
    # The top ``size`` pairs of the Swiss ranking, seeded 1 v size as drawn: no byes, no
    # third-place game, a tie won by its games only (rules.md 11.3).
    check_drawn_bracket(rows, ArchivedBracket(size, best_of, SIZE))
    for i, tie in enumerate(rows[TIES]):
        if tie["stage"] == 1 and (tie["first_id"] is None or tie["second_id"] is None):
            refuse(f"{TIES}[{i}].second", _("a free-deal bracket has no byes: the top "
                                             "%(size)s pairs of the ranking play it.")
                   % {"size": size})
    _check_no_hands(rows)


def _check_no_hands(rows: dict) -> None:
    """A free-deal knockout game is played to a target (rules.md 11.3): neither a game nor a
    pair's report of one has a number of hands."""
    for key in (GAMES, ENTRIES):
        for i, row in enumerate(rows[key]):
            if row["hands"] is not None:
                refuse(f"{key}[{i}].hands", _("a free-deal knockout game is played to a "
                                               "target: it has no number of hands."))
