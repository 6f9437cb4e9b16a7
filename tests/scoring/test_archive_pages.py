"""The archive pages: downloads by visibility, and the director's import form."""

from __future__ import annotations

import json

import pytest
from archive_events import delete_championship, demo_championship, row_counts
from built_once import module_world
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.archive import export_full, to_json_bytes
from tournaments.models import Championship


def build_the_demo():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, demo_championship(director)


# The demo, built once for the module; each test reads or changes it in its own
# savepoint (tests/built_once.py).
built, world = module_world(build_the_demo)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def demo(world):
    return world[1]


def test_links_on_the_director_pages(demo, director_client):
    home = director_client.get(reverse("tournaments:director_home")).content.decode()
    assert reverse("archive:import") in home
    page = director_client.get(reverse("tournaments:director_championship", args=[demo.pk]))
    assert reverse("archive:full_backup", args=[demo.pk]) in page.content.decode()
    assert reverse("archive:public", args=[demo.pk]) in page.content.decode()


def test_full_backup_is_for_its_directors_only(demo, director_client, django_user_model):
    url = reverse("archive:full_backup", args=[demo.pk])
    response = director_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('-full-backup-SECRET.json"')
    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content)["kind"] == "full"
    assert Client().get(url).status_code == 302  # to the login page
    other = Client()
    other.force_login(django_user_model.objects.create_user("someone", password="x"))
    assert other.get(url).status_code == 404


def test_public_archive_follows_the_result_pages(demo, director_client):
    url = reverse("archive:public", args=[demo.pk])
    response = Client().get(url)
    assert response.status_code == 200
    assert json.loads(response.content)["kind"] == "public"
    assert response["Content-Disposition"].endswith('-public.json"')
    services.unpublish_results(demo)
    assert Client().get(url).status_code == 403
    assert director_client.get(url).status_code == 200
    Championship.objects.filter(pk=demo.pk).update(status=Championship.Status.DRAFT)
    assert Client().get(url).status_code == 404


def upload(client, content: bytes, name: str = "backup.json"):
    return client.post(reverse("archive:import"),
                       {"file": SimpleUploadedFile(name, content, "application/json")})


def test_import_page_refuses_a_bad_file(demo, director_client):
    assert director_client.get(reverse("archive:import")).status_code == 200
    before = row_counts()
    response = upload(director_client, b'{"format": "duplicada-championship", "format_')
    assert response.status_code == 400
    assert "The archive is truncated" in response.content.decode()
    response = upload(director_client, to_json_bytes(export_full(demo)))
    assert response.status_code == 400
    assert "already in this installation" in response.content.decode()
    assert row_counts() == before


def test_import_page_refuses_an_oversized_file(demo, director_client, settings):
    settings.ARCHIVE_MAX_BYTES = 100
    response = upload(director_client, b" " * 101)
    assert response.status_code == 400
    assert "too large" in response.content.decode()


def test_import_page_imports_and_redirects(demo, director, django_user_model):
    data = to_json_bytes(export_full(demo))
    deal_key = demo.deal_key
    delete_championship(demo)
    importer = django_user_model.objects.create_user("arbiter", password="x")
    client = Client()
    client.force_login(importer)
    response = upload(client, data)
    assert response.status_code == 302
    imported = Championship.objects.get(deal_key=deal_key)
    assert response["Location"] == reverse("tournaments:director_championship",
                                           args=[imported.pk])
    # Only the importer directs it: "director1" here need not be the archive's director1.
    assert list(imported.directors.values_list("username", flat=True)) == ["arbiter"]
    page = client.get(response["Location"]).content.decode()
    assert "imported, with its results, links and PINs" in page
    assert "The archive names other directors: director1." in page


def test_import_requires_login(db):
    assert Client().get(reverse("archive:import")).status_code == 302
