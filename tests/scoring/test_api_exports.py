"""Exports through the API: a director's token starts a job, polls it and downloads the file
(made in-process in the embedded default), with the exports page's rules and messages; a
failed job shows its error and is retried; nobody else reaches a job or its file."""

from __future__ import annotations

import io
import json
import shutil
import time

import pytest
from django.conf import settings
from exports_event import make_event
from openpyxl import load_workbook
from rest_framework.test import APIClient

from formats.duplicate_pairs.exports import kinds as pairs_exports
from scoring.exports import registry
from scoring.exports.models import ExportJob
from scoring.services import tokens

EAGER = pytest.mark.skipif(bool(settings.CELERY_BROKER_URL),
                           reason="a worker makes the jobs in CI")
SHARED_EXPORTS_DIR = settings.EXPORTS_DIR  # where a real worker writes its files


@pytest.fixture(autouse=True)
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"
    return settings.EXPORTS_DIR


@pytest.fixture
def event(db, director):
    return make_event(director)


def token_client(user, name="laptop") -> APIClient:
    _token, raw = tokens.create_token(user, name)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    return api


@pytest.fixture
def api(director):
    return token_client(director)


@pytest.fixture
def outsider(django_user_model):
    """A director of another championship."""
    other = django_user_model.objects.create_user("other-director", password="x-pass-long-1")
    make_event(other, teams=3, rounds=1, closed=1)
    return token_client(other, "theirs")


def start(api, event, capture, **body):
    with capture(execute=True):
        return api.post(f"/api/v1/championships/{event.pk}/exports/", body, format="json")


def download(api, url: str):
    response = api.get(url)
    return response, b"".join(response.streaming_content) if response.status_code == 200 else b""


@EAGER
def test_start_poll_and_download_a_workbook_with_a_token(
        api, event, django_capture_on_commit_callbacks):
    kinds = api.get(f"/api/v1/championships/{event.pk}/exports/kinds/").json()["results"]
    assert {k["key"] for k in kinds} == set(pairs_exports.KINDS)
    workbook = next(k for k in kinds if k["key"] == "workbook")
    assert workbook["scoped"] and not workbook["holds_secrets"]
    assert workbook["public_url"].endswith(f"/c/{event.pk}/results/export/workbook/")

    started = start(api, event, django_capture_on_commit_callbacks,
                    kind="workbook", language="en", after=1)
    assert started.status_code == 201, started.content
    job = started.json()
    assert job["kind"] == "workbook" and job["after"] == 1 and job["requested_by"] == "director1"
    assert job["status"] == "queued" and job["download_url"] is None  # made after the commit

    polled = api.get(f"/api/v1/championships/{event.pk}/exports/{job['id']}/").json()
    assert polled["status"] == "done" and polled["error"] == "" and not polled["can_retry"]
    assert polled["finished_at"] >= polled["started_at"] >= polled["created_at"]
    response, content = download(api, polled["download_url"])
    assert response.status_code == 200
    assert response["Content-Type"] == registry.XLSX
    assert response["Content-Disposition"] == f'attachment; filename="{polled["filename"]}"'
    assert polled["filename"].endswith("-after-round-1.xlsx") and polled["size"] == len(content)
    book = load_workbook(io.BytesIO(content))
    assert book.properties.subject.endswith("After round 1 of 3")

    listed = api.get(f"/api/v1/championships/{event.pk}/exports/").json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == job["id"]


@EAGER
def test_the_file_is_a_404_once_cleaned_up(api, event, exports_folder,
                                          django_capture_on_commit_callbacks):
    job = start(api, event, django_capture_on_commit_callbacks, kind="ranking_csv").json()
    url = f"/api/v1/championships/{event.pk}/exports/{job['id']}/file/"
    assert api.get(url).status_code == 200
    shutil.rmtree(exports_folder / f"job-{job['id']}")
    gone = api.get(url)
    assert gone.status_code == 404 and set(gone.json()) == {"detail", "code"}


def test_a_job_not_yet_made_has_no_file(api, event):
    job = ExportJob.objects.create(championship=event, kind="workbook", language="en")
    polled = api.get(f"/api/v1/championships/{event.pk}/exports/{job.pk}/").json()
    assert polled["status"] == "queued" and polled["download_url"] is None
    assert api.get(f"/api/v1/championships/{event.pk}/exports/{job.pk}/file/",
                   HTTP_ACCEPT=registry.XLSX).status_code == 404


@EAGER
def test_a_failed_job_shows_its_error_and_is_retried(
        api, event, monkeypatch, django_capture_on_commit_callbacks):
    def broken(championship, language, after=None):
        raise RuntimeError("the printer caught fire")

    kind = pairs_exports.KINDS["ranking_pdf"]
    monkeypatch.setitem(pairs_exports.KINDS, "ranking_pdf",
                        registry.ExportKind(**{**kind.__dict__, "build": broken}))
    started = start(api, event, django_capture_on_commit_callbacks, kind="ranking_pdf",
                    language="ca").json()
    assert started["status"] == "queued"  # made after the commit
    base = f"/api/v1/championships/{event.pk}/exports/{started['id']}/"
    job = api.get(base).json()
    assert job["status"] == "failed" and job["error"] == "the printer caught fire"
    assert job["can_retry"] and job["download_url"] is None
    assert api.get(base + "file/").status_code == 404

    monkeypatch.setitem(pairs_exports.KINDS, "ranking_pdf", kind)
    with django_capture_on_commit_callbacks(execute=True):
        retried = api.post(base + "retry/")
    assert retried.status_code == 200
    polled = api.get(base).json()
    assert polled["status"] == "done" and polled["error"] == ""
    response, content = download(api, polled["download_url"])
    assert response["Content-Type"] == "application/pdf" and content.startswith(b"%PDF")
    again = api.post(base + "retry/")  # a finished job has nothing to try again
    assert again.status_code == 409 and again.json()["code"] == "not_failed"


