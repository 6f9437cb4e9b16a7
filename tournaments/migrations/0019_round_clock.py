# The round clock moves from the free-deal format to the core, rows and table untouched: this
# migration only tells Django's state that the core now has the model (on the table the
# free-deal format made, free_deal 0002), and free_deal 0011 that the format no longer has it.

import datetime

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0018_player2_blank'),
        # The table exists from here on, in a fresh database as in an old one.
        ('free_deal', '0002_round_clock'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='RoundClock',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('duration', models.DurationField(verbose_name='duration')),
                        ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='started at')),
                        ('paused_at', models.DateTimeField(blank=True, null=True, verbose_name='paused at')),
                        ('paused', models.DurationField(default=datetime.timedelta(0), verbose_name='time paused')),
                        ('extra', models.DurationField(default=datetime.timedelta(0), verbose_name='extra time')),
                        ('round', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='clock', to='tournaments.round')),
                    ],
                    options={
                        'verbose_name': 'round clock',
                        'verbose_name_plural': 'round clocks',
                        'db_table': 'free_deal_roundclock',
                        'constraints': [models.CheckConstraint(condition=models.Q(('duration__gt', datetime.timedelta(0))), name='round_clock_duration_positive'), models.CheckConstraint(condition=models.Q(('paused__gte', datetime.timedelta(0)), ('extra__gte', datetime.timedelta(0))), name='round_clock_times_not_negative'), models.CheckConstraint(condition=models.Q(('paused_at__isnull', True), ('started_at__isnull', False), _connector='OR'), name='round_clock_paused_once_started')],
                    },
                ),
            ],
        ),
    ]
