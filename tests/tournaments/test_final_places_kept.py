"""Keeping final places (rules.md 13, ``tournaments.services.places``): the championships
finished before places were kept get theirs (``keep_missing_places``, and the command
``keep_final_places`` for every finished championship), once, whatever the number of
runs."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from formats import format_of
from tournaments import services
from tournaments.models import FinalPlace, PlayerRating
from tournaments.services.places import keep_missing_places

sys.path.append(str(Path(__file__).resolve().parents[1] / "formats"))

from free_deal_factories import make_free_deal, next_round, play_round, win  # noqa: E402

pytestmark = pytest.mark.django_db


def finished_event(director, pairs=4):
    championship = make_free_deal(director, pairs=pairs, rounds=1)
    play_round(next_round(championship, director), lambda _table: win(101, 40))
    services.close_round(championship.rounds.get(number=1), by=director)
    return services.finish_championship(championship, by=director)


def kept(championship):
    return list(FinalPlace.objects.filter(championship=championship)
                .order_by("place", "team_id").values_list("team_id", "place"))


def test_missing_places_are_kept_once(director):
    old = finished_event(director)
    expected = kept(old)
    assert expected == sorted(format_of(old).final_places(old), key=lambda r: (r[1], r[0]))
    FinalPlace.objects.filter(championship=old).delete()  # as before places were kept
    running = make_free_deal(director, pairs=4, rounds=1)  # not finished: nothing kept
    assert keep_missing_places() == 1
    assert kept(old) == expected
    assert keep_missing_places() == 0
    assert not FinalPlace.objects.filter(championship=running).exists()


def test_the_command_keeps_every_finished_championship_again(director):
    first, second = finished_event(director), finished_event(director, pairs=6)
    FinalPlace.objects.filter(championship=first).delete()
    expected = {first.pk: None, second.pk: kept(second)}
    out = StringIO()
    call_command("keep_final_places", stdout=out)
    expected[first.pk] = kept(first)
    assert len(expected[first.pk]) == 4 and len(expected[second.pk]) == 6
    assert "2 finished championships" in out.getvalue()
    assert PlayerRating.objects.count() == 4 * 2 + 6 * 2
    ratings = sorted(PlayerRating.objects.values_list("player_id", "sequence", "mu"))
    call_command("keep_final_places", stdout=StringIO())  # idempotent
    assert {pk: kept(c) for pk, c in ((first.pk, first), (second.pk, second))} == expected
    assert FinalPlace.objects.count() == 10
    assert sorted(PlayerRating.objects.values_list("player_id", "sequence", "mu")) == ratings
