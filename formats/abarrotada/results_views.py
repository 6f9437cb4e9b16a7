"""The results of an individual championship (rules.md 10.2): the standings page, the
projector and the public archive. Public readers see closed rounds only; the championship's
directors see the round in play too."""

from __future__ import annotations

from django.shortcuts import render

import live
from engine import show_score
from formats.abarrotada import selectors
from formats.abarrotada.projector import projector_response
from tournaments.models import Championship, Round
from tournaments.presentation import signed


def _rounds(championship, director: bool) -> list[Round]:
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if director else [])
    return list(championship.rounds.filter(status__in=statuses))


def _rows(lines) -> list[dict]:
    return [{"line": line, "total": show_score(line.total),
             "deal_scores": signed(line.deal_scores)} for line in lines]


def standings_page(request, championship: Championship, *, director: bool):
    """The standings, where the public stands (the closed rounds), live for the directors,
    or after an earlier closed round (``?after=N``, for anyone: rules.md 6.6)."""
    from django.http import HttpResponseBadRequest

    from scoring.selectors.scope import ScopeError, ranking_scope

    try:
        scope = ranking_scope(championship, live=director, after=request.GET.get("after"))
    except ScopeError as error:
        return HttpResponseBadRequest(str(error))
    rounds = _rounds(championship, scope.live)
    if scope.up_to is not None:
        rounds = [r for r in rounds if r.number <= scope.up_to]
    context = {"championship": championship, "director": director, "scope": scope,
               "rows": _rows(selectors.standings(championship, rounds=rounds)),
               "closed": sum(r.status == Round.Status.CLOSED for r in rounds),
               "rounds_planned": championship.rounds_planned,
               "live_url": live.stream_url("director" if director else "public",
                                           championship.pk)}
    return render(request, "abarrotada/standings.html", context)


def projector_page(request, championship: Championship, *, director: bool):
    """The hall's screen: the standings ten players a page, cycling by itself."""
    rows = _rows(selectors.standings(championship, rounds=_rounds(championship, director)))
    return projector_response(request, championship, rows, director=director,
                              template="abarrotada/projector.html")


def _fraction(value) -> str:
    return f"{value.numerator}/{value.denominator}"


def public_results(championship: Championship, rounds, number: dict[int, int]) -> dict:
    """The individual part of the public archive (``scoring.archive.public``): the closed
    rounds' seatings, sit-outs, counted reports with each seat's score, and the standings
    after them, by the players' numbers as on the pages."""
    closed = [r for r in rounds if r.status == Round.Status.CLOSED]
    scores = selectors.round_scores(championship, closed)
    reports = selectors.counted_reports([r.pk for r in closed])
    tables = {pk: n for r in closed for pk, n in r.player_tables.values_list("pk", "number")}
    return {
        "individual_settings": {"form": selectors.form(championship).value},
        "seatings": [
            {"round": r.number, "table": t.table,
             "players": {s.seat: s.number for s in t.seats}}
            for r in closed for t in selectors.round_view(r)],
        "sit_outs": [{"round": r.number, "player": s.number}
                     for r in closed for s in selectors.sit_out_views(r)],
        "reports": [
            {"table": tables[table_id], "deal": deal, "maker": row.maker,
             "contract": row.contract, "contro_by": row.contro_by, "breaches": row.breaches,
             "points": row.points}
            for (table_id, deal), row in sorted(reports.items(),
                                                key=lambda item: (item[0][1], tables[item[0][0]]))],
        "scores": [
            {"round": s.round_number, "deal": s.deal_number, "player": number[s.player_id],
             "table": s.table, "seat": s.seat, "deal_score": s.deal_score,
             "final": None if s.final is None else _fraction(s.final),
             "adjusted": s.adjusted, "sit_out": s.sit_out}
            # The player's number last: the players sitting out a deal share the rest.
            for s in sorted(scores, key=lambda s: (s.deal_number, s.table or 0, s.seat,
                                                   number[s.player_id]))],
        "standings": [
            {"place": line.place, "player": line.number, "total": _fraction(line.total),
             "deal_scores": line.deal_scores, "tops": line.tops, "deals": line.deals}
            for line in selectors.standings(championship, rounds=closed)],
    }


def traveller_page(request, championship: Championship, deal, *, director: bool):
    """A deal's traveller in individual play: one row a table, each seat's player with
    their deal score and final (not the pairs' NS and EW); the cards once they are public,
    without the pairs' analysis (rules.md 10)."""
    from formats.abarrotada.exports.data import round_travellers
    from tournaments.presentation import deal_view
    from tournaments.selectors import deal_is_public

    (traveller,) = round_travellers(championship, deal.round, deal=deal.number)
    context = {"championship": championship, "deal": deal, "traveller": traveller,
               "director": director,
               "hands": deal_view(deal, sides=False) if deal_is_public(deal) else None}
    return render(request, "abarrotada/traveller.html", context)


def scorecard_page(request, championship: Championship, player, *, director: bool):
    """A player's own deals (round, table, seat, the others at the table, deal score and
    final, or the sit-out), after the closed rounds as the public sees them."""
    from formats.abarrotada.exports import data
    from scoring.selectors.scope import ranking_scope

    scope = ranking_scope(championship, live=False)
    card = next(((line, rows) for line, rows in data.scorecards(scope)
                 if line.player_id == player.pk), (None, []))
    context = {"championship": championship, "player": player, "line": card[0],
               "rows": card[1], "scope": scope,
               "total": show_score(card[0].total) if card[0] else ""}
    return render(request, "abarrotada/scorecard.html", context)


def evening_scorecard_page(request, championship: Championship, player, *, director: bool):
    """A player's games of a free-deal evening: each round's table, seat and game total (or
    the sit-out), after the closed rounds as the public sees them."""
    from formats.abarrotada.exports import evening
    from scoring.selectors.scope import ranking_scope

    scope = ranking_scope(championship, live=False)
    line = next((line for line in evening.ranking(scope) if line.player_id == player.pk),
                None)
    rows = [row for row in evening.results_rows(scope) if row[3] == player.number]
    context = {"championship": championship, "player": player, "line": line,
               "rows": rows, "scope": scope}
    return render(request, "abarrotada/evening/scorecard.html", context)
