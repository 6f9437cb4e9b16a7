"""The individual format's printed sheets, and the free-deal ranking with sections, in every
language: no two glyphs cover each other, and no glyph runs off the page (a clipped
"Buchholz" at the right edge, a header squeezed into its neighbour)."""

from __future__ import annotations

import pytest
from abarrotada_factories import enter_and_confirm, make_evening, make_individual, next_round
from abarrotada_factories import values as report
from django.utils import translation
from free_deal_factories import next_round as next_pair_round
from free_deal_factories import play_round, sectioned, win
from test_print_layout import EACH_LANGUAGE, LONG_NAME, assert_no_overlap, glyph_pages

from formats.abarrotada.exports import evening as evening_exports
from formats.abarrotada.exports import pdf as individual_pdf
from formats.abarrotada.services import TotalsValues
from formats.abarrotada.services import totals as evening_totals
from formats.free_deal.exports import pdf as free_deal_pdf
from scoring.exports.data import export_scope
from tournaments import services

pytestmark = pytest.mark.django_db


def assert_on_the_page(name: str, pages: list) -> None:
    for number, (width, chars) in enumerate(pages, 1):
        outside = [char["text"] for char in chars if char["x0"] < 0 or char["x1"] > width]
        assert not outside, f"{name}, page {number}: {''.join(outside)!r} runs off"


def check(name: str, content: bytes) -> None:
    pages = glyph_pages(content)  # read once for both checks
    assert pages, name
    assert_no_overlap(name, content, pages)
    assert_on_the_page(name, pages)


def _long_named(championship):
    someone = championship.teams.order_by("number")[2]
    someone.name, someone.club = LONG_NAME, LONG_NAME
    someone.save()


@EACH_LANGUAGE
def test_every_individual_print_in_every_language(director, language):
    championship = make_individual(director, players=9, rounds=2, deals=2)
    _long_named(championship)
    first = next_round(championship, director)
    for table in first.player_tables.all():
        for deal in (1, 2):
            enter_and_confirm(table, deal, report("30-14-20-8"))
    services.close_round(first, by=director)
    second = next_round(championship, director)
    with translation.override(language):
        scope = export_scope(championship)
        for name, content in [
            ("ranking sheet", individual_pdf.ranking_pdf(scope)),
            ("scorecards", individual_pdf.scorecards_pdf(scope)),
            ("travellers", individual_pdf.travellers_pdf(scope)),
            ("movement", individual_pdf.movement_pdf(second)),
            ("table cards", individual_pdf.table_cards_pdf(second)),
        ]:
            check(f"individual {name} ({language})", content)


@EACH_LANGUAGE
def test_an_individual_evenings_ranking_in_every_language(director, language):
    championship = make_evening(director, players=8, hand_limit=12)
    _long_named(championship)
    first = next_round(championship, director)
    for table in first.player_tables.all():
        seats = {s.seat: s.player for s in table.seatings.select_related("player")}
        entry, _ = evening_totals.submit_totals(
            player=seats["N"], table=table, idempotency_key=None,
            values=TotalsValues({"N": 10, "E": 4, "S": 13, "W": 2}, 9))
        evening_totals.confirm_totals(entry_id=entry.pk, player=seats["E"])
    services.close_round(first, by=director)
    with translation.override(language):
        check(f"evening ranking ({language})",
              evening_exports.ranking_pdf(export_scope(championship)))


@EACH_LANGUAGE
def test_the_free_deal_ranking_with_sections_in_every_language(director, language):
    championship = sectioned(director, sizes=(5, 4), rounds=2)
    _long_named(championship)
    first = next_pair_round(championship, director)
    play_round(first, lambda table: win(101, 30 + table.number))
    services.close_round(first, by=director)
    with translation.override(language):
        scope = export_scope(championship)
        check(f"free-deal ranking with sections ({language})",
              free_deal_pdf.ranking_pdf(scope))
        check(f"free-deal scorecards with sections ({language})",
              free_deal_pdf.scorecards_pdf(scope))
