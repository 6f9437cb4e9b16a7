# The verdicts kept on the knockout reports, carried to their reviews by 0009, are dropped.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('free_deal', '0009_knockout_entry_reviews'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='knockoutentry',
            name='comment',
        ),
        migrations.RemoveField(
            model_name='knockoutentry',
            name='reviewed_at',
        ),
        migrations.RemoveField(
            model_name='knockoutentry',
            name='reviewed_by',
        ),
        migrations.RemoveField(
            model_name='knockoutentry',
            name='verdict',
        ),
    ]
