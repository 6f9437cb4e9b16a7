"""The round clock moved from the free-deal format to the core without moving a row
(tournaments 0019, free_deal 0011: state only, the table keeps its name): a clock made
before the move is the core's after it, the same row with the same times; and back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.migration_steps import migrate, migrate_to_latest

BEFORE = [("tournaments", "0018_player2_blank"),
          ("free_deal", "0010_knockout_entry_verdicts_dropped")]
AFTER = [("tournaments", "0019_round_clock"), ("free_deal", "0011_round_clock_to_core")]
AT = datetime(2026, 11, 28, 19, 5, tzinfo=UTC)


@pytest.mark.django_db(transaction=True)
def test_a_clock_made_by_the_format_is_the_cores_after_the_move():
    old = migrate(BEFORE)
    with pytest.raises(LookupError):
        old.get_model("tournaments", "RoundClock")
    Championship = old.get_model("tournaments", "Championship")
    Round = old.get_model("tournaments", "Round")
    championship = Championship.objects.create(name="Clocked", format="free_deal_pairs",
                                               deal_key="a" * 64, key_commitment="b" * 64)
    round_ = Round.objects.create(championship=championship, number=1, status="released",
                                  released_at=AT)
    made = old.get_model("free_deal", "RoundClock").objects.create(
        round=round_, duration=timedelta(minutes=45), started_at=AT,
        extra=timedelta(minutes=5))
    try:
        new = migrate(AFTER)
        with pytest.raises(LookupError):
            new.get_model("free_deal", "RoundClock")
        kept = new.get_model("tournaments", "RoundClock").objects.get()
        assert (kept.pk, kept.round_id, kept.duration, kept.started_at, kept.paused_at,
                kept.extra) == (made.pk, round_.pk, timedelta(minutes=45), AT, None,
                                timedelta(minutes=5))
        # And back: the format's again, the same row.
        back = migrate(BEFORE)
        assert back.get_model("free_deal", "RoundClock").objects.get().pk == made.pk
    finally:
        migrate_to_latest()
