"""Damaged and hostile team lists are refused with a message naming the file, cheaply, and
nothing is saved: broken or malicious .xlsx parts, oversized cells, fields and files, and
numbers too big for the database."""

from __future__ import annotations

import io
import time
import tracemalloc

import hostile_files as hostile
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments import services
from tournaments.importing import MAX_UPLOAD_BYTES, read_upload

pytestmark = pytest.mark.django_db

HEADER = "number,name,club,player1,player2\n"


def _refused(championship, name, data) -> list[str]:
    with pytest.raises(services.ServiceError) as error:
        services.import_teams(championship, SimpleUploadedFile(name, data))
    assert not championship.teams.exists(), "nothing may be saved"
    assert error.value.field == "file"
    return [str(e) for e in error.value.errors] or [error.value.message]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (hostile.truncated_sheet, "not a readable Excel (.xlsx) workbook"),
        (hostile.entity_expansion, "not a readable Excel (.xlsx) workbook"),
        (hostile.external_entity, "not a readable Excel (.xlsx) workbook"),
        (hostile.absurd_reference, "not a readable Excel (.xlsx) workbook"),
        (hostile.not_a_number, "not a readable Excel (.xlsx) workbook"),
        (hostile.shared_string_out_of_range, "not a readable Excel (.xlsx) workbook"),
        (hostile.no_sheet, "The workbook has no sheet."),
        (hostile.far_reference, "more than 5000 rows"),
        (hostile.many_members, "too many parts"),
    ],
)
def test_damaged_or_hostile_workbooks_are_refused(championship, build, message):
    errors = _refused(championship, "teams.xlsx", build())
    assert any(message in error for error in errors), errors


def test_the_external_entity_is_never_read(championship):
    errors = _refused(championship, "teams.xlsx", hostile.external_entity())
    assert not any("root:" in error for error in errors)


def test_a_small_workbook_unpacking_to_300_mb_is_refused_cheaply(championship):
    data = hostile.huge_string(300)
    assert len(data) < 400 * 1024
    tracemalloc.start()
    started = time.perf_counter()
    try:
        errors = _refused(championship, "teams.xlsx", data)
        elapsed = time.perf_counter() - started
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert any("unpacks to more than 20 MB" in error for error in errors), errors
    print(f"\n300 MB bomb refused in {elapsed * 1000:.0f} ms, peak {peak / 1024:.0f} KB")
    assert peak < 20 * 1024 * 1024


def test_a_cell_longer_than_any_field_is_refused(championship):
    data = hostile.plain_xlsx([("number", "name", "club", "player1", "player2"),
                               (1, "x" * 5000, "", "p", "q")])
    errors = _refused(championship, "teams.xlsx", data)
    assert any("more than 1000 characters" in error for error in errors), errors


def test_csv_field_over_the_csv_modules_limit(championship):
    data = (HEADER + '1,"' + "x" * 131_073 + '",,p,q\n').encode()
    errors = _refused(championship, "teams.csv", data)
    assert any("cannot be read" in error or "1000 characters" in error for error in errors)


@pytest.mark.parametrize("number", ["99999999999999999999999", "10000", "2147483648"])
def test_team_number_too_big_for_the_database(championship, number):
    data = (HEADER + f"{number},Alfa,,p,q\n").encode()
    errors = _refused(championship, "teams.csv", data)
    assert errors == ["Row 2, number: The number must be at most 9999."]


def test_the_team_form_refuses_a_huge_number(director_client, championship):
    url = reverse("tournaments:director_teams", args=[championship.pk])
    response = director_client.post(url, {
        "number": "1180591620717411303424", "name": "Alfa", "player1": "p", "player2": "q"})
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to 9999." in response.content.decode()
    assert not championship.teams.exists()
    with pytest.raises(services.ServiceError, match="at most 9999"):
        services.add_team(championship, number=2**40, name="Alfa", player1="p", player2="q")
    assert not championship.teams.exists()


class _CountingUpload(io.BytesIO):
    """An upload that does not say its size and counts the bytes read from it."""

    name = "teams.csv"

    def __init__(self, data):
        super().__init__(data)
        self.bytes_read = 0

    def read(self, size=-1):
        chunk = super().read(size)
        self.bytes_read += len(chunk)
        return chunk


def test_an_upload_is_not_read_past_the_cap(championship):
    upload = _CountingUpload(HEADER.encode() + b"1,A,,p,q\n" * 600_000)
    with pytest.raises(services.ServiceError, match="too large"):
        services.import_teams(championship, upload)
    assert upload.bytes_read == MAX_UPLOAD_BYTES + 1
    assert not championship.teams.exists()
    # An upload whose size is known is refused without reading it at all.
    sized = SimpleUploadedFile("teams.csv", b"x" * (MAX_UPLOAD_BYTES + 10))
    with pytest.raises(Exception, match="too large"):
        read_upload(sized)
    assert sized.tell() == 0


def test_the_import_page_refuses_a_big_file(director_client, championship):
    url = reverse("tournaments:director_team_import", args=[championship.pk])
    big = SimpleUploadedFile("teams.csv", HEADER.encode() + b"1,A,,p,q\n" * 300_000)
    response = director_client.post(url, {"file": big})
    assert response.status_code == 200
    assert "The file is too large (at most 2 MB)." in response.content.decode()
    assert not championship.teams.exists()


def test_django_request_limits_are_explicit():
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2_621_440
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == 2_621_440
    assert settings.DATA_UPLOAD_MAX_NUMBER_FIELDS == 1000


def test_the_import_page_shows_no_error_before_a_post_and_one_after_an_empty_post(
        director_client, championship):
    url = reverse("tournaments:director_team_import", args=[championship.pk])
    assert not director_client.get(url).context["form"].errors
    response = director_client.post(url, {})
    assert "file" in response.context["form"].errors
    assert not championship.teams.exists()
