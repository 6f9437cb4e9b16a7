"""Team import from CSV and XLSX: good files, every kind of bad row, nothing saved on error."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from tournaments import services

pytestmark = pytest.mark.django_db

HEADER = "number,name,club,player1,player2\n"


def csv_file(text: str, name="teams.csv", encoding="utf-8") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(encoding), content_type="text/csv")


def xlsx_file(rows, name="teams.xlsx") -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(name, buffer.getvalue())


def import_errors(championship, upload) -> list[str]:
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, upload)
    assert not championship.teams.exists(), "nothing may be saved"
    return [str(e) for e in error.value.errors] or [error.value.message]


def test_good_csv(championship):
    teams = services.import_teams(
        championship,
        csv_file(
            HEADER
            + "3,Els Manilles,CB Horta,Pau Vidal,Laia Roca\n"
            + ",Trumfo Fort,,Joan Puig,Marta Serra\n"
            + "\n"
            + "1,Botifarrers,Casal de Sants,Núria Font,Jordi Camps\n"
        ),
    )
    assert [(t.number, t.name) for t in teams] == [
        (3, "Els Manilles"), (2, "Trumfo Fort"), (1, "Botifarrers")]
    stored = {t.name: t for t in championship.teams.all()}
    assert stored["Botifarrers"].player1 == "Núria Font"
    assert stored["Trumfo Fort"].club == ""
    # Each team has its own secrets.
    assert len({t.link_secret for t in stored.values()}) == 3
    assert all(t.pin.isdigit() and len(t.pin) == 4 for t in stored.values())


def test_good_csv_with_semicolons_bom_and_spanish_excel_habits(championship):
    text = "\ufeffNumber;Name;Club;Player 1;Player 2\n1;Sota i Cavall;Club;Anna;Pere\n"
    teams = services.import_teams(championship, csv_file(text))
    assert [(t.number, t.name, t.player2) for t in teams] == [(1, "Sota i Cavall", "Pere")]


def test_empty_numbers_fill_the_lowest_free_numbers(championship):
    text = HEADER + "1,A,,a1,a2\n2,B,,b1,b2\n,C,,c1,c2\n4,D,,d1,d2\n,E,,e1,e2\n"
    teams = services.import_teams(championship, csv_file(text))
    assert sorted((t.number, t.name) for t in teams) == [
        (1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E")]


def test_catalan_and_spanish_column_names(championship):
    text = "Número;Nom;Club;Jugador 1;Jugador 2\n1;Sota i Cavall;CB Gràcia;Anna;Pere\n"
    teams = services.import_teams(championship, csv_file(text))
    assert [(t.number, t.name, t.club, t.player1) for t in teams] == [
        (1, "Sota i Cavall", "CB Gràcia", "Anna")]
    text = "numero,nombre,club,jugador1,jugador2\n7,Los Oros,,Ana,Luis\n"
    teams = services.import_teams(championship, csv_file(text))
    assert [(t.number, t.name) for t in teams] == [(7, "Los Oros")]


def test_good_xlsx_with_numbers_as_floats(championship):
    services.add_team(championship, name="Ja hi era", player1="A", player2="B")
    teams = services.import_teams(
        championship,
        xlsx_file([
            ("number", "name", "club", "player1", "player2"),
            (7.0, "Set i Mig", "CB Gràcia", "Clara", "Martí"),
            (None, "Les Manilles", None, "Iu", "Mar"),
        ]),
    )
    assert [(t.number, t.name) for t in teams] == [(7, "Set i Mig"), (2, "Les Manilles")]


def test_templates_download_and_import_back(director_client, championship):
    for kind in ("csv", "xlsx"):
        response = director_client.get(
            reverse("tournaments:director_team_template", args=[championship.pk, kind]),
            headers={"accept-language": "en"},
        )
        assert response.status_code == 200
        assert f'filename="teams.{kind}"' in response["Content-Disposition"]
        content = response.content
        if kind == "xlsx":
            sheet = load_workbook(io.BytesIO(content)).active
            assert [c.value for c in sheet[1]] == ["number", "name", "club", "player1", "player2"]
            sheet.append([None, "Des de plantilla", "", "A", "B"])
            buffer = io.BytesIO()
            sheet.parent.save(buffer)
            upload = SimpleUploadedFile("teams.xlsx", buffer.getvalue())
        else:
            assert content.decode("utf-8-sig").strip() == HEADER.strip()
            upload = SimpleUploadedFile("teams.csv", content + b",Des de CSV,,C,D\n")
        services.import_teams(championship, upload)
    assert set(championship.teams.values_list("name", flat=True)) == {
        "Des de plantilla", "Des de CSV"}
    assert director_client.get(
        reverse("tournaments:director_team_template", args=[championship.pk, "pdf"])
    ).status_code == 404


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (",,Club,A,B", "Row 2, name: This field is required."),
        (",Team,Club,,B", "Row 2, player1: This field is required."),
        (",Team,Club,A,", "Row 2, player2: This field is required."),
        ("abc,Team,Club,A,B", "Row 2, number: “abc” is not a whole number."),
        ("0,Team,Club,A,B", "Row 2, number: The number must be 1 or more."),
        ("-3,Team,Club,A,B", "Row 2, number: The number must be 1 or more."),
        (",Team," + "x" * 121 + ",A,B", "Row 2, club: At most 120 characters (it has 121)."),
        ("5,Existing name,Club,A,B", "Row 2, name: Pair 9 already has this name."),
        ("9,Team,Club,A,B", "Row 2, number: Number 9 is already used by “Existing name”."),
    ],
)
def test_each_kind_of_bad_row(championship, row, message):
    services.add_team(championship, number=9, name="Existing name", player1="x", player2="y")
    before = set(championship.teams.values_list("pk", flat=True))
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, csv_file(HEADER + row + "\n,Good team,,C,D\n"))
    assert [str(e) for e in error.value.errors] == [message]
    assert "Nothing was imported" in error.value.message
    assert set(championship.teams.values_list("pk", flat=True)) == before


def test_duplicates_inside_the_file(championship):
    errors = import_errors(
        championship,
        csv_file(HEADER + "1,Alfa,,A,B\n1,Beta,,C,D\n,alfa,,E,F\n"),
    )
    assert errors == [
        "Row 3, number: Number 1 is also in row 2.",
        "Row 4, name: The same name is also in row 2.",
    ]


def test_every_bad_row_is_reported_in_xlsx(championship):
    errors = import_errors(
        championship,
        xlsx_file([
            ("number", "name", "club", "player1", "player2"),
            (1, "Bo", "", "A", "B"),
            ("x", "Dolent", "", "A", "B"),
            (None, None, None, None, None),  # empty rows are skipped
            (None, "Sense parella", "", "A", None),
        ]),
    )
    assert errors == [
        "Row 3, number: “x” is not a whole number.",
        "Row 5, player2: This field is required.",
    ]


@pytest.mark.parametrize(
    ("upload", "message"),
    [
        (csv_file("", "t.csv"), "The file is empty."),
        (csv_file(HEADER, "t.csv"), "The file has a header row but no entrants."),
        (csv_file("name,club,player1\nA,B,C\n"), "The first row must name the columns; missing: player2."),
        (csv_file("name,player1,player2,age\nA,B,C,4\n"), "Unknown column “age” in the first row."),
        (csv_file("name,name,player1,player2\n"), "The column “name” appears twice."),
        (csv_file(HEADER + "1,Café,,Àlex,B\n", encoding="latin-1"), "is not UTF-8 text"),
        (SimpleUploadedFile("t.pdf", b"%PDF-1.4"), "Upload a CSV (.csv) or Excel (.xlsx) file."),
        (SimpleUploadedFile("t.xlsx", b"PK\x03\x04 broken"), "not a readable Excel (.xlsx) workbook"),
    ],
)
def test_bad_files(championship, upload, message):
    errors = import_errors(championship, upload)
    assert any(message in error for error in errors), errors


def test_import_refused_once_the_round_robin_is_scheduled(scheduled):
    before = scheduled.teams.count()
    with pytest.raises(services.ServiceError, match="schedule already exists"):
        services.import_teams(scheduled, csv_file(HEADER + ",New,,A,B\n"))
    assert scheduled.teams.count() == before


def test_import_page_shows_errors_row_by_row(director_client, championship):
    url = reverse("tournaments:director_team_import", args=[championship.pk])
    response = director_client.post(
        url, {"file": csv_file(HEADER + ",,,A,B\n2,X,,A,\n")}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was saved" in page
    assert "Row 2, name: This field is required." in page
    assert "Row 3, player2: This field is required." in page
    assert not championship.teams.exists()
    response = director_client.post(url, {"file": csv_file(HEADER + ",Bona,,A,B\n")})
    assert response.status_code == 302
    assert championship.teams.get().name == "Bona"
