"""What the free-deal exports show: the standings page's ranking, the games that count, the
pairings and each pair's scorecard, read through the format's selectors (no second path to
a result). The closed rounds up to the one the scope stands after count (``scope.after``);
the rounds up to it are all closed, since only the last closed round can be reopened and a
Swiss round is paired from the closed ones.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from fractions import Fraction

from formats.free_deal import rules, selectors
from formats.free_deal.models import PairSection, Section, SectionBye
from formats.free_deal.selectors import CountedGame
from formats.free_deal.services.settings import settings_of
from formats.free_deal.wording import METRIC_NAMES
from tournaments.models import Round, Table, Team

WON, DRAWN, LOST, BYE, NO_RESULT = "won", "drawn", "lost", "bye", "none"



def number(value: Fraction | int | None) -> int | float | None:
    """A figure for a spreadsheet: whole match points as integers, halves as 1.5."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def pair_name(team: Team | None) -> str:
    """"12. Name", as the pages show a pair."""
    return f"{team.number}. {team.name}" if team is not None else ""


def ranking(scope) -> list[rules.RankingLine]:
    """The ranking after the closed round the scope stands after (the standings page's);
    with sections, each section's in turn."""
    return selectors.ranking(scope.championship, up_to=scope.after)


def section_rankings(scope) -> list:
    """The same, one ``selectors.SectionRanking`` per section."""
    return selectors.section_rankings(scope.championship, up_to=scope.after)


def has_sections(championship) -> bool:
    return Section.objects.filter(championship=championship).exists()


def ranking_order(championship) -> str:
    """The tie-break order in words ("match points, point difference, …")."""
    order = rules.ranking_settings(settings_of(championship)).tie_breaks
    return ", ".join(str(METRIC_NAMES.get(name, name)) for name in order)


def counted_rounds(scope) -> list[Round]:
    return list(scope.championship.rounds.filter(
        status=Round.Status.CLOSED, number__lte=scope.after,
    ).select_related("bye_team").order_by("number"))


# --- Games ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    """A table of a counted round and the game that counts there (``None``: no confirmed
    result)."""

    round: int
    table: int
    first: Team
    second: Team
    game: CountedGame | None
    first_match_points: Fraction | None = None
    second_match_points: Fraction | None = None
    section: str = ""


def games(scope) -> list[GameLine]:
    """Every game of the counted rounds, by round and table; a table whose pair has a bye
    (its opponent withdrew) is not a game and is left out. Four queries."""
    championship = scope.championship
    scheme = rules.ranking_settings(settings_of(championship)).match_points
    counted = {game.table_id: game
               for game in selectors.counted_games(championship, up_to=scope.after)}
    tables = (
        Table.objects.filter(round__championship=championship, round__number__lte=scope.after,
                             round__status=Round.Status.CLOSED, bye_team=None)
        .select_related("round", "ns_team", "ew_team").order_by("round__number", "number")
    )
    names = section_names(championship.pk)
    lines = []
    for table in tables:
        game = counted.get(table.pk)
        first_mp = second_mp = None
        if game is not None:
            first_mp = scheme.for_game(game.first_points, game.second_points)
            second_mp = scheme.for_game(game.second_points, game.first_points)
        lines.append(GameLine(table.round.number, table.number, table.ns_team, table.ew_team,
                              game, first_mp, second_mp, names.get(table.ns_team_id, "")))
    return lines


# --- Pairings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairingLine:
    """A table of a round (``second`` is the second pair), or a bye: the round's odd pair
    out (no table), or a pair whose opponent withdrew (``bye`` set at its table)."""

    round: int
    table: int | None
    first: Team
    second: Team | None
    bye: Team | None = None
    section: str = ""  # the section's name, with sections


@dataclass(frozen=True)
class PairSeat:
    """Where one pair plays a round, for the list by pair: its table and opponent, or a bye
    (``opponent`` None)."""

    pair: Team
    table: int | None
    opponent: Team | None


def section_names(championship_id: int) -> dict[int, str]:
    """Each pair's section name by pair id (empty without sections; one query)."""
    return dict(PairSection.objects.filter(team__championship_id=championship_id)
                .values_list("team_id", "section__name"))


