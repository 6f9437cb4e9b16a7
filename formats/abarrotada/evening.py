"""The standings of a free-deal evening of *abarrotada* (rules.md 10.4).

Each table's counted game (its latest entry, once confirmed) gives each player a game
total; the ranking is the engine's (``engine.abarrotada.rank_players``): the sum of game
totals, then games won (the highest total at the table, shared totals each winning), then a
shared place. **Our policy** for a player sitting out a round: they score the round's
average game total (rounded down), and the round counts as a game not won, so that sitting
out neither helps nor harms a player against the others.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.abarrotada import rank_players
from formats.abarrotada.models import GameTotals, GameTotalsReview, SitOut
from formats.abarrotada.models import PlayerTable as PlayerTableRow
from formats.abarrotada.models import Seating as SeatRow
from scoring.selectors.scores import plain_rows
from tournaments.models import Championship, Round


@dataclass
class EveningLine:
    player_id: int
    number: int
    name: str
    club: str
    withdrawn: bool
    total: int = 0
    games_won: int = 0
    games: int = 0
    sat_out: int = 0
    place: int = 0


def counted_totals(round_ids) -> dict[int, dict[str, int]]:
    """Each table's counted game: table id → {seat: total}."""
    latest: dict[int, tuple] = {}
    for row in plain_rows(GameTotals.objects.filter(table__round_id__in=round_ids)
                          .order_by("id").values_list("id", "table_id", "total_n", "total_e",
                                                       "total_s", "total_w")):
        latest[row[1]] = row
    confirmed = {pk for (pk,) in plain_rows(
        GameTotalsReview.objects.filter(report__table__round_id__in=round_ids,
                                        verdict="confirm").order_by().values_list("report_id"))}
    return {table_id: {seat: total for seat, total in zip("NESW", row[2:], strict=True)
                       if total is not None}
            for table_id, row in latest.items() if row[0] in confirmed}


