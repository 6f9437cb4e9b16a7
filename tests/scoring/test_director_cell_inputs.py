"""The director's cell refuses every custom adjusted value it cannot store exactly, quickly,
with a message on the value field and nothing written; odd entry ids get a 404."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from formats.duplicate_pairs import services as pairs_services
from scoring.models import Adjustment
from scoring.services import parse_adjusted_value
from scoring.services.values import MAX_ADJUSTED_DENOMINATOR

pytestmark = pytest.mark.django_db


def _cell_url(championship):
    return reverse("duplicate_pairs:cell", args=[championship.pk, 1, 1, 1])


def _adjust(client, championship, value):
    return client.post(_cell_url(championship), {
        "action": "adjust", "a-side": "NS", "a-kind": "custom", "a-value": value,
        "a-reason": "Slow play"})


@pytest.mark.parametrize("value", [
    "Infinity", "-Inf", "inf", "NaN", "1e-100000", "1e-10000000", "1E2",
    "1.0000000000000000000001", "1/99999999999999999999", "1/3000000000", "1/0", "-1",
    "²", "١", "1/2/3", " ", "0x1", "1_0", "9" * 5000,
])
def test_unstorable_custom_values_are_refused(director_client, championship, value):
    started = time.perf_counter()
    response = _adjust(director_client, championship, value)
    assert time.perf_counter() - started < 2
    assert response.status_code == 200
    form = response.context["adjustment_form"]
    assert form.errors.get("value"), form.errors
    assert form.errors["value"][0].startswith("Value:")
    assert not Adjustment.objects.exists()


@pytest.mark.parametrize(("value", "stored"), [
    ("1.55", Fraction(31, 20)), ("31/20", Fraction(31, 20)), ("0,5", Fraction(1, 2)),
    ("2", Fraction(2)), ("1/1000000", Fraction(1, 1000000)), ("1.999999", Fraction(1999999, 1000000)),
])
def test_sensible_custom_values_are_stored_exactly(director_client, championship, value, stored):
    response = _adjust(director_client, championship, value)
    assert response.status_code == 302
    adjustment = Adjustment.objects.get()
    assert Fraction(adjustment.score_num, adjustment.score_den) == stored


def test_the_service_bounds_the_denominator_too(championship, director):
    table = championship.rounds.get(number=1).tables.get(number=1)
    deal = table.round.deals.get(number=1)
    for value in (Fraction(1, 3_000_000_000), float("inf")):
        with pytest.raises(ValidationError) as error:
            pairs_services.set_adjustment(table=table, deal=deal, side="NS", kind="custom",
                                    value=value, reason="r", user=director)
        assert "value" in error.value.message_dict
    assert not Adjustment.objects.exists()


@given(st.text(max_size=40))
def test_parsing_never_fails_otherwise(text):
    try:
        value = parse_adjusted_value(text)
    except ValidationError as error:
        assert list(error.message_dict) == ["value"]
    else:
        assert 0 <= value <= 2 and value.denominator <= MAX_ADJUSTED_DENOMINATOR


@pytest.mark.parametrize("entry", ["²", "١٢", "99999999999999999999999", "-1", "1.0", ""])
def test_confirm_with_an_odd_entry_id_is_a_404(director_client, championship, entry):
    response = director_client.post(_cell_url(championship), {"action": "confirm",
                                                               "entry": entry})
    assert response.status_code == 404
