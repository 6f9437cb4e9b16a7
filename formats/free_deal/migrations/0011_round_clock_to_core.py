# The round clock is the core's now (tournaments 0019 took the model, on this same table):
# the format forgets it without touching the table or its rows.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('free_deal', '0010_knockout_entry_verdicts_dropped'),
        ('tournaments', '0019_round_clock'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name='RoundClock')],
        ),
    ]
