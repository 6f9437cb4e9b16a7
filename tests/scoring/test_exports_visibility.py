"""Exports follow the pages' rules: the public gets published results of closed rounds
only, never a deal still being played; directors always; nobody gets links or PINs."""

from __future__ import annotations

import io
import zipfile

import pytest
from built_once import module_world
from django.contrib.auth import get_user_model
from django.test import Client
from exports_event import make_event, publish
from pypdf import PdfReader

from formats.duplicate_pairs.exports import kinds as pairs_exports
from scoring.models import ResultEntry, ResultReview
from tournaments.models import Championship, Deal, Round

KINDS = [kind.key for kind in pairs_exports.KINDS.values() if not kind.directors_only]


@pytest.fixture(scope="module")
def exports_dir(tmp_path_factory):
    """One folder for the module, as its event is one: a file is kept by the fingerprint
    of what it shows, whoever asked for it, so the public's download of a kind is the file
    the director's download made from the same results (each PDF is rendered once)."""
    return tmp_path_factory.mktemp("exports")


@pytest.fixture(autouse=True)
def exports_folder(settings, exports_dir):
    settings.EXPORTS_DIR = exports_dir


def build_the_event():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, make_event(director)


# The event, built once for the module; what a test changes (publishing it, a name, a
# review) is rolled back with its savepoint (tests/built_once.py).
built, world = module_world(build_the_event)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def event(world):
    return world[1]


def readable(content: bytes) -> str:
    """Everything a file holds, as text: PDF text, the workbook's XML, or the CSV."""
    if content.startswith(b"%PDF"):
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    if content.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return "\n".join(archive.read(n).decode() for n in archive.namelist())
    return content.decode("utf-8-sig")


@pytest.mark.parametrize("kind", KINDS)
def test_unpublished_results_give_no_file_to_the_public(director_client, event, kind):
    response = Client().get(f"/c/{event.pk}/results/export/{kind}/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "scoring/not_published.html" in [t.name for t in response.templates]
    mine = director_client.get(f"/c/{event.pk}/results/export/{kind}/")
    assert mine.status_code == 200 and "attachment" in mine["Content-Disposition"]


def test_a_draft_championship_and_unknown_kinds_are_not_found(client, event, director):
    assert client.get(f"/c/{event.pk}/results/export/nothing/").status_code == 404
    draft = make_event(director, rounds=0, status=Championship.Status.DRAFT)
    publish(draft)
    assert client.get(f"/c/{draft.pk}/results/export/ranking_csv/").status_code == 404


@pytest.mark.parametrize("kind", KINDS)
def test_no_export_holds_a_deal_or_result_of_a_round_in_play(client, event, kind):
    publish(event)
    response = client.get(f"/c/{event.pk}/results/export/{kind}/")
    assert response.status_code == 200
    text = readable(response.content)
    in_play = Deal.objects.filter(championship=event, round__status=Round.Status.RELEASED)
    for deal in in_play:
        assert deal.cards not in text
        assert f"Deal {deal.number}" not in text
    for team in event.teams.all():
        assert team.link_secret not in text
    if kind in ("workbook", "results_csv"):
        lines = [line for line in text.splitlines() if line.startswith("3,")]
        assert not lines  # no result line of round 3 in the CSV


def test_the_exports_page_is_for_the_championships_directors(client, event, django_user_model):
    url = f"/director/c/{event.pk}/exports/"
    assert client.get(url).status_code == 302  # to the login page
    other = django_user_model.objects.create_user("other", password="other-pass-1")
    client.force_login(other)
    assert client.get(url).status_code == 404
    assert client.post(f"/director/c/{event.pk}/exports/start/",
                       {"kind": "workbook", "language": "en"}).status_code == 404


def test_a_public_file_is_made_once_per_state_of_the_results(client, event, settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"  # its own: it counts the files kept
    publish(event)
    url = f"/c/{event.pk}/results/export/ranking_pdf/"
    first = client.get(url).content
    assert client.get(url).content == first  # kept: not made again
    kept = list((settings.EXPORTS_DIR / "public").iterdir())
    assert len(kept) == 2  # the file and its name
    team = event.teams.get(number=3)
    team.name = "Renamed"
    team.save()
    renamed = client.get(url).content
    assert renamed != first and "Renamed" in readable(renamed)
    entry = ResultEntry.objects.filter(table__round__number=1).first()
    ResultReview.objects.create(entry=entry, verdict="dispute", by_team_id=entry.by_team_id)
    client.get(url)  # made again (a new review), though what it shows did not change
    assert len(list((settings.EXPORTS_DIR / "public").iterdir())) == 6
    assert client.get(url + "?after=1").content != client.get(url).content
