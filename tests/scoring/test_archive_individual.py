"""The full backup of an individual championship (rules.md 10) carries its players, seats,
sit-outs, reports, reviews, adjusted scores and PIN attempts, and a free-deal evening's game
totals: export, delete, import gives the same standings and history, in both forms; a
report the rules refuse is refused with its path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from archive_events import delete_championship

from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.archive.format import renumbered

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
from abarrotada_factories import (  # noqa: E402
    enter_and_confirm,
    make_evening,
    make_individual,
    next_round,
    seated,
    values,
)

from formats.abarrotada import evening, selectors  # noqa: E402
from formats.abarrotada import services as ab  # noqa: E402
from formats.abarrotada.models import DealReport  # noqa: E402
from tournaments import services  # noqa: E402

pytestmark = pytest.mark.django_db


def standings_of(championship):
    return [(line.number, line.name, line.place, line.total, line.deal_scores, line.tops)
            for line in selectors.standings(championship)]


@pytest.mark.parametrize("form,players", [(4, 9), (3, 7)])
def test_an_individual_championship_moves_whole(director, form, players):
    championship = make_individual(director, players=players, rounds=2, deals=2, form=form)
    round_ = next_round(championship, director)
    seats = "NESW"[:form]
    points = "30-14-20-8" if form == 4 else "40-12-20"
    for table in round_.player_tables.all():
        for deal in round_.deals.values_list("number", flat=True):
            enter_and_confirm(table, deal, values(points, maker="E"), by=seats[0],
                              confirmer=seats[1])
    table = round_.player_tables.first()
    ab.adjust_seat(table=table, deal_number=1, seat="S", value="1.6", user=director,
                   note="slow play")
    services.close_round(round_, by=director)
    ab.add_player(championship, name="Nou Jugador", licence="FCB-1")
    second = next_round(championship, director)
    other = second.player_tables.first()
    who = seated(other)
    report, _ = ab.submit_report(player=who["N"], table=other, deal_number=second.first_deal,
                                 values=values(points), idempotency_key="archive-key")
    ab.dispute_report(report_id=report.pk, player=who["E"], comment="not so")
    before = standings_of(championship)
    data = to_json_bytes(export_full(championship))
    archive = json.loads(data)
    assert len(archive["individual_seatings"]) > 0 and archive["individual_adjustments"]
    delete_championship(championship)
    imported = import_archive(data, director=director)
    assert imported.format == "abarrotada" and imported.individual_settings.form == form
    assert standings_of(imported) == before
    again = json.loads(to_json_bytes(export_full(imported)))
    for each in (archive, again):
        each.pop("exported_at")
    assert renumbered(again) == renumbered(archive)


def test_an_evening_moves_whole(director):
    championship = make_evening(director, players=9, hand_limit=10)
    round_ = next_round(championship, director)
    for table in round_.player_tables.all():
        who = seated(table)
        entry, _ = ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                    values=ab.TotalsValues({"N": 8, "E": 0, "S": 5, "W": 1}))
        ab.confirm_totals(entry_id=entry.pk, player=who["S"])
    services.close_round(round_, by=director)
    before = [(line.number, line.total, line.games_won)
              for line in evening.evening_standings(championship)]
    data = to_json_bytes(export_full(championship))
    delete_championship(championship)
    imported = import_archive(data, director=director)
    assert [(line.number, line.total, line.games_won)
            for line in evening.evening_standings(imported)] == before


def test_a_report_the_rules_refuse_is_refused_with_its_path(director):
    championship = make_individual(director, players=8, rounds=1, deals=1)
    round_ = next_round(championship, director)
    enter_and_confirm(round_.player_tables.first(), 1, values("30-14-20-8"))
    archive = export_full(championship)
    archive["individual_reports"][0]["points_w"] = 9
    with pytest.raises(ArchiveError) as refused:
        import_archive(to_json_bytes(archive), director=director)
    assert "individual_reports[0]" in str(refused.value) and "73" in str(refused.value)


def test_a_report_kept_before_the_delegations_check_still_imports(director):
    """A backup from before the delegations' check (rules.md 10.1): a stored report whose
    trump maker the delegations do not reach was accepted then, and scores as entered, so
    the archive imports it as it was rather than refusing the whole championship."""
    championship = make_individual(director, players=8, rounds=1, deals=1)
    round_ = next_round(championship, director)
    enter_and_confirm(round_.player_tables.first(), 1, values("30-14-20-8"))
    archive = export_full(championship)
    row = archive["individual_reports"][0]
    # Whoever deals, no delegation and a trump maker who is not the dealer: the dealer
    # always chooses then, so this report could not be entered today.
    dealer = next(d["dealer"] for d in archive["deals"] if d["number"] == row["deal_number"])
    row["delegations"], row["maker"] = 0, next(s for s in "NESW" if s != dealer)
    delete_championship(championship)
    imported = import_archive(to_json_bytes(archive), director=director)
    report = DealReport.objects.get(table__round__championship=imported)
    assert (report.maker, report.delegations) == (row["maker"], 0)
    assert len(standings_of(imported)) == 8  # and it scores
