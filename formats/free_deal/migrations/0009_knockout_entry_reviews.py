"""Each knockout report's verdict, kept on the report until now, becomes a review row: a
confirmed or disputed report gets one by the pair that reviewed it, at the time it did, with
its comment (a pending one gets none). The game a confirmed report made stays linked."""

from django.db import migrations

TO_REVIEW = {"confirmed": "confirm", "disputed": "dispute"}
TO_VERDICT = {review: verdict for verdict, review in TO_REVIEW.items()}


def carry_verdicts(apps, schema_editor):
    Entry = apps.get_model("free_deal", "KnockoutEntry")
    Review = apps.get_model("free_deal", "KnockoutReview")
    entries = list(Entry.objects.filter(verdict__in=TO_REVIEW).order_by("id"))
    reviews = Review.objects.bulk_create(
        Review(entry_id=entry.pk, verdict=TO_REVIEW[entry.verdict],
               by_team_id=entry.reviewed_by_id, comment=entry.comment)
        for entry in entries)
    # created_at is set on insert: the review's time is the one the report kept.
    for review, entry in zip(reviews, entries, strict=True):
        review.created_at = entry.reviewed_at or entry.created_at
    Review.objects.bulk_update(reviews, ["created_at"])


def restore_verdicts(apps, schema_editor):
    Entry = apps.get_model("free_deal", "KnockoutEntry")
    Review = apps.get_model("free_deal", "KnockoutReview")
    for review in Review.objects.order_by("id"):
        Entry.objects.filter(pk=review.entry_id).update(
            verdict=TO_VERDICT[review.verdict], reviewed_by_id=review.by_team_id,
            reviewed_at=review.created_at, comment=review.comment[:2000])
    Review.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("free_deal", "0008_knockout_entries_on_the_results_core"),
    ]

    operations = [
        migrations.RunPython(carry_verdicts, restore_verdicts),
    ]
