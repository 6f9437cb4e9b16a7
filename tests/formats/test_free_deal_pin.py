"""Confirming a free-deal game with the other pair's PIN (rules.md 11.2), with the duplicate
format's lockout and audit: every attempt is kept, a right one confirms ``via_pin``."""

from __future__ import annotations

import pytest
from free_deal_factories import make_free_deal, next_round, win

from scoring.models import GameReview, PinAttempt
from scoring.services import games
from scoring.services.pins import PIN_MAX_FAILURES
from scoring.services.values import PinRefused, ScoringError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """The refusals are read in English (the site's default language is Catalan)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def entered(django_user_model):
    director = django_user_model.objects.create_user("fd-pin", password="x")
    championship = make_free_deal(director, pairs=4)
    table = next_round(championship, director).tables.order_by("number").first()
    entry, _created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                        idempotency_key="pin-1")
    return table, entry


def _wrong(pin: str) -> str:
    return "0000" if pin != "0000" else "1111"


def test_right_pin_confirms_for_the_other_pair_and_is_audited(entered):
    table, entry = entered
    review = games.confirm_game_with_pin(entry_id=entry.pk, team=table.ns_team,
                                         pin=table.ew_team.pin)
    assert (review.verdict, review.by_team_id, review.via_pin) == ("confirm", table.ew_team_id,
                                                                   True)
    assert list(PinAttempt.objects.values_list("table_id", "by_team_id", "ok")) == [
        (table.pk, table.ns_team_id, True)]
    # Again: the first confirmation, nothing more written.
    again = games.confirm_game_with_pin(entry_id=entry.pk, team=table.ns_team,
                                        pin=table.ew_team.pin)
    assert again.pk == review.pk and GameReview.objects.count() == 1


def test_wrong_pins_are_kept_and_lock_the_table(entered):
    table, entry = entered
    wrong = _wrong(table.ew_team.pin)
    for attempt in range(PIN_MAX_FAILURES):
        with pytest.raises(PinRefused) as refused:
            games.confirm_game_with_pin(entry_id=entry.pk, team=table.ns_team, pin=wrong)
        expected = "pin_locked" if attempt == PIN_MAX_FAILURES - 1 else "pin_wrong"
        assert refused.value.code == expected
    assert PinAttempt.objects.filter(table=table, ok=False).count() == PIN_MAX_FAILURES
    # Locked: even the right PIN waits, and is not counted.
    with pytest.raises(PinRefused) as refused:
        games.confirm_game_with_pin(entry_id=entry.pk, team=table.ns_team,
                                    pin=table.ew_team.pin)
    assert refused.value.code == "pin_locked" and "locked" in refused.value.message
    assert not GameReview.objects.exists()
    assert PinAttempt.objects.count() == PIN_MAX_FAILURES


def test_a_pin_confirms_only_on_the_entering_pairs_phone(entered):
    table, entry = entered
    with pytest.raises(ScoringError) as refused:
        games.confirm_game_with_pin(entry_id=entry.pk, team=table.ew_team,
                                    pin=table.ns_team.pin)
    assert refused.value.code == "pin_not_needed"
    assert not PinAttempt.objects.exists() and not GameReview.objects.exists()


def test_a_pair_that_disputed_cannot_be_confirmed_by_pin(entered):
    table, entry = entered
    games.dispute_game(entry_id=entry.pk, team=table.ew_team, comment="Hand 4")
    with pytest.raises(ScoringError) as refused:
        games.confirm_game_with_pin(entry_id=entry.pk, team=table.ns_team,
                                    pin=table.ew_team.pin)
    assert refused.value.code == "disputed"
    assert not GameReview.objects.filter(verdict="confirm").exists()


def test_the_page_confirms_with_the_pin_and_refuses_a_bad_one(entered, client):
    table, entry = entered
    first = table.ns_team
    url = f"/t/{first.pk}/{first.link_secret}/game/{entry.pk}/pin/"
    page = client.get(f"/t/{first.pk}/{first.link_secret}/").content.decode()
    assert url in page
    response = client.post(url, {"pin": "12a"}, headers={"accept-language": "en"})
    assert response.status_code == 200
    assert "type the other pair&#x27;s 4 digits" in response.content.decode()
    assert not PinAttempt.objects.exists()
    response = client.post(url, {"pin": table.ew_team.pin})
    assert response.status_code == 302
    assert entry.reviews.get().via_pin
