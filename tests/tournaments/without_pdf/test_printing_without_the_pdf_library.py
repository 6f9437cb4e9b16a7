"""With WeasyPrint unable to load (see conftest.py), nothing fails: every PDF link answers
with the print-ready page and a note, the director's home says so once, export jobs finish
with the message, and venue mode says so at start-up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from print_events import SHOWS, duplicate_event, free_deal_event, sheets  # noqa: E402

from scoring.exports import jobs  # noqa: E402
from scoring.exports.models import ExportJob  # noqa: E402
from tournaments import pdf_support  # noqa: E402

pytestmark = pytest.mark.django_db
NOTE = "PDF files cannot be made on this computer"


@pytest.fixture
def events(director):
    return duplicate_event(director), free_deal_event(director)


def test_the_library_is_missing():
    with pytest.raises(OSError):
        import weasyprint  # noqa: F401
    assert not pdf_support.available()
    assert "libpango" in pdf_support.problem()


def test_every_pdf_link_answers_with_the_page_and_the_note(events, director_client):
    duplicate, free_deal = events
    public = Client(headers={"accept-language": "en"})
    for name, (url, director_only) in sheets(duplicate, free_deal).items():
        client = director_client if director_only else public
        response = client.get(url, headers={"accept-language": "en"})
        assert response.status_code == 200, (name, response.content[:300])
        assert response["Content-Type"].startswith("text/html"), name
        html = response.content.decode()
        assert "data-print" in html and NOTE in html and SHOWS[name] in html, name
        head = client.head(url)
        assert head.status_code == 200 and head["Content-Type"].startswith("text/html"), name


def test_the_directors_home_says_it_once(director_client):
    html = director_client.get("/director/", headers={"accept-language": "en"}).content
    assert html.decode().count(NOTE) == 1


def test_export_jobs_finish_with_the_message(events, director, settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path
    duplicate, free_deal = events
    for championship in (duplicate, free_deal):
        pdf_job = jobs.start_job(championship, "ranking_pdf", language="en", after=None,
                                 user=director)
        workbook = jobs.start_job(championship, "workbook", language="en", after=None,
                                  user=director)
        jobs.run_job(pdf_job.pk)
        jobs.run_job(workbook.pk)
        pdf_job.refresh_from_db()
        workbook.refresh_from_db()
        assert pdf_job.status == ExportJob.Status.FAILED
        # The cause is stored, and worded in each reader's language when shown.
        assert pdf_job.error == ExportJob.NO_PDF_LIBRARY
        with translation.override("en"):
            said = pdf_job.error_said
        assert said.startswith(NOTE) and "print-ready page" in said and "apt-get" in said
        with translation.override("es"):
            assert pdf_job.error_said.startswith("En este ordenador no se pueden generar")
        assert not jobs.can_retry(pdf_job)  # it would fail the same way: the page instead
        assert workbook.status == ExportJob.Status.DONE


def test_the_exports_page_offers_the_pages(events, director_client, director, settings,
                                           tmp_path):
    settings.EXPORTS_DIR = tmp_path
    duplicate, _free_deal = events
    job = jobs.start_job(duplicate, "ranking_pdf", language="en", after=None, user=director)
    jobs.run_job(job.pk)
    html = director_client.get(f"/director/c/{duplicate.pk}/exports/",
                               headers={"accept-language": "en"}).content.decode()
    assert NOTE in html
    assert f"/c/{duplicate.pk}/results/export/ranking_pdf/?as=page" in html
    assert "Print-ready page" in html and "Try again" not in html
    assert "README" not in html and "brew install pango" in html  # said on the page


def test_venue_mode_says_whether_pdfs_can_be_made():
    from django.utils import translation

    from tournaments.management.commands.venue import _pdf_line

    with translation.override("en"):
        line = _pdf_line()
    assert "not available" in line and "libpango" in line
