"""A free-deal knockout stage in a full backup (rules.md 11.3), checked before anything is
written: the bracket the settings ask for, each tie's seeds, games that add up to the
tie's winner, and no hands (a game played to a target). What every bracket holds to (a game's winner, a tie's two pairs, its games
numbered in order) is the core's (``scoring.archive.knockout``), checked first. The
bracket's pages and entries trust these (a pair without its seed, or a tie with a game
beyond its best-of, made every later entry a 500), so a file the project could not have
written is refused, naming the row.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from engine.free_deal import knockout as ko
from scoring.archive.errors import refuse
from scoring.archive.knockout import ENTRIES, GAMES, TIES

SIZE = "free_deal_settings[0].knockout_size"


def check_knockout(rows: dict, settings) -> None:
    """The knockout settings the format allows, the bracket they give, and its games."""
    size, best_of = settings.knockout_size, settings.knockout_best_of
    if size not in (0, 2, 4, 8, 16):
        refuse(SIZE, _("the knockout stage has 0 (none), 2, 4, 8 or 16 pairs."))
    if best_of not in (1, 3):
        refuse("free_deal_settings[0].knockout_best_of",
                _("a knockout tie is 1 game or the best of 3."))
    ties = rows[TIES]
    if not ties:
        return  # the stage has not started
    if not size:
        refuse(SIZE, _("the settings ask for no knockout stage, yet the archive has its "
                        "ties."))
    if len(ties) != size - 1:
        refuse(SIZE, _("a bracket of %(size)s pairs has %(needed)s ties; the archive has "
                        "%(count)s ties.") % {"size": size, "needed": size - 1,
                                              "count": len(ties)})
    for i, tie in enumerate(ties):
        _check_place(f"{TIES}[{i}]", tie, size)
        _check_pairs(f"{TIES}[{i}]", tie, size)
    _check_games(rows, best_of)
    _check_no_hands(rows)


def _check_no_hands(rows: dict) -> None:
    """A free-deal knockout game is played to a target (rules.md 11.3): neither a game nor a
    pair's report of one has a number of hands."""
    for key in (GAMES, ENTRIES):
        for i, row in enumerate(rows[key]):
            if row["hands"] is not None:
                refuse(f"{key}[{i}].hands", _("a free-deal knockout game is played to a "
                                               "target: it has no number of hands."))


def _check_place(path: str, tie: dict, size: int) -> None:
    """Knockout round 1 has size/2 ties, each later round half as many, the final one."""
    rounds = size.bit_length() - 1
    if not 1 <= tie["stage"] <= rounds:
        refuse(f"{path}.stage", _("a bracket of %(size)s pairs has knockout rounds 1 to "
                                   "%(rounds)s, not round %(stage)s.")
                % {"size": size, "rounds": rounds, "stage": tie["stage"]})
    ties_in_round = size >> tie["stage"]
    if not 1 <= tie["slot"] <= ties_in_round:
        refuse(f"{path}.slot", _("knockout round %(stage)s has ties 1 to %(ties)s, not tie "
                                  "%(slot)s.")
                % {"stage": tie["stage"], "ties": ties_in_round, "slot": tie["slot"]})


def _check_pairs(path: str, tie: dict, size: int) -> None:
    """Each side is a pair with its seed (its place in the Swiss ranking) or, until the ties
    before it are decided, neither."""
    for side in ("first", "second"):
        pair, seed = tie[f"{side}_id"], tie[f"{side}_seed"]
        if (pair is None) != (seed is None) or (seed is not None and not 1 <= seed <= size):
            refuse(f"{path}.{side}_seed",
                    _("a pair in the bracket has its seed, from 1 to %(size)s, and a seed "
                      "its pair.") % {"size": size})


def _check_games(rows: dict, best_of: int) -> None:
    """A tie's games (numbered in order, by the core's check) are at most its best-of, none
    after the tie was decided; the winner is the one its games give."""
    index = {tie["id"]: i for i, tie in enumerate(rows[TIES])}
    games = defaultdict(list)
    given: dict[int, int | None] = {}  # each tie's winner by its games
    for j, game in enumerate(rows[GAMES]):
        games[game["tie_id"]].append(j)
    for tie_id, numbered in games.items():
        tie = rows[TIES][index[tie_id]]
        numbered.sort(key=lambda j: rows[GAMES][j]["number"])
        winners = []
        for j in numbered:
            game, path = rows[GAMES][j], f"{GAMES}[{j}]"
            if game["number"] > best_of:
                refuse(f"{path}.number", _("a tie is the best of %(best_of)s: it has no game "
                                            "%(number)s.")
                        % {"best_of": best_of, "number": game["number"]})
            winners.append(tie["first_id"] if game["first_points"] > game["second_points"]
                           else tie["second_id"])
            try:
                given[tie_id] = ko.tie_winner(tie["first_id"], tie["second_id"], winners,
                                              best_of)
            except ValueError:
                refuse(path, _("the tie was already decided before this game."))
    for i, tie in enumerate(rows[TIES]):
        if given.get(tie["id"]) != tie["winner_id"]:
            refuse(f"{TIES}[{i}].winner", _("not the winner its games give (a tie is won "
                                             "by its games only)."))
