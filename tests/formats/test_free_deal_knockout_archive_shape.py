"""A full backup from before the knockout reports' reviews (each report kept its verdict on
it: ``verdict``, ``reviewed_by``, ``reviewed_at``, ``comment``) imports as today's rows: a
confirmed or disputed report with its review row, a pending one without; a verdict that is
none of the three is refused naming its field."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_free_deal_knockout_stage import swiss_played

from formats.free_deal import services as fd
from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.models import KnockoutEntry, KnockoutTie
from scoring.services.knockout_captains import (
    confirm_knockout_entry,
    dispute_knockout_entry,
    submit_knockout_entry,
)

sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
from archive_events import delete_championship  # noqa: E402

pytestmark = pytest.mark.django_db
OLD = {"confirm": "confirmed", "dispute": "disputed"}


def old_shape(archive: dict) -> dict:
    """The backup as it was written before the reports' reviews."""
    reviews = {row["entry"]: row for row in archive.pop("free_deal_knockout_reviews")}
    for row in archive["free_deal_knockout_entries"]:
        for name in ("by_director_override", "note"):
            row.pop(name)
        review = reviews.get(row["id"])
        row.update(verdict=OLD[review["verdict"]] if review else "pending",
                   reviewed_by=review and review["by_team"],
                   reviewed_at=review and review["created_at"],
                   comment=review["comment"] if review else "")
    return archive


def reports(championship) -> list[tuple]:
    return [(e.tie.slot, e.number, e.first_points, e.state, e.by_team.number,
             e.game and e.game.number, e.idempotency_key,
             [(r.verdict, r.by_team.number, r.comment, r.created_at)
              for r in e.reviews.order_by("id")])
            for e in KnockoutEntry.objects.filter(tie__championship=championship)
            .order_by("id")]


def test_a_backup_with_the_verdicts_on_the_reports_imports_as_today(director):
    championship = swiss_played(director, knockout_size=4)
    fd.start_knockout(championship, by=director)
    semi, other = KnockoutTie.objects.select_related("first", "second").filter(
        championship=championship, stage=1).order_by("slot")
    confirmed, _created = submit_knockout_entry(team=semi.first, tie_id=semi.pk,
                                                   first_points=101, second_points=64,
                                                   idempotency_key="k-1")
    confirm_knockout_entry(team=semi.second, entry_id=confirmed.pk)
    disputed, _created = submit_knockout_entry(team=other.second, tie_id=other.pk,
                                                  first_points=3, second_points=101)
    dispute_knockout_entry(team=other.first, entry_id=disputed.pk, comment="No")
    submit_knockout_entry(team=other.first, tie_id=other.pk, first_points=101,
                             second_points=3)  # pending
    before = reports(championship)
    assert [r[3] for r in before] == ["confirmed", "disputed", "pending"]
    old = old_shape(json.loads(to_json_bytes(export_full(championship))))
    assert "verdict" in old["free_deal_knockout_entries"][0]
    delete_championship(championship)
    imported = import_archive(to_json_bytes(old), director=director)
    assert reports(imported) == before
    # A verdict that is none of the three is refused, naming its field.
    delete_championship(imported)
    old["free_deal_knockout_entries"][1]["verdict"] = "settled"
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(old), director=director)
    assert refused.value.path == "free_deal_knockout_entries[1].verdict"
