"""The API's interactive documentation: served from this installation (no CDN), under a
Content-Security-Policy with no inline or foreign script, and no request to it a 500."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/docs/", "/api/schema/"])
def test_options_as_anonymous_is_not_a_500(client, path):
    answer = client.options(path)
    assert answer.status_code < 500
    assert "GET" in answer["Allow"]


def test_the_docs_load_every_asset_from_this_installation_under_a_strict_policy(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    policy = page["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no CDN
    assert "http" not in policy and "cdn" not in policy
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    body = page.content.decode()
    # No inline script: every <script> has a src, and each src is this site's.
    scripts = re.findall(r"<script\b([^>]*)>", body)
    assert scripts and all("src=" in attributes for attributes in scripts)
    assets = re.findall(r'(?:src|href)="([^"]+)"', body)
    assert assets and all(url.startswith("/") and not url.startswith("//") for url in assets)
    for url in assets:
        if url.startswith("/static/"):
            assert finders.find(url.removeprefix("/static/")), url  # shipped with the app
        else:
            script = client.get(url.replace("&amp;", "&"))
            assert script.status_code == 200 and "javascript" in script["Content-Type"]
            assert "/api/schema/" in script.content.decode()
