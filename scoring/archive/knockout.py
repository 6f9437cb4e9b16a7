"""A knockout bracket in a full backup (rules.md 11.3, 12.4): the core's rows, whichever
format drew the bracket (free-deal pairs, groups then knockout). The lists keep the keys the
free-deal format gave them when the bracket was its own, so every backup made since still
imports.

- :data:`TABLES`: the ties, their games, the captains' reports of a game and the other
  pair's verdicts, after the core's other rows;
- :func:`reviews_from_verdicts`: a file from before the reports joined the results core;
- :func:`check_bracket`: what every bracket holds to, checked before anything is written
  (a game always has a winner, a tie is between two different pairs and won by one of
  them, its games numbered 1, 2, 3 and played once its pairs are known), once the file's
  format is known to have a bracket at all (``rules.check_rules``);
- :func:`check_drawn_bracket`: the bracket its settings ask for, which
  every format's ``Format.check_archive`` asks with the values of its own settings row
  (:class:`ArchivedBracket`: its size, best-of, third-place game, whether pairs may have
  changed places in the first round and whether a tie may be won without its games).

Each refusal names the row.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.free_deal import knockout as ko
from scoring.archive.errors import refuse
from scoring.archive.specs import PROVENANCE, USER, TableSpec
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutReview, KnockoutTie
from scoring.services.knockout_settle import THIRD_PLACE_SLOT

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


@dataclass(frozen=True)
class ArchivedBracket:
    """What a format's settings row in the file asks of its bracket (the format reads it:
    ``Format.check_archive``)."""

    #: The pairs the bracket holds (B): a power of two from 2.
    size: int
    #: How many games a tie is the best of: 1 or 3 (``Format.knockout_best_of``).
    best_of: int
    #: The settings field a wrong number of ties is refused at.
    size_path: str
    #: Whether the losing semi-finalists play for third place (a tie after the final).
    third_place: bool = False
    #: Whether each first-round tie is exactly seed s v seed B + 1 - s (the standard
    #: bracket); else pairs may have changed places in it, each keeping its seed (the
    #: groups' same-group separation and the director's swap, rules.md 12.3), and only each
    #: tie's number of pairs, and so its byes, is the standard bracket's.
    seeds_as_drawn: bool = True
    #: Whether a tie may be won without its games deciding it (a withdrawn pair's opponent
    #: goes through: ``Format.knockout_walkovers``).
    walkovers: bool = False


def check_drawn_bracket(rows: dict, bracket: ArchivedBracket) -> None:
    """The bracket ``bracket``'s settings ask for (rules.md 11.3, 12.3), its ties already
    through :func:`check_bracket`: every tie of it once (round 1 has B/2 ties, each later
    round half as many, the third-place tie only if the settings have one); the seeds
    1, 2, 3... each once in the first round, the missing ones the lowest (their pairs'
    opponents have byes and go through at once), each later pair the winner of a tie
    before it with the seed it had there; at most best-of games a tie, none after it was
    decided, and its winner the one its games give."""
    ties = rows[TIES]
    if not ties:
        return  # the stage has not started
    size = bracket.size
    rounds = size.bit_length() - 1
    third = bracket.third_place and rounds >= 2
    needed = size - 1 + third
    if len(ties) != needed:
        refuse(bracket.size_path,
               _("a bracket of %(size)s pairs has %(needed)s ties; the archive has "
                 "%(count)s ties.") % {"size": size, "needed": needed, "count": len(ties)})
    for i, tie in enumerate(ties):
        _check_place(f"{TIES}[{i}]", tie, size, third)
        _check_seeds(f"{TIES}[{i}]", tie, size)
    at = {(tie["stage"], tie["slot"]): (i, tie) for i, tie in enumerate(ties)}
    _check_first_round(at, size, bracket.seeds_as_drawn)
    _check_games(rows, bracket)
    _check_later_rounds(at, rounds, third)


def _check_place(path: str, tie: dict, size: int, third: bool) -> None:
    """Knockout round 1 has size/2 ties, each later round half as many, the final one (and
    the third-place tie beside it, when the settings have one)."""
    rounds = size.bit_length() - 1
    if not 1 <= tie["stage"] <= rounds:
        refuse(f"{path}.stage", _("a bracket of %(size)s pairs has knockout rounds 1 to "
                                  "%(rounds)s, not round %(stage)s.")
               % {"size": size, "rounds": rounds, "stage": tie["stage"]})
    if third and (tie["stage"], tie["slot"]) == (rounds, THIRD_PLACE_SLOT):
        return
    ties_in_round = size >> tie["stage"]
    if not 1 <= tie["slot"] <= ties_in_round:
        refuse(f"{path}.slot", _("knockout round %(stage)s has ties 1 to %(ties)s, not tie "
                                 "%(slot)s.")
               % {"stage": tie["stage"], "ties": ties_in_round, "slot": tie["slot"]})


def _check_seeds(path: str, tie: dict, size: int) -> None:
    """Each side is a pair with its seed or, until the ties before it are decided (or for a
    bye), neither; once both are known, the better seed is the first pair."""
    for side in ("first", "second"):
        pair, seed = tie[f"{side}_id"], tie[f"{side}_seed"]
        if (pair is None) != (seed is None) or (seed is not None and not 1 <= seed <= size):
            refuse(f"{path}.{side}_seed",
                   _("a pair in the bracket has its seed, from 1 to %(size)s, and a seed "
                     "its pair.") % {"size": size})
    if None not in (tie["first_seed"], tie["second_seed"]) and (
            tie["first_seed"] >= tie["second_seed"]):
        refuse(f"{path}.second_seed", _("the better seed (the smaller number) is the tie's "
                                        "first pair."))


def _check_first_round(at: dict, size: int, seeds_as_drawn: bool) -> None:
    """The first round holds seeds 1 to n once each (n pairs went through, the missing
    seeds the lowest), each pair once, tie k between the standard bracket's seeds
    (``engine.free_deal.knockout.seed_order``) or, where pairs may have changed places,
    with as many pairs as those seeds: a seed with no pair is a bye for its opponent,
    who goes through at once."""
    first_round = [at[(1, slot)] for slot in range(1, size // 2 + 1)]
    placed = [(tie[f"{side}_seed"], tie[f"{side}_id"], i, side)
              for i, tie in first_round for side in ("first", "second")
              if tie[f"{side}_id"] is not None]
    seeds, pairs = set(), set()
    for seed, pair, i, side in sorted(placed):
        if seed in seeds or pair in pairs:
            refuse(f"{TIES}[{i}].{side}", _("each pair and each seed is once in the "
                                            "bracket's first round."))
        if seed != len(seeds) + 1:
            refuse(f"{TIES}[{i}].{side}_seed",
                   _("the first round's seeds are 1, 2, 3... with none missing; seed "
                     "%(missing)s is missing.") % {"missing": len(seeds) + 1})
        seeds.add(seed)
        pairs.add(pair)
    order = ko.seed_order(size)
    for k, (i, tie) in enumerate(first_round):
        drawn = sorted(seed for seed in order[2 * k:2 * k + 2] if seed <= len(seeds))
        held = [seed for seed in (tie["first_seed"], tie["second_seed"]) if seed is not None]
        standard = {"slot": k + 1, "top": order[2 * k], "bottom": order[2 * k + 1]}
        if seeds_as_drawn and held != drawn:
            refuse(f"{TIES}[{i}].first_seed",
                   _("knockout round 1's tie %(slot)s is seed %(top)s against seed "
                     "%(bottom)s (the standard bracket; a missing seed is a bye).")
                   % standard)
        if len(held) != len(drawn):
            refuse(f"{TIES}[{i}].first_seed",
                   ngettext("knockout round 1's tie %(slot)s has %(needed)s pair, not "
                            "%(count)s: seeds %(top)s and %(bottom)s of the standard "
                            "bracket, a missing seed being a bye.",
                            "knockout round 1's tie %(slot)s has %(needed)s pairs, not "
                            "%(count)s: seeds %(top)s and %(bottom)s of the standard "
                            "bracket, a missing seed being a bye.", len(drawn))
                   % {**standard, "needed": len(drawn), "count": len(held)})
        if len(held) == 1 and tie["winner_id"] != (tie["first_id"] or tie["second_id"]):
            refuse(f"{TIES}[{i}].winner", _("a pair without an opponent in the first round "
                                            "has a bye: it wins the tie at once."))


def _check_later_rounds(at: dict, rounds: int, third: bool) -> None:
    """A later tie's pairs are the winners of the two ties before it, each with the seed it
    had there; the third-place tie's, the losers of the semi-finals."""
    for stage in range(2, rounds + 1):
        for slot in range(1, (1 << (rounds - stage)) + 1):
            i, tie = at[(stage, slot)]
            before = [at[(stage - 1, 2 * slot - 1)][1], at[(stage - 1, 2 * slot)][1]]
            went_on = {t["winner_id"]: _seed_of(t, t["winner_id"]) for t in before
                       if t["winner_id"] is not None}
            _check_entrants(f"{TIES}[{i}]", tie, went_on,
                            _("the pair did not win a tie before this one."))
    if third:
        i, tie = at[(rounds, THIRD_PLACE_SLOT)]
        semis = [at[(rounds - 1, slot)][1] for slot in (1, 2)]
        lost = {loser: _seed_of(t, loser) for t in semis if t["winner_id"] is not None
                for loser in (t["first_id"], t["second_id"])
                if loser is not None and loser != t["winner_id"]}
        _check_entrants(f"{TIES}[{i}]", tie, lost,
                        _("the third-place tie is between the semi-finals' losers."))


