"""The API docs open in a real browser with no request leaving this site and no breach of
the Content-Security-Policy (Swagger UI from the installation, its script a file)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest


@pytest.mark.django_db(transaction=True)
def test_the_api_docs_render_offline_under_the_policy(live_server, browser):
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        requested, refused = [], []
        page.on("request", lambda request: requested.append(request.url))
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        page.goto(f"{live_server.url}/api/docs/")
        page.wait_for_selector(".swagger-ui .information-container .title")
        assert "Duplicada API" in page.locator(".swagger-ui .title").first.inner_text()
        page.wait_for_selector(".opblock-tag")  # the operations, from /api/schema/
        own = urlsplit(live_server.url).netloc
        assert requested and all(urlsplit(url).netloc == own or url.startswith("data:")
                                 for url in requested), requested
        assert not refused, refused
    finally:
        context.close()