def _pairings(rounds: list[Round]) -> list[PairingLine]:
    if not rounds:
        return []
    names = section_names(rounds[0].championship_id)
    tables = (Table.objects.filter(round__in=rounds)
              .select_related("round", "ns_team", "ew_team", "bye_team")
              .order_by("round__number", "number"))
    by_round: dict[int, list[PairingLine]] = {r.number: [] for r in rounds}
    for table in tables:
        by_round[table.round.number].append(PairingLine(
            table.round.number, table.number, table.ns_team, table.ew_team, table.bye_team,
            names.get(table.ns_team_id, "")))
    for round_ in rounds:
        if round_.bye_team is not None:
            by_round[round_.number].append(PairingLine(
                round_.number, None, round_.bye_team, None, round_.bye_team))
    section_byes = (SectionBye.objects.filter(round__in=rounds).select_related("round", "team")
                    .order_by("round__number", "id"))
    for bye in section_byes:
        by_round[bye.round.number].append(PairingLine(
            bye.round.number, None, bye.team, None, bye.team, names.get(bye.team_id, "")))
    return [line for r in rounds for line in by_round[r.number]]


@dataclass(frozen=True)
class SectionPairings:
    """One section's part of a round's pairing sheets (``name`` empty without sections)."""

    name: str
    lines: list[PairingLine]
    seats: list[PairSeat]


def pairings_by_section(lines: list[PairingLine]) -> list[SectionPairings]:
    """The lines of a round grouped by section, in table order (so in the sections' order),
    each with its pairs alphabetically."""
    groups: dict[str, list[PairingLine]] = {}
    for line in lines:
        groups.setdefault(line.section, []).append(line)
    return [SectionPairings(name, group, seats_by_pair(group)) for name, group in groups.items()]


def pairings(scope) -> list[PairingLine]:
    """The pairings of the counted rounds, round by round: tables, then the bye."""
    return _pairings(counted_rounds(scope))


def round_pairings(round_: Round) -> list[PairingLine]:
    """One round's pairings (any round: the director prints drafted ones too)."""
    return _pairings([round_])


def _sort_key(team: Team) -> tuple[str, int]:
    # Alphabetical as a reader expects: accents do not send "Àlex" after "Zoe".
    plain = unicodedata.normalize("NFKD", team.name)
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold(), team.number


def seats_by_pair(lines: list[PairingLine]) -> list[PairSeat]:
    """Each pair of the round once, alphabetically: its table and opponent, or its bye. A
    withdrawn pair whose opponent has the bye is not listed: it does not play."""
    seats = []
    for line in lines:
        if line.bye is not None:
            seats.append(PairSeat(line.bye, None, None))
        else:
            seats.append(PairSeat(line.first, line.table, line.second))
            seats.append(PairSeat(line.second, line.table, line.first))
    return sorted(seats, key=lambda seat: _sort_key(seat.pair))


# --- Scorecards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """A round of a pair's scorecard: a game, a game without a result, or a bye."""

    round: int
    table: int | None
    opponent: Team | None  # None: a bye
    points_for: int | None
    points_against: int | None
    result: str  # WON, DRAWN, LOST, BYE or NO_RESULT
    match_points: Fraction | None
    running: Fraction = Fraction(0)  # the pair's match points after this round


@dataclass(frozen=True)
class Scorecard:
    line: rules.RankingLine  # the pair and its totals, as the ranking has them
    rounds: list[CardLine]


def _result(own: int, other: int) -> str:
    return WON if own > other else DRAWN if own == other else LOST


def scorecards(scope) -> list[Scorecard]:
    """One card per pair, by pair number: each round's game or bye with the running match
    points; the totals are the ranking's."""
    championship = scope.championship
    scheme = rules.ranking_settings(settings_of(championship)).match_points
    rows: dict[int, list[CardLine]] = {}
    for game in games(scope):
        first_points = second_points = None
        if game.game is not None:
            first_points, second_points = game.game.first_points, game.game.second_points
        for team, opponent, mp, own, other in (
            (game.first, game.second, game.first_match_points, first_points, second_points),
            (game.second, game.first, game.second_match_points, second_points, first_points),
        ):
            result = NO_RESULT if own is None else _result(own, other)
            rows.setdefault(team.pk, []).append(CardLine(
                game.round, game.table, opponent, own, other, result, mp))
    for round_number, pair_id in selectors.byes(championship, up_to=scope.after):
        rows.setdefault(pair_id, []).append(CardLine(
            round_number, None, None, None, None, BYE, scheme.win))
    cards = []
    for line in sorted(ranking(scope), key=lambda line: line.team.number):
        running = Fraction(0)
        shown = []
        for card_line in sorted(rows.get(line.team.pk, []), key=lambda item: item.round):
            running += card_line.match_points or 0
            shown.append(replace(card_line, running=running))
        cards.append(Scorecard(line, shown))
    return cards
