"""What a kept archive file must bring back, read from the database by the project's own
selectors: the final standings (place, entrant, score as text), a free-deal knockout
bracket, and how many rows of each kind the championship has (rounds, tables, entries...).

The kept ``*.expected.json`` files were written with :func:`reading` before their
championship was exported (``write.py``); ``tests/scoring/test_archive_files_kept.py``
reads the imported championship with it and compares. The counts are named by what they
are, not by model, so that a change in how results are stored changes this module only:
the kept files stay as they were written.
"""

from __future__ import annotations

from formats.abarrotada import evening
from formats.abarrotada import selectors as individual
from formats.abarrotada.models import (
    DealReport,
    GameTotals,
    GameTotalsReview,
    PlayerTable,
    ReportReview,
    SeatAdjustment,
    Seating,
    SeatPinAttempt,
    SitOut,
)
from formats.free_deal import selectors as free_deal
from formats.free_deal.models import PairSection, Section, SectionBye
from formats.groups_knockout.models import Group, GroupPair, GroupSitOut, GroupWalkover
from formats.groups_knockout.standings import group_stage
from scoring import selectors as pairs
from scoring.models import (
    Adjustment,
    GameEntry,
    GameReview,
    KnockoutEntry,
    KnockoutGame,
    KnockoutTie,
    PinAttempt,
    ResultEntry,
    ResultReview,
)
from scoring.selectors.knockout import knockout_bracket
from tournaments.models import AuditEvent, Deal, Round, Table

_IN_ROUND = "round__championship"
_AT_TABLE = "table__round__championship"

#: Each count and the rows it adds up, with the path from the row to its championship.
#: The pairs' and the individual formats' rows of one kind are counted together: a
#: championship has rows of its own format only.
COUNTS = {
    "rounds": [(Round, "championship")],
    "closed_rounds": [(Round, "championship")],  # filtered below
    "tables": [(Table, _IN_ROUND), (PlayerTable, _IN_ROUND)],
    "deals": [(Deal, "championship")],
    "entries": [(ResultEntry, _AT_TABLE), (GameEntry, _AT_TABLE), (DealReport, _AT_TABLE),
                (GameTotals, _AT_TABLE)],
    "director_entries": [(ResultEntry, _AT_TABLE), (GameEntry, _AT_TABLE),
                         (DealReport, _AT_TABLE), (GameTotals, _AT_TABLE)],  # filtered below
    "reviews": [(ResultReview, "entry__" + _AT_TABLE), (GameReview, "entry__" + _AT_TABLE),
                (ReportReview, "report__" + _AT_TABLE),
                (GameTotalsReview, "report__" + _AT_TABLE)],
    "adjustments": [(Adjustment, _AT_TABLE), (SeatAdjustment, _AT_TABLE)],
    "pin_attempts": [(PinAttempt, _AT_TABLE), (SeatPinAttempt, _AT_TABLE)],
    "seatings": [(Seating, _IN_ROUND)],
    "sit_outs": [(SitOut, _IN_ROUND)],
    "sections": [(Section, "championship")],
    "pairs_in_sections": [(PairSection, "team__championship")],
    "section_byes": [(SectionBye, _IN_ROUND)],
    "knockout_ties": [(KnockoutTie, "championship")],
    "knockout_games": [(KnockoutGame, "tie__championship")],
    "knockout_reports": [(KnockoutEntry, "tie__championship")],
    "groups": [(Group, "championship")],
    "pairs_in_groups": [(GroupPair, "championship")],
    "group_sit_outs": [(GroupSitOut, _IN_ROUND)],
    "walkovers": [(GroupWalkover, "group__championship")],
    "audit_events": [(AuditEvent, "championship")],
}
_EXTRA_FILTER = {"closed_rounds": {"status": Round.Status.CLOSED},
                 "director_entries": {"by_director_override": True}}


def counts(championship) -> dict[str, int]:
    """How many rows of each kind (``COUNTS``) the championship has, and its entrants."""
    found = {"entrants": championship.teams.count(),
             "withdrawn": championship.teams.filter(withdrawn=True).count()}
    for name, sources in COUNTS.items():
        extra = _EXTRA_FILTER.get(name, {})
        found[name] = sum(model.objects.filter(**{path: championship}, **extra).count()
                          for model, path in sources)
    return found


def _fraction(value) -> str:
    """A score as exact text: ``"37/2"``, ``"18"``."""
    return str(value)


def standings(championship) -> list[dict]:
    """The final standings as the format's own selector ranks them, best first."""
    key = championship.format
    if key == "duplicate_pairs":
        return [{"place": row.label, "number": row.team.number, "name": row.team.name,
                 "score": _fraction(row.total),
                 "deal_scores": row.deal_score_sum, "tops": row.tops, "deals": row.deals}
                for row in pairs.standings(championship, live=False)]
    if key == "free_deal_pairs":
        return [{"place": line.place, "number": line.team.number, "name": line.team.name,
                 "section": line.section_name, "score": _fraction(line.match_points),
                 "games": line.games, "wins": line.wins, "draws": line.draws,
                 "byes": line.byes, "points": line.points,
                 "point_difference": line.point_difference,
                 "buchholz": _fraction(line.buchholz)}
                for line in free_deal.ranking(championship)]
    if key == "abarrotada":
        return [{"place": str(line.place), "number": line.number, "name": line.name,
                 "score": _fraction(line.total), "deal_scores": line.deal_scores,
                 "tops": line.tops, "deals": line.deals}
                for line in individual.standings(championship)]
    if key == "abarrotada_free":
        return [{"place": str(line.place), "number": line.number, "name": line.name,
                 "score": _fraction(line.total), "games_won": line.games_won,
                 "games": line.games, "sat_out": line.sat_out}
                for line in evening.evening_standings(championship)]
    if key == "groups_knockout":
        return [{"group": view.letter, "place": row.place, "number": row.team.number,
                 "name": row.team.name, "score": _fraction(row.line.match_points),
                 "games": row.line.games, "wins": row.line.wins, "points": row.line.points_for,
                 "points_against": row.line.points_against, "through": row.through}
                for view in group_stage(championship).groups for row in view.rows]
    raise AssertionError(f"no reading for the format {key!r}: add one here and a kept file")


def knockout(championship) -> list[list[dict]]:
    """A free-deal knockout stage, round by round: each tie's pairs (numbers), seeds,
    winner and games."""
    if championship.format != "free_deal_pairs":
        return []

    def number(team):
        return team.number if team is not None else None

    return [[{"stage": tie.stage, "slot": tie.slot, "first": number(tie.first),
              "second": number(tie.second), "first_seed": tie.first_seed,
              "second_seed": tie.second_seed, "winner": number(tie.winner),
              "games": [[game.number, game.first_points, game.second_points]
                        for game in tie.games.all()]}
             for tie in ties] for ties in knockout_bracket(championship)]


def reading(championship) -> dict:
    """Everything an import of the championship's file must give back, as plain JSON."""
    championship.refresh_from_db()
    return {
        "format": championship.format,
        "name": championship.name,
        "status": championship.status,
        "results_public": championship.results_public,
        "standings": standings(championship),
        "knockout": knockout(championship),
        "counts": counts(championship),
    }
