"""Under ASGI (uvicorn: venue mode, production) a kept export file is served from an
asynchronous iterator: the whole file, and no "StreamingHttpResponse must consume synchronous
iterators" warning on each download. Under WSGI (the test client) it stays a FileResponse."""

from __future__ import annotations

import asyncio
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client
from exports_event import make_event

from scoring.exports import jobs


@pytest.fixture
def exports_folder(settings, tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"
    return settings.EXPORTS_DIR


def made_job(director, django_capture_on_commit_callbacks):
    event = make_event(director, teams=5, rounds=2, closed=1)
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.start_job(event, "workbook", language="en", user=director)
    jobs.run_job(job.pk)  # here, in-process, broker or not
    job.refresh_from_db()
    assert job.status == "done"
    return event, job


@pytest.mark.django_db(transaction=True)
def test_a_kept_file_is_streamed_the_asgi_way(director, exports_folder,
                                               django_capture_on_commit_callbacks):
    event, job = made_job(director, django_capture_on_commit_callbacks)
    expected = (exports_folder / job.file_path).read_bytes()
    addresses = [f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/",
                 f"/api/v1/championships/{event.pk}/exports/{job.pk}/file/"]

    async def download_all():
        client = AsyncClient()
        await sync_to_async(client.force_login)(director)
        answers = []
        for address in addresses:
            response = await client.get(address)
            body = b"".join([chunk async for chunk in response.streaming_content])
            answers.append((response.status_code, response["Content-Length"], body))
        return answers

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # In a thread of its own: a browser test earlier in this process may have left
        # Playwright's event loop running in this one.
        with ThreadPoolExecutor(max_workers=1) as pool:
            answers = pool.submit(asyncio.run, download_all()).result()
    assert [str(w.message) for w in caught if "iterators" in str(w.message)] == []
    for status, length, body in answers:
        assert status == 200 and body == expected and length == str(len(expected))


@pytest.mark.django_db
def test_under_wsgi_a_kept_file_is_a_file_response(director, exports_folder,
                                                   django_capture_on_commit_callbacks):
    event, job = made_job(director, django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(director)
    response = client.get(f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/")
    assert type(response).__name__ == "FileResponse"
    assert b"".join(response.streaming_content) == (exports_folder / job.file_path).read_bytes()
