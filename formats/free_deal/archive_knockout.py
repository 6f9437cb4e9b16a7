"""A free-deal knockout stage in a full backup (rules.md 11.3), checked before anything is
written: the bracket the settings ask for, each tie's pairs and seeds, and games that add up
to the tie's winner. The bracket's pages and entries trust these (a pair without its seed,
or a tie with a game beyond its best-of, made every later entry a 500), so a file the
project could not have written is refused, naming the row.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from engine.free_deal import knockout as ko
from scoring.archive.errors import ArchiveError

TIES = "free_deal_knockout_ties"
GAMES = "free_deal_knockout_games"
ENTRIES, REVIEWS = "free_deal_knockout_entries", "free_deal_knockout_reviews"
SIZE = "free_deal_settings[0].knockout_size"
#: A report's verdict as a file from before its reviews kept it, as a review's.
OLD_VERDICTS = {"pending": None, "confirmed": "confirm", "disputed": "dispute"}


def reviews_from_verdicts(archive: dict) -> None:
    """A file from before the captains' reports joined the results core kept each one's
    verdict on the report (``verdict``, ``reviewed_by``, ``reviewed_at``, ``comment``): a
    confirmed or disputed one becomes a review row by the pair that reviewed it, at that
    time, with its comment (ids after the file's own). Rows of today's shape are left as
    they are; anything malformed is left to the reading, which names it."""
    entries, reviews = archive.get(ENTRIES), archive.get(REVIEWS)
    if not isinstance(entries, list) or not isinstance(reviews, list):
        return
    ids = [row.get("id") for row in reviews if isinstance(row, dict)]
    next_id = max((i for i in ids if type(i) is int), default=0) + 1
    for i, row in enumerate(entries):
        if not isinstance(row, dict) or "verdict" not in row:
            continue
        verdict = row.pop("verdict")
        by, at = row.pop("reviewed_by", None), row.pop("reviewed_at", None)
        comment = row.pop("comment", "")
        if verdict not in OLD_VERDICTS:
            _refuse(f"{ENTRIES}[{i}].verdict", _("expected pending, confirmed or disputed."))
        if OLD_VERDICTS[verdict] is None:
            continue
        reviews.append({"id": next_id, "entry": row.get("id"),
                        "verdict": OLD_VERDICTS[verdict], "comment": comment,
                        "via_pin": False, "by_team": by, "by_director": None,
                        "created_at": at or row.get("created_at"), "ip_address": None,
                        "user_agent": ""})
        next_id += 1


def _refuse(path: str, message: str):
    raise ArchiveError(f"{path}: {message}", path=path)


def check_knockout(rows: dict, settings) -> None:
    """The knockout settings the format allows, the bracket they give, and its games."""
    size, best_of = settings.knockout_size, settings.knockout_best_of
    if size not in (0, 2, 4, 8, 16):
        _refuse(SIZE, _("the knockout stage has 0 (none), 2, 4, 8 or 16 pairs."))
    if best_of not in (1, 3):
        _refuse("free_deal_settings[0].knockout_best_of",
                _("a knockout tie is 1 game or the best of 3."))
    for i, game in enumerate(rows[GAMES]):
        if game["first_points"] == game["second_points"]:
            _refuse(f"{GAMES}[{i}].second_points",
                    _("a knockout game always has a winner, never level points."))
    ties = rows[TIES]
    if not ties:
        return  # the stage has not started
    if not size:
        _refuse(SIZE, _("the settings ask for no knockout stage, yet the archive has its "
                        "ties."))
    if len(ties) != size - 1:
        _refuse(SIZE, _("a bracket of %(size)s pairs has %(needed)s ties; the archive has "
                        "%(count)s ties.") % {"size": size, "needed": size - 1,
                                              "count": len(ties)})
    for i, tie in enumerate(ties):
        _check_place(f"{TIES}[{i}]", tie, size)
        _check_pairs(f"{TIES}[{i}]", tie, size)
    _check_games(rows, best_of)


def _check_place(path: str, tie: dict, size: int) -> None:
    """Knockout round 1 has size/2 ties, each later round half as many, the final one."""
    rounds = size.bit_length() - 1
    if not 1 <= tie["stage"] <= rounds:
        _refuse(f"{path}.stage", _("a bracket of %(size)s pairs has knockout rounds 1 to "
                                   "%(rounds)s, not round %(stage)s.")
                % {"size": size, "rounds": rounds, "stage": tie["stage"]})
    ties_in_round = size >> tie["stage"]
    if not 1 <= tie["slot"] <= ties_in_round:
        _refuse(f"{path}.slot", _("knockout round %(stage)s has ties 1 to %(ties)s, not tie "
                                  "%(slot)s.")
                % {"stage": tie["stage"], "ties": ties_in_round, "slot": tie["slot"]})


def _check_pairs(path: str, tie: dict, size: int) -> None:
    """Each side is a pair with its seed (its place in the Swiss ranking) or, until the ties
    before it are decided, neither; two different pairs; the winner one of them."""
    for side in ("first", "second"):
        pair, seed = tie[f"{side}_id"], tie[f"{side}_seed"]
        if (pair is None) != (seed is None) or (seed is not None and not 1 <= seed <= size):
            _refuse(f"{path}.{side}_seed",
                    _("a pair in the bracket has its seed, from 1 to %(size)s, and a seed "
                      "its pair.") % {"size": size})
    if tie["first_id"] is not None and tie["first_id"] == tie["second_id"]:
        _refuse(f"{path}.second", _("a pair cannot play against itself."))
    if tie["winner_id"] is not None and tie["winner_id"] not in (tie["first_id"],
                                                                 tie["second_id"]):
        _refuse(f"{path}.winner", _("the winner is not one of the tie's two pairs."))


def _check_games(rows: dict, best_of: int) -> None:
    """A tie's games are numbered 1, 2, 3 in order, at most its best-of, played by its two
    pairs, none after the tie was decided; the winner is the one its games give."""
    index = {tie["id"]: i for i, tie in enumerate(rows[TIES])}
    games = defaultdict(list)
    given: dict[int, int | None] = {}  # each tie's winner by its games
    for j, game in enumerate(rows[GAMES]):
        games[game["tie_id"]].append(j)
    for tie_id, numbered in games.items():
        tie = rows[TIES][index[tie_id]]
        numbered.sort(key=lambda j: rows[GAMES][j]["number"])
        winners = []
        for expected, j in enumerate(numbered, start=1):
            game, path = rows[GAMES][j], f"{GAMES}[{j}]"
            if tie["first_id"] is None or tie["second_id"] is None:
                _refuse(f"{path}.tie", _("the tie's pairs are not known yet, so it has no "
                                         "games."))
            if game["number"] > best_of:
                _refuse(f"{path}.number", _("a tie is the best of %(best_of)s: it has no game "
                                            "%(number)s.")
                        % {"best_of": best_of, "number": game["number"]})
            if game["number"] != expected:
                _refuse(f"{path}.number", _("a tie's games are numbered 1, 2, 3 in order; "
                                            "this one should be game %(expected)s.")
                        % {"expected": expected})
            winners.append(tie["first_id"] if game["first_points"] > game["second_points"]
                           else tie["second_id"])
            try:
                given[tie_id] = ko.tie_winner(tie["first_id"], tie["second_id"], winners,
                                              best_of)
            except ValueError:
                _refuse(path, _("the tie was already decided before this game."))
    for i, tie in enumerate(rows[TIES]):
        if given.get(tie["id"]) != tie["winner_id"]:
            _refuse(f"{TIES}[{i}].winner", _("not the winner its games give (a tie is won "
                                             "by its games only)."))
