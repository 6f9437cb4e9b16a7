"""A knockout bracket is the core's (rules.md 11.3, 12.4): any format stores one from its
seeded pairs and its games are entered and counted there, asking the format only how many
games decide a tie (``Format.knockout_best_of``). Shown on a groups-then-knockout
championship with its default settings: a tie is one game and its winner goes on at once (free-deal's best of three, its own answer,
is tests/formats/test_free_deal_knockout_stage.py's)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.utils import translation

from engine.free_deal import knockout as ko
from formats import format_of
from scoring.models import KnockoutTie
from scoring.selectors.knockout import knockout_bracket
from scoring.services.knockout import check_not_drawn, enter_knockout_game, store_bracket
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

sys.path.insert(0, str(Path(__file__).parents[1] / "formats"))
from groups_knockout_factories import make_groups_event  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_a_groups_championship_keeps_its_bracket_in_the_core(director):
    championship = make_groups_event(director, pairs=4)
    pairs = list(championship.teams.order_by("number"))
    check_not_drawn(championship)
    ties = store_bracket(championship, ko.build_bracket(pairs, 4), by=director)
    semis, (final,) = knockout_bracket(championship)
    assert [(t.first.number, t.second.number, t.first_seed, t.second_seed) for t in semis] \
        == [(1, 4, 1, 4), (2, 3, 2, 3)]
    assert (final.first, final.second) == (None, None)
    assert len(ties) == 3
    assert AuditEvent.objects.get(action=AuditEvent.Action.KNOCKOUT_STARTED).detail \
        == "size 4, best of 1: 1-4, 2-3"
    with pytest.raises(ServiceError, match="already started"):
        check_not_drawn(championship)

    # The format asks nothing of its own: one game decides a tie, and its winner goes on.
    assert format_of(championship).knockout_best_of(championship) == 1
    enter_knockout_game(semis[1], 60, 101, hands=8, by=director)
    enter_knockout_game(semis[0], 101, 80, hands=8, by=director)
    final = KnockoutTie.objects.get(championship=championship, stage=2)
    assert (final.first.number, final.second.number) == (1, 3)
    enter_knockout_game(final, 70, 101, hands=8, by=director)
    final.refresh_from_db()
    assert final.winner.number == 3
    with pytest.raises(ServiceError, match="decided"):
        enter_knockout_game(final, 101, 0, hands=8, by=director)


def test_a_level_knockout_game_is_refused_whatever_the_format(director):
    championship = make_groups_event(director, pairs=2)
    (final,) = store_bracket(championship, ko.build_bracket(
        list(championship.teams.order_by("number")), 2), by=director)
    with pytest.raises(ServiceError, match="cannot end level") as refused:
        enter_knockout_game(final, 88, 88, hands=8, by=director)
    assert refused.value.field == "second_points"
    assert not final.games.exists()
