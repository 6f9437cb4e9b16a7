"""The scoring services: submission, confirmation, disputes, PINs, director actions, scores."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from scoring_factories import (
    close,
    make_championship,
    make_round,
    result,
    scores_of,
    teams_of,
)

from formats.duplicate_pairs import services as pairs_services
from scoring import selectors, services
from scoring.models import Adjustment, DealScore, PinAttempt, ResultEntry, ResultReview
from scoring.services import Origin, PinRefused, ScoringError

ORIGIN = Origin(ip_address="10.0.0.7", user_agent="TestPhone/1.0")


def submit(team, table, deal, key=None, **values):
    entry, _created = pairs_services.submit_result(
        team=team, table=table, deal=deal, data=result(**values), idempotency_key=key,
        origin=ORIGIN,
    )
    return entry


def test_a_submission_is_pending_and_records_where_it_came_from(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1, points_ns=40)
    assert entry.by_team == teams[0]
    assert entry.ip_address == "10.0.0.7"
    assert entry.user_agent == "TestPhone/1.0"
    state = selectors.result_state(table1, deal1)
    assert state.status == selectors.PENDING
    assert state.counted is None
    assert not DealScore.objects.exists() and not selectors.current_scores([deal1.pk])


def test_confirmation_by_the_other_team_counts_and_scores(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1, points_ns=40)
    review = pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1], origin=ORIGIN)
    assert review.verdict == ResultReview.Verdict.CONFIRM
    assert review.by_team == teams[1]
    state = selectors.result_state(table1, deal1)
    assert state.status == selectors.CONFIRMED
    assert state.counted == entry
    score = scores_of(deal1)[table1.pk]
    # A single valid table: everything equal, 1.5 each (policy).
    assert score.ns_final == score.ew_final == Fraction(3, 2)
    assert score.entry_id == entry.pk


def test_a_team_cannot_confirm_its_own_entry(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    with pytest.raises(ScoringError) as exc:
        pairs_services.confirm_entry(entry_id=entry.pk, team=teams[0])
    assert exc.value.code == "self_confirmation"
    assert not ResultReview.objects.exists()


def test_a_team_of_another_table_cannot_confirm(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    with pytest.raises(ScoringError) as exc:
        pairs_services.confirm_entry(entry_id=entry.pk, team=teams[2])
    assert exc.value.code == "not_your_table"
    assert not ResultReview.objects.exists()


def test_confirming_twice_stores_one_review(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    first = pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    second = pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    assert first == second
    assert ResultReview.objects.count() == 1


def test_a_newer_pending_entry_does_not_displace_the_confirmed_one(teams, table1, deal1):
    first = submit(teams[0], table1, deal1, points_ns=40)
    pairs_services.confirm_entry(entry_id=first.pk, team=teams[1])
    # Teams can no longer enter a confirmed deal (rules.md 6.1); a newer entry (as stored
    # before that rule) still does not displace the confirmed one until it is confirmed.
    second = ResultEntry.objects.create(table=table1, deal=deal1, by_team=teams[1],
                                        **result(points_ns=30).entry_fields())
    state = selectors.result_state(table1, deal1)
    assert state.counted == first
    assert state.status == selectors.PENDING
    pairs_services.confirm_entry(entry_id=second.pk, team=teams[0])
    state = selectors.result_state(table1, deal1)
    assert state.counted == second
    assert ResultEntry.objects.count() == 2  # nothing overwritten


def test_only_the_latest_entry_can_be_reviewed(teams, table1, deal1):
    first = submit(teams[0], table1, deal1, points_ns=40)
    submit(teams[0], table1, deal1, points_ns=41)
    with pytest.raises(ScoringError) as exc:
        pairs_services.confirm_entry(entry_id=first.pk, team=teams[1])
    assert exc.value.code == "superseded"


def test_dispute_needs_a_comment_and_marks_the_cell(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    with pytest.raises(ValidationError):
        pairs_services.dispute_entry(entry_id=entry.pk, team=teams[1], comment="  ")
    pairs_services.dispute_entry(entry_id=entry.pk, team=teams[1], comment="We made 35")
    state = selectors.result_state(table1, deal1)
    assert state.status == selectors.DISPUTED
    assert state.counted is None
    # The director settles it by confirming the entry.
    pairs_services.director_confirm_entry(
        table=entry.table, deal=entry.deal, entry_id=entry.pk, user=None)
    assert selectors.result_state(table1, deal1).status == selectors.CONFIRMED


def test_idempotent_resubmission_stores_once(teams, table1, deal1):
    a = submit(teams[0], table1, deal1, key="k-1", points_ns=40)
    b = submit(teams[0], table1, deal1, key="k-1", points_ns=40)
    assert a == b
    assert ResultEntry.objects.count() == 1


def test_closed_round_refuses_team_writes(teams, round1, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    close(round1)
    with pytest.raises(ScoringError) as exc:
        submit(teams[0], table1, deal1)
    assert exc.value.code == "round_closed"
    with pytest.raises(ScoringError):
        pairs_services.confirm_entry(entry_id=entry.pk, team=teams[1])
    with pytest.raises(ScoringError):
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    assert ResultEntry.objects.count() == 1
    assert not ResultReview.objects.exists()
    assert not PinAttempt.objects.exists()


def test_pin_confirmation_and_lockout(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    wrong = "0000" if teams[1].pin != "0000" else "1111"
    for _ in range(services.PIN_MAX_FAILURES - 1):
        with pytest.raises(PinRefused) as exc:
            pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=wrong)
        assert exc.value.code == "pin_wrong"
    with pytest.raises(PinRefused) as exc:
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=wrong)
    assert exc.value.code == "pin_locked"
    # Locked: even the right PIN is refused, and nothing is recorded.
    with pytest.raises(PinRefused) as exc:
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    assert exc.value.code == "pin_locked"
    assert PinAttempt.objects.count() == services.PIN_MAX_FAILURES
    assert not ResultReview.objects.exists()
    # Time passes: the lock ends.
    PinAttempt.objects.update(created_at=timezone.now() - services.PIN_LOCKOUT - timedelta(seconds=1))
    review = pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[1].pin)
    assert review.via_pin and review.by_team == teams[1]
    assert selectors.result_state(table1, deal1).status == selectors.CONFIRMED


def test_the_entering_teams_own_pin_does_not_confirm(teams, table1, deal1):
    entry = submit(teams[0], table1, deal1)
    if teams[0].pin == teams[1].pin:
        pytest.skip("both teams drew the same PIN")
    with pytest.raises(PinRefused):
        pairs_services.confirm_with_pin(entry_id=entry.pk, team=teams[0], pin=teams[0].pin)


def test_director_override_counts_at_once(teams, table1, deal1, director):
    submit(teams[0], table1, deal1, points_ns=40)
    entry = pairs_services.director_enter_result(
        table=table1, deal=deal1, data=result(points_ns=33), user=director, note="Slip"
    )
    state = selectors.result_state(table1, deal1)
    assert state.counted == entry
    assert state.status == selectors.CONFIRMED
    assert entry.by_director == director
    # The teams can no longer replace the director's result.
    with pytest.raises(ScoringError) as exc:
        submit(teams[1], table1, deal1, points_ns=50)
    assert exc.value.code == "director_set"


def test_adjustments_replace_a_final_and_can_be_cleared(teams, table1, table2, deal1, director):
    for table, ns, ew, points in ((table1, teams[0], teams[1], 40), (table2, teams[2], teams[3], 30)):
        entry = submit(ns, table, deal1, points_ns=points)
        pairs_services.confirm_entry(entry_id=entry.pk, team=ew)
    score = scores_of(deal1)[table1.pk]
    assert (score.ns_final, score.ew_final) == (2, 1)
    with pytest.raises(ValidationError):
        pairs_services.set_adjustment(table=table1, deal=deal1, side="NS", kind="average", reason="",
                                user=director)
    pairs_services.set_adjustment(table=table1, deal=deal1, side="NS", kind="average_minus",
                            reason="Slow play", user=director)
    score = scores_of(deal1)[table1.pk]
    assert score.ns_final == Fraction(7, 5) and score.ns_adjusted
    assert selectors.result_state(table1, deal1).status == selectors.ADJUSTED
    pairs_services.set_adjustment(table=table1, deal=deal1, side="EW", kind="custom",
                            value=Fraction(13, 10), reason="Misboard", user=director)
    assert scores_of(deal1)[table1.pk].ew_final == Fraction(13, 10)
    pairs_services.clear_adjustment(table=table1, deal=deal1, side="NS", reason="Mistake",
                              user=director)
    pairs_services.clear_adjustment(table=table1, deal=deal1, side="EW", reason="Mistake",
                              user=director)
    score = scores_of(deal1)[table1.pk]
    assert (score.ns_final, score.ew_final) == (2, 1)
    assert Adjustment.objects.count() == 4  # every change is a row


def test_custom_adjustment_outside_range_is_refused(table1, deal1, director):
    with pytest.raises(ValidationError):
        pairs_services.set_adjustment(table=table1, deal=deal1, side="NS", kind="custom",
                                value=Fraction(21, 10), reason="x", user=director)
    assert not Adjustment.objects.exists()


def test_unplayed_deal_adjusted_on_one_side_only(table1, deal1, director):
    pairs_services.set_adjustment(table=table1, deal=deal1, side="NS", kind="average",
                            reason="Not played: NS late", user=director)
    score = scores_of(deal1)[table1.pk]
    assert score.ns_final == Fraction(3, 2)
    assert score.ew_final is None


def test_standings_count_byes_and_share_places(db, director):
    championship = make_championship(teams=3, deals_per_match=2, director=director)
    t1, t2, t3 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2)], bye=t3)
    rows = selectors.standings(championship, live=True)
    by_team = {row.team: row for row in rows}
    assert by_team[t3].total == 3  # 1.5 per deal of the round
    assert by_team[t3].deals == 2
    assert by_team[t3].label == "1"
    assert by_team[t1].label == "2=" and by_team[t2].label == "2="
    # Public standings count closed rounds only.
    assert all(row.total == 0 for row in selectors.standings(championship, live=False))
    close(round_)
    assert selectors.standings(championship, live=False)[0].team == t3


def test_recompute_all_equals_incremental(teams, table1, table2, round1, director, championship):
    deals = list(round1.deals.order_by("number"))
    for i, deal in enumerate(deals):
        e1 = submit(teams[0], table1, deal, points_ns=30 + i * 3, contract="BOT" if i == 1 else "C",
                    contro=i == 2)
        pairs_services.confirm_entry(entry_id=e1.pk, team=teams[1])
        e2 = submit(teams[3], table2, deal, points_ns=44 - i, breach="EW" if i == 3 else "none")
        pairs_services.confirm_entry(entry_id=e2.pk, team=teams[2])
    pairs_services.set_adjustment(table=table2, deal=deals[0], side="EW", kind="average_plus",
                            reason="Fouled board", user=director)

    def snapshot():
        services.rebuild_stale_deals()
        return sorted(
            DealScore.objects.values_list(
                "table_id", "deal_id", "entry_id", "ns_deal_score", "ew_deal_score",
                "ns_final_num", "ns_final_den", "ew_final_num", "ew_final_den",
                "ns_adjusted", "ew_adjusted",
            )
        )

    incremental = snapshot()
    DealScore.objects.all().delete()
    from django.core.management import call_command

    call_command("recompute_scores", championship.pk, verbosity=0)
    assert snapshot() == incremental
    assert len(incremental) == 8
