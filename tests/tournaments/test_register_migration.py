"""Existing entrants were linked to the new register by exact name and club
(tournaments 0023, rules.md 13.1): the same name and club in two championships is one
player, another club or spelling another player; and back, the register is empty again."""

from __future__ import annotations

import pytest

from tests.migration_steps import migrate, migrate_to_latest

BEFORE = [("tournaments", "0022_player_register")]
AFTER = [("tournaments", "0023_link_players")]


def _pairs(apps, name, players):
    Championship = apps.get_model("tournaments", "Championship")
    Team = apps.get_model("tournaments", "Team")
    championship = Championship.objects.create(name=name, deal_key="a" * 64,
                                               key_commitment="b" * 64)
    return [Team.objects.create(championship=championship, number=number, name=f"P{number}",
                                club=club, player1=first, player2=second, pin=f"000{number}")
            for number, (club, first, second) in enumerate(players, start=1)]


@pytest.mark.django_db(transaction=True)
def test_existing_entrants_are_linked_by_exact_name_and_club():
    old = migrate(BEFORE)
    assert not old.get_model("tournaments", "Player").objects.exists()
    spring = _pairs(old, "Spring", [("Club X", "Maria Costa", "Pere Vila"),
                                    ("Club Y", "Maria Costa", "Joan Puig")])
    autumn = _pairs(old, "Autumn", [("Club X", "Maria Costa", "Mària Costa"),
                                    ("", "Anna", "")])
    try:
        new = migrate(AFTER)
        Player = new.get_model("tournaments", "Player")
        EntrantPlayer = new.get_model("tournaments", "EntrantPlayer")
        links = {(entry.team_id, entry.position): (entry.player.name, entry.player.club)
                 for entry in EntrantPlayer.objects.select_related("player")}
        assert links == {
            (spring[0].pk, 1): ("Maria Costa", "Club X"), (spring[0].pk, 2): ("Pere Vila", "Club X"),
            (spring[1].pk, 1): ("Maria Costa", "Club Y"), (spring[1].pk, 2): ("Joan Puig", "Club Y"),
            (autumn[0].pk, 1): ("Maria Costa", "Club X"), (autumn[0].pk, 2): ("Mària Costa", "Club X"),
            (autumn[1].pk, 1): ("Anna", ""),
        }
        # Maria Costa of Club X is one player in both championships.
        assert (EntrantPlayer.objects.get(team_id=spring[0].pk, position=1).player_id
                == EntrantPlayer.objects.get(team_id=autumn[0].pk, position=1).player_id)
        assert Player.objects.count() == 6
        assert Player.objects.filter(search_name="maria costa").count() == 3
        assert not Player.objects.filter(merged_into__isnull=False).exists()
        back = migrate(BEFORE)
        assert not back.get_model("tournaments", "Player").objects.exists()
    finally:
        migrate_to_latest()
