"""Services of the tournaments app: teams, their private links and PINs."""

from __future__ import annotations

import pytest

from tournaments import selectors, services

pytestmark = pytest.mark.django_db


# --- Teams, links and PINs -----------------------------------------------------------------


def test_add_team_numbers_and_uniqueness(championship):
    a = services.add_team(championship, name="Els Tres Tombs", player1="Anna", player2="Pere")
    b = services.add_team(championship, number=10, name="Trumfos", player1="Joan", player2="Marta")
    c = services.add_team(championship, name="Manilles", player1="Jordi", player2="Núria")
    assert (a.number, b.number, c.number) == (1, 10, 2)
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, number=10, name="Other", player1="x", player2="y")
    assert error.value.field == "number" and "Trumfos" in error.value.message
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, name="trumfos", player1="x", player2="y")
    assert error.value.field == "name"
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, name="Sense jugadors", player1="x", player2=" ")
    assert error.value.field == "player2"
    updated = services.update_team(a, number=3, name="Els Tres Tombs", club="CB Sants",
                                   player1="Anna", player2="Pere")
    assert (updated.number, updated.club) == (3, "CB Sants")


def test_team_secrets(championship, teams):
    team = teams[0]
    assert len(team.link_secret) >= 22  # at least 128 bits of URL-safe base64
    assert team.pin.isdigit() and len(team.pin) == 4
    assert len({t.link_secret for t in teams}) == len(teams)
    assert selectors.team_by_link(team.pk, team.link_secret) == team
    assert selectors.team_by_link(team.pk, "wrong") is None
    assert selectors.team_by_link(team.pk, team.link_secret + "x") is None
    assert selectors.team_by_link(teams[1].pk, team.link_secret) is None
    assert selectors.team_by_link(999999, team.link_secret) is None
    assert selectors.team_by_link("abc", team.link_secret) is None
    old_secret, old_pin = team.link_secret, team.pin
    services.reissue_link(team)
    services.reissue_pin(team)
    team.refresh_from_db()
    assert team.link_secret != old_secret and team.pin != old_pin
    assert selectors.team_by_link(team.pk, old_secret) is None
    assert services.check_pin(team, team.pin)
    assert services.check_pin(team, f" {team.pin} ")
    assert not services.check_pin(team, old_pin)
    assert not services.check_pin(team, "")
    assert not services.check_pin(team, None)
    assert team.private_path == f"/t/{team.pk}/{team.link_secret}/"


def test_withdrawn_team_is_still_found_by_its_link(scheduled):
    team = scheduled.teams.first()
    drafted = services.withdraw_team(team)
    assert drafted == [1, 2, 3, 4, 5, 6, 7]
    assert selectors.team_by_link(team.pk, team.link_secret) == team
    services.reinstate_team(team)
    team.refresh_from_db()
    assert not team.withdrawn
