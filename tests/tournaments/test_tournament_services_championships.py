"""Services of the tournaments app: creating a championship and its deal key, the settings
lock, directors and the demo."""

from __future__ import annotations

import hashlib

import pytest
from tournament_factories import make_championship

from tournaments import selectors, services
from tournaments.models import Championship

pytestmark = pytest.mark.django_db


# --- Championships and the deal key --------------------------------------------------------


def test_create_championship_makes_a_key_and_its_commitment(director):
    championship = make_championship(director)
    key = bytes.fromhex(championship.deal_key)
    assert len(key) == 32
    assert championship.key_commitment == hashlib.sha256(key).hexdigest()
    assert championship.status == Championship.Status.DRAFT
    assert list(championship.directors.all()) == [director]
    other = make_championship(director)
    assert other.deal_key != championship.deal_key


def test_swiss_needs_a_number_of_rounds(director):
    with pytest.raises(services.ServiceError) as error:
        services.create_championship(director, name="Swiss", movement="swiss")
    assert error.value.field == "rounds_planned"
    assert not Championship.objects.exists()


def test_name_is_required_and_dates_ordered(director):
    import datetime

    with pytest.raises(services.ServiceError) as error:
        services.create_championship(director, name="  ")
    assert error.value.field == "name"
    with pytest.raises(services.ServiceError) as error:
        services.create_championship(
            director,
            name="X",
            starts_on=datetime.date(2025, 5, 2),
            ends_on=datetime.date(2025, 5, 1),
        )
    assert error.value.field == "ends_on"


# --- Settings lock -------------------------------------------------------------------------


def test_settings_change_freely_before_rounds_exist(championship):
    services.update_championship(
        championship, deals_per_match=6, variant="western", movement="swiss", rounds_planned=4
    )
    championship.refresh_from_db()
    assert (championship.deals_per_match, championship.variant, championship.rounds_planned) == (
        6,
        "western",
        4,
    )
    services.update_championship(championship, movement="round_robin")
    championship.refresh_from_db()
    assert championship.rounds_planned is None  # only meaningful for Swiss


def test_shape_settings_cannot_change_while_rounds_are_drafted(scheduled):
    with pytest.raises(services.ServiceError) as error:
        services.update_championship(scheduled, deals_per_match=5)
    assert error.value.field == "deals_per_match"
    # Other settings may still change before round 1 is released.
    services.update_championship(scheduled, variant="western", doubling="2-3-5")
    scheduled.refresh_from_db()
    assert scheduled.variant == "western"


def test_settings_lock_once_round_one_is_released(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    for field, value in [
        ("variant", "western"),
        ("doubling", "2-4-10"),
        ("deals_per_match", 3),
        ("movement", "swiss"),
    ]:
        with pytest.raises(services.ServiceError) as error:
            services.update_championship(scheduled, **{field: value})
        assert error.value.field == field
        assert "round 1 has been released" in error.value.message
    # Passing the unchanged value is not a change.
    services.update_championship(scheduled, variant=scheduled.variant, name="Renamed")
    services.update_championship(scheduled, results_public=True, venue="Elsewhere")
    scheduled.refresh_from_db()
    assert (scheduled.name, scheduled.results_public, scheduled.venue) == (
        "Renamed",
        True,
        "Elsewhere",
    )


# --- Directors -----------------------------------------------------------------------------


def test_directors(championship, director, other_director):
    assert selectors.is_director(director, championship)
    assert not selectors.is_director(other_director, championship)
    services.add_director(championship, "director2")
    assert selectors.is_director(other_director, championship)
    with pytest.raises(services.ServiceError) as error:
        services.add_director(championship, "nobody")
    assert error.value.field == "username"
    services.remove_director(championship, director)
    with pytest.raises(services.ServiceError, match="at least one director"):
        services.remove_director(championship, other_director)


# --- Demo ----------------------------------------------------------------------------------


def test_demo_loads_once(director):
    from tournaments.demo import load_demo

    championship, message = load_demo(director)
    assert "loaded" in message
    assert championship.teams.count() == 13
    assert championship.rounds.count() == 13
    assert all(r.bye_team_id for r in championship.rounds.all())
    assert [r.status for r in championship.rounds.order_by("number")][:4] == [
        "released", "released", "released", "drafted"]
    assert championship.status == "running"
    again, message = load_demo(director)
    assert again == championship and "already" in message
    assert Championship.objects.count() == 1
