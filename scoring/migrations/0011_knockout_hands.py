# A knockout game and a pair's report of one keep the hands played, when the format counts its
# knockout games in hands (groups then knockout, rules.md 12.4); empty for the games played
# to a target (the free-deal knockout, rules.md 11.3) and for every game stored before.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0010_knockout_bracket"),
    ]

    operations = [
        migrations.AddField(
            model_name="knockoutentry",
            name="hands",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="hands played"),
        ),
        migrations.AddField(
            model_name="knockoutgame",
            name="hands",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="hands played"),
        ),
    ]
