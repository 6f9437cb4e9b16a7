"""The series through real championships: a free-deal event played and finished keeps its
final places (``tournaments.services.places``), which the series ranking reads; with updates
after every round, a running event counts as its format ranks it after its closed rounds."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest
from series_factories import series_of

from formats import format_of
from series import selectors
from series.models import Series
from tournaments import services
from tournaments.models import Championship, EntrantPlayer

sys.path.append(str(Path(__file__).resolve().parents[1] / "formats"))

from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

pytestmark = pytest.mark.django_db


def played(director, *, finish: bool):
    championship = make_free_deal(director, pairs=4, rounds=2)
    Championship.objects.filter(pk=championship.pk).update(results_public=True)
    play_round(next_round(championship, director), lambda _table: win(101, 40))
    services.close_round(championship.rounds.get(number=1), by=director)
    if finish:
        play_round(next_round(championship, director), lambda _table: win(101, 40))
        services.close_round(championship.rounds.get(number=2), by=director)
        championship = services.finish_championship(championship, by=director)
    return championship


def expected_points(championship) -> dict[int, Decimal]:
    """Each player's default-table points from the format's own places."""
    places = dict(format_of(championship).final_places(championship))
    covers = {place: list(places.values()).count(place) for place in places.values()}
    table = (25, 20, 16, 13)
    points = {}
    for entry in EntrantPlayer.objects.filter(team__championship=championship):
        place = places[entry.team_id]
        share = sum(table[place - 1:place - 1 + covers[place]]) / covers[place]
        points[entry.player_id] = Decimal(share).quantize(Decimal("0.01"))
    return points


def test_a_finished_championship_counts_by_its_kept_places(director):
    championship = played(director, finish=True)
    ranking = selectors.series_ranking(series_of(director, [championship]))
    assert [c.state for c in ranking.columns] == ["finished"]
    assert {line.player_id: line.total for line in ranking.lines} == expected_points(
        championship)
    assert len(ranking.lines) == 8  # four pairs: both players of each


def test_a_running_championship_counts_after_its_closed_rounds(director):
    running = played(director, finish=False)
    waiting = series_of(director, [running])
    assert [c.state for c in selectors.series_ranking(waiting).columns] == ["waiting"]
    series = series_of(director, [running], updates=Series.Updates.ROUNDS)
    ranking = selectors.series_ranking(series)
    assert [c.state for c in ranking.columns] == ["rounds"]
    assert {line.player_id: line.total for line in ranking.lines} == expected_points(running)
