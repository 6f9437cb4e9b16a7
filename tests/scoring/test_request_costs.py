"""What a request costs must not grow with the size of the championship.

The same requests are made in a 10-table and a 200-table round, with every other table's
results already in (some of them confirmed a moment ago, so their deals still await the
background rebuild): each request makes exactly as many queries at both sizes.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from scoring_factories import make_championship, make_round, teams_of

from scoring import services
from scoring.models import PinAttempt, ResultEntry, ResultReview, ScoreRefresh

SIZES = (10, 200)


def build(tables: int, director):
    championship = make_championship(teams=2 * tables, director=director)
    teams = teams_of(championship)
    round_ = make_round(championship, 1, [(teams[i], teams[i + 1]) for i in range(0, 2 * tables, 2)])
    rows = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round_.deals.order_by("number"))
    # Every table but the first has all its results in and confirmed.
    entries = ResultEntry.objects.bulk_create(
        ResultEntry(table=t, deal=d, contract="O", points_ns=30 + t.number % 12,
                    by_team_id=t.ns_team_id)
        for t in rows[1:] for d in deals
    )
    ResultReview.objects.bulk_create(
        ResultReview(entry=e, verdict="confirm", by_team_id=e.table.ew_team_id) for e in entries
    )
    # Their phones typed PINs too, some wrong: the grid's PIN summaries and last-heard times.
    PinAttempt.objects.bulk_create(
        PinAttempt(table=t, by_team_id=t.ns_team_id, ok=bool(t.number % 2)) for t in rows[1:]
    )
    services.rebuild_deals(d.pk for d in deals)
    # Deals 1 and 2 were confirmed again meanwhile: they await their rebuild.
    ScoreRefresh.objects.bulk_create(ScoreRefresh(deal=d) for d in deals[:2])
    return championship, rows[0], deals


def count(call) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as context:
        response = call()
    return len(context), response


def costs(tables: int, director) -> dict[str, int]:
    championship, table, deals = build(tables, director)
    ns, ew = table.ns_team, table.ew_team
    api = Client()
    result = {}
    captain = f"/api/v1/captain/{ns.pk}/{ns.link_secret}/results/"
    result["api submit"], response = count(lambda: api.post(
        captain, {"deal": deals[0].number, "contract": "O", "points_ns": 40,
                  "idempotency_key": f"cost-1-{tables}"}, content_type="application/json"))
    assert response.status_code == 201, response.content
    entry_id = response.json()["id"]
    result["api resend"], response = count(lambda: api.post(
        captain, {"deal": deals[0].number, "contract": "O", "points_ns": 40,
                  "idempotency_key": f"cost-1-{tables}"}, content_type="application/json"))
    assert response.status_code == 200
    result["api confirm"], response = count(lambda: api.post(
        f"/api/v1/captain/{ew.pk}/{ew.link_secret}/results/{entry_id}/confirm/"))
    assert response.status_code == 200
    result["api tables"], response = count(lambda: api.get(
        f"/api/v1/captain/{ew.pk}/{ew.link_secret}/tables/"))
    assert response.status_code == 200
    page = Client()
    result["page submit"], response = count(lambda: page.post(
        reverse("duplicate_pairs:captain_submit", args=[ns.pk, ns.link_secret, deals[1].number]),
        {"d2-contract": "C", "d2-points_ns": "33", "d2-breach": "none",
         "d2-idempotency_key": f"cost-2-{tables}"}))
    assert response.status_code == 302
    entry = ResultEntry.objects.get(idempotency_key=f"cost-2-{tables}")
    result["page confirm"], response = count(lambda: page.post(
        reverse("duplicate_pairs:captain_confirm", args=[ew.pk, ew.link_secret, entry.pk])))
    assert response.status_code == 302
    result["captain page"], response = count(lambda: page.get(
        reverse("scoring:captain", args=[ew.pk, ew.link_secret])))
    assert response.status_code == 200
    director_client = Client()
    director_client.force_login(director)
    for name, url in (
        ("grid", reverse("scoring:grid", args=[championship.pk, 1])),
        ("standings", reverse("scoring:standings", args=[championship.pk])),
        ("traveller", reverse("scoring:traveller", args=[championship.pk, 1])),
        ("scorecard", reverse("scoring:scorecard", args=[championship.pk, 1])),
        ("cell", reverse("duplicate_pairs:cell", args=[championship.pk, 1, 1, 1])),
    ):
        result[name], response = count(lambda url=url: director_client.get(url))
        assert response.status_code == 200, name
    result["api standings"], response = count(lambda: director_client.get(
        f"/api/v1/championships/{championship.pk}/standings/"))
    assert response.status_code == 200
    return result


@pytest.mark.django_db
def test_query_counts_do_not_grow_with_the_number_of_tables(django_user_model):
    by_size = {}
    for size in SIZES:
        director = django_user_model.objects.create_user(f"cost-director-{size}", password="x")
        by_size[size] = costs(size, director)
    small, large = (by_size[size] for size in SIZES)
    assert small == large, {k: (small[k], large[k]) for k in small if small[k] != large[k]}
    # And they stay small: a captain's write is a handful of statements (through the API,
    # one of them counts the link's writes for throttling; PostgreSQL adds the row lock). A
    # confirmation asks whether the team disputed the result in the same query that looks
    # for an earlier confirmation, so refusing a disputing team costs nothing more.
    assert large["api submit"] <= 10 and large["api confirm"] <= 11, large
    assert large["captain page"] <= 8, large
    # The grid reads the PIN attempts once, for their summaries and the last-heard times.
    assert large["grid"] <= 14, large
