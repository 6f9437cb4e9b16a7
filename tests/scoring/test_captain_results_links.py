"""Once the results are published, a captain's page links to them: the standings, the team's
scorecard and the travellers (a free-deal pair: the standings). Never before."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from django.urls import reverse
from scoring_factories import close

from formats.duplicate_pairs import services as pairs_services

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "formats"))
from free_deal_factories import make_free_deal, next_round  # noqa: E402

pytestmark = pytest.mark.django_db


def _page(client, team) -> str:
    return client.get(reverse("scoring:captain", args=[team.pk, team.link_secret]),
                      headers={"accept-language": "en"}).content.decode()


def test_the_captain_links_to_the_published_results(client, championship, teams, round1):
    pk = championship.pk
    links = [f'href="/c/{pk}/results/"', f'href="/c/{pk}/results/teams/{teams[0].number}/"',
             f'href="/c/{pk}/results/deals/"']
    assert not any(link in _page(client, teams[0]) for link in links)
    close(round1)
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    page = _page(client, teams[0])
    assert all(link in page for link in links), page
    assert "Our scorecard" in page


def test_a_free_deal_pair_gets_the_standings(client, director):
    championship = make_free_deal(director, pairs=4)
    next_round(championship, director)
    pair = championship.teams.first()
    assert f'href="/c/{championship.pk}/results/"' not in _page(client, pair)
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    page = _page(client, pair)
    assert f'href="/c/{championship.pk}/results/"' in page
    assert "/results/deals/" not in page


def test_the_projector_shows_the_tie_break_when_places_are_tied(client, championship, round1):
    close(round1)  # no result entered: every team on 0.00, all tied
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    page = client.get(f"/c/{championship.pk}/results/projector/",
                      headers={"accept-language": "en"})
    assert page.context["tie_break"]
    html = page.content.decode()
    assert "<th class=\"num\">Deal scores</th>" in html and ">Tops</th>" in html


def test_the_projector_leaves_the_tie_break_out_when_no_place_is_tied(client, director):
    from exports_event import make_event, publish

    event = publish(make_event(director, teams=5, rounds=2, closed=2, seed=11))
    page = client.get(f"/c/{event.pk}/results/projector/", headers={"accept-language": "en"})
    shown = [row.total_shown for row in page.context["rows"]]
    assert len(set(shown)) == len(shown), "this seed gives five different totals"
    assert not page.context["tie_break"]
    assert "Deal scores" not in page.content.decode()


def test_the_override_form_starts_from_the_result_that_counts(director_client, championship,
                                                             teams, round1, deal1):
    from scoring.services import ResultData

    table = round1.tables.get(ns_team=teams[0])
    entry, _ = pairs_services.submit_result(team=teams[0], table=table, deal=deal1,
                                      data=ResultData(contract="C", points_ns=50, contro=True),
                                      idempotency_key=None)
    pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team)
    url = (f"/director/c/{championship.pk}/results/rounds/1/tables/{table.number}"
           f"/deals/{deal1.number}/")
    html = director_client.get(url).content.decode()
    assert 'name="r-contract" value="C"' in html
    checked = re.search(r'<input type="radio" name="r-contract" value="C"[^>]*>', html).group(0)
    assert "checked" in checked
    assert re.search(r'name="r-points_ns" value="50"', html)
    assert re.search(r'<input type="checkbox" name="r-contro"[^>]*checked', html)
