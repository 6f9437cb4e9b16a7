"""No text a director or captain typed can make a PDF read the server (docs/operations.md, "Security").

Hostile values in every field that reaches a printed sheet (championship name and venue,
team names, clubs and players) try to close the page's <style> element, break out of a CSS
string, and attach or show a file of the server. Every PDF kind is made from them and read
back with pypdf: no embedded file, no annotation, none of the secret file's text, and the
hostile text shown as text. The URL fetcher itself is tested on its own below."""

from __future__ import annotations

import base64
import io
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import services as scoring_services
from scoring.services import ResultData
from tournaments import services
from tournaments.print_fetcher import DATA_URL_LIMIT, RefusedResource, fetch_for_print

MARKER = "SERVER-SECRET-7f3a"


@pytest.fixture
def secret_file():
    folder = Path(tempfile.mkdtemp(prefix="dp"))  # short: the path goes into team names
    path = folder / "s"
    path.write_text(f"{MARKER}\n")
    yield path
    shutil.rmtree(folder)


def payloads(path: Path) -> list[str]:
    url = path.as_uri()
    # Unquoted attributes too: the old running head escaped double quotes only.
    return [
        f"</style><link rel=attachment href={url}><style>",
        f'</style><link rel="attachment" href="{url}"><style>',
        f'"}}</style><a rel="attachment" href="{url}">x</a>',
        f'</style><img src="{url}"><object data="{url}"></object>',
        f'"; }} @page {{ @top-right {{ content: url({url}) }} }} x {{ content: "',
        '\\" \\ </STYLE >',
    ]


@pytest.fixture
def hostile_event(director, secret_file):
    bad = payloads(secret_file)
    championship = services.create_championship(
        director, name=f"Obert {bad[0]}", venue=f"Casal {bad[4]}"
    )
    for i, name in enumerate(bad, start=1):
        services.add_team(championship, name=name, club=bad[(i + 1) % len(bad)][:120],
                          player1=bad[(i + 2) % len(bad)][:120], player2=f"P{i}")
    services.add_team(championship, name="Sis", player1="A", player2="B")
    generate_schedule(championship)
    round1 = championship.rounds.get(number=1)
    services.release_round(round1, by=director)
    table = round1.tables.order_by("number").first()
    deal = round1.deals.order_by("number").first()
    entry, _ = pairs_services.submit_result(
        team=table.ns_team, table=table, deal=deal,
        data=ResultData(contract="O", points_ns=40), idempotency_key=None)
    pairs_services.dispute_entry(entry_id=entry.pk, team=table.ew_team,
                                   comment=bad[1])
    pairs_services.director_confirm_entry(
        table=entry.table, deal=entry.deal, entry_id=entry.pk, user=director)
    scoring_services.set_results_public(championship, True, user=director)
    services.close_round(round1, by=director)
    championship.refresh_from_db()
    return championship, bad


def _pdfs(championship, director_client) -> dict[str, bytes]:
    pk = championship.pk
    public = Client(headers={"accept-language": "en"})
    got = {
        kind: public.get(f"/c/{pk}/results/export/{kind}/")
        for kind in ("ranking_pdf", "travellers_pdf", "scorecards_pdf")
    }
    got["team_cards"] = director_client.get(reverse("tournaments:director_team_cards", args=[pk]))
    got["table_cards"] = director_client.get(
        reverse("tournaments:director_table_cards", args=[pk, 1]))
    got["deal_sheets"] = director_client.get(
        reverse("tournaments:director_round_deal_sheets", args=[pk, 1]))
    for kind, response in got.items():
        assert response.status_code == 200, (kind, response.content[:200])
    return {kind: response.content for kind, response in got.items()}


def _embedded_things(reader: PdfReader) -> list[str]:
    found = [f"attachment {name}" for name in reader.attachments]
    names = reader.trailer["/Root"].get("/Names")
    if names is not None and "/EmbeddedFiles" in names.get_object():
        found.append("/EmbeddedFiles")
    for number, page in enumerate(reader.pages, start=1):
        for annot in page.get("/Annots") or []:
            subtype = annot.get_object().get("/Subtype")
            if subtype != "/Link":
                found.append(f"page {number}: {subtype}")
    return found


