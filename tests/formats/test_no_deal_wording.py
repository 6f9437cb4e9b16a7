"""A format without deals (free-deal pairs, the individual evening: cards shuffled at the
table) speaks of no deal and no deal key: not on its finish page, nor its director's and
public pages; it has no deal check. A duplicate championship still does."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from free_deal_factories import make_free_deal

from tournaments import services
from tournaments.confirmation import CONFIRM_FIELD, CONFIRM_VALUE

pytestmark = pytest.mark.django_db

#: "Free-deal pairs", "free deals" (the formats' names) are no deal.
DEAL_WORDS = re.compile(r"(?<!-)(?<!free )\b(deals?|key)\b", re.IGNORECASE)


def words(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def evening(director):
    from abarrotada_factories import make_evening

    return make_evening(director, players=8)


def duplicate(director):
    championship = services.create_championship(
        director, name="Open", format="duplicate_pairs", rounds_planned=2, deals_per_match=2,
        movement="swiss")
    for i in range(1, 5):
        services.add_team(championship, name=f"Parella {i}", player1=f"A{i}", player2=f"B{i}")
    return championship


@pytest.mark.parametrize("make", [make_free_deal, evening])
def test_a_free_deal_event_speaks_of_no_deal_key(director_client, director, make):
    championship = make(director)
    pk = championship.pk
    for url in (reverse("tournaments:director_finish", args=[pk]),
                reverse("tournaments:director_championship", args=[pk]),
                reverse("tournaments:public_championship", args=[pk])):
        text = words(director_client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
        assert not DEAL_WORDS.findall(text), (url, DEAL_WORDS.findall(text))
    assert director_client.get(reverse("tournaments:deal_check", args=[pk])).status_code == 404
    finish = words(director_client.get(reverse("tournaments:director_finish", args=[pk]),
                                       HTTP_ACCEPT_LANGUAGE="en"))
    assert "Nothing can change afterwards" in finish and "Finish the championship" in finish


def test_finishing_an_evening_says_nothing_of_a_key(director_client, director):
    from abarrotada_factories import make_evening, next_round, seated

    from formats.abarrotada import services as ab
    from formats.abarrotada.services import TotalsValues

    championship = make_evening(director, players=8, rounds=1)
    round_ = next_round(championship, director)
    for table in round_.player_tables.all():
        who = seated(table)
        entry, _created = ab.submit_totals(player=who["N"], table=table, idempotency_key=None,
                                           values=TotalsValues(dict.fromkeys("NESW", 5)))
        ab.confirm_totals(entry_id=entry.pk, player=who["E"])
    services.close_round(round_, by=director)
    answer = director_client.post(reverse("tournaments:director_finish", args=[championship.pk]),
                                  {CONFIRM_FIELD: CONFIRM_VALUE}, follow=True,
                                  HTTP_ACCEPT_LANGUAGE="en")
    championship.refresh_from_db()
    assert championship.status == "finished"
    text = words(answer)
    assert "The championship is finished." in text and not DEAL_WORDS.findall(text)


def test_a_duplicate_event_still_reveals_its_deal_key(director_client, director):
    championship = duplicate(director)
    pk = championship.pk
    finish = words(director_client.get(reverse("tournaments:director_finish", args=[pk]),
                                       HTTP_ACCEPT_LANGUAGE="en"))
    assert "The deal key is revealed to everyone" in finish
    assert "Finish and reveal the deal key" in finish
    assert "no pairs, deals, rounds or results" in finish
    public = words(director_client.get(reverse("tournaments:public_championship", args=[pk]),
                                       HTTP_ACCEPT_LANGUAGE="en"))
    assert "Fair deals" in public
    assert director_client.get(reverse("tournaments:deal_check", args=[pk])).status_code == 200


def test_the_results_menu_names_no_travellers_without_deals(director_client, director):
    free_deal, pairs = make_free_deal(director), duplicate(director)
    for championship, expected, absent in ((free_deal, "Scorecards", "Travellers"),
                                           (pairs, "Travellers and scorecards", None)):
        page = director_client.get(reverse("scoring:travellers", args=[championship.pk]),
                                   HTTP_ACCEPT_LANGUAGE="en").content.decode()
        nav = page[page.index('class="results-nav"'):]
        nav = nav[:nav.index("</nav>")]
        assert expected in nav and "<h1>" + expected in page.replace("<h1>\n", "<h1>")
        if absent:
            assert absent not in nav and "Travellers" not in page.split("<h1>")[1][:40]
