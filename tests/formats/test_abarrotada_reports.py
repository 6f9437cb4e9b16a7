"""Entering, confirming and disputing an individual deal (rules.md 10.2): who may, what is
refused (naming the field, nothing written), and the deals of both forms."""

from __future__ import annotations

import pytest
from abarrotada_factories import make_individual, next_round, seated, values
from django.utils import translation

from engine.abarrotada import SHORT_DECK
from engine.notation import parse_card
from formats.abarrotada import selectors
from formats.abarrotada import services as ab
from formats.abarrotada.models import DealReport, ReportReview
from formats.abarrotada.rules import ReportRefused
from scoring.services.values import ScoringError
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(director):
    championship = make_individual(director, players=8, rounds=2, deals=2)
    round_ = next_round(championship, director)
    return round_.player_tables.order_by("number").first()


def submit(table, seat, report, key=None):
    return ab.submit_report(player=seated(table)[seat], table=table, deal_number=1,
                            values=report, idempotency_key=key)


@pytest.mark.parametrize("report,field,message", [
    (values("30-14-20-9"), "points", "add up to 73, not 72"),
    (values("30-14-20-8", maker="N", contro_by="N"), "contro_by", "trump maker cannot"),
    (values("30-14-20-8", maker="E", contro_by="N", recontro_by="S"), "recontro_by",
     "only the trump maker"),
    (values("30-14-20-8", maker="E", estevet=True, delegations=1, contro_by="",
            recontro_by="N"), "recontro_by", "only the trump maker"),
    (values("30-14-20-8", delegations=4), "delegations", "at most three"),
    (values("30-14-20-8", maker="X"), "maker", "not a seat"),
    (values("30-14-20-8", contract="Z"), "contract", "not a suit"),
])
def test_a_report_the_rules_refuse_names_the_field_and_writes_nothing(table, report, field,
                                                                      message):
    with translation.override("en"), pytest.raises(ReportRefused) as refused:
        submit(table, "N", report)
    assert refused.value.field == field
    assert message in refused.value.message
    assert not DealReport.objects.exists()


def test_only_a_player_seated_at_the_table_enters_it(director, table):
    other = (table.round.player_tables.exclude(pk=table.pk).get().seatings.first().player)
    with translation.override("en"), pytest.raises(ScoringError) as refused:
        ab.submit_report(player=other, table=table, deal_number=1,
                         values=values("30-14-20-8"), idempotency_key=None)
    assert refused.value.code == "not_your_table"
    assert not DealReport.objects.exists()


def test_any_other_player_confirms_but_not_the_one_who_entered(table):
    entry, created = submit(table, "N", values("30-14-20-8"))
    assert created
    with pytest.raises(ScoringError) as refused:
        ab.confirm_report(report_id=entry.pk, player=seated(table)["N"])
    assert refused.value.code == "self_confirmation"
    review = ab.confirm_report(report_id=entry.pk, player=seated(table)["S"])
    assert review.by_team == seated(table)["S"]
    # Once confirmed, only the director changes it.
    with pytest.raises(ScoringError) as refused:
        submit(table, "E", values("20-24-20-8"))
    assert refused.value.code == "confirmed"


def test_a_dispute_sends_the_deal_to_the_director(director, table):
    entry, _ = submit(table, "N", values("30-14-20-8"))
    ab.dispute_report(report_id=entry.pk, player=seated(table)["W"], comment="W had 10")
    with pytest.raises(ScoringError) as refused:
        ab.confirm_report(report_id=entry.pk, player=seated(table)["W"])
    assert refused.value.code == "disputed"
    state = selectors.deal_states(table.round)[table.pk, 1]
    assert state.status == "disputed"
    with translation.override("en"):
        assert "Table 1, deal 1: disputed" in selectors.missing_results(table.round)
    fixed = ab.director_set_report(table=table, deal_number=1, values=values("28-14-20-10"),
                                   user=director)
    state = selectors.deal_states(table.round)[table.pk, 1]
    assert state.status == "confirmed" and state.report == fixed
    assert DealReport.objects.count() == 2  # the player's entry stays in the history


def test_the_same_key_stores_one_entry(table):
    first, created = submit(table, "N", values("30-14-20-8"), key="tap-1")
    again, created_again = submit(table, "N", values("30-14-20-8"), key="tap-1")
    assert created and not created_again and again == first
    assert DealReport.objects.count() == 1


def test_a_newer_entry_supersedes_and_the_old_one_cannot_be_confirmed(table):
    old, _ = submit(table, "N", values("30-14-20-8"))
    submit(table, "E", values("31-13-20-8"))
    with pytest.raises(ScoringError) as refused:
        ab.confirm_report(report_id=old.pk, player=seated(table)["S"])
    assert refused.value.code == "superseded"
    assert not ReportReview.objects.exists()


