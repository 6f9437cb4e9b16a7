# A knockout bracket is the core's now (scoring 0010 took the models, on these same tables):
# the format forgets them without touching the tables or their rows.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('free_deal', '0012_game_entries_to_core'),
        ('scoring', '0010_knockout_bracket'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='KnockoutReview'),
                migrations.DeleteModel(name='KnockoutEntry'),
                migrations.DeleteModel(name='KnockoutGame'),
                migrations.DeleteModel(name='KnockoutTie'),
            ],
        ),
    ]