def _seed_of(tie: dict, pair) -> int | None:
    return tie["first_seed"] if pair == tie["first_id"] else tie["second_seed"]


def _check_entrants(path: str, tie: dict, allowed: dict, message: str) -> None:
    for side in ("first", "second"):
        pair = tie[f"{side}_id"]
        if pair is not None and allowed.get(pair, -1) != tie[f"{side}_seed"]:
            refuse(f"{path}.{side}", message)


def _check_games(rows: dict, bracket: ArchivedBracket) -> None:
    """A tie's games (numbered in order, by :func:`check_bracket`) are at most its best-of,
    none after the tie was decided; the winner is the one its games give. Where a tie may be
    won without its games (``walkovers``), its games have not decided it and its winner is one
    of its pairs (the other withdrew, and may have come back since: the tie stands)."""
    best_of = bracket.best_of
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
        by_games = given.get(tie["id"])
        if by_games == tie["winner_id"]:
            continue
        pairs = {tie["first_id"], tie["second_id"]} - {None}
        if by_games is None and len(pairs) < 2 and (tie["stage"] == 1 or bracket.walkovers):
            continue  # a bye (checked with the first round), or nobody came from before
        if by_games is None and bracket.walkovers and tie["winner_id"] in pairs:
            # Won without its games deciding it: the other pair withdrew, before any game or
            # between two games of a best of three. It may have been reinstated since (the
            # tie stays lost, rules.md 12.4), so the file need not show it withdrawn.
            continue
        refuse(f"{TIES}[{i}].winner", _("not the winner its games give (a tie is won "
                                        "by its games only)."))
