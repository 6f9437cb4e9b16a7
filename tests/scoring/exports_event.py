"""A small championship with results, for the export tests: closed rounds, one round still
in play, confirmed results from a fixed-seed generator, a bye, an adjusted score, and
team names that test accents and spreadsheet formulas."""

from __future__ import annotations

import random

from scoring_factories import close, make_championship, make_round, teams_of

from scoring import services
from scoring.models import Adjustment, ResultEntry, ResultReview

FORMULA_NAME = '=HYPERLINK("http://example.com","x")'
ACCENTED_NAME = "Penya Àlex i Çà"


def make_event(director, *, teams: int = 9, rounds: int = 3, closed: int = 2,
               deals_per_match: int = 2, seed: int = 3, **fields):
    """``teams`` teams (odd: one bye a round), ``rounds`` rounds of which the first
    ``closed`` are closed and the rest released, every table's result confirmed."""
    rng = random.Random(seed)
    championship = make_championship(teams=teams, deals_per_match=deals_per_match,
                                      director=director, **fields)
    team_rows = teams_of(championship)
    if teams >= 3:
        team_rows[0].name = FORMULA_NAME
        team_rows[0].club = "+34 600 000 000"
        team_rows[1].name = ACCENTED_NAME
        team_rows[1].club = "Club Lleidatà"
        for team in team_rows[:2]:
            team.save()
    for number in range(1, rounds + 1):
        order = team_rows[:]
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
        round_ = make_round(championship, number, pairs, bye=bye)
        tables = list(round_.tables.all())
        entries = ResultEntry.objects.bulk_create(
            ResultEntry(table=table, deal=deal, by_team_id=table.ns_team_id,
                        contract=rng.choice(["O", "C", "E", "B", "BOT"]),
                        contro=rng.random() < 0.2,
                        points_ns=rng.randint(0, 72))
            for deal in round_.deals.all() for table in tables
        )
        ResultReview.objects.bulk_create(
            ResultReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id)
            for e in entries
        )
        if number == 1:
            first = entries[0]
            Adjustment.objects.create(
                table=first.table, deal=first.deal, side="EW", kind="average_plus",
                score_num=8, score_den=5, reason="slow play", by_director=director,
            )
        if number <= closed:
            close(round_)
    services.recompute_championship(championship)  # rows were written around the services
    return championship


def publish(championship):
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    return championship