def games(championship: Championship, rounds: list[Round]
          ) -> tuple[list[dict[int, int]], list[tuple[int, int]]]:
    """Every counted game of ``rounds`` as player id → total; and each sit-out as (player
    id, the round's average game total, rounded down: see the module's policy)."""
    round_ids = [r.pk for r in rounds]
    counted = counted_totals(round_ids)
    seated: dict[int, dict[str, int]] = defaultdict(dict)
    round_of: dict[int, int] = {}
    for table_id, round_id, seat, player in plain_rows(
            SeatRow.objects.filter(round_id__in=round_ids).order_by()
            .values_list("table_id", "round_id", "seat", "player_id")):
        seated[table_id][seat] = player
        round_of[table_id] = round_id
    played: list[dict[int, int]] = []
    totals_of_round: dict[int, list[int]] = defaultdict(list)
    for table_id, totals in counted.items():
        played.append({seated[table_id][seat]: total for seat, total in totals.items()})
        totals_of_round[round_of[table_id]].extend(totals.values())
    out = []
    for round_id, player in plain_rows(SitOut.objects.filter(round_id__in=round_ids)
                                       .order_by().values_list("round_id", "player_id")):
        values = totals_of_round.get(round_id)
        if values:
            out.append((player, sum(values) // len(values)))
    return played, out


def evening_standings(championship: Championship, *, rounds: list[Round] | None = None
                      ) -> list[EveningLine]:
    """The evening's ranking (rules.md 10.4); ``rounds`` defaults to the closed ones."""
    if rounds is None:
        rounds = list(championship.rounds.filter(status=Round.Status.CLOSED))
    played, sit_outs = games(championship, rounds)
    lines = {
        pk: EveningLine(pk, number, name, club, withdrawn)
        for pk, number, name, club, withdrawn in championship.teams.values_list(
            "pk", "number", "name", "club", "withdrawn")
    }
    # A sit-out's average is added to the player's sum, but is no game at a table: it cannot
    # be won, and it is not given to the engine as one.
    bonus: dict[int, int] = defaultdict(int)
    for player, average in sit_outs:
        bonus[player] += average
        lines[player].sat_out += 1
    ranked = {line.player: line for line in rank_players(played)}
    for pk, line in lines.items():
        engine_line = ranked.get(pk)
        line.total = (engine_line.total if engine_line else 0) + bonus[pk]
        line.games_won = engine_line.games_won if engine_line else 0
        line.games = (engine_line.games if engine_line else 0) + line.sat_out
    ordered = sorted(lines.values(), key=lambda line: (-line.total, -line.games_won,
                                                       line.number))
    for i, line in enumerate(ordered):
        same = i and (ordered[i - 1].total, ordered[i - 1].games_won) == (line.total,
                                                                           line.games_won)
        line.place = ordered[i - 1].place if same else i + 1
    return ordered


def table_games(round_: Round, table_ids: list[int] | None = None) -> dict[int, dict]:
    """Each table's game in the round: its latest entry and whether it is confirmed or
    disputed (``{"entry", "status"}``), three queries whatever the size."""
    tables = (list(table_ids) if table_ids is not None
              else list(round_.player_tables.values_list("pk", flat=True)))
    latest: dict[int, GameTotals] = {}
    for entry in GameTotals.objects.filter(table_id__in=tables).order_by("id"):
        latest[entry.table_id] = entry
    verdicts: dict[int, set[str]] = defaultdict(set)
    for entry_id, verdict in GameTotalsReview.objects.filter(
            report_id__in=[e.pk for e in latest.values()]).values_list("report_id", "verdict"):
        verdicts[entry_id].add(verdict)
    games = {}
    for table_id in tables:
        entry = latest.get(table_id)
        if entry is None:
            status = "missing"
        elif "confirm" in verdicts[entry.pk]:
            status = "confirmed"
        else:
            status = "disputed" if "dispute" in verdicts[entry.pk] else "pending"
        games[table_id] = {"entry": entry, "status": status}
    return games


def missing_games(round_: Round) -> list[str]:
    """One line per table of the round without a counted game (shown before closing)."""
    from django.utils.translation import gettext as _

    number_of = dict(round_.player_tables.values_list("pk", "number"))
    lines = []
    for table_id, game in sorted(table_games(round_).items(),
                                 key=lambda item: number_of[item[0]]):
        values = {"table": number_of[table_id]}
        if game["status"] == "disputed":
            lines.append(_("Table %(table)s: disputed") % values)
        elif game["status"] == "pending":
            lines.append(_("Table %(table)s: waiting for confirmation") % values)
        elif game["status"] == "missing":
            lines.append(_("Table %(table)s: not entered") % values)
    return lines


def public_results(championship: Championship, rounds, number: dict[int, int]) -> dict:
    """The evening's part of the public archive (``scoring.archive.public``): the closed
    rounds' seatings and counted games, the sit-outs, and the standings after them, by the
    players' numbers as on the pages."""
    closed = [r for r in rounds if r.status == Round.Status.CLOSED]
    ids = [r.pk for r in closed]
    round_number = {r.pk: r.number for r in closed}
    tables = dict(plain_rows(PlayerTableRow.objects.filter(round_id__in=ids).order_by()
                             .values_list("pk", "number")))
    seated: dict[int, dict[str, int]] = defaultdict(dict)
    table_round: dict[int, int] = {}
    for table_id, round_id, seat, player in plain_rows(
            SeatRow.objects.filter(round_id__in=ids).order_by()
            .values_list("table_id", "round_id", "seat", "player_id")):
        seated[table_id][seat] = number[player]
        table_round[table_id] = round_number[round_id]
    counted = counted_totals(ids)
    return {
        "individual_settings": _settings_dict(championship),
        "games": [
            {"round": table_round[t], "table": tables[t], "players": seated[t],
             "totals": counted[t]}
            for t in sorted(counted, key=lambda t: (table_round[t], tables[t]))],
        "sit_outs": [{"round": round_number[r], "player": number[p]} for r, p in sorted(
            plain_rows(SitOut.objects.filter(round_id__in=ids).order_by()
                       .values_list("round_id", "player_id")))],
        "standings": [
            {"place": line.place, "player": line.number, "total": line.total,
             "games_won": line.games_won, "games": line.games}
            for line in evening_standings(championship, rounds=closed)],
    }


def _settings_dict(championship) -> dict:
    from formats.abarrotada.services import settings_of

    settings = settings_of(championship)
    return {"form": settings.form, "hand_limit": settings.hand_limit,
            "round_minutes": settings.round_minutes}