@pytest.mark.parametrize(("body", "field", "message"), [
    ({"kind": "nothing"}, "kind", "kind: “nothing” is not an export."),
    ({"kind": "workbook", "language": "xx"}, "language", "language: choose one of ca, es, en."),
    ({"kind": "workbook", "after": 3}, "after", "after: round 3 is not a closed round."),
    ({"kind": "workbook", "after": "x"}, "after", "valid integer"),
    ({"language": "en"}, "kind", "required"),
])
def test_bad_requests_name_the_field_and_start_nothing(api, event, body, field, message):
    response = api.post(f"/api/v1/championships/{event.pk}/exports/", body, format="json")
    assert response.status_code == 400
    assert list(response.json()) == [field] and message in response.json()[field][0]
    assert not ExportJob.objects.exists()


def test_messages_follow_the_request_language(api, event):
    response = api.post(f"/api/v1/championships/{event.pk}/exports/", {"kind": "workbook",
                        "after": 3}, format="json", HTTP_ACCEPT_LANGUAGE="ca")
    assert response.status_code == 400 and "after" in response.json()
    assert "round 3 is not a closed round" not in response.json()["after"][0]


def test_a_repeated_start_with_the_same_key_makes_one_job(api, event):
    url = f"/api/v1/championships/{event.pk}/exports/"
    first = api.post(url, {"kind": "ranking_csv"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    second = api.post(url, {"kind": "ranking_csv"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == second.status_code == 201
    assert second["Idempotent-Replayed"] == "true" and first.json() == second.json()
    assert ExportJob.objects.count() == 1
    assert ExportJob.objects.get().language == "en"  # the request's language by default


@EAGER
def test_another_championships_director_and_a_revoked_token_get_nothing(
        api, event, director, outsider, django_capture_on_commit_callbacks):
    job = start(api, event, django_capture_on_commit_callbacks, kind="full_backup").json()
    base = f"/api/v1/championships/{event.pk}/exports/"
    revoked_token, raw = tokens.create_token(director, "lost phone")
    tokens.revoke_token(revoked_token)
    revoked = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    revoked.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    for caller, code in ((outsider, 404), (revoked, 401), (APIClient(), 401)):
        for method, path, body in (("get", "kinds/", None), ("get", "", None),
                                   ("post", "", {"kind": "full_backup"}),
                                   ("get", f"{job['id']}/", None),
                                   ("post", f"{job['id']}/retry/", None),
                                   ("get", f"{job['id']}/file/", None)):
            response = getattr(caller, method)(base + path, body, format="json")
            assert response.status_code == code, (method, path)
            assert set(response.json()) == {"detail", "code"}
            assert "link_secret" not in response.content.decode()
    assert ExportJob.objects.count() == 1


@EAGER
def test_the_full_backup_holds_secrets_for_the_championships_directors_only(
        api, event, client, django_capture_on_commit_callbacks):
    secret = event.teams.order_by("number").first().link_secret
    kinds = {k["key"]: k for k in
             api.get(f"/api/v1/championships/{event.pk}/exports/kinds/").json()["results"]}
    assert kinds["full_backup"]["holds_secrets"] and kinds["full_backup"]["public_url"] is None
    assert not kinds["public_archive"]["holds_secrets"]

    job = start(api, event, django_capture_on_commit_callbacks, kind="full_backup").json()
    job = api.get(f"/api/v1/championships/{event.pk}/exports/{job['id']}/").json()
    response, content = download(api, job["download_url"])
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    assert secret in content.decode() and json.loads(content)

    # The public kinds are the results pages' downloads: published results, no secrets.
    public_url = kinds["public_archive"]["public_url"]
    unpublished = client.get(public_url)  # not published yet: the "not published" page
    assert unpublished["Content-Type"].startswith("text/html")
    assert "Content-Disposition" not in unpublished
    event.results_public = True
    event.save(update_fields=["results_public"])
    archive = client.get(public_url)
    assert archive.status_code == 200 and secret not in archive.content.decode()
    assert client.get(f"/c/{event.pk}/results/export/full_backup/").status_code == 404


def test_the_jobs_list_costs_the_same_queries_for_2_and_20_jobs(api, event):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries_for(count: int) -> int:
        ExportJob.objects.all().delete()
        ExportJob.objects.bulk_create(
            ExportJob(championship=event, kind="workbook", language="en",
                      status=ExportJob.Status.FAILED, error="x") for _ in range(count))
        with CaptureQueriesContext(connection) as captured:
            response = api.get(f"/api/v1/championships/{event.pk}/exports/")
        assert response.json()["count"] == count
        return len(captured)

    queries_for(1)  # the token's first use is noted once
    assert queries_for(2) == queries_for(20)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_job_started_through_the_api_runs_on_the_real_worker(director, settings):
    if not settings.CELERY_BROKER_URL:
        pytest.skip("no CELERY_BROKER_URL set: the real-worker test needs a broker and a worker")
    settings.EXPORTS_DIR = SHARED_EXPORTS_DIR  # the worker's folder, not this test's
    event = make_event(director, teams=5, rounds=2, closed=1)
    api = token_client(director)
    job = api.post(f"/api/v1/championships/{event.pk}/exports/",
                   {"kind": "workbook", "language": "es"}, format="json").json()
    deadline = time.monotonic() + 60
    while job["status"] not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.5)
        job = api.get(f"/api/v1/championships/{event.pk}/exports/{job['id']}/").json()
    assert job["status"] == "done", job["error"]
    response, content = download(api, job["download_url"])
    assert load_workbook(io.BytesIO(content)).worksheets[0].title == "Clasificación"
