"""The knockout reports' verdicts, kept on the reports before they joined the results core,
become review rows (migration free_deal 0009): a confirmed or disputed report gets one by the
pair that reviewed it, at that time, with its comment; a pending one none; the game a
confirmed report made stays linked. Run back to before, rows of the old shape made, then
forward."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.migration_steps import migrate, migrate_to_latest

BEFORE = [("free_deal", "0008_knockout_entries_on_the_results_core")]
AFTER = [("free_deal", "0010_knockout_entry_verdicts_dropped")]
AT = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)

# Runs the migrations itself: `make test-fast` builds the schema from the models and leaves it out.
pytestmark = pytest.mark.migrations


@pytest.mark.django_db(transaction=True)
def test_each_verdict_becomes_its_review_row():
    old = migrate(BEFORE)
    Championship = old.get_model("tournaments", "Championship")
    Team = old.get_model("tournaments", "Team")
    Tie = old.get_model("free_deal", "KnockoutTie")
    Game = old.get_model("free_deal", "KnockoutGame")
    Entry = old.get_model("free_deal", "KnockoutEntry")
    championship = Championship.objects.create(name="Migrated", format="free_deal_pairs",
                                               deal_key="a" * 64, key_commitment="b" * 64)
    a, b, c, d = (Team.objects.create(championship=championship, number=n, name=f"P{n}",
                                      link_secret=f"secret-{n}-" + "x" * 40, pin=f"{n:04d}")
                  for n in (1, 2, 3, 4))
    tie = Tie.objects.create(championship=championship, stage=1, slot=1, first=a, second=b)
    other = Tie.objects.create(championship=championship, stage=1, slot=2, first=c, second=d)
    game = Game.objects.create(tie=tie, number=1, first_points=101, second_points=70, by_team=a)
    confirmed = Entry.objects.create(tie=tie, number=1, first_points=101, second_points=70,
                                     by_team=a, verdict="confirmed", reviewed_by=b,
                                     reviewed_at=AT, game=game, idempotency_key="k1")
    disputed = Entry.objects.create(tie=other, number=1, first_points=3, second_points=101,
                                    by_team=d, verdict="disputed", reviewed_by=c,
                                    reviewed_at=AT, comment="We won")
    pending = Entry.objects.create(tie=other, number=1, first_points=101, second_points=3,
                                   by_team=c)
    try:
        new = migrate(AFTER)
        Entry = new.get_model("free_deal", "KnockoutEntry")
        Review = new.get_model("free_deal", "KnockoutReview")
        rows = {(r.entry_id, r.verdict, r.by_team_id, r.comment, r.created_at, r.via_pin)
                for r in Review.objects.all()}
        assert rows == {(confirmed.pk, "confirm", b.pk, "", AT, False),
                        (disputed.pk, "dispute", c.pk, "We won", AT, False)}
        kept = Entry.objects.get(pk=confirmed.pk)
        assert (kept.game_id, kept.idempotency_key, kept.by_team_id, kept.by_director_override,
                kept.first_points) == (game.pk, "k1", a.pk, False, 101)
        assert not Review.objects.filter(entry_id=pending.pk).exists()
        assert {f.name for f in Entry._meta.get_fields()}.isdisjoint(
            {"verdict", "reviewed_by", "reviewed_at", "comment"})
        # And back: the verdicts return to the reports.
        back = migrate(BEFORE)
        Entry = back.get_model("free_deal", "KnockoutEntry")
        assert sorted(Entry.objects.values_list("pk", "verdict", "reviewed_by_id", "comment")
                      ) == sorted([(confirmed.pk, "confirmed", b.pk, ""),
                                   (disputed.pk, "disputed", c.pk, "We won"),
                                   (pending.pk, "pending", None, "")])
    finally:
        migrate_to_latest()
