"""The results core's one lifecycle (``results.lifecycle``, ``results.pins``), driven directly
for every kind of entry a format gives: a duplicate deal's result, a free-deal game, an
individual deal's report, an individual evening's game totals and a free-deal knockout
game. Each test runs once per kind, on a released round's table (a knockout tie) built by
the format's own services; what differs between kinds is said by the kind
(``dispute_closes_slot``, no PIN confirmation) and checked here as such.

Each kind's table is built once for the module (``world_built_once``, ``tests/built_once.py``),
its tests run one after the other on it, and what each writes is rolled back before the next.
"""

from __future__ import annotations

import pytest
from built_once import fresh, world_built_once
from django.contrib.auth import get_user_model
from lifecycle_worlds import (
    KINDS,
    Seated,
    attempts,
    dispute_by,
    enter,
    entries,
    in_a_round,
    refused,
    reviews,
    values_of,
)

from results import lifecycle, pins
from scoring.services.places import NotHere
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def build_world(build) -> dict:
    """The director (as the tests' ``director`` fixture makes him) and the kind's table."""
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return {"director": director, "at": build(director)}


@pytest.fixture(scope="module", params=KINDS)
def adapter(request):
    """Each kind in turn (``tests/results/conftest.py``), for the whole module at once."""
    return request.param


@pytest.fixture(scope="module")
def built(request, adapter, django_db_setup, django_db_blocker):
    build, _closes = adapter
    yield from world_built_once(request, django_db_blocker, build_world, build)


@pytest.fixture
def world(built, db):
    return fresh(built)


@pytest.fixture
def director(world):
    """The world's director, instead of the suite's (same username)."""
    return world["director"]


@pytest.fixture
def at(world) -> Seated:
    return world["at"]


# --- idempotency -----------------------------------------------------------------------------


def test_the_same_key_stores_once_and_answers_the_first_entry(at):
    first, created = enter(at, key="same-key")
    again, created_again = enter(at, key="same-key", fields=at.other_fields)
    assert (created, created_again, again.pk) == (True, False, first.pk)
    assert values_of(again, at.fields) == at.fields
    assert entries(at) == 1


def test_the_same_key_answers_the_first_entry_after_the_round_closed(at, director):
    in_a_round(at)
    first, _created = enter(at, key="late-key")
    services.close_round(at.round, by=director)
    found = lifecycle.earlier_submission(at.kind, entrant=at.enterer, idempotency_key="late-key",
                                         slot=at.slot)
    assert found.pk == first.pk and found.table.round.status == Round.Status.CLOSED
    again, created = enter(at, key="late-key")
    assert (again.pk, created) == (first.pk, False)
    # Another entrant's lookup finds nothing; a new key is refused now.
    assert lifecycle.earlier_submission(at.kind, entrant=at.confirmer,
                                        idempotency_key="late-key") is None
    assert refused(enter, at, key="new-key").code == "round_closed"
    assert entries(at) == 1


def test_a_key_reused_elsewhere_is_refused(at):
    enter(at, key="used-key")
    by_the_outsider = refused(enter, at, at.outsider, key="used-key", table=at.outsider_table)
    by_the_confirmer = refused(enter, at, at.confirmer, key="used-key")
    assert (by_the_outsider.code, by_the_confirmer.code) == ("key_reused", "key_reused")
    if at.other_slot is not None:
        assert refused(enter, at, key="used-key", slot=at.other_slot).code == "key_reused"
        assert entries(at, slot=at.other_slot) == 0
    assert entries(at) == 1 and entries(at, table=at.outsider_table) == 0


# --- who may enter, confirm and dispute ------------------------------------------------------


def test_an_entrant_cannot_confirm_or_dispute_their_own_entry(at):
    entry, _created = enter(at)
    confirming = refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk, entrant=at.enterer)
    disputing = refused(dispute_by, at.kind, entry_id=entry.pk, entrant=at.enterer)
    assert (confirming.code, disputing.code) == ("self_confirmation", "self_confirmation")
    assert reviews(at, entry) == 0


def test_an_outsider_cannot_enter_confirm_or_dispute(at):
    assert refused(enter, at, at.outsider).code == at.code("not_your_table")
    assert entries(at) == 0
    entry, _created = enter(at)
    for operation in (lifecycle.confirm_by, dispute_by):
        assert refused(operation, at.kind, entry_id=entry.pk,
                       entrant=at.outsider).code == at.code("not_your_table")
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=entry.pk, entrant=at.outsider,
                       pin=at.confirmer.pin).code == "not_your_table"
    assert reviews(at, entry) == 0 and attempts(at) == 0


