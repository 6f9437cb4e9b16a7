"""The team list's template names its columns in the director's language, and a file whose
header is in any of the site's languages imports (issue 24: English headers for Catalan and
Spanish directors)."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tournaments import services
from tournaments.import_headers import column_of, header
from tournaments.importing import TEAM_COLUMNS, FileProblem, read_team_rows

pytestmark = pytest.mark.django_db
CODES = [code for code, _name in settings.LANGUAGES]


def _template(client, championship, kind: str, language: str) -> bytes:
    response = client.get(
        reverse("tournaments:director_team_template", args=[championship.pk, kind]),
        headers={"accept-language": language})
    assert response.status_code == 200
    return response.content


@pytest.mark.parametrize("language", CODES)
def test_the_template_is_in_the_directors_language(director_client, championship, language):
    with translation.override(language):
        expected = [header(column) for column in TEAM_COLUMNS]
    csv_header = _template(director_client, championship, "csv", language)
    assert csv_header.decode("utf-8-sig").strip().split(",") == expected
    sheet = load_workbook(io.BytesIO(_template(director_client, championship, "xlsx", language))).active
    assert [cell.value for cell in sheet[1]] == expected


@pytest.mark.parametrize("made_in", CODES)
@pytest.mark.parametrize("read_in", CODES)
def test_a_template_from_any_language_imports_in_any_other(
        director_client, championship, made_in, read_in):
    content = _template(director_client, championship, "csv", made_in)
    upload = SimpleUploadedFile("teams.csv", content + b"3,Les Sotes,CB Sants,Anna,Pere\n")
    with translation.override(read_in):
        (team,) = services.import_teams(championship, upload)
    assert (team.number, team.name, team.club, team.player1, team.player2) == (
        3, "Les Sotes", "CB Sants", "Anna", "Pere")


def test_every_languages_header_names_its_column():
    for code in CODES:
        with translation.override(code):
            names = {column: header(column) for column in (*TEAM_COLUMNS, "section")}
        for column, name in names.items():
            assert column_of(name) == column
            assert column_of(f"  {name.upper()} ") == column


def test_an_unknown_column_is_named_with_the_columns_in_the_readers_language():
    with translation.override("en"), pytest.raises(FileProblem) as caught:
        read_team_rows("teams.csv", b"name,player1,player2,colour\nA,b,c,red\n")
    assert "colour" in str(caught.value)
    assert "number, name, club, player1, player2, section" in str(caught.value)
