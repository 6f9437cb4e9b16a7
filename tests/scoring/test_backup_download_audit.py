"""Every download of a full backup (it holds every link, PIN and the deal key) is audited:
from the archive page, and an export job's file from the exports page or through the API.
The public files, and refused requests, record nothing."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from exports_event import make_event
from rest_framework.test import APIClient

from scoring.exports.models import ExportJob
from scoring.services import tokens
from tournaments.models import AuditEvent

EAGER = pytest.mark.skipif(bool(settings.CELERY_BROKER_URL),
                           reason="a worker makes the jobs in CI")
AGENT = "Mozilla/5.0 (director's laptop)"
ADDRESS = "192.0.2.44"

pytestmark = pytest.mark.usefixtures("exports_folder")


@pytest.fixture
def event(db, director):
    return make_event(director, teams=5, rounds=2, closed=1)


@pytest.fixture
def laptop(director):
    client = Client(headers={"user-agent": AGENT}, REMOTE_ADDR=ADDRESS)
    client.force_login(director)
    return client


@pytest.fixture
def api(director):
    _token, raw = tokens.create_token(director, "laptop")
    client = APIClient(HTTP_USER_AGENT=AGENT, REMOTE_ADDR=ADDRESS)
    client.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    return client


def downloads():
    return list(AuditEvent.objects.filter(action=AuditEvent.Action.BACKUP_DOWNLOADED)
                .order_by("id"))


def check(event, director, championship):
    assert event.by_director == director
    assert event.championship_id == championship.pk
    assert event.ip_address == ADDRESS
    assert event.user_agent == AGENT


def made(laptop, event, capture, kind: str) -> ExportJob:
    with capture(execute=True):
        laptop.post(f"/director/c/{event.pk}/exports/start/", {"language": "en", "kind": kind})
    job = ExportJob.objects.filter(kind=kind).latest("id")
    assert job.status == ExportJob.Status.DONE, job.error
    return job


def test_the_archive_pages_full_backup_is_recorded_each_time(event, director, laptop,
                                                               django_user_model):
    url = reverse("archive:full_backup", args=[event.pk])
    assert laptop.get(url).status_code == 200
    [first] = downloads()
    check(first, director, event)
    assert laptop.get(url).status_code == 200
    assert len(downloads()) == 2
    # The public archive holds no secret: not recorded.
    assert laptop.get(reverse("archive:public", args=[event.pk])).status_code == 200
    # Someone who does not direct the championship gets a 404, and nothing is recorded.
    other = Client()
    other.force_login(django_user_model.objects.create_user("someone", password="x"))
    assert other.get(url).status_code == 404
    assert len(downloads()) == 2


@EAGER
def test_an_export_jobs_full_backup_is_recorded_on_the_page_and_through_the_api(
        event, director, laptop, api, django_capture_on_commit_callbacks):
    backup = made(laptop, event, django_capture_on_commit_callbacks, "full_backup")
    workbook = made(laptop, event, django_capture_on_commit_callbacks, "workbook")
    assert downloads() == []  # making the file is not downloading it

    page = laptop.get(f"/director/c/{event.pk}/exports/jobs/{backup.pk}/file/")
    assert page.status_code == 200 and b"".join(page.streaming_content)
    [on_the_page] = downloads()
    check(on_the_page, director, event)

    answer = api.get(f"/api/v1/championships/{event.pk}/exports/{backup.pk}/file/")
    assert answer.status_code == 200 and b"".join(answer.streaming_content)
    [_, through_the_api] = downloads()
    check(through_the_api, director, event)

    # Files without secrets are not recorded, nor is a file that is not there.
    assert laptop.get(f"/director/c/{event.pk}/exports/jobs/{workbook.pk}/file/").status_code == 200
    assert api.get(
        f"/api/v1/championships/{event.pk}/exports/{workbook.pk}/file/").status_code == 200
    assert api.get(f"/api/v1/championships/{event.pk}/exports/999999/file/").status_code == 404
    assert len(downloads()) == 2


def test_the_action_reads_in_each_language():
    labels = {}
    for language in ("ca", "es", "en"):
        with translation.override(language):
            labels[language] = str(AuditEvent.Action.BACKUP_DOWNLOADED.label)
    assert labels["en"] == "full backup downloaded"
    assert len(set(labels.values())) == 3, labels
