"""A knockout bracket moved from the free-deal format to the core without moving a row
(scoring 0010, free_deal 0013: the state moves, the tables keep their names): a tie with a
game, a pair's report of it and the other pair's review, made before the move, are the
core's after it, the same rows with the same values, its content types the core's; and
back."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.migration_steps import (
    content_type_apps,
    free_deal_pairs,
    migrate,
    migrate_to_latest,
    plant_content_types,
)

BEFORE = [("scoring", "0009_game_entries"), ("free_deal", "0012_game_entries_to_core")]
AFTER = [("scoring", "0010_knockout_bracket"), ("free_deal", "0013_knockout_bracket_to_core")]
MODELS = ("knockouttie", "knockoutgame", "knockoutentry", "knockoutreview")

# Runs the migrations itself: `make test-fast` builds the schema from the models and leaves it out.
pytestmark = pytest.mark.migrations


@pytest.mark.django_db(transaction=True)
def test_a_bracket_drawn_in_the_format_is_the_cores_after_the_move():
    old = migrate(BEFORE)
    with pytest.raises(LookupError):
        old.get_model("scoring", "KnockoutTie")
    championship, (first, second) = free_deal_pairs(old, "Moved")
    plant_content_types("free_deal", MODELS)
    tie = old.get_model("free_deal", "KnockoutTie").objects.create(
        championship=championship, stage=1, slot=1, first=first, second=second,
        first_seed=1, second_seed=2, winner=first)
    game = old.get_model("free_deal", "KnockoutGame").objects.create(
        tie=tie, number=1, first_points=101, second_points=64, by_team=first)
    entry = old.get_model("free_deal", "KnockoutEntry").objects.create(
        tie=tie, number=1, first_points=101, second_points=64, by_team=first, game=game,
        idempotency_key="k" * 20)
    review = old.get_model("free_deal", "KnockoutReview").objects.create(
        entry=entry, by_team=second, verdict="confirm")
    try:
        new = migrate(AFTER)
        with pytest.raises(LookupError):
            new.get_model("free_deal", "KnockoutTie")
        kept = new.get_model("scoring", "KnockoutTie").objects.get()
        assert (kept.pk, kept.championship_id, kept.stage, kept.slot, kept.first_id,
                kept.second_id, kept.first_seed, kept.second_seed, kept.winner_id
                ) == (tie.pk, championship.pk, 1, 1, first.pk, second.pk, 1, 2, first.pk)
        # The same related names: a championship's ties, a tie's games and entries, an
        # entry's game and reviews.
        Championship = new.get_model("tournaments", "Championship")
        assert list(Championship.objects.get().knockout_ties.values_list("pk", flat=True)) \
            == [tie.pk]
        assert list(kept.games.values_list("pk", "number", "first_points", "second_points")
                    ) == [(game.pk, 1, 101, 64)]
        moved = kept.entries.get()
        assert (moved.pk, moved.game_id, moved.idempotency_key) == (entry.pk, game.pk, "k" * 20)
        assert new.get_model("scoring", "KnockoutGame").objects.get().entry.pk == entry.pk
        assert list(moved.reviews.values_list("pk", "verdict")) == [(review.pk, "confirm")]
        assert content_type_apps(MODELS) == {("scoring", model) for model in MODELS}
        # The database refuses a report that nobody made, and a review of no verdict, by the
        # core's constraints' names.
        with pytest.raises(IntegrityError, match="scoring_knockoutentry_has_author"), \
                transaction.atomic():
            new.get_model("scoring", "KnockoutEntry").objects.create(
                tie_id=tie.pk, number=2, first_points=1, second_points=0)
        with pytest.raises(IntegrityError, match="scoring_knockoutreview_verdict_valid"), \
                transaction.atomic():
            new.get_model("scoring", "KnockoutReview").objects.create(
                entry_id=entry.pk, by_team_id=second.pk, verdict="maybe")
        # And back: the format's again, the same rows, its content types.
        back = migrate(BEFORE)
        assert back.get_model("free_deal", "KnockoutTie").objects.get().winner_id == first.pk
        assert back.get_model("free_deal", "KnockoutGame").objects.get().pk == game.pk
        assert back.get_model("free_deal", "KnockoutEntry").objects.get().game_id == game.pk
        assert back.get_model("free_deal", "KnockoutReview").objects.get().entry_id == entry.pk
        assert content_type_apps(MODELS) == {("free_deal", model) for model in MODELS}
        with pytest.raises(IntegrityError, match="free_deal_knockoutentry_has_author"), \
                transaction.atomic():
            back.get_model("free_deal", "KnockoutEntry").objects.create(
                tie_id=tie.pk, number=2, first_points=1, second_points=0)
    finally:
        migrate_to_latest()
