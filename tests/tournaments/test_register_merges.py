"""Merging duplicates of the register and undoing it (rules.md 13.1): every entrant that
named the duplicate names the player kept, results never move (they belong to entrants),
and an undo gives back exactly the links there were. Refusals write nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import selectors as scoring_selectors
from tournaments.models import Championship, EntrantPlayer, Player, PlayerMerge, Team
from tournaments.services import merges, register
from tournaments.services.common import ServiceError
from tournaments.services.teams import add_team, update_team

sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
from scoring_audit_helpers import enter  # noqa: E402
from scoring_factories import make_championship, make_round, teams_of  # noqa: E402

pytestmark = pytest.mark.django_db


def _links() -> dict[tuple[int, int], int]:
    return dict(((team, position), player) for team, position, player
                in EntrantPlayer.objects.values_list("team_id", "position", "player_id"))


def _state():
    """Everything a merge may change: the links, each player's licence and merge, the merges."""
    return (_links(),
            sorted(Player.objects.values_list("pk", "licence", "merged_into_id")),
            sorted(PlayerMerge.objects.values_list("pk", "undone_at")))


def _championship(name):
    return Championship.objects.create(name=name, deal_key="0" * 64, key_commitment="0" * 64)


def _player(team: Team, position: int = 1) -> Player:
    return EntrantPlayer.objects.get(team=team, position=position).player


@pytest.fixture
def rebuilds(monkeypatch):
    asked = []
    monkeypatch.setattr(merges.ratings, "request_rebuild", lambda: asked.append(1))
    return asked


def _played(name: str, first_player: str):
    """A championship of four pairs with a round played; its first pair's first player is
    ``first_player`` of Club X."""
    championship = make_championship(teams=4, name=name)
    teams = teams_of(championship)
    Team.objects.filter(pk=teams[0].pk).update(player1=first_player, club="Club X")
    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[0], teams[1]), (teams[2], teams[3])])
    tables = list(round_.tables.order_by("number"))
    for index, deal in enumerate(round_.deals.order_by("number")):
        enter(teams[0], tables[0], deal, points_ns=30 + 4 * index)
        enter(teams[2], tables[1], deal, points_ns=50 - 3 * index)
    register.link_entrants(teams)
    return championship


def _standings(championship):
    return [(row.team.pk, row.total, row.deals)
            for row in scoring_selectors.standings(championship, live=True)]


def test_a_merge_and_its_undo_keep_every_result_and_restore_the_links(director, rebuilds):
    first, second = _played("Open A", "Maria Costa"), _played("Open B", "Mària Costa")
    standings = {c.pk: _standings(c) for c in (first, second)}
    entrants = {c.pk: list(c.teams.order_by("number").values_list("pk", "name", "player1"))
                for c in (first, second)}
    before = _links()
    kept, duplicate = _player(teams_of(first)[0]), _player(teams_of(second)[0])
    assert (kept.search_name, duplicate.search_name) == ("maria costa", "maria costa")

    merge = merges.merge_players(kept, duplicate, by=director)
    moved = EntrantPlayer.objects.get(team=teams_of(second)[0], position=1)
    assert merge.entries == [moved.pk] and moved.player_id == kept.pk
    duplicate.refresh_from_db()
    assert duplicate.merged_into_id == kept.pk
    assert merge.by_director == director
    for championship in (first, second):
        assert _standings(championship) == standings[championship.pk]

    merges.undo_merge(merge, by=director)
    assert _links() == before
    duplicate.refresh_from_db()
    merge.refresh_from_db()
    assert duplicate.merged_into_id is None
    assert merge.undone_at is not None and merge.undone_by == director
    for championship in (first, second):
        assert _standings(championship) == standings[championship.pk]
        assert list(championship.teams.order_by("number").values_list(
            "pk", "name", "player1")) == entrants[championship.pk]
    assert len(rebuilds) == 2


def test_the_licence_of_the_duplicate_moves_and_comes_back():
    a = add_team(_championship("A"), name="P", club="X", player1="Anna", player2="B")
    b = add_team(_championship("B"), name="Q", club="Y", player1="Anna", player2="C")
    kept, duplicate = _player(a), _player(b)
    Player.objects.filter(pk=duplicate.pk).update(licence="LIC-7")
    merge = merges.merge_players(kept, duplicate)
    kept.refresh_from_db()
    duplicate.refresh_from_db()
    assert (merge.licence_moved, kept.licence, duplicate.licence) == ("LIC-7", "LIC-7", "")
    merges.undo_merge(merge)
    kept.refresh_from_db()
    duplicate.refresh_from_db()
    assert (kept.licence, duplicate.licence) == ("", "LIC-7")


@pytest.mark.parametrize("case", ["itself", "kept_merged", "duplicate_merged", "licences",
                                  "same_championship"])
