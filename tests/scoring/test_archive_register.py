"""A full backup carries the register entries its entrants name (rules.md 13.1,
``docs/archive.md``), and an import links each entrant's players to this installation's
register: a licence known here finds its player whatever the name, else the exact name and
club, else a new player. A file without the entries links by the names typed. Bad entries
are refused naming their path, with nothing written; the public archive has no licence."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship, row_counts
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.archive import (
    ArchiveError,
    export_full,
    export_public,
    import_archive,
    to_json_bytes,
)
from scoring.archive.register_messages import SHOWN, register_messages
from tournaments.models import EntrantPlayer, Player
from tournaments.services import add_team, create_championship

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from abarrotada_factories import make_individual  # noqa: E402

from formats.abarrotada import services as individual  # noqa: E402

KEPT = Path(__file__).resolve().parents[1] / "archive_files"

pytestmark = pytest.mark.django_db


def pairs_championship(director, name="Open de Tardor"):
    championship = create_championship(director, name=name)
    add_team(championship, name="Les Forques", club="Club X", player1="Maria Costa",
             player2="Pere Vila")
    add_team(championship, name="Els Manilles", club="Club Y", player1="Joan Puig",
             player2="Anna Soler")
    add_team(championship, name="Botifarrers", club="", player1="Núria Pons",
             player2="Pere Vila")
    return championship


def links(championship) -> list[tuple[int, int, int]]:
    """(team number, position, player id) of every entrant's player."""
    return list(EntrantPlayer.objects.filter(team__championship=championship)
                .order_by("team__number", "position")
                .values_list("team__number", "position", "player_id"))


def names(championship) -> list[tuple[int, int, str, str, str]]:
    return [(number, position, player.name, player.club, player.licence)
            for number, position, player_id in links(championship)
            for player in [Player.objects.get(pk=player_id)]]


def give_licence(name: str, club: str, licence: str) -> Player:
    player = Player.objects.get(name=name, club=club)
    player.licence = licence
    player.save()
    return player


def moved(championship) -> bytes:
    """The championship's full backup, the championship deleted (as if moved elsewhere)."""
    data = to_json_bytes(export_full(championship))
    delete_championship(championship)
    return data


def test_the_backup_carries_each_entrants_register_players(director):
    championship = pairs_championship(director)
    give_licence("Maria Costa", "Club X", "FCB-1")
    archive = export_full(championship)
    players = {row["id"]: row for row in archive["register_players"]}
    assert {(p["name"], p["club"], p["licence"]) for p in players.values()} == {
        ("Maria Costa", "Club X", "FCB-1"), ("Pere Vila", "Club X", ""),
        ("Joan Puig", "Club Y", ""), ("Anna Soler", "Club Y", ""),
        ("Núria Pons", "", ""), ("Pere Vila", "", "")}
    teams = {row["id"]: row["number"] for row in archive["teams"]}
    named = sorted((teams[row["team"]], row["position"], players[row["player"]]["name"])
                   for row in archive["entrant_players"])
    assert named[:2] == [(1, 1, "Maria Costa"), (1, 2, "Pere Vila")]
    assert len(named) == 6
    assert set(archive["register_players"][0]) == {"id", "name", "club", "licence"}


def test_a_round_trip_keeps_every_link_to_the_same_players(director):
    championship = pairs_championship(director)
    give_licence("Joan Puig", "Club Y", "FCB-2")
    before = links(championship)
    players = Player.objects.count()
    imported = import_archive(moved(championship), director=director)
    assert links(imported) == before
    assert Player.objects.count() == players
    summary = imported.register_summary
    assert (summary.by_licence, summary.by_name, summary.registered) == (1, 5, 0)
    assert not summary.to_review


def test_an_installation_without_the_players_registers_them(director):
    championship = pairs_championship(director)
    give_licence("Joan Puig", "Club Y", "FCB-2")
    before = names(championship)
    data = moved(championship)
    Player.objects.all().delete()  # another installation's register: none of them
    imported = import_archive(data, director=director)
    assert names(imported) == before
    assert Player.objects.count() == 6
    assert imported.register_summary.registered == 6


