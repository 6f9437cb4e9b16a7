"""Every entrant names its players from the register (rules.md 13.1): registering the same
name and club twice names one player; a licence finds its player first."""

from __future__ import annotations

import pytest

from tournaments.models import Championship, EntrantPlayer, Player
from tournaments.services import register
from tournaments.services.teams import add_team, update_team

pytestmark = pytest.mark.django_db


def _championship(name="Open"):
    return Championship.objects.create(name=name, deal_key="0" * 64, key_commitment="0" * 64)


def _players(team):
    return [(entry.position, entry.player.name, entry.player.club)
            for entry in EntrantPlayer.objects.filter(team=team).select_related("player")]


def test_the_same_name_and_club_in_two_championships_is_one_player():
    first = add_team(_championship("A"), name="Les Forques", club="Club X",
                     player1="Maria Costa", player2="Pere Vila")
    second = add_team(_championship("B"), name="Les Forques", club="Club X",
                      player1="Maria Costa", player2="Joan Puig")
    assert _players(first) == [(1, "Maria Costa", "Club X"), (2, "Pere Vila", "Club X")]
    assert _players(second) == [(1, "Maria Costa", "Club X"), (2, "Joan Puig", "Club X")]
    assert Player.objects.filter(name="Maria Costa").count() == 1
    assert Player.objects.count() == 3


def test_another_club_or_spelling_is_another_player_until_merged():
    add_team(_championship("A"), name="P", club="Club X", player1="Maria Costa", player2="B")
    add_team(_championship("B"), name="P", club="Club Y", player1="Maria Costa", player2="B")
    add_team(_championship("C"), name="P", club="Club X", player1="Mària Costa", player2="B")
    assert Player.objects.filter(search_name="maria costa").count() == 3


def test_an_edit_relinks_only_the_player_whose_name_changed():
    team = add_team(_championship(), name="P", club="C", player1="Anna", player2="Berta")
    anna = EntrantPlayer.objects.get(team=team, position=1).player_id
    update_team(team, name="P", club="C", player1="Anna", player2="Carla")
    assert EntrantPlayer.objects.get(team=team, position=1).player_id == anna
    assert _players(team) == [(1, "Anna", "C"), (2, "Carla", "C")]


def test_a_licence_finds_its_player_whatever_the_club():
    championship = _championship()
    team = add_team(championship, name="P", club="C", player1="Anna", player2="X")
    register.link_entrants([team], {team.pk: "L-1"})
    other = add_team(_championship("B"), name="Q", club="D", player1="Anna B.", player2="Y")
    register.link_entrants([other], {other.pk: "L-1"})
    assert (EntrantPlayer.objects.get(team=team, position=1).player_id
            == EntrantPlayer.objects.get(team=other, position=1).player_id)