def test_a_closed_round_refuses_players(director, table):
    services.close_round(table.round, by=director)
    with pytest.raises(ScoringError) as refused:
        submit(table, "N", values("30-14-20-8"))
    assert refused.value.code == "round_closed"


def test_the_three_player_form_deals_36_cards_to_three_seats(director):
    championship = make_individual(director, players=7, rounds=1, deals=3, form=3)
    round_ = next_round(championship, director)
    assert round_.player_tables.count() == 2 and round_.sit_outs.count() == 1
    assert [d.dealer for d in round_.deals.order_by("number")] == ["N", "S", "E"]
    for deal in round_.deals.all():
        assert deal.cards.startswith("N:")
        hands = deal.cards[2:].split(" ")
        assert len(hands) == 3
        cards = [parse_card(suit_letter + symbol)
                 for hand in hands
                 for suit_letter, group in zip("OCEB", hand.split("."), strict=True)
                 for symbol in group]
        assert len(cards) == 36 and set(cards) == set(SHORT_DECK)
    table = round_.player_tables.first()
    with translation.override("en"), pytest.raises(ReportRefused) as refused:
        ab.submit_report(player=seated(table)["N"], table=table, deal_number=1,
                         values=values("30-14-20-8"), idempotency_key=None)
    assert refused.value.field == "points_w"
    entry, _ = ab.submit_report(player=seated(table)["N"], table=table, deal_number=1,
                                values=values("40-12-20"), idempotency_key=None)
    assert entry.points == {"N": 40, "E": 12, "S": 20}


def test_the_four_player_form_deals_the_pairs_deals(director):
    from tournaments.services.common import deals_for_round

    championship = make_individual(director, players=8, rounds=1, deals=4)
    round_ = next_round(championship, director)
    pairs = {d.number: (d.dealer, d.cards) for d in deals_for_round(championship, round_)}
    assert {d.number: (d.dealer, d.cards) for d in round_.deals.all()} == pairs


def test_a_withdrawn_player_is_not_seated_again(director):
    championship = make_individual(director, players=9, rounds=2, deals=1)
    round_ = next_round(championship, director)
    for table in round_.player_tables.all():
        who = seated(table)
        entry, _ = ab.submit_report(player=who["N"], table=table, deal_number=1,
                                    values=values("30-14-20-8"), idempotency_key=None)
        ab.confirm_report(report_id=entry.pk, player=who["E"])
    services.close_round(round_, by=director)
    leaving = championship.teams.get(number=1)
    services.withdraw_team(leaving)
    second = next_round(championship, director)
    assert not second.player_tables.filter(seatings__player=leaving).exists()
    assert not second.sit_outs.filter(player=leaving).exists()
    assert second.player_tables.count() == 2 and second.sit_outs.count() == 0


def test_a_drafted_round_that_seats_a_withdrawn_player_is_seated_again(director):
    from tournaments.services.common import ServiceError

    championship = make_individual(director, players=9, rounds=2, deals=1)
    (round_,) = services.generate_next_round(championship)
    seated_player = round_.player_tables.first().seatings.first().player
    # The withdrawal says which drafted rounds place the player (the API's drafted_rounds),
    # seated or sitting out.
    assert services.withdraw_team(seated_player) == [1]
    sitting_out = round_.sit_outs.get().player
    assert services.withdraw_team(sitting_out) == [1]
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        services.release_round(round_, by=director)
    assert "has withdrawn" in refused.value.message
    services.discard_drafted_rounds(championship)
    (again,) = services.generate_next_round(championship)
    assert not again.player_tables.filter(seatings__player=seated_player).exists()
    services.release_round(again, by=director)


def test_every_write_tells_the_tables_players_and_the_grid(table, monkeypatch,
                                                          django_capture_on_commit_callbacks):
    import live

    sent = []
    monkeypatch.setattr(live, "send_now", sent.append)
    with django_capture_on_commit_callbacks(execute=True):
        entry, _ = submit(table, "N", values("30-14-20-8"))
    with django_capture_on_commit_callbacks(execute=True):
        ab.confirm_report(report_id=entry.pk, player=seated(table)["E"])
    assert [event["kind"] for event in sent] == ["result", "result"]
    assert sorted(sent[0]["teams"]) == sorted(p.pk for p in seated(table).values())
    assert (sent[1]["table"], sent[1]["deal"], sent[1]["closed"]) == (table.number, 1, False)