def test_a_bad_merge_is_refused_and_writes_nothing(case):
    a = add_team(_championship("A"), name="P", club="X", player1="Anna", player2="Berta")
    b = add_team(_championship("B"), name="Q", club="Y", player1="Anna", player2="Carla")
    c = add_team(_championship("C"), name="R", club="Z", player1="Anna", player2="Dora")
    anna_x, anna_y, anna_z = _player(a), _player(b), _player(c)
    if case in ("kept_merged", "duplicate_merged"):
        merges.merge_players(anna_z, anna_x if case == "kept_merged" else anna_y)
    if case == "licences":
        Player.objects.filter(pk=anna_x.pk).update(licence="L-1")
        Player.objects.filter(pk=anna_y.pk).update(licence="L-2")
    before = _state()
    kept, duplicate, field = {
        "itself": (anna_x, anna_x, "merged"),
        "kept_merged": (anna_x, anna_y, "kept"),
        "duplicate_merged": (anna_x, anna_y, "merged"),
        "licences": (anna_x, anna_y, "licence"),
        "same_championship": (anna_x, _player(a, 2), "merged"),
    }[case]
    with pytest.raises(ServiceError) as refused:
        merges.merge_players(kept, duplicate)
    assert refused.value.field == field
    assert _state() == before


def test_an_undo_is_refused_twice_and_while_the_player_kept_is_merged_elsewhere():
    a = add_team(_championship("A"), name="P", club="X", player1="Anna", player2="B")
    b = add_team(_championship("B"), name="Q", club="Y", player1="Anna", player2="C")
    c = add_team(_championship("C"), name="R", club="Z", player1="Anna", player2="D")
    first = merges.merge_players(_player(a), _player(b))
    second = merges.merge_players(_player(c), _player(a))
    before = _state()
    with pytest.raises(ServiceError, match="undo that merge first"):
        merges.undo_merge(first)
    assert _state() == before
    merges.undo_merge(second)
    merges.undo_merge(first)
    before = _state()
    with pytest.raises(ServiceError, match="undone already"):
        merges.undo_merge(first)
    assert _state() == before


def test_a_director_picks_the_player_and_the_pick_survives_another_edit():
    old = add_team(_championship("A"), name="P", club="Club Y", player1="Maria Costa",
                   player2="B")
    maria = _player(old)
    team = add_team(_championship("B"), name="Q", club="Club X", player1="Mària Costa",
                    player2="C", chosen={1: maria.pk})
    assert _player(team).pk == maria.pk
    update_team(team, number=7, name="Q2", club="Club X", player1="Mària Costa", player2="C")
    assert _player(team).pk == maria.pk
    # A new player, when asked for, even with a similar one registered.
    other = add_team(_championship("C"), name="R", club="Club Z", player1="Maria Costa",
                     player2="D", chosen={1: None})
    assert _player(other).pk != maria.pk


@pytest.mark.parametrize("bad", ["missing", "merged"])
def test_a_bad_pick_is_refused_naming_the_field_and_writes_nothing(bad):
    a = add_team(_championship("A"), name="P", club="X", player1="Anna", player2="B")
    b = add_team(_championship("B"), name="Q", club="Y", player1="Anna", player2="C")
    duplicate = _player(b)
    merges.merge_players(_player(a), duplicate)
    player_id = 10**6 if bad == "missing" else duplicate.pk
    championship = _championship("C")
    before = (_state(), Team.objects.count())
    with pytest.raises(ServiceError) as refused:
        add_team(championship, name="R", club="Z", player1="X", player2="Anna",
                 chosen={2: player_id})
    assert refused.value.field == "player2"
    assert (_state(), Team.objects.count()) == before


# Seven players in four championships: 0 and 1 played together in C0, so never merge.
LAYOUT = [("C0", "Anna", "Berta"), ("C1", "Anna", "Carla"), ("C2", "Dora", "Eva"),
          ("C3", "Fina", "Berta")]


def _pool():
    teams = []
    for name, first, second in LAYOUT:
        teams.append(Team.objects.create(championship=_championship(name), number=1,
                                         name="P", club=name, player1=first, player2=second))
    register.link_entrants(teams)
    players = sorted(Player.objects.values_list("pk", flat=True))
    Player.objects.filter(pk=players[0]).update(licence="L-0")
    Player.objects.filter(pk=players[3]).update(licence="L-3")
    players.append(Player.objects.create(name="Gina", search_name="gina").pk)
    return players


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=8))
def test_merges_then_undos_in_reverse_order_restore_every_link(steps):
    with transaction.atomic():
        players = _pool()
        original = _state()
        done = []
        for kept, duplicate in steps:
            before = _state()
            try:
                done.append(merges.merge_players(Player.objects.get(pk=players[kept]),
                                                 Player.objects.get(pk=players[duplicate])))
            except ServiceError:
                assert _state() == before
        for merge in reversed(done):
            merges.undo_merge(merge)
        links, licences, _merges = _state()
        assert (links, licences) == original[:2]
        transaction.set_rollback(True)


def test_a_player_merged_away_is_not_edited_and_its_page_says_where_it_went(director_client,
                                                                          director):
    a = add_team(_championship("A"), name="P", club="X", player1="Anna", player2="B")
    b = add_team(_championship("B"), name="Q", club="Y", player1="Anna", player2="C")
    Championship.objects.get(name="A").directors.add(director)
    kept, duplicate = _player(a), _player(b)
    merges.merge_players(kept, duplicate)
    before = _state()
    with pytest.raises(ServiceError, match="edit the player kept"):
        register.edit_player(duplicate, name="Anna Puig", club="Y")
    assert _state() == before
    page = director_client.get(reverse("tournaments:player", args=[duplicate.pk]))
    assert reverse("tournaments:player", args=[kept.pk]) in page.content.decode()
    assert 'name="licence"' not in page.content.decode()