def test_a_licence_finds_its_player_whatever_the_name(director):
    championship = pairs_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    entry = next(p for p in archive["register_players"] if p["name"] == "Maria Costa")
    entry.update(name="Maria Costa i Roca", licence="FCB-9")
    # Here the licence is Maria Costa's of Club Z; another player even has the exact name
    # and club the archive gives.
    here = Player.objects.create(name="M. Costa", club="Club Z", licence="FCB-9",
                                 search_name="m. costa")
    Player.objects.create(name="Maria Costa i Roca", club="Club X",
                          search_name="maria costa i roca")
    imported = import_archive(to_json_bytes(archive), director=director)
    assert EntrantPlayer.objects.get(team__championship=imported, team__number=1,
                                     position=1).player == here
    assert imported.register_summary.other_names == [("Maria Costa i Roca", here)]
    assert imported.teams.get(number=1).player1 == "Maria Costa"  # as typed, kept


def test_a_merged_players_licence_finds_the_player_kept(director):
    championship = pairs_championship(director)
    give_licence("Maria Costa", "Club X", "FCB-1")
    data = moved(championship)
    kept = Player.objects.create(name="Maria Costa", club="Club Z", licence="FCB-7",
                                 search_name="maria costa")
    Player.objects.filter(licence="FCB-1").update(merged_into=kept)
    imported = import_archive(data, director=director)
    assert EntrantPlayer.objects.get(team__championship=imported, team__number=1,
                                     position=1).player == kept


def test_a_new_licence_joins_the_player_of_that_name_and_club(director):
    """A licence no one has here finds the exact name and club, which takes it; a player of
    that name with another licence is someone else."""
    championship = pairs_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    for row in archive["register_players"]:
        if row["name"] in ("Maria Costa", "Joan Puig"):
            row["licence"] = {"Maria Costa": "FCB-1", "Joan Puig": "FCB-2"}[row["name"]]
    Player.objects.filter(name="Joan Puig").update(licence="FCB-3")
    imported = import_archive(to_json_bytes(archive), director=director)
    maria = Player.objects.get(name="Maria Costa", club="Club X")
    assert maria.licence == "FCB-1"
    assert EntrantPlayer.objects.get(team__championship=imported, team__number=1,
                                     position=1).player == maria
    puig = EntrantPlayer.objects.get(team__championship=imported, team__number=2,
                                     position=1).player
    assert (puig.name, puig.licence) == ("Joan Puig", "FCB-2")
    assert Player.objects.filter(name="Joan Puig").count() == 2
    # A new player of the same search name: shown to the director as a likely duplicate.
    assert imported.register_summary.likely_duplicates == [puig]


def test_an_archive_without_register_entries_links_by_the_names_typed(director):
    championship = pairs_championship(director)
    before = links(championship)
    archive = json.loads(moved(championship))
    del archive["register_players"], archive["entrant_players"]
    imported = import_archive(to_json_bytes(archive), director=director)
    assert links(imported) == before


def test_a_kept_backup_from_before_the_register_links_its_entrants(director):
    data = (KEPT / "duplicate_pairs.full.json").read_bytes()
    assert b"register_players" not in data
    imported = import_archive(data, director=director)
    teams = imported.teams.count()
    assert len(links(imported)) == 2 * teams
    distinct = {(name, team.club) for team in imported.teams.all()
                for name in (team.player1, team.player2)}
    assert imported.register_summary.registered == len(distinct)  # none was here
    for team in imported.teams.all():
        assert [entry.player.name for entry in team.register_entries.order_by("position")] \
            == [team.player1, team.player2]


def test_an_individual_championship_keeps_its_licences(director):
    championship = make_individual(director, players=8, rounds=1, deals=1)
    individual.add_player(championship, name="Laia Mas", club="Club Z", licence="FCB-5")
    archive = export_full(championship)
    laia = next(p for p in archive["register_players"] if p["name"] == "Laia Mas")
    assert laia["licence"] == "FCB-5"
    delete_championship(championship)
    Player.objects.all().delete()
    without = copy.deepcopy(archive)
    del without["register_players"], without["entrant_players"]
    imported = import_archive(to_json_bytes(without), director=director)
    assert Player.objects.get(name="Laia Mas").licence == "FCB-5"  # from the format's row
    assert len(links(imported)) == 9


