"""Sections of a free-deal event (rules.md 11.3): each section paired and ranked on its own,
sharing the rounds; a bye per odd section; tables numbered through the sections in order."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from django.db import transaction
from django.utils import translation
from free_deal_factories import SECTION_NAMES as NAMES
from free_deal_factories import (
    make_free_deal,
    next_round,
    play_round,
    random_game,
    row_counts,
    sectioned,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from formats.free_deal import selectors
from formats.free_deal.models import PairSection, Section, SectionBye
from formats.free_deal.services.sections import assign_sections, section_ids
from tournaments import services
from tournaments.models import AuditEvent, Table
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db



def independent_ranking(championship, section_id):
    """Match points 1/½/0 and point difference of the section's pairs, from the stored
    tables and entries, written here from rules.md 11.3 (not through the ranking code)."""
    members = {t for t, s in section_ids(championship).items() if s == section_id}
    mp = {p: Fraction(0) for p in members}
    diff = {p: 0 for p in members}
    for table in Table.objects.filter(round__championship=championship):
        entry = table.game_entries.order_by("-id").first()
        if entry is None or table.ns_team_id not in members:
            continue
        a, b = entry.first_points, entry.second_points
        mp[table.ns_team_id] += 1 if a > b else Fraction(1, 2) if a == b else 0
        mp[table.ew_team_id] += 1 if b > a else Fraction(1, 2) if a == b else 0
        diff[table.ns_team_id] += a - b
        diff[table.ew_team_id] += b - a
    for bye in SectionBye.objects.filter(round__championship=championship):
        if bye.team_id in members:
            mp[bye.team_id] += 1
    return mp, diff


@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), sizes=st.sampled_from([(7, 5), (6, 5), (8, 4)]))
def test_each_section_is_paired_and_ranked_on_its_own(director, seed, sizes):
    with transaction.atomic():
        sp = transaction.savepoint()
        _check_sections(director, seed, sizes)
        transaction.savepoint_rollback(sp)


def _check_sections(director, seed, sizes):
    director.championships.clear()
    championship = sectioned(director, sizes=sizes, rounds=3)
    rng = random.Random(seed)
    placed = section_ids(championship)
    sections = list(Section.objects.filter(championship=championship).order_by("position"))
    met, byes = set(), []
    for _number in range(3):
        round_ = next_round(championship, director)
        tables = list(round_.tables.order_by("number"))
        assert round_.bye_team_id is None  # with sections the byes are the sections'
        order = [placed[t.ns_team_id] for t in tables]
        assert order == sorted(order, key=[s.pk for s in sections].index)  # section order
        for table in tables:
            assert placed[table.ns_team_id] == placed[table.ew_team_id]
            pair = frozenset((table.ns_team_id, table.ew_team_id))
            assert pair not in met, "a rematch"
            met.add(pair)
        round_byes = list(SectionBye.objects.filter(round=round_).values_list("team_id",
                                                                             flat=True))
        odd = [s.pk for s, size in zip(sections, sizes, strict=True) if size % 2]
        assert sorted(placed[p] for p in round_byes) == sorted(odd)
        byes += round_byes
        play_round(round_, random_game(rng))
        services.close_round(round_, by=director)
    for section in sections:
        members = [p for p, s in placed.items() if s == section.pk]
        counts = [byes.count(p) for p in members]
        # Nobody has a second bye while another pair of the section has none.
        assert not (max(counts) >= 2 and min(counts) == 0)
    expected = {s.pk: independent_ranking(championship, s.pk) for s in sections}
    for part in selectors.section_rankings(championship):
        mp, diff = expected[part.section.pk]
        assert {line.pair_id for line in part.lines} == set(mp)
        for line in part.lines:
            assert (line.match_points, line.point_difference) == (mp[line.pair_id],
                                                                 diff[line.pair_id])
        keys = [(line.match_points, line.point_difference) for line in part.lines]
        assert keys == sorted(keys, reverse=True)
        assert part.lines[0].place.rstrip("=") == "1"


def test_a_swap_across_sections_is_refused(director):
    championship = sectioned(director)
    (round_,) = services.generate_next_round(championship)
    placed = section_ids(championship)
    tables = list(round_.tables.order_by("number"))
    a = tables[0].ns_team
    b = next(t.ns_team for t in tables if placed[t.ns_team_id] != placed[a.pk])
    with pytest.raises(ServiceError) as refused, translation.override("en"):
        services.swap_teams(round_, a, b)
    assert refused.value.field == "team_b"
    assert "different sections" in refused.value.message
    assert [(t.ns_team_id, t.ew_team_id) for t in round_.tables.order_by("number")] == [
        (t.ns_team_id, t.ew_team_id) for t in tables]


def test_a_swap_with_a_section_bye_moves_the_bye(director):
    championship = sectioned(director)
    (round_,) = services.generate_next_round(championship)
    placed = section_ids(championship)
    bye = SectionBye.objects.get(round=round_, team__in=[
        p for p, s in placed.items() if s == Section.objects.get(name=NAMES[0]).pk]).team
    partner = next(t.ns_team for t in round_.tables.all()
                   if placed[t.ns_team_id] == placed[bye.pk])
    services.swap_teams(round_, bye, partner)
    assert SectionBye.objects.filter(round=round_, team=partner).exists()
    assert not SectionBye.objects.filter(round=round_, team=bye).exists()


def test_an_unknown_section_is_refused_and_nothing_written(director):
    championship = sectioned(director)
    before = list(PairSection.objects.values_list("team_id", "section_id"))
    team = championship.teams.first()
    with pytest.raises(ServiceError) as refused:
        assign_sections(championship, {team.pk: "Veterans"})
    assert refused.value.field == "section"
    assert "Veterans" in refused.value.message
    assert list(PairSection.objects.values_list("team_id", "section_id")) == before


def test_sections_are_locked_once_round_1_is_paired(director):
    championship = sectioned(director)
    services.generate_next_round(championship)
    with pytest.raises(ServiceError) as refused:
        assign_sections(championship, {championship.teams.first().pk: NAMES[1]})
    assert refused.value.field == "section"


def test_the_api_sets_sections_and_gives_standings_by_section(director):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    answer = api.post("/api/v1/championships/", {
        "name": "Torneig", "format": "free_deal_pairs", "rounds_planned": 3,
        "free_deal": {"sections": ["A", "B"]}}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["free_deal"]["sections"] == ["A", "B"]
    twice = api.post("/api/v1/championships/", {
        "name": "Torneig 2", "format": "free_deal_pairs", "rounds_planned": 3,
        "free_deal": {"sections": ["A", "a"]}}, format="json")
    assert twice.status_code == 400
    assert "sections" in twice.json()["free_deal"]


def test_the_standings_page_has_a_heading_per_section(director, client):
    championship = sectioned(director)
    round_ = next_round(championship, director)
    play_round(round_, random_game(random.Random(2)))
    client.force_login(director)
    page = client.get(f"/c/{championship.pk}/results/",
                      headers={"accept-language": "en"}).content.decode()
    assert page.index("Section Experienced") < page.index("Section Beginners")


def test_the_director_puts_pairs_in_sections_on_a_page(director, client):
    championship = make_free_deal(director, pairs=4, sections=list(NAMES))
    client.force_login(director)
    url = f"/director/c/{championship.pk}/sections/"
    page = client.get(url)
    assert page.status_code == 200
    teams = list(championship.teams.order_by("number"))
    posted = {f"pair-{t.number}": NAMES[i % 2] for i, t in enumerate(teams)}
    assert client.post(url, posted).status_code == 302
    assert section_ids(championship) == {
        t.pk: Section.objects.get(name=NAMES[i % 2]).pk for i, t in enumerate(teams)}
    assert url in client.get(f"/director/c/{championship.pk}/").content.decode()


def test_a_team_file_with_an_unknown_section_is_refused_row_by_row(director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    championship = make_free_deal(director, pairs=0, sections=list(NAMES))
    upload = SimpleUploadedFile("teams.csv", b"name,player1,player2,section\n"
                                b"Nous,A,B,Beginners\nVells,C,D,Veterans\n",
                                content_type="text/csv")
    with pytest.raises(ServiceError) as refused:
        services.import_teams(championship, upload)
    assert [(e.row, e.field) for e in refused.value.errors] == [(3, "section")]
    assert "Veterans" in refused.value.errors[0].message
    assert not championship.teams.exists()
    upload = SimpleUploadedFile("teams.csv", "name,player1,player2,secció\n"
                                "Nous,A,B,beginners\nVells,C,D,Experienced\n".encode(),
                                content_type="text/csv")
    services.import_teams(championship, upload)
    assert {t.name: s for t, s in ((t, PairSection.objects.get(team=t).section.name)
                                   for t in championship.teams.all())} == {
        "Nous": "Beginners", "Vells": "Experienced"}


def test_a_duplicate_championship_refuses_a_section_column(director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    championship = services.create_championship(director, name="Duplicat")
    upload = SimpleUploadedFile("teams.csv", b"name,player1,player2,section\nNous,A,B,X\n",
                                content_type="text/csv")
    with pytest.raises(ServiceError) as refused:
        services.import_teams(championship, upload)
    assert refused.value.errors[0].field == "section"


def test_no_api_path_makes_a_game_between_sections(director):
    """A result for a pair of another section: a captain's game for a table of the other
    section, and a swap putting two sections at one table, are refused naming the field,
    and nothing is written."""
    championship = sectioned(director)
    (round_,) = services.generate_next_round(championship)
    placed = section_ids(championship)
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    first = tables[0]
    other = next(t for t in tables if placed[t.ns_team_id] != placed[first.ns_team_id])
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(director)
    before = row_counts()
    swap = api.post(f"/api/v1/championships/{championship.pk}/rounds/1/swap-teams/",
                    {"team_a": first.ns_team.number, "team_b": other.ew_team.number},
                    format="json")
    assert swap.status_code == 400, swap.json()
    assert "different sections" in swap.json()["team_b"][0]
    assert row_counts() == before
    services.release_round(round_)
    captain = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    team = first.ns_team
    before = row_counts()
    answer = captain.post(
        f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/",
        {"first_points": 101, "second_points": 40, "ended_by": "target", "hands_played": 9,
         "table": other.number}, format="json")
    assert answer.status_code == 400, answer.json()
    assert "table" in answer.json()
    assert row_counts() == before


def test_the_projector_cycles_through_the_sections_and_shows_each_bye(director, client):
    championship = sectioned(director)  # 7 and 5 pairs: a bye in each section
    round_ = next_round(championship, director)
    client.force_login(director)
    english = {"headers": {"accept-language": "en"}}
    url = f"/c/{championship.pk}/results/projector/"
    first = client.get(url, **english)
    page = first.content.decode()
    for bye in SectionBye.objects.filter(round=round_).select_related("team"):
        assert f"Bye: {bye.team.name}" in page
    assert first.context["pages"] == 3  # the pairing, then one page per section
    sections = [client.get(f"{url}?page={n}", **english) for n in (2, 3)]
    assert [r.context["section"].name for r in sections] == list(NAMES)
    assert [len(r.context["rows"]) for r in sections] == [7, 5]
    assert "Section Beginners" in sections[1].content.decode()
    games = client.get(f"/api/v1/championships/{championship.pk}/free-deal/rounds/1/games/")
    assert games.json()["bye_pair"] is None
    assert sorted(p["id"] for p in games.json()["byes"]) == sorted(
        SectionBye.objects.filter(round=round_).values_list("team_id", flat=True))


def test_a_pair_with_its_section_bye_is_told_on_its_page(director, client):
    championship = sectioned(director)
    round_ = next_round(championship, director)
    team = SectionBye.objects.filter(round=round_).first().team
    page = client.get(f"/t/{team.pk}/{team.link_secret}/",
                      headers={"accept-language": "en"}).content.decode()
    assert "Round 1: your pair has the bye" in page


def test_a_withdrawal_takes_back_a_section_bye_and_reinstating_gives_it_back(director):
    championship = sectioned(director)
    (round_,) = services.generate_next_round(championship)
    team = SectionBye.objects.filter(round=round_).first().team
    services.withdraw_team(team)
    assert not SectionBye.objects.filter(round=round_, team=team).exists()
    assert round_.__class__.objects.get(pk=round_.pk).bye_team_id is None
    assert AuditEvent.objects.filter(team=team,
                                     action=AuditEvent.Action.ROUND_BYE_CANCELLED).exists()
    team.refresh_from_db()
    services.reinstate_team(team)
    assert SectionBye.objects.filter(round=round_, team=team).exists()
    assert round_.__class__.objects.get(pk=round_.pk).bye_team_id is None


FORM = {"format": "free_deal_pairs", "rounds_planned": "5", "doubling": "2-4-8",
        "fd-target": "101", "fd-hand_limit": "12", "fd-round_minutes": "60", "fd-cap": "121",
        "fd-sant_vicenc": "on", "fd-match_points": "1-1/2-0",
        "fd-tie_breaks": "match_points,point_difference,points,buchholz",
        "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw"}


def test_the_settings_form_names_the_sections_and_refuses_one_twice(director, client):
    client.force_login(director)
    refused = client.post("/director/new/", {**FORM, "name": "Dues",
                                             "fd-sections": "Experts\nexperts"},
                          headers={"accept-language": "en"})
    assert refused.status_code == 200
    assert "named twice" in refused.content.decode()
    assert not Section.objects.exists()
    made = client.post("/director/new/", {**FORM, "name": "Dues",
                                          "fd-sections": "Experts\n\n Principiants \n"})
    assert made.status_code == 302
    championship = director.championships.get(name="Dues")
    assert [s.name for s in Section.objects.filter(championship=championship)] == [
        "Experts", "Principiants"]
    edit = client.get(f"/director/c/{championship.pk}/edit/").content.decode()
    assert "Experts\nPrincipiants" in edit
    # Reordered and one renamed: the kept one keeps its place in the new order.
    client.post(f"/director/c/{championship.pk}/edit/", {
        **FORM, "name": "Dues", "fd-sections": "Novells\nExperts"})
    assert [(s.name, s.position) for s in Section.objects.filter(championship=championship)
            .order_by("position")] == [("Novells", 1), ("Experts", 2)]
