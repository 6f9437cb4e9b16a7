"""The lines an individual championship's exports show, standing where the scope says
(closed rounds only, up to the chosen one): the ranking, each player's scorecard, and each
deal's traveller (one line a table, every seat)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine import show_score
from formats.abarrotada import selectors
from tournaments.models import Round


def rounds(scope) -> list[Round]:
    closed = scope.championship.rounds.filter(status=Round.Status.CLOSED).order_by("number")
    if scope.up_to is not None:
        closed = closed.filter(number__lte=scope.up_to)
    return list(closed)


def ranking(scope) -> list[selectors.PlayerLine]:
    return selectors.standings(scope.championship, rounds=rounds(scope))


def shown(value) -> str:
    return "" if value is None else show_score(value)


@dataclass
class TravellerLine:
    table: int
    players: dict[str, str]  # seat -> "number. name"
    report: object | None
    scores: dict[str, selectors.PlayerScore]  # seat -> score


@dataclass
class Traveller:
    round: int
    deal: int
    dealer: str
    lines: list[TravellerLine]


def travellers(scope) -> list[Traveller]:
    """Every deal of the scope's rounds: each table's players, counted report and each
    seat's deal score and final (four queries a round, whatever the number of tables)."""
    return [traveller for round_ in rounds(scope)
            for traveller in round_travellers(scope.championship, round_)]


def round_travellers(championship, round_: Round, deal: int | None = None
                     ) -> list[Traveller]:
    """The travellers of ``round_``'s deals (of ``deal`` only, when given): the exports'
    and the public traveller page's."""
    views = selectors.round_view(round_)
    scores = defaultdict(dict)
    for score in selectors.round_scores(championship, [round_]):
        if not score.sit_out:
            scores[score.table, score.deal_number][score.seat] = score
    deals = round_.deals.order_by("number")
    if deal is not None:
        deals = deals.filter(number=deal)
    result = []
    for number, dealer in deals.values_list("number", "dealer"):
        lines = []
        for view in views:
            report = next((d["report"] for d in view.deals if d["deal"] == number
                           and d["state"] == "confirmed"), None)
            lines.append(TravellerLine(
                view.table, {s.seat: f"{s.number}. {s.name}" for s in view.seats},
                report, scores.get((view.table, number), {})))
        result.append(Traveller(round_.number, number, dealer, lines))
    return result


@dataclass
class CardLine:
    round: int
    deal: int
    table: int | None
    seat: str
    others: str
    score: selectors.PlayerScore


def scorecards(scope) -> list[tuple[selectors.PlayerLine, list[CardLine]]]:
    """Each player's deals (round, deal, table, seat, the others at the table, deal score,
    final; or the sit-out's bye), in the ranking's order."""
    covered = rounds(scope)
    lines = selectors.standings(scope.championship, rounds=covered)
    names = {line.player_id: f"{line.number}. {line.name}" for line in lines}
    at_table: dict[tuple[int, int], list[int]] = defaultdict(list)
    for round_ in covered:
        for view in selectors.round_view(round_):
            for seat in view.seats:
                at_table[round_.number, view.table].append(seat.number)
    by_number = {line.number: line.player_id for line in lines}
    cards = []
    for line in lines:
        rows = []
        for score in sorted(line.scores, key=lambda s: (s.round_number, s.deal_number)):
            others = [names[by_number[n]] for n in at_table.get((score.round_number,
                                                                 score.table), [])
                      if n != line.number]
            rows.append(CardLine(score.round_number, score.deal_number, score.table,
                                 score.seat, ", ".join(others), score))
        cards.append((line, rows))
    return cards
