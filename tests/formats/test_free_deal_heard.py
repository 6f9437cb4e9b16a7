"""The free-deal director's games page shows when each table was last heard from (an entry, a
confirmation, a dispute, a PIN typed, right or wrong) and each table's wrong PINs and lockout,
as the duplicate grid does; the director's own results are not the table speaking."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from free_deal_factories import make_free_deal, next_round, win

from formats.free_deal import selectors, services
from scoring.models import GameEntry, PinAttempt
from scoring.selectors.game_heard import add_heard
from scoring.services.pins import PIN_MAX_FAILURES
from scoring.services.values import PinRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(director):
    championship = make_free_deal(director, pairs=6)
    return next_round(championship, director)


def heard(round_) -> dict:
    return {g.table.number: g.heard for g in add_heard(round_, selectors.round_games(round_))}


def test_entries_reviews_and_pins_are_heard_the_directors_results_are_not(round1, director):
    one, two, three = round1.tables.select_related("ns_team", "ew_team").order_by("number")
    assert heard(round1) == {1: None, 2: None, 3: None}
    before = timezone.now()
    entry, _ = services.submit_game(team=one.ns_team, table=one, values=win(),
                                    idempotency_key="heard-1")
    assert before <= heard(round1)[1] <= timezone.now()
    # The entry an hour ago; the confirmation now moves the table on.
    GameEntry.objects.filter(pk=entry.pk).update(created_at=before - timedelta(hours=1))
    services.confirm_game(entry_id=entry.pk, team=one.ew_team)
    assert heard(round1)[1] >= before
    # The director's result is not the table speaking; a PIN typed there is, right or wrong.
    services.director_set_game(table=two, values=win(), user=director)
    assert heard(round1)[2] is None
    wrong = PinAttempt.objects.create(table=two, by_team=two.ns_team, ok=False)
    assert heard(round1)[2] == wrong.created_at
    right = PinAttempt.objects.create(table=three, by_team=three.ns_team, ok=True)
    assert heard(round1) == {1: heard(round1)[1], 2: wrong.created_at, 3: right.created_at}
    # A dispute is heard too.
    later, _ = services.submit_game(team=three.ns_team, table=three, values=win(),
                                    idempotency_key="heard-3")
    GameEntry.objects.filter(pk=later.pk).update(created_at=before - timedelta(hours=2))
    PinAttempt.objects.filter(pk=right.pk).update(created_at=before - timedelta(hours=2))
    services.dispute_game(entry_id=later.pk, team=three.ew_team, comment="Hand 3")
    assert heard(round1)[3] >= before


def test_the_page_shows_the_column_and_the_wrong_pins(round1, director_client):
    one = round1.tables.select_related("ns_team", "ew_team").order_by("number").first()
    entry, _ = services.submit_game(team=one.ns_team, table=one, values=win(),
                                    idempotency_key="heard-page")
    wrong = "0000" if one.ew_team.pin != "0000" else "1111"
    for _attempt in range(PIN_MAX_FAILURES):
        with pytest.raises(PinRefused):
            services.confirm_game_with_pin(entry_id=entry.pk, team=one.ns_team, pin=wrong)
    url = f"/director/c/{round1.championship_id}/results/rounds/1/"
    html = director_client.get(url, headers={"accept-language": "en"}).content.decode()
    assert "Last heard" in html
    assert "just now" in html and "not yet" in html
    assert f"{PIN_MAX_FAILURES} wrong PINs" in html and "locked until" in html
    assert html.count("wrong PIN") == 1  # table 1 only


def test_the_cost_does_not_grow_with_the_tables(django_user_model, django_assert_num_queries):
    for pairs in (4, 40):
        director = django_user_model.objects.create_user(f"heard-{pairs}", password="x")
        round_ = next_round(make_free_deal(director, pairs=pairs), director)
        for table in round_.tables.select_related("ns_team"):
            entry, _ = services.submit_game(team=table.ns_team, table=table, values=win(),
                                            idempotency_key=f"cost-{table.pk}")
            PinAttempt.objects.create(table=table, by_team=table.ns_team, ok=False)
        games = selectors.round_games(round_)
        with django_assert_num_queries(3):
            add_heard(round_, games)
        assert all(g.heard is not None and g.pins.wrong == 1 for g in games)