def test_a_confirmed_entry_refuses_a_new_entry_and_a_dispute(at):
    entry, _created = enter(at)
    review = lifecycle.confirm_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    assert (review.verdict, review.by_team_id, review.via_pin) == (
        "confirm", at.confirmer.pk, False)
    again = lifecycle.confirm_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    assert again.pk == review.pk
    for entrant in (at.enterer, at.confirmer):
        assert refused(enter, at, entrant, fields=at.other_fields).code == at.code("confirmed")
    assert refused(dispute_by, at.kind, entry_id=entry.pk,
                   entrant=at.confirmer).code == "confirmed"
    assert entries(at) == 1
    assert (reviews(at, entry, "confirm"), reviews(at, entry, "dispute")) == (1, 0)


def test_a_newer_entry_supersedes_the_older(at):
    old, _created = enter(at)
    new, _created = enter(at, fields=at.other_fields)
    for operation in (lifecycle.confirm_by, dispute_by):
        assert refused(operation, at.kind, entry_id=old.pk,
                       entrant=at.confirmer).code == "superseded"
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=old.pk, entrant=at.enterer,
                       pin=at.confirmer.pin).code == "superseded"
    lifecycle.confirm_by(at.kind, entry_id=new.pk, entrant=at.confirmer)
    assert (reviews(at, old), reviews(at, new, "confirm"), attempts(at)) == (0, 1, 0)


def test_a_disputed_entry_is_the_directors(at, director):
    entry, _created = enter(at)
    dispute = dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer,
                                   comment="It was the other way round")
    assert (dispute.verdict, dispute.by_team_id) == ("dispute", at.confirmer.pk)
    for other in at.kind.others_at(at.table, at.enterer):
        assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                       entrant=other).code == "disputed"
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=entry.pk, entrant=at.enterer,
                       pin=at.confirmer.pin).code == "disputed"
    assert reviews(at, entry, "confirm") == 0 and attempts(at) == 0
    review = lifecycle.director_confirm(at.kind, table=at.table, entry_id=entry.pk,
                                        user=director, slot=at.slot)
    assert (review.verdict, review.by_director_id, review.by_team_id) == (
        "confirm", director.pk, None)
    assert (reviews(at, entry, "confirm"), reviews(at, entry, "dispute")) == (1, 1)


def test_a_dispute_closes_the_slot_only_where_the_kind_says(at, adapter):
    _build, closes = adapter
    assert at.kind.dispute_closes_slot is closes
    entry, _created = enter(at)
    dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    if closes:
        for entrant in (at.enterer, at.confirmer):
            assert refused(enter, at, entrant, fields=at.other_fields).code == "disputed"
        assert entries(at) == 1
    else:
        newer, created = enter(at, fields=at.other_fields)
        assert created and newer.pk != entry.pk and entries(at) == 2
        assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                       entrant=at.confirmer).code == "superseded"


# --- the director ----------------------------------------------------------------------------


def test_a_directors_entry_counts_at_once(at, director):
    in_a_round(at)
    enter(at)
    entry = lifecycle.director_entry(at.kind, table=at.table, slot=at.slot,
                                     fields=at.other_fields, user=director, note="From the sheet")
    assert (entry.by_director_override, entry.by_director_id, entry.by_team_id) == (
        True, director.pk, None)
    (review,) = at.kind.review_model.objects.filter(**{at.kind.review_field: entry})
    assert (review.verdict, review.by_director_id, review.by_team_id) == (
        "confirm", director.pk, None)
    assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                   entrant=at.confirmer).code == "director"
    # Refused as the director's where the kind names it so, as confirmed otherwise.
    expected = "director_set" if at.kind.words.director_set is not None else "confirmed"
    assert refused(enter, at, at.confirmer).code == expected
    assert entries(at) == 2


def test_no_directors_entry_in_a_drafted_round(adapter, director):
    build, _closes = adapter
    at = build(director, release=False)
    in_a_round(at)
    assert at.round.status == Round.Status.DRAFTED
    assert refused(lifecycle.director_entry, at.kind, table=at.table, slot=at.slot,
                   fields=at.fields, user=director).code == "drafted"
    assert entries(at) == 0 and not at.kind.review_model.objects.exists()


def test_the_director_confirms_only_the_urls_tables_entries(at, director):
    elsewhere, _created = enter(at, at.outsider, table=at.outsider_table)
    with pytest.raises(NotHere):
        lifecycle.director_confirm(at.kind, table=at.table, entry_id=elsewhere.pk,
                                   user=director, slot=at.slot)
    assert reviews(at, elsewhere) == 0
    if at.other_slot is not None:
        # This table's entry, but the URL names another slot of it.
        here, _created = enter(at)
        with pytest.raises(NotHere):
            lifecycle.director_confirm(at.kind, table=at.table, entry_id=here.pk,
                                       user=director, slot=at.other_slot)
        assert reviews(at, here) == 0


