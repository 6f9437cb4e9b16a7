"""What a director and the players of an individual evening read (issue "A club night without a
single why"): the seats by the letters the cards use, a missing total named by its seat, and
"Final ranking" once the event is finished (on the free-deal projector too)."""

from __future__ import annotations

import pytest
from abarrotada_factories import make_evening, next_round, seated
from django.urls import reverse
from django.utils import translation
from free_deal_factories import make_free_deal

from formats.abarrotada.evening_forms import TotalsForm
from formats.abarrotada.services import TotalsValues
from formats.abarrotada.services import totals as evening_totals
from scoring.services import set_results_public
from tournaments.models import Championship

pytestmark = pytest.mark.django_db
CA = {"headers": {"accept-language": "ca"}}
EN = {"headers": {"accept-language": "en"}}


@pytest.fixture
def evening(director):
    championship = make_evening(director, players=8, hand_limit=12)
    round_ = next_round(championship, director)
    return championship, round_.player_tables.order_by("number").first()


def test_west_is_o_in_catalan_as_on_the_cards(client, evening):
    _championship, table = evening
    who = seated(table)
    evening_totals.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                 values=TotalsValues({"N": 8, "E": 0, "S": 13, "W": 2}, 9))
    page = client.get(reverse("scoring:captain", args=[who["E"].pk, who["E"].link_secret]),
                      **CA).content.decode()
    assert "N 8 · E 0 · S 13 · O 2" in page
    assert f"O: {who['W'].number}. {who['W'].name}" in page
    english = client.get(reverse("scoring:captain", args=[who["E"].pk, who["E"].link_secret]),
                         **EN).content.decode()
    assert "N 8 · E 0 · S 13 · W 2" in english


@pytest.mark.parametrize(("language", "said"), [("en", "West's total: missing."),
                                                ("ca", "Total d'Oest: falta.")])
def test_a_missing_total_names_its_seat(language, said):
    with translation.override(language):
        form = TotalsForm(data={"total_n": "8", "total_e": "0", "total_s": "13"}, seats="NESW")
        assert not form.is_valid()
        assert form.errors["total_w"] == [said]


def test_a_finished_evening_shows_its_final_ranking(client, director, evening):
    championship, _table = evening
    set_results_public(championship, True)
    url = reverse("scoring:standings", args=[championship.pk])
    assert "Final ranking" not in client.get(url, **EN).content.decode()
    Championship.objects.filter(pk=championship.pk).update(status="finished")
    assert "Final ranking" in client.get(url, **EN).content.decode()


def test_a_finished_free_deal_event_shows_its_final_ranking_on_the_projector(client, director):
    championship = make_free_deal(director, pairs=4, rounds=1)
    set_results_public(championship, True)
    Championship.objects.filter(pk=championship.pk).update(status="finished")
    page = client.get(reverse("scoring:projector", args=[championship.pk]), **EN)
    assert "Final ranking" in page.content.decode()
