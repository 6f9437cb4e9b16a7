"""Every PDF the app prints, of both formats and in Catalan, Spanish and English, is read back
glyph by glyph (pdfplumber): no two glyphs may cover each other. A header that runs into the
next column ("Deal scores" into "Tops"), a long name over its neighbour or a running head over
the page's title all show up as overlapping glyphs."""

from __future__ import annotations

import io
import sys
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pytest
from django.utils import translation
from free_deal_factories import make_free_deal, next_round, play_round, win

from formats.duplicate_pairs.exports import pdf as duplicate_pdf
from formats.free_deal.exports import pdf as free_deal_pdf
from scoring.exports.data import export_scope
from tournaments import printing, services

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scoring"))
from exports_event import make_event  # noqa: E402

pytestmark = pytest.mark.django_db

LANGUAGES = ["ca", "es", "en"]
#: Each layout test runs once per language: ``make test-fast`` in Catalan (the site's own
#: language, and among the longest words), ``make test`` in all three.
EACH_LANGUAGE = pytest.mark.parametrize("language", [
    pytest.param(language, marks=[] if language == "ca" else [pytest.mark.exhaustive])
    for language in LANGUAGES])
LONG_NAME = "Penya Botifarrera de la Confraria de Sant Vicenç i Santa Eulàlia"
#: Share of a glyph's box trimmed on each side before comparing: glyphs of one word touch,
#: and a font's boxes are a little wider and taller than the ink.
TRIM_X, TRIM_Y = 0.2, 0.3
CELL = 12  # points: the grid that keeps the comparison near-linear


def glyph_pages(content: bytes) -> list[tuple[float, list[dict]]]:
    """Each page's width and glyphs (pdfplumber's ``chars``), read once for all the checks:
    reading a PDF's glyphs costs about as much as rendering it."""
    with pdfplumber.open(io.BytesIO(content)) as document:
        return [(page.width, page.chars) for page in document.pages]


def overlaps(content: bytes, pages: list | None = None) -> list[str]:
    """Pairs of glyphs that cover each other, per page, as readable lines (``pages``: the
    content's :func:`glyph_pages`, when read already)."""
    found = []
    if pages is None:
        pages = glyph_pages(content)
    for number, (_width, chars) in enumerate(pages, 1):
        boxes = []
        for char in chars:
            if not char["text"].strip():
                continue
            width, height = char["x1"] - char["x0"], char["bottom"] - char["top"]
            boxes.append((char["x0"] + width * TRIM_X, char["top"] + height * TRIM_Y,
                          char["x1"] - width * TRIM_X, char["bottom"] - height * TRIM_Y,
                          char["text"]))
        grid = defaultdict(list)
        for index, (x0, y0, x1, y1, _text) in enumerate(boxes):
            for gx in range(int(x0 // CELL), int(x1 // CELL) + 1):
                for gy in range(int(y0 // CELL), int(y1 // CELL) + 1):
                    grid[gx, gy].append(index)
        seen = set()
        for members in grid.values():
            for i, a in enumerate(members):
                for b in members[i + 1:]:
                    if (a, b) in seen:
                        continue
                    seen.add((a, b))
                    p, q = boxes[a], boxes[b]
                    if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]:
                        found.append(f"page {number}: {p[4]!r} at ({p[0]:.0f}, {p[1]:.0f})"
                                     f" covers {q[4]!r} at ({q[0]:.0f}, {q[1]:.0f})")
    return found


def words_near(content: bytes, found: list[str]) -> str:
    """The page's text, to tell which words collide."""
    with pdfplumber.open(io.BytesIO(content)) as document:
        return document.pages[0].extract_text()[:600]


def assert_no_overlap(name: str, content: bytes, pages: list | None = None) -> None:
    assert content.startswith(b"%PDF-"), name
    found = overlaps(content, pages)
    assert not found, f"{name}: {len(found)} overlapping glyphs, e.g. {found[:5]}\n" + \
        words_near(content, found)


def test_the_overlap_check_finds_text_over_text():
    """The check itself: two words printed on the same spot are found."""
    from weasyprint import HTML

    html = ('<p style="position:absolute;top:10mm;left:10mm">Deal scores</p>'
            '<p style="position:absolute;top:10mm;left:14mm">Tops</p>')
    assert overlaps(HTML(string=html).write_pdf())
    assert not overlaps(HTML(string="<p>Deal scores</p><p>Tops</p>").write_pdf())


@EACH_LANGUAGE
def test_every_duplicate_print_in_every_language(director, language):
    championship = make_event(director, teams=7, rounds=2, closed=1)
    long_team = championship.teams.order_by("number")[2]
    long_team.name, long_team.club = LONG_NAME, LONG_NAME
    long_team.save()
    round_ = championship.rounds.get(number=1)
    deals = list(championship.rounds.get(number=2).deals.order_by("number"))
    with translation.override(language):
        scope = export_scope(championship)
        for name, content in [
            ("ranking sheet", duplicate_pdf.ranking_pdf(scope)),
            ("travellers", duplicate_pdf.travellers_pdf(scope)),
            ("team scorecards", duplicate_pdf.scorecards_pdf(scope)),
            ("deal sheets", printing.deal_sheets_pdf(championship, deals)),
            ("table cards", printing.table_cards_pdf(round_)),
            ("team cards", printing.team_cards_pdf(championship, "http://club.local:8000")),
        ]:
            assert_no_overlap(f"{name} ({language})", content)


@EACH_LANGUAGE
def test_every_free_deal_print_in_every_language(director, language):
    championship = make_free_deal(director, pairs=7, rounds=3)
    long_pair = championship.teams.order_by("number")[2]
    long_pair.name, long_pair.club = LONG_NAME, LONG_NAME
    long_pair.save()
    first = next_round(championship, director)
    play_round(first, lambda table: win(101, 30 + table.number))
    services.close_round(first, by=director)
    second = next_round(championship, director)  # paired, not released: a drafted sheet
    with translation.override(language):
        scope = export_scope(championship)
        for name, content in [
            ("ranking sheet", free_deal_pdf.ranking_pdf(scope)),
            ("pair scorecards", free_deal_pdf.scorecards_pdf(scope)),
            ("pairing sheets", free_deal_pdf.pairing_sheets_pdf(first)),
            ("pairing sheets, drafted", free_deal_pdf.pairing_sheets_pdf(second)),
        ]:
            assert_no_overlap(f"{name} ({language})", content)
