# A game's entry and review move from the free-deal format to the core (every format whose
# table plays one game of two pairs keeps its games there), rows and tables untouched: the
# state takes the models on the tables the free-deal format made (free_deal 0001), with the
# constraints' names they have there; then the two author/verdict constraints take the
# names the core's abstract models give (scoring_...), and the content types (with their
# permissions) follow the models. free_deal 0012 makes the format forget them.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

GAME_MODELS = ("gameentry", "gamereview")


def content_types_to(source: str, target: str):
    """Move the two models' content types from ``source`` to ``target``, so that their
    permissions follow them; a content type already made for ``target`` is left as it is (the
    other one is then stale, as Django leaves stale content types)."""
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        rows = ContentType.objects.using(schema_editor.connection.alias)
        for model in GAME_MODELS:
            if not rows.filter(app_label=target, model=model).exists():
                rows.filter(app_label=source, model=model).update(app_label=target)
        ContentType.objects.clear_cache()
    return move


HAS_AUTHOR = models.Q(('by_team__isnull', False), ('by_director__isnull', False), models.Q(('by_director_name', ''), _negated=True), _connector='OR')
VERDICT_VALID = models.Q(('verdict__in', ['confirm', 'dispute']))


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0008_entry_review_constraint_names'),
        # The tables exist, in their last shape, from here on.
        ('free_deal', '0011_round_clock_to_core'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='GameEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('by_director_name', models.CharField(blank=True, max_length=150)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('ip_address', models.GenericIPAddressField(blank=True, null=True)),
                        ('user_agent', models.CharField(blank=True, max_length=300)),
                        ('by_director_override', models.BooleanField(default=False)),
                        ('idempotency_key', models.CharField(blank=True, max_length=64, null=True, unique=True)),
                        ('note', models.TextField(blank=True, verbose_name='note')),
                        ('first_points', models.PositiveSmallIntegerField(verbose_name="first pair's points")),
                        ('second_points', models.PositiveSmallIntegerField(verbose_name="second pair's points")),
                        ('ended_by', models.CharField(choices=[('target', 'A pair reached the target'), ('hands', 'Hand limit'), ('time', 'Time')], max_length=8, verbose_name='how the game ended')),
                        ('hands_played', models.PositiveSmallIntegerField(verbose_name='hands played')),
                        ('hands', models.JSONField(blank=True, null=True, verbose_name='hand by hand')),
                        ('by_director', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('by_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team')),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='game_entries', to='tournaments.table')),
                    ],
                    options={
                        'verbose_name': 'game entry',
                        'verbose_name_plural': 'game entries',
                        'db_table': 'free_deal_gameentry',
                        'ordering': ['table', 'created_at', 'id'],
                        'abstract': False,
                        'indexes': [models.Index(fields=['table', 'id'], name='free_deal_g_table_i_41b819_idx')],
                        'constraints': [
                            models.CheckConstraint(condition=HAS_AUTHOR, name='free_deal_gameentry_has_author'),
                            models.CheckConstraint(condition=models.Q(('ended_by__in', ['target', 'hands', 'time'])), name='game_entry_ended_by_valid'),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name='GameReview',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('by_director_name', models.CharField(blank=True, max_length=150)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('ip_address', models.GenericIPAddressField(blank=True, null=True)),
                        ('user_agent', models.CharField(blank=True, max_length=300)),
                        ('verdict', models.CharField(choices=[('confirm', 'Confirmed'), ('dispute', 'Disputed')], max_length=8)),
                        ('comment', models.TextField(blank=True, verbose_name='comment')),
                        ('via_pin', models.BooleanField(default=False)),
                        ('by_director', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('by_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team')),
                        ('entry', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='reviews', to='scoring.gameentry')),
                    ],
                    options={
                        'verbose_name': 'game review',
                        'verbose_name_plural': 'game reviews',
                        'db_table': 'free_deal_gamereview',
                        'ordering': ['entry', 'created_at', 'id'],
                        'abstract': False,
                        'constraints': [
                            models.CheckConstraint(condition=VERDICT_VALID, name='free_deal_gamereview_verdict_valid'),
                        ],
                    },
                ),
            ],
        ),
        # The constraints' names made from the app's label follow the app.
        migrations.RemoveConstraint(model_name='gameentry', name='free_deal_gameentry_has_author'),
        migrations.AddConstraint(
            model_name='gameentry',
            constraint=models.CheckConstraint(condition=HAS_AUTHOR, name='scoring_gameentry_has_author'),
        ),
        migrations.RemoveConstraint(model_name='gamereview', name='free_deal_gamereview_verdict_valid'),
        migrations.AddConstraint(
            model_name='gamereview',
            constraint=models.CheckConstraint(condition=VERDICT_VALID, name='scoring_gamereview_verdict_valid'),
        ),
        migrations.RunPython(content_types_to('free_deal', 'scoring'),
                             content_types_to('scoring', 'free_deal')),
    ]