def test_the_public_archive_has_no_licence(director):
    championship = make_individual(director, players=8, rounds=1, deals=1)
    individual.add_player(championship, name="Laia Mas", club="Club Z", licence="FCB-5")
    championship.results_public = True
    championship.save()
    data = to_json_bytes(export_public(championship))
    assert b"FCB-5" not in data and b"licence" not in data
    assert b"register_players" not in data and b"Laia Mas" in data


def _register_player(archive, name):
    return next(p for p in archive["register_players"] if p["name"] == name)


def _licence_twice(archive):
    _register_player(archive, "Maria Costa")["licence"] = "FCB-1"
    _register_player(archive, "Joan Puig")["licence"] = "FCB-1"


def _position(value):
    def change(archive):
        archive["entrant_players"][0]["position"] = value
    return change


def _third_player(archive):
    """A second player for an entrant's position already named."""
    row = dict(archive["entrant_players"][0], id=10**9)
    archive["entrant_players"].append(row)


BAD = [
    ("licence pattern", lambda a: _register_player(a, "Maria Costa").update(licence="FCB_1!"),
     "].licence: Licence number: at most 20 letters"),
    ("licence too long", lambda a: _register_player(a, "Maria Costa").update(licence="1" * 21),
     "].licence: longer than 20 characters."),
    ("licence twice", _licence_twice, "licence FCB-1 is also register_players["),
    ("empty name", lambda a: _register_player(a, "Anna Soler").update(name=" "),
     "].name: must not be empty."),
    ("hidden character", lambda a: _register_player(a, "Anna Soler").update(
        name="Anna\u202eSoler"), "].name: It contains an invisible character"),
    ("unknown field", lambda a: a["register_players"][0].update(rating=3),
     "register_players[0]: unknown field \"rating\"."),
    ("missing field", lambda a: a["entrant_players"][0].pop("position"),
     "entrant_players[0].position: missing."),
    ("no such position", _position(3), "entrant_players[0].position: entrant id "),
    ("position 0", _position(0), "entrant_players[0].position: entrant id "),
    ("position twice", _third_player, "].position: the same entrant and position as "
                                      "entrant_players[0]."),
    ("missing player", lambda a: a["entrant_players"][0].update(player=987654),
     "entrant_players[0].player: refers to register_players id 987654"),
    ("not a list", lambda a: a.update(register_players={}),
     "register_players: expected a list, found an object."),
]


@pytest.mark.parametrize("change,message", [case[1:] for case in BAD],
                         ids=[case[0] for case in BAD])
def test_bad_register_entries_are_refused_naming_the_field(director, change, message):
    championship = pairs_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    change(archive)
    before = row_counts()
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert message in refused.value.message, refused.value.message
    assert refused.value.path.startswith(("register_players", "entrant_players"))
    assert row_counts() == before


def test_an_individual_licence_other_than_its_register_players_is_refused(director):
    championship = make_individual(director, players=8, rounds=1, deals=1)
    individual.add_player(championship, name="Laia Mas", club="Club Z", licence="FCB-5")
    archive = export_full(championship)
    delete_championship(championship)
    _register_player(archive, "Laia Mas")["licence"] = "FCB-6"
    before = row_counts()
    with pytest.raises(ArchiveError, match=r"entrant_players\[\d+\]\.player: the entrant's "
                                           r"licence is FCB-5, its register player's FCB-6"):
        import_archive(to_json_bytes(archive), director=director)
    assert row_counts() == before


def test_the_import_page_lists_the_players_to_review(director_client, director):
    championship = pairs_championship(director)
    data = moved(championship)
    Player.objects.filter(name="Joan Puig").update(name="Joan  Puíg", search_name="joan puig")
    Player.objects.filter(name="Maria Costa").update(licence="FCB-1", name="Maria C.")
    archive = json.loads(data)
    _register_player(archive, "Maria Costa")["licence"] = "FCB-1"
    response = director_client.post(reverse("archive:import"), {"file": SimpleUploadedFile(
        "backup.json", to_json_bytes(archive), content_type="application/json")}, follow=True)
    page = response.content.decode()
    assert "1 newly registered player may already be in the register" in page
    assert "Joan Puig (Club Y)" in page
    assert "1 player was found by licence number under another name" in page
    assert "Maria Costa (here: Maria C. (Club X))" in page


