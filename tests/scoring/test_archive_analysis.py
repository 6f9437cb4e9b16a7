"""The deals' double-dummy analysis (rules.md 8.1) and the archive (docs/archive.md): the
public archive carries each closed round's analysis; the full backup does not (it is
derived from the cards), and importing one analyses the closed rounds' deals again, in the
background as when their rounds closed, whether through the page or the command."""

from __future__ import annotations

import json

import pytest
from analysed_deals import analyse, expected_tricks, give_quick_deals, par_points
from archive_events import delete_championship, demo_championship
from built_once import module_world
from django.contrib.auth import get_user_model
from django.core.management import call_command

import engine
from scoring.archive import export_full, export_public, import_archive, to_json_bytes
from tournaments.models import Championship, DealAnalysis, Round

pytestmark = pytest.mark.django_db


def build_the_world():
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return director, analysed_demo(director)


# The analysed demo, built once for the module; what a test changes (a deletion, an
# import) is rolled back with its savepoint (tests/built_once.py).
built, world = module_world(build_the_world)


@pytest.fixture
def director(world):
    """The world's director1, in place of the suite's fixture of that name."""
    return world[0]


@pytest.fixture
def championship(world):
    return world[1]


def analysed_demo(director):
    """The demo with quick deals: every closed deal analysed but the last, and one deal of
    the round in play analysed early (it must never leave)."""
    championship = demo_championship(director)
    give_quick_deals(championship)
    closed = list(championship.deals.filter(round__status=Round.Status.CLOSED).order_by("number"))
    championship.analysed = analyse(closed[:-1])
    championship.waiting = closed[-1]
    in_play = championship.deals.filter(round__status=Round.Status.RELEASED).order_by("number")
    championship.in_play = analyse(in_play[:1])
    return championship


def stored_analyses(championship) -> dict[int, tuple]:
    return {
        row.deal.number: (row.variant, row.table, row.par_contract, row.par_score, row.line)
        for row in DealAnalysis.objects.filter(
            deal__championship=championship, deal__round__status=Round.Status.CLOSED
        ).select_related("deal")
    }


def test_the_public_archive_has_each_closed_deal_analysis(championship):
    data = to_json_bytes(export_public(championship))
    deals = {deal["number"]: deal for deal in json.loads(data)["deals"]}
    for number, stored in championship.analysed.items():
        trump_side = engine.trump_side(engine.Seat(deals[number]["dealer"])).value
        assert deals[number]["analysis"] == {
            "variant": "eastern",
            "table": stored.table,
            "par": {
                "contract": stored.par_contract,
                "side": trump_side,
                "points": par_points(stored, trump_side),
                "deal_score": stored.par_score,
            },
            "line": stored.line,
            "tricks": expected_tricks(stored, deals[number]["dealer"]),
        }
        assert len(stored.line.split()) == 48
        tricks = deals[number]["analysis"]["tricks"]
        assert [trick["number"] for trick in tricks] == list(range(1, 13))
        # Each trick is led by the previous one's winner (rules.md 3).
        for previous, trick in zip(tricks, tricks[1:], strict=False):
            assert trick["cards"][0]["seat"] == previous["winner"]
    assert deals[championship.waiting.number]["analysis"] is None
    # The round in play: neither its deals nor their analysis.
    for number, stored in championship.in_play.items():
        assert number not in deals and stored.line not in data.decode()


def test_a_full_backup_leaves_the_analysis_out(championship):
    archive = export_full(championship)
    assert "analysis" not in json.dumps(archive)
    assert all("analysis" not in deal for deal in archive["deals"])


def test_importing_a_full_backup_analyses_the_closed_rounds_again(
    championship, director, settings, django_capture_on_commit_callbacks
):
    settings.DEAL_ANALYSIS = "inline"
    before = stored_analyses(championship)
    data = to_json_bytes(export_full(championship))
    delete_championship(championship)
    assert not DealAnalysis.objects.exists()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        imported = import_archive(data, director=director)
        assert not DealAnalysis.objects.exists()  # not before the import is committed
    assert callbacks
    after = stored_analyses(imported)
    closed = imported.deals.filter(round__status=Round.Status.CLOSED)
    # Every closed deal, the one that was still waiting too, and the same as before.
    assert set(after) == set(closed.values_list("number", flat=True))
    assert {number: after[number] for number in before} == before
    # Never a deal of the round in play.
    assert not DealAnalysis.objects.exclude(deal__round__status=Round.Status.CLOSED).exists()


def test_the_import_command_analyses_the_closed_rounds_too(
    championship, director, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.DEAL_ANALYSIS = "inline"
    before = stored_analyses(championship)
    backup = tmp_path / "backup.json"
    backup.write_bytes(to_json_bytes(export_full(championship)))
    deal_key = championship.deal_key
    delete_championship(championship)
    with django_capture_on_commit_callbacks(execute=True):
        call_command(
            "import_championship", str(backup), "--director", director.username, verbosity=0
        )
    after = stored_analyses(Championship.objects.get(deal_key=deal_key))
    assert {number: after[number] for number in before} == before
    assert len(after) == len(before) + 1
