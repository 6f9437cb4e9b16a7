"""The demo results: real data for every released round, added once."""

from __future__ import annotations

from scoring_factories import make_championship, make_round, teams_of

from formats.duplicate_pairs.demo import add_demo_results
from formats.duplicate_pairs.grid import round_grid
from scoring import selectors
from scoring.models import Adjustment, DealScore, ResultEntry
from tournaments.models import Round


def test_demo_results(db, director):
    championship = make_championship(teams=7, director=director)
    t = teams_of(championship)
    make_round(championship, 1, [(t[0], t[1]), (t[2], t[3]), (t[4], t[5])], bye=t[6])
    make_round(championship, 2, [(t[6], t[0]), (t[1], t[2]), (t[3], t[4])], bye=t[5])
    make_round(championship, 3, [(t[5], t[6]), (t[0], t[2]), (t[1], t[3])], bye=t[4],
               status=Round.Status.DRAFTED)
    message = add_demo_results(championship)
    assert "results published" in message
    championship.refresh_from_db()
    assert championship.results_public
    assert list(championship.rounds.values_list("status", flat=True)) == [
        "closed", "released", "drafted"]
    entries = ResultEntry.objects.all()
    assert entries.filter(contract="BOT").exists()
    assert entries.filter(contro=True).exists()
    assert entries.filter(breach="EW").count() == 1
    assert Adjustment.objects.count() == 2
    assert not entries.filter(deal__round__number=3).exists()
    grid = round_grid(championship.rounds.get(number=2))
    assert all(grid.counts[s] for s in ("empty", "pending", "disputed", "confirmed", "adjusted"))
    standings = selectors.standings(championship, live=False)
    assert {row.team for row in standings if row.deals} == set(t)  # the bye counts too
    scores = DealScore.objects.count()
    assert add_demo_results(championship) == ""
    assert DealScore.objects.count() == scores
