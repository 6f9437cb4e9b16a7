"""Confirming a free-deal game with the other pair's PIN through the REST API (rules.md 11.2):
``captain/<pair>/<secret>/free-deal/game/<entry>/pin/`` on the entering pair's link, with the
captain's page's lockout (one count of wrong attempts per table, whichever way they came)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from free_deal_factories import make_free_deal, next_round, win
from rest_framework.test import APIClient

from scoring.models import GameEntry, GameReview, PinAttempt
from scoring.services import games
from scoring.services.pins import PIN_MAX_FAILURES

pytestmark = pytest.mark.django_db


def pin_url(team, entry) -> str:
    return (f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/{entry.pk}/pin/")


def phone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en", HTTP_USER_AGENT="Pair phone")


def _entered(director, pairs: int = 4):
    championship = make_free_deal(director, pairs=pairs)
    table = next_round(championship, director).tables.order_by("number").first()
    entry, _created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                        idempotency_key=f"pin-api-{pairs}")
    return table, entry


@pytest.fixture
def entered(director):
    return _entered(director)


def _wrong(pin: str) -> str:
    return "0000" if pin != "0000" else "1111"


def test_the_right_pin_confirms_for_the_other_pair(entered):
    table, entry = entered
    answer = phone().post(pin_url(table.ns_team, entry), {"pin": table.ew_team.pin},
                          format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["state"], body["round"], body["table"]) == ("confirmed", 1, table.number)
    assert body["entry"]["id"] == entry.pk
    review = GameReview.objects.get()
    assert (review.verdict, review.by_team_id, review.via_pin) == ("confirm", table.ew_team_id,
                                                                   True)
    assert review.user_agent == "Pair phone"
    assert list(PinAttempt.objects.values_list("table_id", "by_team_id", "ok")) == [
        (table.pk, table.ns_team_id, True)]
    # The game counts now: the other pair's link sees it confirmed.
    other = table.ew_team
    game = phone().get(f"/api/v1/captain/{other.pk}/{other.link_secret}/free-deal/game/")
    assert game.json()["state"] == "confirmed"


def test_wrong_pins_are_counted_with_the_pages_and_lock_the_table(entered, client):
    table, entry = entered
    first, wrong = table.ns_team, _wrong(table.ew_team.pin)
    # One wrong PIN on the captain's page, the rest through the API: one count per table.
    client.post(f"/t/{first.pk}/{first.link_secret}/game/{entry.pk}/pin/", {"pin": wrong})
    codes = []
    for _attempt in range(PIN_MAX_FAILURES - 1):
        answer = phone().post(pin_url(first, entry), {"pin": wrong}, format="json")
        assert answer.status_code == 409
        codes.append(answer.json()["code"])
    assert codes == ["pin_wrong"] * (PIN_MAX_FAILURES - 2) + ["pin_locked"]
    assert PinAttempt.objects.filter(table=table, ok=False).count() == PIN_MAX_FAILURES
    # Locked: the right PIN waits too, and is not counted.
    answer = phone().post(pin_url(first, entry), {"pin": table.ew_team.pin}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "pin_locked"
    assert "locked" in answer.json()["detail"]
    assert PinAttempt.objects.count() == PIN_MAX_FAILURES
    assert not GameReview.objects.exists()


def test_a_wrong_pin_names_the_other_pair(entered):
    table, entry = entered
    answer = phone().post(pin_url(table.ns_team, entry), {"pin": _wrong(table.ew_team.pin)},
                          format="json")
    assert answer.status_code == 409
    assert answer.json() == {"detail": f"Wrong PIN for {table.ew_team.name}. Try again.",
                             "code": "pin_wrong"}


@pytest.mark.parametrize("body", [{}, {"pin": ""}, {"pin": "12a4"}, {"pin": "12345"},
                                  {"pin": None}, {"pin": "١٢٣٤"}])
def test_a_malformed_pin_is_refused_naming_the_field_and_not_counted(entered, body):
    table, entry = entered
    answer = phone().post(pin_url(table.ns_team, entry), body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"pin": ["PIN: type the other pair's 4 digits."]}
    assert not PinAttempt.objects.exists() and not GameReview.objects.exists()


def test_a_pin_is_typed_on_the_entering_pairs_phone_only(entered):
    table, entry = entered
    answer = phone().post(pin_url(table.ew_team, entry), {"pin": table.ns_team.pin},
                          format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "pin_not_needed"
    assert not PinAttempt.objects.exists() and not GameReview.objects.exists()


def test_another_tables_entry_is_unknown(director):
    championship = make_free_deal(director, pairs=4)
    one, two = next_round(championship, director).tables.order_by("number")
    entry, _created = games.submit_game(team=one.ns_team, table=one, values=win(),
                                        idempotency_key="pin-elsewhere")
    answer = phone().post(pin_url(two.ns_team, entry), {"pin": one.ew_team.pin}, format="json")
    assert answer.status_code == 404
    assert set(answer.json()) == {"detail", "code"}
    assert not PinAttempt.objects.exists()


def test_a_disputed_entry_cannot_be_confirmed_by_pin(entered):
    table, entry = entered
    games.dispute_game(entry_id=entry.pk, team=table.ew_team, comment="Hand 4")
    answer = phone().post(pin_url(table.ns_team, entry), {"pin": table.ew_team.pin},
                          format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "disputed"
    assert not GameReview.objects.filter(verdict="confirm").exists()


def test_a_duplicate_championships_link_is_refused(director):
    from scoring_factories import make_championship, teams_of

    championship = make_championship(teams=4, director=director)
    team = teams_of(championship)[0]
    url = f"/api/v1/captain/{team.pk}/{team.link_secret}/free-deal/game/1/pin/"
    answer = phone().post(url, {"pin": "1234"}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "wrong_format"


def test_sending_the_same_request_again_counts_once(entered):
    table, entry = entered
    url, wrong = pin_url(table.ns_team, entry), _wrong(table.ew_team.pin)
    first = phone().post(url, {"pin": wrong}, format="json", HTTP_IDEMPOTENCY_KEY="pin-1")
    again = phone().post(url, {"pin": table.ew_team.pin}, format="json",
                         HTTP_IDEMPOTENCY_KEY="pin-1")
    assert first.status_code == again.status_code == 409 and again.json() == first.json()
    assert PinAttempt.objects.count() == 1 and not GameReview.objects.exists()


def test_the_cost_does_not_grow_with_the_field(django_user_model):
    costs = []
    for pairs in (4, 40):
        director = django_user_model.objects.create_user(f"fd-pin-{pairs}", password="x")
        table, entry = _entered(director, pairs)
        # Every other game in, so that the larger event has more to read if it read it.
        for other in table.round.tables.exclude(pk=table.pk).select_related("ns_team"):
            games.submit_game(team=other.ns_team, table=other, values=win(),
                              idempotency_key=f"other-{other.pk}")
        with CaptureQueriesContext(connection) as queries:
            answer = phone().post(pin_url(table.ns_team, entry), {"pin": table.ew_team.pin},
                                  format="json")
        assert answer.status_code == 200
        costs.append(len(queries))
    assert costs[0] == costs[1], costs
    assert GameEntry.objects.count() > 20


def test_the_pin_attempts_move_with_the_full_backup(entered, director):
    """The lockout holds after a move: a free-deal championship's PIN attempts are in its
    full backup, and the file imports."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
    from archive_events import delete_championship

    from scoring.archive import export_full, import_archive, to_json_bytes

    table, entry = entered
    phone().post(pin_url(table.ns_team, entry), {"pin": _wrong(table.ew_team.pin)},
                 format="json")
    championship = table.round.championship
    data = to_json_bytes(export_full(championship))
    delete_championship(championship)
    imported = import_archive(data, director=director)
    assert PinAttempt.objects.filter(table__round__championship=imported, ok=False).count() == 1
