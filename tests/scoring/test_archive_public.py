"""The public archive holds what the published pages show, and nothing secret."""

from __future__ import annotations

import json

from archive_events import PHONE, rich_championship

from scoring import selectors
from scoring.archive import export_public, to_json_bytes
from tournaments.models import Championship, Round


def test_public_archive_has_what_the_pages_show(db, director):
    championship = rich_championship(director)
    data = to_json_bytes(export_public(championship))
    archive = json.loads(data)
    text = data.decode()
    assert (archive["format"], archive["format_version"], archive["kind"]) == (
        "duplicada-championship", 2, "public")
    # Nothing secret: no links, PINs, key, audit addresses or user agents.
    for team in championship.teams.all():
        assert team.link_secret not in text
    assert all("pin" not in team and "link_secret" not in team for team in archive["teams"])
    assert championship.deal_key not in text and archive["championship"]["deal_key"] is None
    assert PHONE.ip_address not in text and PHONE.user_agent not in text
    assert "ip_address" not in text and "user_agent" not in text and "idempotency" not in text
    # Deals and results of closed rounds only; the open round's cards never leave.
    closed = championship.rounds.filter(status=Round.Status.CLOSED)
    closed_deals = sorted(championship.deals.filter(round__in=closed).values_list("number", flat=True))
    assert sorted(d["number"] for d in archive["deals"]) == closed_deals
    for deal in championship.deals.filter(round__status=Round.Status.RELEASED):
        assert deal.cards not in text
    assert {r["round"] for r in archive["results"]} == set(closed.values_list("number", flat=True))
    tables = sum(r.tables.count() for r in closed)
    assert len(archive["results"]) == tables * championship.deals_per_match
    assert archive["adjustments"] == []  # the demo's adjusted scores are in the open round
    # The standings are the public page's.
    expected = [(row.place, row.team.number, row.total_shown, row.deal_score_sum, row.tops)
                for row in selectors.standings(championship, live=False)]
    assert [(s["place"], s["team"], s["total"], s["deal_score_sum"], s["tops"])
            for s in archive["standings"]] == expected
    # Released and closed rounds are listed (pairings are public), drafted ones not.
    assert [r["number"] for r in archive["rounds"]] == list(
        championship.rounds.exclude(status=Round.Status.DRAFTED).values_list("number", flat=True))


def test_the_key_is_public_once_finished(db, director):
    championship = rich_championship(director)
    Championship.objects.filter(pk=championship.pk).update(status=Championship.Status.FINISHED)
    championship.refresh_from_db()
    archive = export_public(championship)
    assert archive["championship"]["deal_key"] == championship.deal_key
