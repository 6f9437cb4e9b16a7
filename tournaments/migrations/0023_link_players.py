"""Every existing entrant names its players from the new register (rules.md 13.1).

Players are matched by their exact name and club as typed: each distinct (name, club)
becomes one register player, linked to every entrant that named it. Names that differ in
spelling stay apart, for the director to review on the likely-duplicates page. A finished
championship's finishing time is taken from its "championship finished" audit event.
"""

import unicodedata

from django.db import migrations


def search_key(name):
    # As tournaments.names.search_key when this migration was written.
    decomposed = unicodedata.normalize("NFKD", name or "")
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())[:120]


def link_players(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    Player = apps.get_model("tournaments", "Player")
    EntrantPlayer = apps.get_model("tournaments", "EntrantPlayer")
    players = {}
    links = []
    for team_id, club, first, second in Team.objects.order_by("id").values_list(
            "id", "club", "player1", "player2").iterator():
        for position, name in ((1, first), (2, second)):
            if not name:
                continue
            key = (name, club)
            if key not in players:
                players[key] = Player.objects.create(name=name, club=club,
                                                     search_name=search_key(name))
            links.append(EntrantPlayer(team_id=team_id, player=players[key], position=position))
    EntrantPlayer.objects.bulk_create(links, batch_size=1000)


def unlink_players(apps, schema_editor):
    apps.get_model("tournaments", "EntrantPlayer").objects.all().delete()
    apps.get_model("tournaments", "Player").objects.all().delete()


def finishing_times(apps, schema_editor):
    Championship = apps.get_model("tournaments", "Championship")
    AuditEvent = apps.get_model("tournaments", "AuditEvent")
    for championship in Championship.objects.filter(status="finished", finished_at__isnull=True):
        event = (AuditEvent.objects.filter(championship=championship,
                                           action="championship_finished")
                 .order_by("-created_at").first())
        championship.finished_at = event.created_at if event else championship.created_at
        championship.save(update_fields=["finished_at"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0022_player_register")]

    operations = [
        migrations.RunPython(link_players, unlink_players),
        migrations.RunPython(finishing_times, migrations.RunPython.noop),
    ]
