"""A game's entry and review moved from the free-deal format to the core without moving a
row (scoring 0009, free_deal 0012: the state moves, the tables keep their names): a game
entered and confirmed before the move is the core's after it, the same rows with the same
values, its content types the core's; and back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, transaction

from tests.migration_steps import (
    content_type_apps,
    free_deal_pairs,
    migrate,
    migrate_to_latest,
    plant_content_types,
)

BEFORE = [("scoring", "0008_entry_review_constraint_names"),
          ("free_deal", "0011_round_clock_to_core")]
AFTER = [("scoring", "0009_game_entries"), ("free_deal", "0012_game_entries_to_core")]
MODELS = ("gameentry", "gamereview")


@pytest.mark.django_db(transaction=True)
def test_a_game_entered_in_the_format_is_the_cores_after_the_move():
    old = migrate(BEFORE)
    with pytest.raises(LookupError):
        old.get_model("scoring", "GameEntry")
    championship, (first, second) = free_deal_pairs(old, "Moved")
    round_ = old.get_model("tournaments", "Round").objects.create(
        championship=championship, number=1, status="released",
        released_at=datetime(2026, 11, 28, 21, 0, tzinfo=UTC))
    table = old.get_model("tournaments", "Table").objects.create(
        round=round_, number=1, ns_team=first, ew_team=second)
    plant_content_types("free_deal", MODELS)
    entry = old.get_model("free_deal", "GameEntry").objects.create(
        table=table, by_team=first, first_points=101, second_points=64, ended_by="target",
        hands_played=9, idempotency_key="k" * 20)
    review = old.get_model("free_deal", "GameReview").objects.create(
        entry=entry, by_team=second, verdict="confirm")
    try:
        new = migrate(AFTER)
        with pytest.raises(LookupError):
            new.get_model("free_deal", "GameEntry")
        kept = new.get_model("scoring", "GameEntry").objects.get()
        assert (kept.pk, kept.table_id, kept.by_team_id, kept.first_points,
                kept.second_points, kept.ended_by, kept.hands_played, kept.idempotency_key
                ) == (entry.pk, table.pk, first.pk, 101, 64, "target", 9, "k" * 20)
        # The same related names: a table's game entries, an entry's reviews.
        Table = new.get_model("tournaments", "Table")
        assert list(Table.objects.get().game_entries.values_list("pk", flat=True)) == [entry.pk]
        assert list(kept.reviews.values_list("pk", "verdict")) == [(review.pk, "confirm")]
        assert content_type_apps(MODELS) == {("scoring", "gameentry"), ("scoring", "gamereview")}
        # The database refuses an entry that nobody made, by the core's constraint's name.
        with pytest.raises(IntegrityError, match="scoring_gameentry_has_author"), \
                transaction.atomic():
            new.get_model("scoring", "GameEntry").objects.create(
                table_id=table.pk, first_points=1, second_points=0, ended_by="time",
                hands_played=1)
        # And back: the format's again, the same rows, its content types.
        back = migrate(BEFORE)
        assert back.get_model("free_deal", "GameEntry").objects.get().pk == entry.pk
        assert back.get_model("free_deal", "GameReview").objects.get().entry_id == entry.pk
        assert content_type_apps(MODELS) == {("free_deal", "gameentry"),
                                           ("free_deal", "gamereview")}
    finally:
        migrate_to_latest()
