"""Under ASGI (uvicorn: venue mode, production) a kept export file is served from an
asynchronous iterator: the whole file, and no "StreamingHttpResponse must consume synchronous
iterators" warning on each download. Under WSGI (the test client) it stays a FileResponse."""

from __future__ import annotations

import asyncio
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
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
        # The test client keeps the views' connection open, as in the test's own thread;
        # here the views ran in asgiref's thread, which outlives the test: close it there.
        await sync_to_async(connections.close_all)()
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


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes):
        self.status_code, self.headers, self.body = status, headers, body

    def __getitem__(self, name: str) -> str:
        return self.headers[name.lower()]

    def __contains__(self, name: str) -> bool:
        return name.lower() in self.headers


def _under_asgi(director, requests):
    """Run ``requests`` (method, address) through Django's own ASGI application, as uvicorn
    does (the test clients stop short of the handler that sends the body, where the
    warning is raised), logged in as ``director``: the answers and every warning raised."""
    from django.conf import settings
    from django.core.asgi import get_asgi_application

    client = Client()
    client.force_login(director)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    application = get_asgi_application()

    async def one(method: str, address: str) -> Answer:
        path, _sep, query = address.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
                 "query_string": query.encode(), "root_path": "",
                 "headers": [(b"host", b"testserver"), (b"cookie", cookie.encode()),
                             (b"accept-language", b"en")],
                 "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
        sent = []
        requested = False

        async def receive():
            nonlocal requested
            if not requested:
                requested = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.sleep(3600)  # no disconnect while the answer is sent

        async def send(message):
            sent.append(message)

        await application(scope, receive, send)
        start = next(m for m in sent if m["type"] == "http.response.start")
        headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
        body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return Answer(start["status"], headers, body)

    async def ask():
        return [await one(method, address) for method, address in requests]

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ThreadPoolExecutor(max_workers=1) as pool:
            answers = pool.submit(asyncio.run, ask()).result()
    return answers, [str(w.message) for w in caught]


@pytest.mark.django_db(transaction=True)
def test_head_under_asgi_answers_headers_without_the_warning(director, exports_folder,
                                                             django_capture_on_commit_callbacks):
    event, job = made_job(director, django_capture_on_commit_callbacks)
    event.results_public = True
    event.save(update_fields=["results_public"])
    size = (exports_folder / job.file_path).stat().st_size
    addresses = [
        f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/",  # a kept job's file
        f"/c/{event.pk}/results/export/results_csv/",  # a public kind, not made yet
        f"/c/{event.pk}/results/export/results_csv/",  # ... made (by the GET below), kept
        f"/director/c/{event.pk}/teams/cards.pdf?as=page",  # a print-ready page
    ]
    api = f"/api/v1/championships/{event.pk}/exports/{job.pk}/file/"
    answers, warned = _under_asgi(director, [
        ("HEAD", addresses[0]), ("HEAD", addresses[1]), ("GET", addresses[2]),
        ("HEAD", addresses[2]), ("HEAD", addresses[3]), ("GET", addresses[0]),
        ("HEAD", api)])
    assert [w for w in warned if "iterators" in w] == []
    statuses = [answer.status_code for answer in answers]
    assert statuses == [200] * 7, statuses
    heads = [answers[i] for i in (0, 1, 3, 4, 6)]
    assert [answer.body for answer in heads] == [b""] * 5
    assert answers[6]["Content-Length"] == str(size)
    assert heads[0]["Content-Length"] == str(size)
    assert heads[2]["Content-Length"] == str(len(answers[2].body)) != "0"
    assert "Content-Length" not in heads[1]  # unknown until the file is made
    assert answers[5].body == (exports_folder / job.file_path).read_bytes()


@pytest.mark.django_db(transaction=True)
def test_a_head_for_a_kept_full_backup_is_no_download(director, exports_folder,
                                                      django_capture_on_commit_callbacks):
    from tournaments.models import AuditEvent

    event = make_event(director, teams=5, rounds=2, closed=1)
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.start_job(event, "full_backup", language="en", user=director)
    jobs.run_job(job.pk)
    addresses = [f"/director/c/{event.pk}/exports/jobs/{job.pk}/file/",
                 f"/api/v1/championships/{event.pk}/exports/{job.pk}/file/"]
    answers, warned = _under_asgi(director, [("HEAD", a) for a in addresses])
    assert [answer.status_code for answer in answers] == [200, 200]
    assert [w for w in warned if "iterators" in w] == []
    downloads = AuditEvent.objects.filter(championship=event, action="backup_downloaded")
    assert not downloads.exists()
    answers, _warned = _under_asgi(director, [("GET", addresses[0])])
    assert answers[0].body.startswith(b"{") and downloads.count() == 1
