"""Export jobs: made by a Celery task (in-process without a broker, on the real worker when
CI configures one), shown running then ready, a failure shown and retried, files cleaned up
after a day."""

from __future__ import annotations

import io
import os
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from exports_event import make_event
from openpyxl import load_workbook

from formats.duplicate_pairs.exports import kinds as pairs_exports
from scoring.exports import jobs, registry
from scoring.exports.models import ExportJob


@pytest.fixture
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"
    return settings.EXPORTS_DIR


@pytest.fixture
def event(db, director):
    return make_event(director)


def start(client, event, capture, **fields):
    with capture(execute=True):
        return client.post(f"/director/c/{event.pk}/exports/start/",
                           {"language": "en", **fields})


@pytest.mark.skipif(bool(settings.CELERY_BROKER_URL), reason="a worker makes the jobs in CI")
def test_a_job_runs_eagerly_and_its_file_is_downloaded(
        director_client, event, exports_folder, django_capture_on_commit_callbacks):
    response = start(director_client, event, django_capture_on_commit_callbacks,
                     kind="workbook", after="1")
    assert response.status_code == 302
    job = ExportJob.objects.get()
    assert job.status == ExportJob.Status.DONE and job.after == 1
    assert job.requested_by.username == "director1" and job.finished_at >= job.started_at
    assert (exports_folder / job.file_path).is_file()
    page = director_client.get(f"/director/c/{event.pk}/exports/")
    assert 'http-equiv="refresh"' not in page.content.decode()
    assert job.filename in page.content.decode() and "after-round-1" in job.filename
    download = director_client.get(f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/")
    book = load_workbook(io.BytesIO(b"".join(download.streaming_content)))
    assert book.properties.subject.endswith("After round 1 of 3")


def test_an_unfinished_job_makes_the_page_refresh_itself(director_client, event, director):
    ExportJob.objects.create(championship=event, kind="workbook", language="en")
    page = director_client.get(f"/director/c/{event.pk}/exports/")
    content = page.content.decode()
    assert 'http-equiv="refresh"' in content and "Waiting" in content


@pytest.mark.skipif(bool(settings.CELERY_BROKER_URL), reason="a worker makes the jobs in CI")
def test_a_failed_job_shows_its_error_and_can_be_retried(
        director_client, event, exports_folder, monkeypatch,
        django_capture_on_commit_callbacks):
    def broken(championship, language, after=None):
        raise RuntimeError("the printer caught fire")

    kind = pairs_exports.KINDS["ranking_pdf"]
    monkeypatch.setitem(pairs_exports.KINDS, "ranking_pdf",
                        registry.ExportKind(**{**kind.__dict__, "build": broken}))
    start(director_client, event, django_capture_on_commit_callbacks, kind="ranking_pdf")
    job = ExportJob.objects.get()
    assert job.status == ExportJob.Status.FAILED
    page = director_client.get(f"/director/c/{event.pk}/exports/").content.decode()
    assert "the printer caught fire" in page and "Try again" in page
    assert director_client.get(
        f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/").status_code == 404
    monkeypatch.setitem(pairs_exports.KINDS, "ranking_pdf", kind)
    with django_capture_on_commit_callbacks(execute=True):
        director_client.post(f"/director/c/{event.pk}/exports/jobs/{job.pk}/retry/")
    job.refresh_from_db()
    assert job.status == ExportJob.Status.DONE and job.error == ""
    assert (exports_folder / job.file_path).read_bytes().startswith(b"%PDF")


def test_bad_requests_name_the_field_and_make_nothing(director_client, event):
    for fields, message in [
        ({"kind": "nothing", "language": "en"}, "kind: “nothing” is not an export."),
        ({"kind": "workbook", "language": "xx"}, "language: choose one of ca, es, en."),
        ({"kind": "workbook", "language": "en", "after": "3"},
         "after: round 3 is not a closed round."),
    ]:
        response = director_client.post(f"/director/c/{event.pk}/exports/start/", fields,
                                        follow=True)
        assert message in response.content.decode()
    assert not ExportJob.objects.exists()


def test_files_and_jobs_older_than_a_day_are_cleaned_up(event, exports_folder):
    old = ExportJob.objects.create(championship=event, kind="workbook", language="en",
                                   status=ExportJob.Status.DONE, file_path="job-1/a.xlsx")
    ExportJob.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=25))
    recent = ExportJob.objects.create(championship=event, kind="workbook", language="en",
                                      status=ExportJob.Status.DONE, file_path="job-2/b.xlsx")
    for job in (old, recent):
        path = exports_folder / job.file_path
        path.parent.mkdir(parents=True)
        path.write_bytes(b"x")
    stray = exports_folder / "left-over.part"
    stray.write_bytes(b"x")
    (exports_folder / "public").mkdir()
    kept = exports_folder / "public" / "c1-old.bin"
    kept.write_bytes(b"x")
    fresh = exports_folder / "public" / "c1-new.bin"
    fresh.write_bytes(b"x")
    day_ago = time.time() - 25 * 3600
    for path in (stray, kept):
        os.utime(path, (day_ago, day_ago))
    out = io.StringIO()
    call_command("clean_exports", stdout=out)
    assert "1 export job(s) removed" in out.getvalue()
    assert list(ExportJob.objects.all()) == [recent]
    assert not (exports_folder / "job-1").exists() and not stray.exists()
    assert not kept.exists() and fresh.exists()
    assert (exports_folder / recent.file_path).exists()


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_job_runs_on_the_real_worker(director):
    if not settings.CELERY_BROKER_URL:
        pytest.skip("no CELERY_BROKER_URL set: the real-worker test needs a broker and a worker")
    event = make_event(director, teams=5, rounds=2, closed=1)
    job = jobs.start_job(event, "ranking_csv", language="ca", user=director)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (ExportJob.Status.DONE, ExportJob.Status.FAILED):
            break
        time.sleep(0.5)
    assert job.status == ExportJob.Status.DONE, job.error
    data = jobs.job_file(job).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "Posició".encode() in data
