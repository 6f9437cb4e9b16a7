# A game's entry and review are the core's now (scoring 0009 took the models, on these same
# tables): the format forgets them without touching the tables or their rows.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('free_deal', '0011_round_clock_to_core'),
        ('scoring', '0009_game_entries'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='GameReview'),
                migrations.DeleteModel(name='GameEntry'),
            ],
        ),
    ]
