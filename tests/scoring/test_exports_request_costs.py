"""Pages that do not show every team cost the same at any size: the director's exports page,
and the standings page's scope (it shows every team, but its queries do not grow)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from exports_event import make_event, publish

from scoring.exports.models import ExportJob


def queries(call) -> int:
    with CaptureQueriesContext(connection) as context:
        response = call()
    assert response.status_code == 200
    return len(context)


def test_query_counts_do_not_grow_with_the_event(db, director, director_client):
    counts = []
    public = Client()
    for teams in (5, 41):
        event = publish(make_event(director, teams=teams, name=f"Size {teams}"))
        ExportJob.objects.bulk_create(
            ExportJob(championship=event, kind="workbook", language="en", requested_by=director)
            for _ in range(teams)
        )
        counts.append((
            queries(lambda e=event: public.get(f"/c/{e.pk}/results/")),
            queries(lambda e=event: public.get(f"/c/{e.pk}/results/?after=1")),
            queries(lambda e=event: director_client.get(f"/director/c/{e.pk}/exports/")),
        ))
    assert counts[0] == counts[1], counts
