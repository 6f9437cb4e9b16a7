"""Names are stored in NFC and refused with invisible tricks in them; team names that differ
only in case or spaces are the same name (form, import and service alike); the same cards
twice in one round are refused; the admin shows staff who direct nothing no drafted
pairings and no audit addresses."""

from __future__ import annotations

import unicodedata

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import engine
from tournaments import services
from tournaments.models import AuditEvent, Team
from tournaments.names import NameProblem, clean_name, team_name_key

pytestmark = pytest.mark.django_db

HOSTILE = [
    ("Els \u202eselliNaM", "changes the text direction"),
    ("Bo\u2066tifarra", "changes the text direction"),
    ("Zero\u200bwidth", "zero-width"),
    ("\ufeffBOM", "zero-width"),
    ("Bell\x07", "control character"),
    ("Nul\x00", "control character"),
    ("\x1cSep", "control character"),
    ("Soft\u00adhyphen", "control character"),
    ("\u0301\u0301", "no visible character"),
]


@pytest.mark.parametrize(("name", "problem"), HOSTILE)
def test_hostile_names_are_refused_everywhere(championship, name, problem):
    with pytest.raises(services.ServiceError, match=problem) as error:
        services.add_team(championship, name=name, player1="A", player2="B")
    assert error.value.field == "name"
    with pytest.raises(services.ServiceError, match=problem) as error:
        services.add_team(championship, name="Fine", player1=name, player2="B")
    assert error.value.field == "player1"
    upload = SimpleUploadedFile("t.csv", f"name,club,player1,player2\nOk,{name},A,B\n".encode())
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, upload)
    if "\x00" in name:  # a NUL byte: the file as a whole is not text
        assert error.value.message == "The file is not a CSV text file."
    else:
        assert [e.field for e in error.value.errors] == ["club"]
        assert problem in str(error.value.errors[0])
    with pytest.raises(services.ServiceError, match=problem) as error:
        services.update_championship(championship, name=name)
    assert error.value.field == "name"
    assert not championship.teams.exists()


def test_names_are_stored_in_nfc_with_spaces_collapsed(championship):
    decomposed = unicodedata.normalize("NFD", "  Gràcia   i  Sants ")
    team = services.add_team(championship, name=decomposed, player1="Núria\tFont", player2="B")
    assert team.name == "Gràcia i Sants" and unicodedata.is_normalized("NFC", team.name)
    assert team.player1 == "Núria Font"


@pytest.mark.parametrize("other", ["els manilles", "ELS MANILLES", "Els  Manilles", "ElsManilles",
                                   unicodedata.normalize("NFD", "Els Manillés").replace("é", "e")
                                   if False else "els manilles "])
def test_names_differing_in_case_or_spaces_are_the_same(director_client, championship, other):
    services.add_team(championship, name="Els Manilles", player1="A", player2="B")
    with pytest.raises(services.ServiceError, match="already has this name"):
        services.add_team(championship, name=other, player1="C", player2="D")
    upload = SimpleUploadedFile("t.csv", f"name,player1,player2\n{other},C,D\n".encode())
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, upload)
    assert "Row 2, name: Pair 1 already has this name." in [str(e) for e in error.value.errors]
    response = director_client.post(reverse("tournaments:director_teams", args=[championship.pk]),
                                    {"name": other, "player1": "C", "player2": "D"})
    assert "already has this name" in response.content.decode()
    assert championship.teams.count() == 1


def test_the_same_name_twice_in_one_file(championship):
    upload = SimpleUploadedFile("t.csv", b"name,player1,player2\nSota,A,B\n  SOTA ,C,D\n")
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, upload)
    assert [str(e) for e in error.value.errors] == ["Row 3, name: The same name is also in row 2."]


@given(st.text(max_size=30))
def test_clean_name_never_lets_an_invisible_trick_through(text):
    try:
        cleaned = clean_name(text)
    except NameProblem:
        return
    assert unicodedata.is_normalized("NFC", cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in cleaned)
    assert cleaned == "" or any(unicodedata.category(c)[0] in "LNPS" for c in cleaned)
    assert team_name_key(cleaned) == team_name_key(cleaned.upper().replace(" ", "  ")) or (
        cleaned.upper().casefold() != cleaned.casefold())


def test_the_same_cards_twice_in_one_round_are_refused(scheduled):
    round_ = scheduled.rounds.get(number=2)
    before = dict(round_.deals.values_list("number", "cards"))
    cards = engine.format_deal(engine.generate_deal(b"hand dealt", 1))
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(round_, f"5 {cards}\n6 {cards}\n")
    assert [str(e) for e in error.value.errors] == [
        "Line 2: deal 6 has the same cards as deal 5 of round 2."]
    # Nor may an imported deal repeat one the round keeps.
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(round_, f"6 {before[5]}\n")
    assert [str(e) for e in error.value.errors] == [
        "Line 1: deal 6 has the same cards as deal 5 of round 2."]
    assert dict(round_.deals.values_list("number", "cards")) == before


def test_a_card_twice_names_the_seats_in_the_users_language(scheduled):
    round_ = scheduled.rounds.get(number=2)
    hands = engine.format_deal(engine.generate_deal(b"k", 1))[2:].split()
    text = "5 N:" + " ".join([hands[0], hands[0], hands[2], hands[3]])
    with translation.override("ca"), pytest.raises(services.ServiceError) as error:
        services.import_deals(round_, text)
    with translation.override("ca"):
        messages = [str(e) for e in error.value.errors]
    assert any("(a Nord i Est)" in m for m in messages), messages


@pytest.fixture
def staff_client(django_user_model):
    staff = django_user_model.objects.create_user("staff", password="x-long-password",
                                                  is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="tournaments"))
    client = Client(headers={"accept-language": "en"})
    client.force_login(staff)
    return client


def test_staff_who_direct_nothing_see_no_drafts_nor_audit_addresses(scheduled, staff_client,
                                                                    director):
    services.release_round(scheduled.rounds.get(number=1), by=director)
    AuditEvent.objects.update(ip_address="192.0.2.99")
    rounds = staff_client.get(reverse("admin:tournaments_round_changelist"))
    assert [r.number for r in rounds.context["cl"].result_list] == [1]
    tables = staff_client.get(reverse("admin:tournaments_table_changelist"))
    assert {t.round.number for t in tables.context["cl"].result_list} == {1}
    drafted = scheduled.rounds.get(number=2)
    assert staff_client.get(reverse("admin:tournaments_round_change", args=[drafted.pk])
                            ).status_code in (302, 404)
    audit = staff_client.get(reverse("admin:tournaments_auditevent_changelist"))
    assert audit.status_code == 200
    assert "192.0.2.99" not in audit.content.decode()
    assert not list(audit.context["cl"].result_list)
    assert Team.objects.exists()