@pytest.mark.django_db
def test_no_pdf_attaches_or_shows_a_server_file(hostile_event, director_client, settings,
                                                tmp_path):
    settings.EXPORTS_DIR = tmp_path / "exports"
    championship, bad = hostile_event
    for kind, content in _pdfs(championship, director_client).items():
        assert content.startswith(b"%PDF-"), kind
        assert MARKER.encode() not in content, kind
        reader = PdfReader(io.BytesIO(content))
        assert _embedded_things(reader) == [], kind
        text = "".join(page.extract_text() for page in reader.pages)
        assert MARKER not in text, kind
        squashed = re.sub(r"\s+", "", text)
        if kind != "deal_sheets":  # deal sheets name the championship only
            for value in bad:
                assert re.sub(r"\s+", "", value) in squashed, (kind, value)
        # The running head of the exports shows the championship's name as text.
        assert re.sub(r"\s+", "", f"Obert {bad[0]}") in squashed, kind


# The fetcher on its own.

def _static_file() -> Path:
    from django.conf import settings

    for folder in settings.STATICFILES_DIRS:
        for path in sorted(Path(folder).rglob("*.css")):
            return path
    raise AssertionError("the project ships a style sheet")


def test_the_fetcher_serves_the_projects_static_files():
    path = _static_file()
    response = fetch_for_print(path.as_uri())
    assert response.read() == path.read_bytes()
    assert response.headers.get_content_type() == "text/css"


@pytest.mark.parametrize("url", [
    "file:///etc/passwd",
    "file:///etc/hostname",
    "http://127.0.0.1:1/",
    "https://example.org/font.woff",
    "ftp://example.org/x",
    "javascript:alert(1)",
    "file://otherhost/etc/passwd",
])
def test_the_fetcher_refuses_everything_else(url):
    with pytest.raises(RefusedResource):
        fetch_for_print(url)


def test_the_fetcher_refuses_a_way_out_of_the_static_folder():
    path = _static_file()
    escape = path.parent.as_uri() + "/../" * 12 + "etc/passwd"
    with pytest.raises(RefusedResource):
        fetch_for_print(escape)


def test_the_fetcher_refuses_a_link_out_of_the_static_folder(settings, tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    (static / "evil.css").symlink_to("/etc/passwd")
    settings.STATICFILES_DIRS = [static]
    from tournaments import print_fetcher

    print_fetcher._static_roots.cache_clear()
    try:
        with pytest.raises(RefusedResource):
            fetch_for_print((static / "evil.css").as_uri())
    finally:
        print_fetcher._static_roots.cache_clear()


def test_the_fetcher_takes_small_inline_images_only():
    small = "data:image/png;base64," + base64.b64encode(b"\x89PNG" + b"0" * 100).decode()
    assert fetch_for_print(small).read() == b"\x89PNG" + b"0" * 100
    big = "data:text/plain;base64," + "A" * DATA_URL_LIMIT
    with pytest.raises(RefusedResource):
        fetch_for_print(big)


# The running head's CSS string, for any text at all.

@given(st.text(max_size=60))
def test_a_css_string_holds_any_text_without_ending_the_string_or_the_style(text):
    from scoring.exports.pdf import css_string

    quoted = css_string(text)
    assert quoted[0] == quoted[-1] == '"'
    inner = quoted[1:-1]
    assert not set(inner) & set('"<>&/{}\n\r'), inner
    # Every backslash starts a six-digit escape, which reads back as the text itself.
    unescaped = re.sub(r"\\([0-9a-f]{6})", lambda m: chr(int(m.group(1), 16)), inner)
    assert "\\" not in re.sub(r"\\[0-9a-f]{6}", "", inner)
    assert unescaped == re.sub(r"[\x00-\x1f\x7f]", " ", text)
