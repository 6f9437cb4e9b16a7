"""Sections of a free-deal event (rules.md 11.3) in what leaves the event: the full backup,
the public archive and the exports keep the sections apart, and a backup written before
sections, or with a game between sections, imports or is refused as it should
(``test_free_deal_sections.py`` has the pairing, the ranking and the pages)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from free_deal_factories import SECTION_NAMES as NAMES
from free_deal_factories import (
    make_free_deal,
    next_round,
    play_round,
    random_game,
    row_counts,
    sectioned,
)

from formats.free_deal import selectors
from formats.free_deal.models import PairSection, Section, SectionBye
from scoring.archive import export_full, import_archive, to_json_bytes
from scoring.models import GameEntry, GameReview
from tournaments import services
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def test_the_backup_carries_sections_and_their_byes(director):
    championship = sectioned(director)
    round_ = next_round(championship, director)
    play_round(round_, random_game(random.Random(1)))
    data = to_json_bytes(export_full(championship))
    by_number = lambda c: {  # noqa: E731
        ps.team.number: ps.section.name
        for ps in PairSection.objects.filter(team__championship=c).select_related(
            "team", "section")}
    expected = (by_number(championship), sorted(
        SectionBye.objects.filter(round__championship=championship)
        .values_list("team__number", flat=True)),
        [(line.team.number, line.section_name) for line in selectors.ranking(championship)])
    # The same championship cannot be imported twice: remove it first.
    GameReview.objects.filter(entry__table__round__championship=championship).delete()
    GameEntry.objects.filter(table__round__championship=championship).delete()
    AuditEvent.objects.filter(championship=championship).delete()
    championship.rounds.all().delete()
    championship.delete()
    copy = import_archive(data, director=director)
    assert [s.name for s in Section.objects.filter(championship=copy)] == list(NAMES)
    assert (by_number(copy), sorted(SectionBye.objects.filter(round__championship=copy)
                                    .values_list("team__number", flat=True)),
            [(line.team.number, line.section_name) for line in selectors.ranking(copy)]
            ) == expected


def test_the_public_archive_keeps_the_sections_apart(director):
    from scoring.archive.public import export_public

    championship = sectioned(director)
    round_ = next_round(championship, director)
    play_round(round_, random_game(random.Random(3)))
    services.close_round(round_, by=director)
    archive = export_public(championship)
    placed = {t.number: s for t, s in (
        (ps.team, ps.section.name) for ps in PairSection.objects.select_related("team",
                                                                                "section"))}
    assert [s["name"] for s in archive["sections"]] == list(NAMES)
    assert all(placed[p] == s["name"] for s in archive["sections"] for p in s["pairs"])
    assert [row["section"] for row in archive["standings"]] == sorted(
        (placed[row["pair"]] for row in archive["standings"]), key=NAMES.index)
    assert sum(row["label"].rstrip("=") == "1" for row in archive["standings"]) >= 2
    assert sorted(b["pair"] for b in archive["byes"]) == sorted(
        SectionBye.objects.filter(round=round_).values_list("team__number", flat=True))


def test_the_exports_keep_the_sections_apart(director):
    import io

    from openpyxl import load_workbook
    from test_free_deal_exports import pdf_text

    from formats.free_deal.exports.pdf import pairing_sheets_pdf, ranking_pdf, scorecards_pdf
    from formats.free_deal.exports.workbook import workbook_bytes
    from scoring.exports.data import export_scope

    championship = sectioned(director)
    round_ = next_round(championship, director)
    play_round(round_, random_game(random.Random(4)))
    services.close_round(round_, by=director)
    scope = export_scope(championship)
    placed = {ps.team.name: ps.section.name
              for ps in PairSection.objects.select_related("team", "section")}

    with translation.override("en"):
        text = pdf_text(ranking_pdf(scope))
        scorecards = pdf_text(scorecards_pdf(scope))
        sheets = pdf_text(pairing_sheets_pdf(round_))
    assert text.index("Ranking · Section Experienced") < text.index(
        "Ranking · Section Beginners")
    assert "Section Beginners" in scorecards
    for part in ("Section Experienced: by table", "Section Experienced: by pair",
                 "Section Beginners: by table", "Section Beginners: by pair"):
        assert part in sheets

    with translation.override("en"):
        book = load_workbook(io.BytesIO(workbook_bytes(scope)))
    for name in ("Ranking", "Games", "Pairings"):
        assert next(book[name].iter_rows(max_row=1, values_only=True))[0] == "Section"
    ranking = list(book["Ranking"].iter_rows(min_row=2, values_only=True))
    assert [row[0] for row in ranking] == [placed[row[3]] for row in ranking]
    assert all(isinstance(row[1], int) and isinstance(row[6], (int, float))
               for row in ranking)  # numbers stay numbers
    games = list(book["Games"].iter_rows(min_row=2, values_only=True))
    assert games and all(row[0] == placed[row[4]] == placed[row[6]] for row in games)


def _backup_without_the_championship(championship):
    import json

    archive = json.loads(to_json_bytes(export_full(championship)))
    GameReview.objects.filter(entry__table__round__championship=championship).delete()
    GameEntry.objects.filter(table__round__championship=championship).delete()
    AuditEvent.objects.filter(championship=championship).delete()
    championship.rounds.all().delete()
    championship.delete()
    return archive


def test_a_version_2_backup_from_before_sections_still_imports(director):
    import json

    championship = make_free_deal(director, pairs=5)
    round_ = next_round(championship, director)
    play_round(round_, random_game(random.Random(5)))
    archive = _backup_without_the_championship(championship)
    assert archive["format_version"] == 2
    for key in ("free_deal_sections", "free_deal_pair_sections", "free_deal_section_byes"):
        assert archive.pop(key) == []
    copy = import_archive(json.dumps(archive).encode(), director=director)
    assert copy.rounds.get().bye_team is not None
    assert not Section.objects.filter(championship=copy).exists()


@pytest.mark.parametrize("tamper, where", [
    ("mixed table", "tables[0].ew_team"),
    ("bye of a seated pair", "free_deal_section_byes[0]"),
])
def test_a_backup_with_a_game_between_sections_is_refused(director, tamper, where):
    import json

    from scoring.archive import ArchiveError

    championship = sectioned(director)
    next_round(championship, director)
    archive = _backup_without_the_championship(championship)
    if tamper == "mixed table":
        sections = archive["free_deal_pair_sections"]
        table = archive["tables"][0]
        row = next(r for r in sections if r["team"] == table["ew_team"])
        row["section"] = next(s["id"] for s in archive["free_deal_sections"]
                              if s["id"] != row["section"])
    else:
        archive["free_deal_section_byes"][0]["team"] = archive["tables"][0]["ns_team"]
    before = row_counts()
    with pytest.raises(ArchiveError) as refused:
        import_archive(json.dumps(archive).encode(), director=director)
    assert where in str(refused.value)
    assert row_counts() == before
