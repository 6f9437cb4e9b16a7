"""A pair's scorecard in a free-deal event (rules.md 11): each closed round's game or bye of
the pair and its line of the ranking. Read from the ranking's own rows
(``selectors.ranking_read``): the games and byes it lists are those the standings count,
read once, and its totals are the standings' line, not a sum of its own."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from formats.free_deal import rules, selectors
from scoring.models import GameEntry
from tournaments.models import Championship, Team


@dataclass(frozen=True)
class CardRow:
    """One round of the pair: its game (``opponent`` set) or its bye (``bye`` names it)."""

    round_number: int
    table_number: int | None
    opponent: Team | None
    points_for: int
    points_against: int
    match_points: Fraction
    ended_by: str = ""  # how the game ended, in the reader's language
    bye: str = ""  # "Bye" or "Section bye", in the reader's language


@dataclass(frozen=True)
class PairCard:
    """The pair's line of the ranking (``None`` only for a pair of no ranking), its section's
    name and one row per round it played or had a bye in, round 1 first."""

    line: object | None
    rows: list[CardRow]
    settings: object


def pair_card(championship: Championship, team: Team, *, up_to: int) -> PairCard:
    """The scorecard of ``team`` after round ``up_to`` (the last closed round for the public;
    0: none yet). Five queries, whatever the number of pairs."""
    read = selectors.ranking_read(championship, up_to=up_to)
    lines = [line for part in selectors.section_rankings(championship, read=read)
             for line in part.lines]
    line = next((line for line in lines if line.pair_id == team.pk), None)
    pairs = {pair.pk: pair for pair in read.pairs}
    scheme = rules.ranking_settings(read.settings).match_points
    endings = dict(GameEntry.EndedBy.choices)
    rows = []
    for game in read.games:
        if team.pk not in (game.first_id, game.second_id):
            continue
        first = game.first_id == team.pk
        own, other = ((game.first_points, game.second_points) if first
                      else (game.second_points, game.first_points))
        rows.append(CardRow(
            game.round_number, game.table_number,
            pairs.get(game.second_id if first else game.first_id), own, other,
            scheme.for_game(own, other), ended_by=str(endings.get(game.ended_by, ""))))
    # A bye scores as the ranking scores it (engine.free_deal.Bye): a win, with the points
    # and difference of the settings. With sections, a pair's bye is its section's.
    bye = rules.bye_of(read.settings, team.pk)
    in_section = getattr(pairs.get(team.pk), "section_pk", None) is not None
    label = _("Section bye") if in_section else _("Bye")
    rows.extend(
        CardRow(number, None, None, bye.points, bye.points_against, scheme.win, bye=label)
        for number, pair in read.byes if pair == team.pk)
    rows.sort(key=lambda row: row.round_number)
    return PairCard(line, rows, read.settings)