def test_the_review_links_to_the_likely_duplicates_page(director):
    from scoring.archive.register import RegisterSummary

    player = Player(name="Joan Puig", club="Club Y")
    summary = RegisterSummary(registered=1, likely_duplicates=[player])
    texts = [text for _level, text in register_messages(summary)]
    assert f'href="{reverse("tournaments:player_duplicates")}"' in texts[1]


def test_a_long_list_is_cut_short(db):
    from scoring.archive.register import RegisterSummary

    players = [Player(name=f"Jugador <{i}>", club="") for i in range(SHOWN + 3)]
    (_, _counts), (_, text) = register_messages(RegisterSummary(likely_duplicates=players))
    assert "and 3 more" in text and "&lt;0&gt;" in text and "<0>" not in text


def test_the_command_reports_the_players(director, tmp_path):
    championship = pairs_championship(director)
    path = tmp_path / "backup.json"
    path.write_bytes(moved(championship))
    out = __import__("io").StringIO()
    call_command("import_championship", str(path), "--director", director.username, stdout=out)
    assert "Players: 0 found by licence, 6 by name and club, 0 newly registered" in \
        out.getvalue()


def _teams(championship, count: int, club: str = "Club X") -> None:
    for i in range(count):
        add_team(championship, name=f"Parella {i}", club=club, player1=f"Jugador {i}a",
                 player2=f"Jugador {i}b")


@pytest.mark.parametrize("size", [2, 6])
def test_the_register_lists_cost_the_same_queries_whatever_the_size(
        director, size, django_assert_num_queries):
    from scoring.archive.export import _register

    championship = create_championship(director, name=f"Open {size}")
    _teams(championship, size)
    with django_assert_num_queries(2):
        lists = _register(championship, {})
    assert len(lists["entrant_players"]) == 2 * size


@pytest.mark.parametrize("size", [2, 6])
def test_linking_players_already_here_costs_the_same_queries_whatever_the_size(
        director, size, django_assert_num_queries):
    from tournaments.services import register

    championship = create_championship(director, name=f"Open {size}")
    _teams(championship, size)
    teams = list(championship.teams.all())
    EntrantPlayer.objects.filter(team__championship=championship).delete()
    # Read the links and the players of those names (no licence: no query); write the links.
    with django_assert_num_queries(3):
        links = register.link_entrants(teams)
    assert {link.how for link in links} == {register.BY_NAME} and len(links) == 2 * size


@pytest.fixture
def kept_places(monkeypatch) -> list[int]:
    """The championships whose final places an import asked to keep
    (``tournaments.services.places.keep_final_places``, stood in for)."""
    import types

    calls: list[int] = []

    def keep(championship, **options):
        calls.append(championship.pk)

    try:
        from tournaments.services import places
    except ImportError:  # before the final places' branch: its module, stood in for
        places = types.ModuleType("tournaments.services.places")
        monkeypatch.setitem(sys.modules, "tournaments.services.places", places)
    monkeypatch.setattr(places, "keep_final_places", keep, raising=False)
    return calls


def test_a_finished_championship_keeps_its_final_places_on_import(director, kept_places):
    finished = import_archive((KEPT / "free_deal_pairs.full.json").read_bytes(),
                              director=director)
    assert finished.status == "finished" and kept_places == [finished.pk]
    running = import_archive(moved(pairs_championship(director)), director=director)
    assert running.status != "finished" and kept_places == [finished.pk]


def test_a_kept_backup_with_register_entries_links_them_by_licence(director):
    """A file written with the register entries (``abarrotada_register``) links by them."""
    data = (KEPT / "abarrotada_register.full.json").read_bytes()
    licensed = next(p for p in json.loads(data)["register_players"] if p["licence"])
    here = Player.objects.create(name="Altre Nom", club="", licence=licensed["licence"],
                                 search_name="altre nom")
    imported = import_archive(data, director=director)
    assert here.pk in {player_id for *_, player_id in links(imported)}
    summary = imported.register_summary
    assert summary.other_names == [(licensed["name"], here)]
    assert (summary.by_licence, summary.by_name, summary.registered) == (1, 0, 17)
