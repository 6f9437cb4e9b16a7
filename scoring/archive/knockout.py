"""A knockout bracket in a full backup (rules.md 11.3, 12.4): the core's rows, whichever
format drew the bracket (free-deal pairs, groups then knockout). The lists keep the keys the
free-deal format gave them when the bracket was its own, so every backup made since still
imports.

- :data:`TABLES`: the ties, their games, the captains' reports of a game and the other
  pair's verdicts, after the core's other rows;
- :func:`reviews_from_verdicts`: a file from before the reports joined the results core;
- :func:`check_bracket`: what every bracket holds to, checked before anything is written
  (a game always has a winner, a tie is between two different pairs and won by one of
  them, its games numbered 1, 2, 3 and played once its pairs are known). What a format's
  settings ask of its bracket (its size, seeds and best-of) is the format's
  (``Format.check_archive``). Each refusal names the row.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from scoring.archive.errors import refuse
from scoring.archive.specs import PROVENANCE, USER, TableSpec
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutReview, KnockoutTie

TIES = "free_deal_knockout_ties"
GAMES = "free_deal_knockout_games"
ENTRIES, REVIEWS = "free_deal_knockout_entries", "free_deal_knockout_reviews"
KEYS = (TIES, GAMES, ENTRIES, REVIEWS)

TABLES: tuple[TableSpec, ...] = (
    TableSpec(TIES, KnockoutTie,
              ("id", "stage", "slot", "first", "second", "first_seed", "second_seed", "winner"),
              {"first": "teams", "second": "teams", "winner": "teams"}),
    TableSpec(GAMES, KnockoutGame,
              ("id", "tie", "number", "first_points", "second_points", "hands", *PROVENANCE),
              {"tie": TIES, "by_team": "teams", "by_director": USER}),
    # A captain's report of a knockout game (the game it made, once confirmed), and the
    # other pair's confirmation or dispute of it.
    TableSpec(ENTRIES, KnockoutEntry,
              ("id", "tie", "number", "first_points", "second_points", "hands", "game",
               "by_director_override", "idempotency_key", "note", *PROVENANCE),
              {"tie": TIES, "game": GAMES, "by_team": "teams", "by_director": USER}),
    TableSpec(REVIEWS, KnockoutReview,
              ("id", "entry", "verdict", "comment", "via_pin", *PROVENANCE),
              {"entry": ENTRIES, "by_team": "teams", "by_director": USER},
              championship_lookup="entry__tie__championship"),
)
#: Fields of a game or a report added within version 2, with the value a file from before
#: them means (``hands``: none recorded, as for a game played to a target).
OPTIONAL_ROW_FIELDS = {GAMES: {"hands": None},
                       ENTRIES: {"idempotency_key": None, "by_director_override": False,
                                 "note": "", "hands": None}}
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
            refuse(f"{ENTRIES}[{i}].verdict", _("expected pending, confirmed or disputed."))
        if OLD_VERDICTS[verdict] is None:
            continue
        reviews.append({"id": next_id, "entry": row.get("id"),
                        "verdict": OLD_VERDICTS[verdict], "comment": comment,
                        "via_pin": False, "by_team": by, "by_director": None,
                        "created_at": at or row.get("created_at"), "ip_address": None,
                        "user_agent": ""})
        next_id += 1


def check_bracket(rows: dict) -> None:
    """What every bracket holds to, whatever its format (see the module's docstring)."""
    for i, game in enumerate(rows[GAMES]):
        if game["first_points"] == game["second_points"]:
            refuse(f"{GAMES}[{i}].second_points",
                   _("a knockout game always has a winner, never level points."))
    for i, tie in enumerate(rows[TIES]):
        path = f"{TIES}[{i}]"
        if tie["first_id"] is not None and tie["first_id"] == tie["second_id"]:
            refuse(f"{path}.second", _("a pair cannot play against itself."))
        if tie["winner_id"] is not None and tie["winner_id"] not in (tie["first_id"],
                                                                    tie["second_id"]):
            refuse(f"{path}.winner", _("the winner is not one of the tie's two pairs."))
    _check_numbers(rows)


def _check_numbers(rows: dict) -> None:
    """A tie's games are played once both its pairs are known, numbered 1, 2, 3 in order."""
    ties = {tie["id"]: tie for tie in rows[TIES]}
    games = defaultdict(list)
    for j, game in enumerate(rows[GAMES]):
        games[game["tie_id"]].append(j)
    for tie_id, numbered in games.items():
        tie = ties[tie_id]
        numbered.sort(key=lambda j: rows[GAMES][j]["number"])
        for expected, j in enumerate(numbered, start=1):
            path = f"{GAMES}[{j}]"
            if tie["first_id"] is None or tie["second_id"] is None:
                refuse(f"{path}.tie", _("the tie's pairs are not known yet, so it has no "
                                        "games."))
            if rows[GAMES][j]["number"] != expected:
                refuse(f"{path}.number", _("a tie's games are numbered 1, 2, 3 in order; "
                                           "this one should be game %(expected)s.")
                       % {"expected": expected})
