# A knockout bracket moves from the free-deal format to the core (every format that ends in a
# knockout keeps its bracket there: rules.md 11.3, 12.4), rows and tables untouched: the state
# takes the four models on the tables the free-deal format made (free_deal 0005 to 0010),
# with the constraints' names they have there; then the two author/verdict constraints take
# the names the core's abstract models give (scoring_...), and the content types (with their
# permissions) follow the models. free_deal 0013 makes the format forget them.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

KNOCKOUT_MODELS = ("knockouttie", "knockoutgame", "knockoutentry", "knockoutreview")


def content_types_to(source: str, target: str):
    """Move the four models' content types from ``source`` to ``target``, so that their
    permissions follow them; a content type already made for ``target`` is left as it is (the
    other one is then stale, as Django leaves stale content types)."""
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        rows = ContentType.objects.using(schema_editor.connection.alias)
        for model in KNOCKOUT_MODELS:
            if not rows.filter(app_label=target, model=model).exists():
                rows.filter(app_label=source, model=model).update(app_label=target)
        ContentType.objects.clear_cache()
    return move


HAS_AUTHOR = models.Q(('by_team__isnull', False), ('by_director__isnull', False), models.Q(('by_director_name', ''), _negated=True), _connector='OR')
VERDICT_VALID = models.Q(('verdict__in', ['confirm', 'dispute']))


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0009_game_entries'),
        # The tables exist, in their last shape, from here on.
        ('free_deal', '0012_game_entries_to_core'),
        ('tournaments', '0020_groups_knockout'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='KnockoutTie',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('stage', models.PositiveSmallIntegerField(verbose_name='knockout round')),
                        ('slot', models.PositiveSmallIntegerField(verbose_name='tie')),
                        ('first_seed', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('second_seed', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('championship', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='knockout_ties', to='tournaments.championship')),
                        ('first', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.RESTRICT, related_name='+', to='tournaments.team')),
                        ('second', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.RESTRICT, related_name='+', to='tournaments.team')),
                        ('winner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.RESTRICT, related_name='+', to='tournaments.team')),
                    ],
                    options={
                        'verbose_name': 'knockout tie',
                        'verbose_name_plural': 'knockout ties',
                        'db_table': 'free_deal_knockouttie',
                        'ordering': ['championship', 'stage', 'slot'],
                    },
                ),
                migrations.CreateModel(
                    name='KnockoutGame',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('by_director_name', models.CharField(blank=True, max_length=150)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('ip_address', models.GenericIPAddressField(blank=True, null=True)),
                        ('user_agent', models.CharField(blank=True, max_length=300)),
                        ('number', models.PositiveSmallIntegerField(verbose_name='game')),
                        ('first_points', models.PositiveSmallIntegerField(verbose_name="first pair's points")),
                        ('second_points', models.PositiveSmallIntegerField(verbose_name="second pair's points")),
                        ('by_director', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('by_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team')),
                        ('tie', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='scoring.knockouttie')),
                    ],
                    options={
                        'verbose_name': 'knockout game',
                        'verbose_name_plural': 'knockout games',
                        'db_table': 'free_deal_knockoutgame',
                        'ordering': ['tie', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='KnockoutEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('by_director_name', models.CharField(blank=True, max_length=150)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('ip_address', models.GenericIPAddressField(blank=True, null=True)),
                        ('user_agent', models.CharField(blank=True, max_length=300)),
                        ('by_director_override', models.BooleanField(default=False)),
                        ('idempotency_key', models.CharField(blank=True, max_length=64, null=True, unique=True)),
                        ('note', models.TextField(blank=True, verbose_name='note')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='game')),
                        ('first_points', models.PositiveSmallIntegerField(verbose_name="first pair's points")),
                        ('second_points', models.PositiveSmallIntegerField(verbose_name="second pair's points")),
                        ('by_director', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('by_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team')),
                        ('game', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='entry', to='scoring.knockoutgame')),
                        ('tie', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='scoring.knockouttie')),
                    ],
                    options={
                        'verbose_name': 'knockout game entry',
                        'verbose_name_plural': 'knockout game entries',
                        'db_table': 'free_deal_knockoutentry',
                        'ordering': ['tie', 'id'],
                        'abstract': False,
                    },
                ),
                migrations.CreateModel(
                    name='KnockoutReview',
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
                        ('entry', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='reviews', to='scoring.knockoutentry')),
                    ],
                    options={
                        'verbose_name': 'knockout game review',
                        'verbose_name_plural': 'knockout game reviews',
                        'db_table': 'free_deal_knockoutreview',
                        'ordering': ['entry', 'created_at', 'id'],
                        'abstract': False,
                        'constraints': [models.CheckConstraint(condition=models.Q(('verdict__in', ['confirm', 'dispute'])), name='free_deal_knockoutreview_verdict_valid')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='knockouttie',
                    constraint=models.UniqueConstraint(fields=('championship', 'stage', 'slot'), name='free_deal_knockout_tie_unique'),
                ),
                migrations.AddConstraint(
                    model_name='knockoutgame',
                    constraint=models.UniqueConstraint(fields=('tie', 'number'), name='free_deal_knockout_game_unique'),
                ),
                migrations.AddConstraint(
                    model_name='knockoutgame',
                    constraint=models.CheckConstraint(condition=models.Q(('first_points', models.F('second_points')), _negated=True), name='free_deal_knockout_game_has_winner'),
                ),
                migrations.AddConstraint(
                    model_name='knockoutentry',
                    constraint=models.CheckConstraint(condition=models.Q(('by_team__isnull', False), ('by_director__isnull', False), models.Q(('by_director_name', ''), _negated=True), _connector='OR'), name='free_deal_knockoutentry_has_author'),
                ),
                migrations.AddConstraint(
                    model_name='knockoutentry',
                    constraint=models.CheckConstraint(condition=models.Q(('first_points', models.F('second_points')), _negated=True), name='free_deal_knockout_entry_has_winner'),
                ),
            ],
        ),
        # The constraints' names made from the app's label follow the app.
        migrations.RemoveConstraint(model_name='knockoutentry', name='free_deal_knockoutentry_has_author'),
        migrations.AddConstraint(
            model_name='knockoutentry',
            constraint=models.CheckConstraint(condition=HAS_AUTHOR, name='scoring_knockoutentry_has_author'),
        ),
        migrations.RemoveConstraint(model_name='knockoutreview', name='free_deal_knockoutreview_verdict_valid'),
        migrations.AddConstraint(
            model_name='knockoutreview',
            constraint=models.CheckConstraint(condition=VERDICT_VALID, name='scoring_knockoutreview_verdict_valid'),
        ),
        migrations.RunPython(content_types_to('free_deal', 'scoring'),
                             content_types_to('scoring', 'free_deal')),
    ]
