"""The exports' download URLs take GET and HEAD only: any other method is refused at once
(405, nothing made), and HEAD gets the headers without the file being made (a large
event's travellers take WeasyPrint a minute)."""

from __future__ import annotations

import pytest
from django.test import Client
from exports_event import make_event, publish

from formats.duplicate_pairs.exports import kinds as pairs_exports
from formats.duplicate_pairs.exports import pdf
from scoring.exports import jobs, public_files, registry

KINDS = ["ranking_pdf", "travellers_pdf", "scorecards_pdf", "workbook", "ranking_csv",
         "results_csv", "public_archive"]
OTHER_METHODS = ["delete", "patch", "put", "post", "options"]


@pytest.fixture(autouse=True)
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"


@pytest.fixture
def event(db, director):
    return publish(make_event(director, teams=5, rounds=2, closed=1, deals_per_match=1))


@pytest.fixture
def made(monkeypatch):
    """Every file made (``registry.build``) and every PDF rendered; both still happen."""
    calls = []
    build, render = registry.build, pdf.render_pdf

    def counted_build(kind, *args, **kwargs):
        calls.append(kind.key)
        return build(kind, *args, **kwargs)

    def counted_render(template, context):
        calls.append(template)
        return render(template, context)

    monkeypatch.setattr(public_files.registry, "build", counted_build)
    monkeypatch.setattr(pdf, "render_pdf", counted_render)
    return calls


def url(event, kind: str) -> str:
    return f"/c/{event.pk}/results/export/{kind}/"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", OTHER_METHODS)
def test_other_methods_are_refused_without_making_the_file(client, event, made, kind,
                                                           method):
    response = getattr(client, method)(url(event, kind))
    assert response.status_code == 405
    assert sorted(response["Allow"].split(", ")) == ["GET", "HEAD"]
    assert made == []


@pytest.mark.parametrize("kind", ["ranking_pdf", "travellers_pdf", "scorecards_pdf",
                                  "ranking_csv"])
def test_head_answers_without_making_the_file(client, event, made, kind):
    response = client.head(url(event, kind))
    assert response.status_code == 200 and made == []
    assert response["Content-Type"] == pairs_exports.KINDS[kind].content_type
    assert "Content-Length" not in response  # unknown until the file is made
    assert b"".join(response.streaming_content) == b""
    # Once a GET has made (and kept) the file, a HEAD tells its name and size, still
    # without making it again.
    got = client.get(url(event, kind))
    assert got.status_code == 200 and kind in made
    made.clear()
    response = client.head(url(event, kind))
    assert response.status_code == 200 and made == []
    assert response["Content-Disposition"] == got["Content-Disposition"]
    assert response["Content-Length"] == str(len(got.content))
    assert response["Content-Type"] == got["Content-Type"]


def test_head_keeps_the_rules_of_get(client, director, event, made):
    assert client.head(url(event, "ranking_pdf") + "?after=9").status_code == 400
    assert client.head(url(event, "full_backup")).status_code == 404  # directors only
    assert client.head(url(event, "nothing")).status_code == 404
    event.results_public = False
    event.save(update_fields=["results_public"])
    hidden = client.head(url(event, "ranking_pdf"))
    assert hidden.status_code == 200 and "application/pdf" not in hidden["Content-Type"]
    director_client = Client()
    director_client.force_login(director)
    response = director_client.head(url(event, "ranking_pdf"))
    assert response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"]
    assert made == []


@pytest.mark.parametrize("method", OTHER_METHODS)
def test_a_director_job_file_takes_get_and_head_only(director, event, method,
                                                     django_capture_on_commit_callbacks):
    # The job is made here, in-process, whether or not a broker is set (with one, a worker
    # would make it: the task is not sent, so the test does not depend on the worker).
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.start_job(event, "ranking_csv", language="en", user=director)
    jobs.run_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done"
    director_client = Client()
    director_client.force_login(director)
    address = f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/"
    assert getattr(director_client, method)(address).status_code == 405
    assert director_client.head(address).status_code == 200
    # The API's file view answers GET (and HEAD) only, OPTIONS with its description.
    api = f"/api/v1/championships/{event.pk}/exports/{job.pk}/file/"
    if method != "options":
        assert getattr(director_client, method)(api).status_code in (403, 405)
